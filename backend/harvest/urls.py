"""API routes of the harvester (mounted under /api/)."""

from harvest.api import HarvestJobViewSet
from kehr.routers import IdRouter

router = IdRouter()
router.register("harvest/jobs", HarvestJobViewSet, basename="harvest-job")

urlpatterns = router.urls

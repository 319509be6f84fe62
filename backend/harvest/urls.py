"""API routes of the harvester (mounted under /api/)."""

from api.routers import IdRouter

from harvest.api import HarvestJobViewSet

router = IdRouter()
router.register("harvest/jobs", HarvestJobViewSet, basename="harvest-job")

urlpatterns = router.urls

"""API routes of the harvester (mounted under /api/)."""

from rest_framework.routers import DefaultRouter

from harvest.api import HarvestJobViewSet

router = DefaultRouter()
router.register("harvest/jobs", HarvestJobViewSet, basename="harvest-job")

urlpatterns = router.urls

"""API routes of the harvester (mounted under /api/)."""

urlpatterns: list = []

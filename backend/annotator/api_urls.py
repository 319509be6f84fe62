"""API routes of the annotator extension (mounted under /api/)."""

from django.urls import path

from annotator import views

urlpatterns = [
    path("annotator/config/", views.AnnotatorConfigView.as_view(), name="annotator-config"),
]

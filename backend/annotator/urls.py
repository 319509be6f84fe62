"""The add-on's install page, package and guidelines (mounted under /annotator/)."""

from django.urls import path

from annotator import views

urlpatterns = [
    path("", views.install_page, name="annotator-install"),
    path("kehr-annotator.xpi", views.download_xpi, name="annotator-xpi"),
    path("guidelines/", views.guidelines, name="annotator-guidelines"),
]

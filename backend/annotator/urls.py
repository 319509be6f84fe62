"""The add-on's install page, package and guidelines (mounted under /annotator/)."""

from django.urls import path

from annotator import views

urlpatterns = [
    path("", views.install_page, name="annotator-install"),
    path("kehr-annotator.xpi", views.download_xpi, name="annotator-xpi"),
    path("guidelines/", views.guidelines, name="annotator-guidelines"),
    # Signed packages (manage.py addon sign) and Firefox's update manifest for them.
    path("updates.json", views.updates_manifest, name="annotator-updates"),
    # The newest signed package under a fixed address: lab policies install from it.
    path("signed/latest.xpi", views.download_latest_signed, name="annotator-latest-xpi"),
    path(
        "signed/kehr-annotator-<str:version>.xpi",
        views.download_signed,
        name="annotator-signed-xpi",
    ),
]

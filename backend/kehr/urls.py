from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from kehr.health import healthz

admin.site.site_header = "Kehr administration"
admin.site.site_title = "Kehr"
# The admin index links the gold standard's stats dashboard (gold/urls.py).
admin.site.index_template = "gold/admin_index.html"

# Unknown addresses under /api/ answer JSON like the rest of the API (api.errors).
handler404 = "api.errors.not_found"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("api/", include("harvest.urls")),
    path("api/", include("annotator.api_urls")),
    path("api/", include("tutorial.api_urls")),
    path("annotator/", include("annotator.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's init script as a file (?script), not inline:
    # the Content-Security-Policy allows no inline script without a nonce.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", template_name="kehr/swagger_ui.html"
        ),
        name="api-docs",
    ),
    path("staff/gold/", include("gold.urls")),
    path("staff/tutorial/", include("tutorial.urls")),
    path("staff/diff/", include("comparison.urls")),
    path("staff/models/", include("learning.urls")),
    path("staff/harvest/", include("harvest.staff_urls")),
    path("staff/methods/", include("crosspage.urls")),
    path("healthz/", healthz),
    # What Kehr is, with links for annotators, staff and developers (the admin's
    # "View site" leads here).
    path("", TemplateView.as_view(template_name="kehr/landing.html"), name="landing"),
]

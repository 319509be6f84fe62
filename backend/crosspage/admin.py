"""Template-method runs and vectors, read-only in the admin (runs show progress and end)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from crosspage.models import MethodRun, MethodRunPart, MethodVector, PageStability


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class MethodRunPartInline(admin.TabularInline):
    """The parts of a DBCE run split over workers (crosspage.dbce_parts)."""

    model = MethodRunPart
    extra = 0
    can_delete = False
    fields = ("phase", "number", "done", "items_done", "items", "counts", "updated_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(MethodRun)
class MethodRunAdmin(ReadOnly):
    inlines = (MethodRunPartInline,)
    list_display = ("method", "corpus", "state", "progress", "progress_text", "created_at")
    list_filter = ("method", "state", "corpus")
    list_select_related = ("corpus",)


@admin.register(MethodVector)
class MethodVectorAdmin(ReadOnly):
    list_display = ("method", "page", "reason", "updated_at")
    list_filter = ("method",)
    search_fields = ("page__url",)
    list_select_related = ("page",)
    exclude = ("labels",)


@admin.register(PageStability)
class PageStabilityAdmin(ReadOnly):
    """Block maps of visual stability (docs/methods.md); the mask is on the page view."""

    list_display = ("page", "layouts", "captures", "overlay", "run", "updated_at")
    list_select_related = ("page", "run")
    exclude = ("data",)
    readonly_fields = ("page", "run", "layouts", "captures", "overlay", "updated_at")

    @admin.display(description="mask over the first visit")
    def overlay(self, stored: PageStability) -> str:
        url = reverse("crosspage:stability-overlay", args=[stored.page_id])
        return format_html(
            '<a href="{}" target="_blank" rel="noopener">dynamic blocks in fuchsia</a>', url
        )

    @admin.display(description="layouts")
    def layouts(self, stored: PageStability) -> int:
        return int(stored.data.get("layouts", 0))

    @admin.display(description="captures compared")
    def captures(self, stored: PageStability) -> int:
        return int(stored.data.get("captures", 0))

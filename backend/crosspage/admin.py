"""Template-method runs and vectors, read-only in the admin (runs show progress and end)."""

from __future__ import annotations

from django.contrib import admin

from crosspage.models import MethodRun, MethodRunPart, MethodVector


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

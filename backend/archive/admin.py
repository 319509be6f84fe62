"""The capture index of imported web archives, read-only in the admin."""

from __future__ import annotations

from django.contrib import admin

from archive.models import WarcCapture


@admin.register(WarcCapture)
class WarcCaptureAdmin(admin.ModelAdmin):
    list_display = ("url", "captured_at", "corpus", "page", "warc_path")
    list_filter = ("corpus",)
    search_fields = ("url", "record_id")
    ordering = ("corpus", "url", "captured_at")
    list_select_related = ("corpus", "page")
    readonly_fields = [f.name for f in WarcCapture._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

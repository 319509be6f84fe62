"""Model versions in the admin: read-only records (jobs run from /staff/models/)."""

from __future__ import annotations

from django.contrib import admin

from learning.models import ModelVersion, PredictedVector


@admin.register(ModelVersion)
class ModelVersionAdmin(admin.ModelAdmin):
    list_display = ["name", "corpus", "status", "job", "job_state", "progress", "created_at"]
    list_filter = ["status", "corpus"]
    search_fields = ["name"]
    # Training writes these; editing them by hand would make the record lie about the file.
    readonly_fields = [
        field.name
        for field in ModelVersion._meta.get_fields()
        if getattr(field, "concrete", False) and field.name not in {"id"}
    ]

    def has_add_permission(self, request) -> bool:
        return False  # models are trained (/staff/models/ or manage.py train), not typed in


@admin.register(PredictedVector)
class PredictedVectorAdmin(admin.ModelAdmin):
    list_display = ["model", "page", "created_at"]
    list_filter = ["model"]
    raw_id_fields = ["page"]
    readonly_fields = ["model", "page", "labels", "proba", "created_at"]

    def has_add_permission(self, request) -> bool:
        return False

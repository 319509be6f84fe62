"""Model versions in the admin: read-only records (jobs run from /staff/models/)."""

from __future__ import annotations

from django.contrib import admin

from learning.models import (
    CorpusLearning,
    ModelSwitch,
    ModelVersion,
    PredictedVector,
    SuggestionAssignment,
)


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


@admin.register(CorpusLearning)
class CorpusLearningAdmin(admin.ModelAdmin):
    list_display = [
        "corpus", "suggestions", "suggestion_share", "suggestion_model", "current_model",
        "retrain_after", "updated_at",
    ]  # fmt: skip
    list_filter = ["suggestions"]
    fieldsets = [
        (None, {"fields": ["corpus", "current_model"]}),
        (
            "Suggestions for annotators",
            {
                "fields": [
                    "suggestions",
                    "suggestion_share",
                    "suggestion_model",
                    "suggestion_threshold",
                ]
            },
        ),
        ("Retraining", {"fields": ["retrain_after", "retrain_folds"]}),
    ]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name in {"suggestion_model", "current_model"}:
            kwargs["queryset"] = ModelVersion.objects.filter(status=ModelVersion.Status.READY)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(SuggestionAssignment)
class SuggestionAssignmentAdmin(admin.ModelAdmin):
    """What each annotator was shown; written by serving and submitting, never by hand."""

    list_display = ["page", "user", "shown", "mode", "model_name", "created_at", "submitted_at"]
    list_filter = ["shown", "mode", "model_name"]
    raw_id_fields = ["page", "user"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ModelSwitch)
class ModelSwitchAdmin(admin.ModelAdmin):
    """Retraining's decisions, with both figures (learning.retraining)."""

    list_display = [
        "decided_at", "corpus", "switched", "previous_name", "previous_f1", "candidate_name",
        "candidate_f1", "difference_low", "difference_high", "grouping", "merged_pages",
    ]  # fmt: skip
    list_filter = ["switched", "corpus"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

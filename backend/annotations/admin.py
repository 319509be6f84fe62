from django.contrib import admin

from annotations.models import Submission
from annotations.services import delete_submission
from comparison.admin import SubmissionDiffLinksMixin
from tutorial.admin_actions import make_reference


@admin.register(Submission)
class SubmissionAdmin(SubmissionDiffLinksMixin, admin.ModelAdmin):
    list_display = [
        "id", "page", "user", "revision", "submitted_at", "client_version", "visual_diff"
    ]  # fmt: skip
    actions = [make_reference]
    list_filter = ["page__corpus"]
    search_fields = ["user__username", "page__url"]
    list_select_related = ["page", "user"]
    raw_id_fields = ["page", "user"]
    readonly_fields = ["label_list", "revision", "submitted_at", "created_at", "visual_diff"]
    exclude = ["labels"]

    def has_add_permission(self, request) -> bool:
        return False  # submissions come through the API, which keeps the page counters

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj) -> None:
        delete_submission(obj)

    def delete_queryset(self, request, queryset) -> None:
        for submission in queryset:
            delete_submission(submission)

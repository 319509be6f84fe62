"""Admin pages of the gold standard: results (read-only) and the staff inputs.

Merge results are never edited by hand: they are recomputed from the inputs. Staff
change the inputs — deciding votes and exclusions — here or on the dashboard;
gold.signals marks the affected pages and the next merge run picks them up.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from gold.models import PageGold, SubmissionExclusion, TieDecision, UserExclusion


@admin.register(PageGold)
class PageGoldAdmin(admin.ModelAdmin):
    list_display = [
        "page_id", "page", "status", "dirty", "valid_submissions", "unresolved_count", "pi",
        "merged_at",
    ]  # fmt: skip
    list_filter = ["corpus", "status", "dirty"]
    search_fields = ["page__url", "page__title"]
    list_select_related = ["page"]
    exclude = ["labels", "votes"]
    readonly_fields = ["label_list", "dashboard"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("page__document", "coders")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="ties")
    def dashboard(self, gold: PageGold) -> str:
        url = reverse("gold:tie-page", args=[gold.corpus.slug, gold.page_id])
        return format_html('<a href="{}">decide this page\'s ties on the dashboard</a>', url)


@admin.register(TieDecision)
class TieDecisionAdmin(admin.ModelAdmin):
    list_display = ["page", "node", "label", "decided_by", "decided_at", "note"]
    list_filter = ["page__corpus", "label"]
    raw_id_fields = ["page", "decided_by"]
    search_fields = ["page__url", "note"]

    def save_model(self, request, obj, form, change) -> None:
        if obj.decided_by_id is None:
            obj.decided_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(UserExclusion)
class UserExclusionAdmin(admin.ModelAdmin):
    list_display = ["user", "corpus", "reason", "created_by", "created_at"]
    list_filter = ["corpus"]
    raw_id_fields = ["user", "created_by"]
    search_fields = ["user__username", "reason"]

    def save_model(self, request, obj, form, change) -> None:
        if obj.created_by_id is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(SubmissionExclusion)
class SubmissionExclusionAdmin(admin.ModelAdmin):
    list_display = ["submission", "reason", "created_by", "created_at"]
    list_filter = ["submission__page__corpus"]
    raw_id_fields = ["submission", "created_by"]
    search_fields = ["submission__user__username", "reason"]

    def save_model(self, request, obj, form, change) -> None:
        if obj.created_by_id is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

from django.contrib import admin
from django.db import models

from corpora.models import Corpus, Page, new_invitation_code


@admin.register(Corpus)
class CorpusAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "kind", "is_open", "access", "min_submissions", "created_at"]
    list_filter = ["kind", "is_open", "access"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["members"]
    actions = ["open_registration", "close_registration"]
    fieldsets = [
        (None, {"fields": ["name", "slug", "kind", "description"]}),
        ("Access", {"fields": ["is_open", "access", "invitation_code", "members"]}),
        ("Serving pages", {"fields": ["page_order"]}),
        ("Harvesting", {"fields": ["min_words", "max_words"]}),
        ("Merging", {"fields": ["min_submissions", "tie_policy"]}),
    ]

    @admin.action(description="Open self-registration (new invitation code)")
    def open_registration(self, request, queryset):
        for corpus in queryset:
            corpus.invitation_code = new_invitation_code()
            corpus.save(update_fields=["invitation_code", "updated_at"])
            self.message_user(request, f"{corpus.name}: invitation code {corpus.invitation_code}")

    @admin.action(description="Close self-registration")
    def close_registration(self, request, queryset):
        closed = queryset.update(invitation_code="")
        self.message_user(request, f"Self-registration closed for {closed} corpora.")


@admin.register(Page)
class PageAdmin(admin.ModelAdmin):
    list_display = ["id", "title", "corpus", "node_count", "word_count", "submission_count"]
    list_filter = ["corpus"]
    search_fields = ["url", "final_url", "title"]
    list_select_related = ["corpus"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    readonly_fields = [
        "node_count",
        "word_count",
        "node_tokens",
        "submission_count",
        "shuffle_key",
        "source_encoding",
        "created_at",
        "updated_at",
    ]

    # The annotation document is large: keep it off the change list queries.
    def get_queryset(self, request):
        return super().get_queryset(request).defer("document")

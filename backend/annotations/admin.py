"""The Submission admin, and the seams through which apps above annotations extend it.

Apps above annotations add to this admin from their ``AppConfig.ready()`` — tutorial
its "make the reference" action, comparison its visual-diff links, later the
classifier — so this module imports none of them (docs/architecture.md, "Registration
seams"). Both lists are read per request, so the order in which apps get ready does
not matter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import admin
from django.db.models import QuerySet

from annotations.models import Submission
from annotations.services import delete_submission


@dataclass(frozen=True)
class SubmissionColumn:
    """A read-only column of the Submission admin's list, also shown on the detail page."""

    name: str  # the field name the admin knows it by (its CSS class is column-<name>)
    # submission -> HTML or text; decorated with @admin.display for its heading
    display: Callable[[Submission], str]
    # What the column reads, added to the admin's one query (no query per row).
    annotate: Callable[[QuerySet[Submission]], QuerySet[Submission]] = lambda queryset: queryset


# Admin actions on the selected submissions, and extra columns by name.
ACTIONS: list[Callable] = []
COLUMNS: dict[str, SubmissionColumn] = {}


def add_action(action: Callable) -> None:
    """Offer ``action`` (an ``@admin.action`` function) on the Submission admin."""
    if action not in ACTIONS:
        ACTIONS.append(action)


def add_column(column: SubmissionColumn) -> None:
    """Show ``column`` in the Submission admin (registering a name again replaces it)."""
    COLUMNS[column.name] = column


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ["id", "page", "user", "revision", "submitted_at", "client_version"]
    actions = ACTIONS  # the same list: what add_action appends is offered at once
    list_filter = ["page__corpus"]
    search_fields = ["user__username", "page__url"]
    list_select_related = ["page", "user"]
    raw_id_fields = ["page", "user"]
    readonly_fields = ["label_list", "revision", "submitted_at", "created_at"]
    exclude = ["labels"]

    def __getattr__(self, name: str):
        # The admin finds a list_display or readonly_fields entry by name on the admin.
        column = COLUMNS.get(name)
        if column is None:
            raise AttributeError(name)
        return column.display

    def get_list_display(self, request):
        return [*super().get_list_display(request), *COLUMNS]

    def get_readonly_fields(self, request, obj=None):
        return [*super().get_readonly_fields(request, obj), *COLUMNS]

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        for column in COLUMNS.values():
            queryset = column.annotate(queryset)
        return queryset

    def has_add_permission(self, request) -> bool:
        return False  # submissions come through the API, which keeps the page counters

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj) -> None:
        delete_submission(obj)

    def delete_queryset(self, request, queryset) -> None:
        for submission in queryset:
            delete_submission(submission)

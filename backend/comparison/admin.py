"""Visual-diff links on the Submission admin (added by comparison.apps through
annotations.admin's column seam)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin
from django.db.models import Exists, OuterRef, QuerySet
from django.urls import reverse
from django.utils.html import format_html_join

from annotations.admin import SubmissionColumn
from annotations.models import Submission
from comparison import sources
from comparison.views import diff_url


def _one_per_page() -> list[tuple[sources.SourceKind, Callable[[OuterRef], Exists]]]:
    """The kinds with at most one vector per page (gold, reference, …): the link targets."""
    return [(kind, kind.page_has) for kind in sources.SOURCES.values() if kind.page_has]


def _flag(kind: sources.SourceKind) -> str:
    return f"kehr_has_{kind.name}"


def _annotate(queryset: QuerySet[Submission]) -> QuerySet[Submission]:
    # Whether each submission's page has a gold standard, a reference, …: in the list
    # query itself, so the links cost no query per row.
    return queryset.annotate(
        **{_flag(kind): page_has(OuterRef("page")) for kind, page_has in _one_per_page()}
    )


@admin.display(description="visual diff")
def visual_diff(submission: Submission) -> str:
    """Links to the diff against each vector the page has, and to its chooser."""
    spec = f"submission:{submission.pk}"
    links = [
        (diff_url(submission.page_id, spec, kind.name), f"vs {kind.name}")
        for kind, _page_has in _one_per_page()
        if getattr(submission, _flag(kind), False)
    ]
    links.append((reverse("comparison:page", args=[submission.page_id]), "compare…"))
    return format_html_join(" · ", '<a href="{}">{}</a>', links)


VISUAL_DIFF = SubmissionColumn("visual_diff", visual_diff, _annotate)

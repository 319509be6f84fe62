"""Visual-diff links for the Submission admin (annotations/admin.py mixes this in)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.html import format_html_join

from comparison.views import diff_url


class SubmissionDiffLinksMixin:
    """Adds ``visual_diff``: links to the diff against the gold standard and the tutorial
    reference (only those that exist, found in the list query itself) and to the page's
    "compare annotations" chooser."""

    def get_queryset(self, request):
        from gold.models import PageGold
        from tutorial.models import TutorialStep

        merged = PageGold.objects.filter(page=OuterRef("page")).exclude(
            status=PageGold.Status.WAITING
        )
        reference = TutorialStep.objects.filter(
            page=OuterRef("page"), reference_labels__isnull=False
        )
        return (
            super()
            .get_queryset(request)
            .annotate(kehr_has_gold=Exists(merged), kehr_has_reference=Exists(reference))
        )

    @admin.display(description="visual diff")
    def visual_diff(self, submission) -> str:
        spec = f"submission:{submission.pk}"
        links = [
            (diff_url(submission.page_id, spec, other), f"vs {other}")
            for other, present in (
                ("gold", getattr(submission, "kehr_has_gold", False)),
                ("reference", getattr(submission, "kehr_has_reference", False)),
            )
            if present
        ]
        links.append((reverse("comparison:page", args=[submission.page_id]), "compare…"))
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

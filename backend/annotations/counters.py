"""Checking the per-page submission counters against the submissions table.

The counters are kept in the submitting transaction, so a mismatch means someone
changed rows behind the API's back (SQL by hand, a restored backup). This check is
the safety net: it runs on a schedule and reports and repairs what it finds.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce

from annotations.models import Submission
from corpora.models import Page

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CounterRepair:
    page_id: int
    stored: int
    actual: int


def check_submission_counters(corpus_id: int | None = None) -> list[CounterRepair]:
    actual = (
        Submission.objects.filter(page=OuterRef("pk"))
        .order_by()
        .values("page")
        .annotate(n=Count("pk"))
        .values("n")
    )
    pages = Page.objects.all() if corpus_id is None else Page.objects.filter(corpus_id=corpus_id)
    wrong = (
        pages.annotate(actual=Coalesce(Subquery(actual), 0))
        .exclude(submission_count=Coalesce(Subquery(actual), 0))
        .values_list("pk", "submission_count", "actual")
    )
    repairs = [CounterRepair(*row) for row in wrong]
    for repair in repairs:
        with transaction.atomic():
            page = Page.objects.select_for_update().get(pk=repair.page_id)
            page.submission_count = Submission.objects.filter(page=page).count()
            page.save(update_fields=["submission_count"])
        logger.warning(
            "Page %s had submission_count=%s but %s submissions; repaired.",
            repair.page_id,
            repair.stored,
            repair.actual,
        )
    return repairs

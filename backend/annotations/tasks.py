"""Celery tasks of the annotations app; each calls a plain function the tests also call."""

from __future__ import annotations

from celery import shared_task

from annotations.counters import check_submission_counters as check_counters


@shared_task(name="annotations.tasks.check_submission_counters", acks_late=True)
def check_submission_counters(corpus_id: int | None = None) -> int:
    """Repair page submission counters; idempotent, so a retry after a crash is harmless."""
    return len(check_counters(corpus_id))

"""Celery tasks of the template methods; each calls the function the tests call.

Acknowledged late: a run whose worker died is redelivered and runs again from the
start, replacing the vectors it had written (per page and method).
"""

from __future__ import annotations

from celery import shared_task


@shared_task(name="crosspage.tasks.urltree", acks_late=True)
def urltree(run_id: int) -> str:
    from crosspage import services

    return services.run_urltree(run_id).state


@shared_task(name="crosspage.tasks.dbce", acks_late=True)
def dbce(run_id: int) -> str:
    from crosspage import services

    return services.run_dbce(run_id).state


@shared_task(name="crosspage.tasks.urltree_arrivals", acks_late=True)
def urltree_arrivals(corpus_id: int, page_ids: list[int]) -> int:
    """Continue the corpus' URL Tree with pages that arrived; returns how many it judged."""
    from crosspage import services

    return services.stream_arrivals(corpus_id, page_ids)

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
    """The run in this worker, or (``parts`` > 1) its parts queued for all workers."""
    from crosspage import dbce_parts, services
    from crosspage.models import MethodRun

    run = MethodRun.objects.get(pk=run_id)
    if int(run.options.get("parts", 1)) > 1:
        dbce_parts.start(run_id, queue_dbce_part)
        return "parts queued"
    return services.run_dbce(run_id).state


def queue_dbce_part(run_id: int, phase: str, number: int) -> None:
    dbce_part.delay(run_id, phase, number)


@shared_task(name="crosspage.tasks.dbce_part", acks_late=True)
def dbce_part(run_id: int, phase: str, number: int) -> None:
    from crosspage import dbce_parts

    dbce_parts.run_part(run_id, phase, number, queue_dbce_part)


@shared_task(name="crosspage.tasks.stability", acks_late=True)
def stability(run_id: int) -> str:
    from crosspage import stability as method

    return method.run_stability(run_id).state


@shared_task(name="crosspage.tasks.urltree_arrivals", acks_late=True)
def urltree_arrivals(corpus_id: int, page_ids: list[int]) -> int:
    """Continue the corpus' URL Tree with pages that arrived; returns how many it judged."""
    from crosspage import services

    return services.stream_arrivals(corpus_id, page_ids)

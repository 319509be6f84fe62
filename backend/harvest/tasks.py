"""Celery tasks of the harvester; each calls a plain function the tests also call.

Retry policy: none inside the task. ``harvest_item`` is acknowledged late (a worker
killed mid-page leaves the message to be redelivered: at once on the filesystem broker,
after the visibility timeout on Redis; docs/admin-guide.md, "When a worker dies")
and idempotent (a done item is skipped, a running one harvested again, the page
written in one transaction). A failed URL is retried by re-running the job
(``run_job``), up to the job's ``max_attempts``.
"""

from __future__ import annotations

from celery import shared_task

from harvest.harvester import harvest_item as _harvest_item
from harvest.harvester import prepare_run
from harvest.models import HarvestJob


@shared_task(name="harvest.tasks.harvest_item", acks_late=True, reject_on_worker_lost=True)
def harvest_item(item_id: int) -> str:
    """Harvest one URL of a job; returns the item's final state."""
    return _harvest_item(item_id)


@shared_task(name="harvest.tasks.run_job", acks_late=True)
def run_job(job_id: int) -> int:
    """(Re-)start a job: queue a harvest_item task for every item not done yet."""
    return enqueue_job(HarvestJob.objects.get(pk=job_id))


def enqueue_job(job: HarvestJob) -> int:
    """Prepare the job and send one task per pending item; returns how many were sent."""
    ids = prepare_run(job)
    for item_id in ids:
        harvest_item.delay(item_id)
    return len(ids)

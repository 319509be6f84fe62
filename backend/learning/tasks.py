"""Celery tasks of the classifier; each calls the plain function the tests also call.

Retry policy: none inside the tasks. Each job records its end on the model version's
row (done, or failed with a message: learning.jobs), so nothing fails silently. They
are acknowledged late; a task whose worker died is redelivered (docs/architecture.md)
and runs again: training skips a version that is ready, evaluation recomputes from
scratch, classification skips the pages the model has labelled already. Time limits:
LONG_TASK_TIME_LIMITS in kehr/settings.py (3 h each: an evaluation trains k models).

The tasks are queued by name through learning.dispatch, which imports no task, so this
module sits above everything it calls. Importing services here costs a worker about
0.1 s at start-up (the engine's LightGBM), once.
"""

from __future__ import annotations

from celery import shared_task

from learning import dispatch, retraining, services
from learning.models import ModelVersion


@shared_task(name=dispatch.TRAIN, acks_late=True)
def train(version_id: int) -> str:
    """Train a queued model version; returns its status."""
    return services.train_version(version_id).status


@shared_task(name=dispatch.EVALUATE, acks_late=True)
def evaluate(
    version_id: int,
    folds: int = ModelVersion.DEFAULT_FOLDS,
    baselines: list[str] | None = None,
    grouping: str | None = None,
) -> str:
    """Cross-validate a model version's recipe and store its report; returns the job state."""
    return services.evaluate_version(
        version_id, folds=folds, baselines=baselines, grouping=grouping
    ).job_state


@shared_task(name=dispatch.CLASSIFY, acks_late=True)
def classify(version_id: int, corpus_id: int) -> str:
    """Label every page of a corpus not yet labelled by the model; returns the job state."""
    return services.classify_corpus(version_id, corpus_id).job_state


@shared_task(name=dispatch.RETRAIN_DUE, acks_late=True)
def retrain_due() -> int:
    """Periodic: queue the retraining of every corpus with enough newly merged pages."""
    return len(retraining.queue_due())


@shared_task(name=dispatch.RETRAIN, acks_late=True)
def retrain(version_id: int) -> bool:
    """Train, cross-validate and maybe make current a candidate; returns whether it switched."""
    return retraining.retrain(version_id).switched

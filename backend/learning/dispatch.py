"""Sending the learning app's jobs to a worker: the one place that hands its tasks to the
broker.

Tasks are sent by name (the names learning.tasks registers), so this module imports no
task: learning.tasks imports services and retraining, and they (and the staff views and
the commands) queue through here. Before, services and retraining imported the tasks
inside functions to call ``.delay()``, which hid a cycle (the ``apps-acyclic``
contract in pyproject.toml keeps it from coming back).

Every job is sent once the transaction that recorded it commits (as crosspage.receivers
queues the URL Tree): a worker that picked a task up before the commit would not see the
claimed row, or the new candidate. Outside a transaction that is at once. A broker that
cannot take the task is recorded on the model's row (learning.jobs.unqueued, or the row
would stay "queued" and block every later job) and the error is raised to the caller.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from corpora.models import Corpus
from kehr.celery import app
from learning.jobs import JobError, claim, unqueued
from learning.models import ModelVersion

TRAIN = "learning.tasks.train"
EVALUATE = "learning.tasks.evaluate"
CLASSIFY = "learning.tasks.classify"
RETRAIN = "learning.tasks.retrain"
RETRAIN_DUE = "learning.tasks.retrain_due"


def send(name: str, *args: Any, **kwargs: Any) -> None:
    """Hand the task to the broker (what ``.delay()`` does, by the task's name)."""
    app.send_task(name, args=args, kwargs=kwargs)


def refuse_failed_training(version: ModelVersion) -> None:
    """JobError for a model whose training failed: it has nothing to evaluate, and the
    evaluation's claim would wipe the training's message off /staff/models/."""
    if version.status == ModelVersion.Status.FAILED:
        raise JobError(
            f"The training of model {version.name} failed"
            f"{' (' + version.message + ')' if version.message else ''}: there is nothing "
            f"to evaluate. Train again: manage.py train --corpus {version.corpus.slug}."
        )


def queue(version: ModelVersion, job: str, corpus: Corpus | None = None, **options: Any) -> None:
    """Claim the job on the version and send its task to a worker (options: the
    evaluation's folds, baselines and grouping)."""
    if job == ModelVersion.Job.EVALUATE:  # the staff button and the command alike
        refuse_failed_training(version)
    if job != ModelVersion.Job.TRAIN:  # create_version claimed the training already
        claim(version, job, corpus)
    if job == ModelVersion.Job.TRAIN:
        _on_commit(version, job, TRAIN, version.pk)
    elif job == ModelVersion.Job.EVALUATE:
        _on_commit(version, job, EVALUATE, version.pk, **options)
    else:
        _on_commit(version, job, CLASSIFY, version.pk, (corpus or version.corpus).pk)


def queue_retraining(candidate: ModelVersion) -> None:
    """Send a recorded candidate's retraining (learning.retraining.retrain) to a worker."""
    _on_commit(candidate, ModelVersion.Job.TRAIN, RETRAIN, candidate.pk)


def _on_commit(version: ModelVersion, job: str, name: str, *args: Any, **kwargs: Any) -> None:
    transaction.on_commit(lambda: _send_or_record(version, job, name, *args, **kwargs))


def _send_or_record(version: ModelVersion, job: str, name: str, *args: Any, **kwargs: Any) -> None:
    try:
        send(name, *args, **kwargs)
    except Exception as error:  # kombu and the transports raise many kinds
        # Not queued: say so on the row, or it would stay "queued" and block every job
        # (a queued candidate would keep its corpus busy, and so never retrained again).
        unqueued(version, job, f"The task queue is not reachable ({error}); nothing was queued.")
        raise

"""Running a job on a model version: one at a time, progress in the row, failures recorded.

:func:`claim` marks a job queued unless another one is under way on the same version
(staff pages and commands call it before they queue a task). :func:`running` wraps the
job's work: it marks the row running, hands out a :class:`ProgressWriter`, and on the way
out records *done* or *failed* with a message. Nothing is lost silently: an expected
failure (too little gold, a bad model file, bad input) is recorded and swallowed, an
unexpected one is recorded and raised again so the worker logs its traceback.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from corpora.models import Corpus
from kehr.progress import Say
from learning.models import ModelVersion

#: How often progress is written at most: a row update per node batch would cost more
#: than the work on small pages, and nobody reads progress more than once a second.
PROGRESS_INTERVAL_S = 1.0
#: Threads a job's numeric libraries may use (see running()).
JOB_THREADS = 1
_FRACTION = re.compile(r"(\d+)\s*/\s*(\d+)")


class JobError(ValueError):
    """A job that cannot start or run; the message says why and what to do."""


def under_way() -> Q:
    """Versions with a job under way: queued, or running for less time than any task may.

    A job that started longer ago than any task may run is not under way any more: its
    worker died and the broker has not handed the task out again yet (on Redis that
    takes the visibility timeout), so it does not block the version for hours.
    """
    outlived = timezone.now() - timedelta(seconds=settings.LONGEST_TASK_SECONDS)
    return Q(job_state=ModelVersion.JobState.QUEUED) | Q(
        job_state=ModelVersion.JobState.RUNNING, job_started_at__gte=outlived
    )


def claim(version: ModelVersion, job: str, corpus: Corpus | None = None) -> None:
    """Mark ``job`` queued on ``version``, or JobError when another job is under way
    (:func:`under_way`)."""
    claimed = (
        ModelVersion.objects.filter(pk=version.pk)
        .exclude(under_way())
        .update(
            job=job, job_state=ModelVersion.JobState.QUEUED, job_corpus=corpus, progress=0.0,
            progress_text="queued", message="", job_started_at=None, job_finished_at=None,
        )
    )  # fmt: skip
    if not claimed:
        version.refresh_from_db()
        raise JobError(
            f"Model {version.name} is busy: its {version.get_job_display()} is "
            f"{version.job_state} ({version.progress_text or 'no progress yet'}). Wait for it "
            "to finish; jobs on one model run one after another."
        )
    version.refresh_from_db()


class ProgressWriter:
    """Writes a job's progress into its row, at most once a second.

    Progress within a phase comes from the text when it reads "i/n" (the engine reports
    text only: "features: 20/148 pages"), scaled into the phase's share of the job.
    """

    def __init__(self, version: ModelVersion, say: Say | None = None) -> None:
        self.version = version
        self.say = say  # a command's terminal, beside the row
        self.low, self.high = 0.0, 1.0
        self._last_write = 0.0
        # What the row says when the job is done ("small: 500/500 pages labelled").
        self.summary = "done"

    def phase(self, low: float, high: float, text: str) -> None:
        self.low, self.high = low, high
        self(text, force=True)

    def __call__(self, text: str, fraction: float | None = None, *, force: bool = False) -> None:
        if fraction is None:
            found = _FRACTION.search(text)
            fraction = int(found[1]) / int(found[2]) if found and int(found[2]) else 0.0
        value = self.low + (self.high - self.low) * min(max(fraction, 0.0), 1.0)
        now = time.monotonic()
        if not force and now - self._last_write < PROGRESS_INTERVAL_S:
            return
        self._last_write = now
        ModelVersion.objects.filter(pk=self.version.pk).update(
            progress=value, progress_text=text[:300]
        )
        if self.say is not None:
            self.say(f"{value:4.0%} {text}")


@contextmanager
def running(
    version: ModelVersion,
    job: str,
    expected: tuple[type[Exception], ...] = (JobError,),
    say: Say | None = None,
) -> Iterator[ProgressWriter]:
    """Mark the job running on ``version``; record how it ended.

    ``expected``: failures whose message explains them (recorded, not raised again).
    """
    ModelVersion.objects.filter(pk=version.pk).update(
        job=job, job_state=ModelVersion.JobState.RUNNING, job_started_at=timezone.now(),
        job_finished_at=None, progress=0.0, progress_text="started", message="",
    )  # fmt: skip
    version.refresh_from_db()
    writer = ProgressWriter(version, say)
    try:
        # One OpenMP thread for scikit-learn's boosting: a worker runs several tasks on
        # few cores, and spinning threads fight each other. Measured on the 2-core
        # machine under a load of ~8: a 2-fold CV of 5 small pages took 10.5 s with the
        # default threads and 1.0 s with one.
        with threadpool_limits(limits=JOB_THREADS):
            yield writer
    except expected as error:
        _ended(version, job, failed=str(error))
    except BaseException as error:
        # A worker's soft time limit arrives here too (SoftTimeLimitExceeded).
        _ended(version, job, failed=f"{type(error).__name__}: {error} (see the worker's log).")
        raise
    else:
        _ended(version, job, summary=writer.summary)
        if say is not None:
            say(f"100% {writer.summary}")


def _ended(version: ModelVersion, job: str, *, failed: str = "", summary: str = "done") -> None:
    fields: dict[str, object] = {
        "job_state": ModelVersion.JobState.FAILED if failed else ModelVersion.JobState.DONE,
        "job_finished_at": timezone.now(),
        "message": failed,
    }
    if not failed:
        fields.update(progress=1.0, progress_text=summary[:300])
    if job == ModelVersion.Job.TRAIN:
        fields["status"] = ModelVersion.Status.FAILED if failed else ModelVersion.Status.READY
        fields["finished_at"] = fields["job_finished_at"]
    ModelVersion.objects.filter(pk=version.pk).update(**fields)
    version.refresh_from_db()


def unqueued(version: ModelVersion, job: str, message: str) -> None:
    """Record that a claimed job never reached the queue (the broker was down)."""
    _ended(version, job, failed=message)

"""What the learning commands share: finding corpora and models, running or queueing a job."""

from __future__ import annotations

import sys

from django.core.management.base import CommandError

from corpora import lookup
from corpora.models import Corpus
from kehr.progress import Say
from learning.dispatch import queue
from learning.jobs import JobError
from learning.models import ModelVersion
from learning.serving import ModelLookupError


def find_corpus(slug: str) -> Corpus:
    """The corpus with this slug, or a CommandError that lists the existing slugs."""
    return lookup.find_corpus(slug, listing="Existing corpora")


def find_model(name: str, *, ready: bool = False) -> ModelVersion:
    from learning.services import find_version

    try:
        return find_version(name, ready=ready)
    except ModelLookupError as error:
        raise CommandError(str(error)) from None


def split_groups(values: list[str] | None) -> list[str] | None:
    """--features text dom, or --features text,dom: the same list."""
    if not values:
        return None
    return [group for value in values for group in value.split(",") if group.strip()]


def terminal(verbosity: int) -> Say | None:
    """Progress lines on stderr (stdout keeps the result), unless -v 0."""
    if verbosity == 0:
        return None
    return lambda line: print(line, file=sys.stderr, flush=True)


def finished(version: ModelVersion) -> ModelVersion:
    """The version after its job ran here; CommandError with the job's message if it failed."""
    version.refresh_from_db()
    if version.job_state == ModelVersion.JobState.FAILED:
        raise CommandError(version.message)
    return version


def queue_job(version: ModelVersion, job: str, corpus: Corpus | None = None, **options) -> str:
    try:
        queue(version, job, corpus, **options)
    except JobError as error:
        raise CommandError(str(error)) from None
    except Exception as error:
        raise CommandError(
            f"The task queue is not reachable ({error}); nothing was queued."
        ) from error
    return (
        f"{version.get_job_display().capitalize()} of {version.name} queued: a worker runs it; "
        "follow it on /staff/models/."
    )

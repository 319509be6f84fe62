"""What the method commands share: the corpus, starting the run here or on a worker."""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.core.management.base import CommandError

from corpora.lookup import find_corpus
from crosspage.models import MethodRun
from crosspage.services import RunError, start_run


def run_command(
    slug: str,
    method: str,
    runner: Callable[..., MethodRun],
    task,
    *,
    queue: bool,
    verbosity: int,
    **options,
) -> str:
    corpus = find_corpus(slug)
    try:
        run = start_run(corpus, method, **options)
    except RunError as error:
        raise CommandError(str(error)) from None
    if queue:
        task.delay(run.pk)
        return f"{method} run {run.pk} on {corpus.slug} queued for a worker."
    say = (lambda line: print(line, file=sys.stderr, flush=True)) if verbosity else None
    try:
        run = runner(run.pk, say=say)
    except ValueError as error:
        raise CommandError(str(error)) from None
    return f"{corpus.slug}: {run.message}."

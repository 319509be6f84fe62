"""What the method commands share: the corpus, starting the run here or on a worker."""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.core.management.base import CommandError

from corpora.models import Corpus
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
    corpus = Corpus.objects.filter(slug=slug).first()
    if corpus is None:
        known = ", ".join(Corpus.objects.order_by("slug").values_list("slug", flat=True))
        raise CommandError(f"No corpus with slug {slug!r}. Corpora: {known or 'none'}.")
    try:
        run = start_run(corpus, method, **options)
    except RunError as error:
        raise CommandError(str(error)) from None
    if queue:
        task.delay(run.pk)
        return f"{method} run {run.pk} on {corpus.slug} queued for a worker."
    echo = (lambda line: print(line, file=sys.stderr, flush=True)) if verbosity else None
    try:
        run = runner(run.pk, echo=echo)
    except ValueError as error:
        raise CommandError(str(error)) from None
    return f"{corpus.slug}: {run.message}."

"""manage.py evaluate --corpus SLUG | --model NAME [--folds K] [--group-by page|site]:
cross-validate a model."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from corpora.models import Corpus
from learning.cli import find_corpus, find_model, finished, queue_job, terminal
from learning.grouping import CHOICES
from learning.models import ModelVersion


class Command(BaseCommand):
    help = (
        "k-fold cross-validation of a model version's recipe (feature groups, rounds) on "
        "its corpus' merged gold, beside the baseline extractors; stores the figures and "
        "the Markdown report on the version and prints the report, which says how the "
        "folds grouped pages. --corpus picks the newest model of that corpus whose "
        "training succeeded."
    )

    def add_arguments(self, parser) -> None:
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--corpus", help="evaluate the newest model of this corpus")
        which.add_argument("--model", help="name of the model version")
        parser.add_argument("--folds", type=int, default=ModelVersion.DEFAULT_FOLDS)
        parser.add_argument(
            "--no-baselines", action="store_true",
            help="score the model only (the extractors take a while on large corpora)",
        )  # fmt: skip
        parser.add_argument(
            "--group-by", choices=CHOICES, default=None, dest="group_by",
            help="keep each page (page) or each site (site: registered domain) on one side "
            "of every fold; default: site when some site has more than one page and there "
            "are at least as many sites as folds, else page",
        )  # fmt: skip
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        from learning.dispatch import refuse_failed_training
        from learning.jobs import JobError, claim
        from learning.services import evaluate_version

        if options["folds"] < 2:
            raise CommandError(f"--folds {options['folds']}: cross-validation needs at least 2.")
        if options["model"]:
            version = find_model(options["model"])
            try:
                refuse_failed_training(version)
            except JobError as error:
                raise CommandError(str(error)) from None
        else:
            version = newest_trained(find_corpus(options["corpus"]))
        check_folds(version, options["folds"])
        job_options: dict[str, Any] = {"folds": options["folds"]}
        if options["no_baselines"]:
            job_options["baselines"] = []
        if options["group_by"]:
            job_options["grouping"] = options["group_by"]
        if options["queue"]:
            self.stdout.write(queue_job(version, ModelVersion.Job.EVALUATE, **job_options))
            return
        try:
            claim(version, ModelVersion.Job.EVALUATE)
        except JobError as error:
            raise CommandError(str(error)) from None
        evaluate_version(version.pk, say=terminal(options["verbosity"]), **job_options)
        version = finished(version)
        self.stdout.write(version.report)


def newest_trained(corpus: Corpus) -> ModelVersion:
    """The corpus' newest ready model: one whose training failed has nothing to evaluate,
    and evaluating it would put the evaluation's message over the training's on
    /staff/models/."""
    versions = ModelVersion.objects.filter(corpus=corpus)  # newest first
    found = versions.filter(status=ModelVersion.Status.READY).first()
    if found is not None:
        return found
    newest = versions.first()
    if newest is None:
        raise CommandError(
            f"No model of corpus {corpus.slug} yet: train one first "
            f"(manage.py train --corpus {corpus.slug})."
        )
    raise CommandError(
        f"No model of corpus {corpus.slug} is ready: the newest, {newest.name}, is "
        f"{newest.get_status_display().lower()}"
        f"{' (' + newest.message + ')' if newest.message else ''}. Train one "
        f"(manage.py train --corpus {corpus.slug}), or name a model with --model."
    )


def check_folds(version: ModelVersion, folds: int) -> None:
    """Too few merged pages for ``folds`` folds: say which --folds would do, before the
    job is recorded on the row."""
    from learning.data import MIN_TRAINING_PAGES, merged_page_count

    merged = merged_page_count(version.corpus)
    if merged >= folds:
        return
    slug = version.corpus.slug
    more = f"merge more pages first (manage.py merge --corpus {slug})"
    if merged >= max(MIN_TRAINING_PAGES, 2):
        raise CommandError(
            f"Corpus {slug} has {merged} merged pages; {folds}-fold cross-validation needs "
            f"at least {folds} (one page per fold at least). Evaluate with fewer folds: "
            f"--folds {merged} (or fewer, at least 2), or {more}."
        )
    raise CommandError(
        f"Corpus {slug} has {merged} merged page{'s' * (merged != 1)}; cross-validation "
        f"needs at least {MIN_TRAINING_PAGES}: {more}."
    )

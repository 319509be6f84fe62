"""manage.py evaluate --corpus SLUG | --model NAME [--folds K]: cross-validate a model."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from learning.cli import find_corpus, find_model, finished, queue_job, terminal
from learning.models import ModelVersion


class Command(BaseCommand):
    help = (
        "Page-grouped k-fold cross-validation of a model version's recipe (feature groups, "
        "rounds) on its corpus' merged gold, beside the baseline extractors; stores the "
        "figures and the Markdown report on the version and prints the report. --corpus "
        "picks the newest model trained on that corpus."
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
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        from learning.jobs import JobError, claim
        from learning.services import evaluate_version

        if options["folds"] < 2:
            raise CommandError(f"--folds {options['folds']}: cross-validation needs at least 2.")
        if options["model"]:
            version = find_model(options["model"])
        else:
            corpus = find_corpus(options["corpus"])
            found = ModelVersion.objects.filter(corpus=corpus).first()  # newest first
            if found is None:
                raise CommandError(
                    f"No model of corpus {corpus.slug} yet: train one first "
                    f"(manage.py train --corpus {corpus.slug})."
                )
            version = found
        job_options = {"folds": options["folds"]}
        if options["no_baselines"]:
            job_options["baselines"] = []
        if options["queue"]:
            self.stdout.write(queue_job(version, ModelVersion.Job.EVALUATE, **job_options))
            return
        try:
            claim(version, ModelVersion.Job.EVALUATE)
        except JobError as error:
            raise CommandError(str(error)) from None
        evaluate_version(version.pk, echo=terminal(options["verbosity"]), **job_options)
        version = finished(version)
        self.stdout.write(version.report)

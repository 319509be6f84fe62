"""manage.py classify --corpus SLUG --model NAME: label a whole corpus with a model."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from learning.cli import find_corpus, find_model, finished, queue_job, terminal
from learning.models import ModelVersion


class Command(BaseCommand):
    help = (
        "Label every page of a corpus with a ready model and store the label vectors "
        "(source classifier:<model> in diffs). Pages the model labelled already are "
        "skipped, so an interrupted run is finished by running it again."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus to label")
        parser.add_argument("--model", required=True, help="name of a ready model version")
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        from learning.jobs import JobError, claim
        from learning.services import classify_corpus

        corpus = find_corpus(options["corpus"])
        version = find_model(options["model"], ready=True)
        if options["queue"]:
            self.stdout.write(queue_job(version, ModelVersion.Job.CLASSIFY, corpus))
            return
        try:
            claim(version, ModelVersion.Job.CLASSIFY, corpus)
        except JobError as error:
            raise CommandError(str(error)) from None
        classify_corpus(version.pk, corpus.pk, say=terminal(options["verbosity"]))
        version = finished(version)
        stored = version.vectors.filter(page__corpus=corpus).count()
        self.stdout.write(
            f"{corpus.slug}: {stored} of {corpus.pages.count()} pages labelled by {version.name}."
        )

"""manage.py import_model FILE|default --corpus SLUG [--name NAME]: a model file as a version."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from learning.cli import find_corpus


class Command(BaseCommand):
    help = (
        "Register a model file as a ready model version that serves a corpus: `default` "
        "for the model Kehr ships (trained on KrdWrd's CANOLA pages, docs/models.md), so a "
        "corpus without gold can show its annotators suggestions; or a file written by "
        "`python -m kehr_engine train`. The file is copied under the var directory."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="a .kehr-model file, or `default` for the shipped model")
        parser.add_argument("--corpus", required=True, help="slug of the corpus it serves")
        parser.add_argument("--name", default="", help="model name (default: SLUG-imported)")

    def handle(self, *args, **options) -> None:
        from kehr_engine.default_model import model_path
        from kehr_engine.model_file import ModelFileError
        from learning.jobs import JobError
        from learning.services import import_model_file

        corpus = find_corpus(options["corpus"])
        source = model_path(options["file"])
        if not Path(source).is_file():
            raise CommandError(f"No model file at {source}.")
        try:
            version = import_model_file(Path(source), corpus, name=options["name"])
        except (ModelFileError, JobError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"Model {version.name} ({', '.join(version.groups)}) is ready and serves "
            f"{corpus.slug}. Label the corpus with it: manage.py classify --corpus "
            f"{corpus.slug} --model {version.name}."
        )

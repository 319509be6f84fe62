"""manage.py import_model FILE|article|krdwrd --corpus SLUG [--name NAME]: register a model."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from corpora.models import Corpus
from learning.cli import find_corpus
from learning.models import ModelVersion


class Command(BaseCommand):
    help = (
        "Register a model file as a ready model version that serves a corpus: a model Kehr "
        "ships (`krdwrd`: running text after the KrdWrd guidelines, for corpora annotated "
        "after them; `article`: a page's main content; docs/models.md), so a corpus without "
        "gold can show its annotators suggestions; or a file written by "
        "`python -m kehr_engine train`. The file is copied under the var directory."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "file", help="a .kehr-model file, or a shipped model: `krdwrd` or `article`"
        )
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
            raise CommandError(
                f"No model file at {source}: give a .kehr-model file or a shipped model "
                "(krdwrd: running text; article: main content)."
            )
        if not options["name"].strip():
            refuse_second_import(corpus, options["file"])
        try:
            version = import_model_file(Path(source), corpus, name=options["name"])
        except (ModelFileError, JobError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(imported(version, corpus))


def refuse_second_import(corpus: Corpus, file: str) -> None:
    """The default name is taken (imported before): say how to import it again."""
    from learning.services import default_import_name, next_free_name

    name = default_import_name(corpus)
    if ModelVersion.objects.filter(name=name).exists():
        raise CommandError(
            f"A model named {name!r} exists already: corpus {corpus.slug} has an imported "
            f"model. To import another one, give it a name of its own: manage.py "
            f"import_model {file} --corpus {corpus.slug} --name {next_free_name(name)}"
        )


def imported(version: ModelVersion, corpus: Corpus) -> str:
    what = f"Model {version.name} ({', '.join(version.groups)}) is ready"
    label = f"manage.py classify --corpus {corpus.slug} --model {version.name}"
    if corpus.kind == Corpus.Kind.TUTORIAL:
        # A tutorial never shows suggestions: learners find the tags themselves.
        return (
            f"{what}; {corpus.slug} is a tutorial, whose learners never see suggestions. "
            f"Its pages can still be labelled with it: {label}."
        )
    return f"{what} and serves {corpus.slug}. Label the corpus with it: {label}."

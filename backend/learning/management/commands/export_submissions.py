"""manage.py export_submissions --corpus SLUG [-o FILE]: every submission, with suggestions."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from gold.exports.files import write_chunks
from learning.cli import find_corpus
from learning.submission_export import SCHEMA, submission_lines


class Command(BaseCommand):
    help = (
        f"Write every submission of a corpus as JSON lines ({SCHEMA}, docs/exports.md): "
        "each annotator's labels and times, and what the model suggested to them on the "
        "page (mode, model, suggested tags, which tags came from the suggestions)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument(
            "-o", "--output", help="file to write (default: standard output)", default=None
        )

    def handle(self, *args, **options) -> None:
        corpus = find_corpus(options["corpus"])
        count = 0

        def counted():
            nonlocal count
            for line in submission_lines(corpus):
                count += 1
                yield line

        written = write_chunks(counted(), options["output"])
        where = options["output"] or "standard output"
        self.stderr.write(
            f"Exported {count} submissions of {corpus.slug} ({written:,} bytes) to {where}."
        )

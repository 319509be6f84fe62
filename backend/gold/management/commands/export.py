"""manage.py export --corpus SLUG --format jsonl|csv|text|html [--include SPEC] [-o FILE].

The gold standard; JSONL and CSV can carry other label vectors beside it, e.g. a
classifier's stored predictions (--include classifier:<model>).
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from gold.exports import FORMATS, export
from gold.exports.files import write_chunks
from gold.exports.included import IncludeError
from gold.management.commands.merge import find_corpus
from gold.models import PageGold


class Command(BaseCommand):
    help = (
        "Write a corpus' gold standard (merged pages only) in one of four formats, "
        "documented in docs/exports.md: "
        + "; ".join(f"{fmt.name}: {fmt.description}" for fmt in FORMATS.values())
        + ". Streams page by page, so any corpus size fits in memory."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument("--format", required=True, choices=sorted(FORMATS))
        parser.add_argument(
            "--include-uncertain",
            action="store_true",
            help="text format: also write nodes whose merged tag is uncertain",
        )
        parser.add_argument(
            "--include",
            action="append",
            default=[],
            metavar="SPEC",
            help="jsonl and csv: also write these label vectors per page, e.g. "
            "classifier:<model> for a model's stored predictions (repeatable; pages "
            "without one are marked unclassified)",
        )
        parser.add_argument(
            "-o", "--output", help="file to write (default: standard output)", default=None
        )

    def handle(self, *args, **options) -> None:
        corpus = find_corpus(options["corpus"])
        fmt = options["format"]
        output = options["output"]
        if fmt == "html" and output is None and sys.stdout.isatty():
            raise CommandError("The html format is a ZIP file: write it with -o FILE.zip.")
        dirty = PageGold.objects.filter(corpus=corpus, dirty=True).count()
        if dirty:
            self.stderr.write(
                f"Note: {dirty} pages changed since their last merge and are exported as last "
                f"merged; run `manage.py merge --corpus {corpus.slug}` first for the newest."
            )
        skipped: list[str] = []
        try:
            chunks = export(
                corpus,
                fmt,
                include_uncertain=options["include_uncertain"],
                include=options["include"],
                on_skip=lambda page_id, reason: skipped.append(f"page {page_id}: {reason}"),
                on_note=lambda note: self.stderr.write(f"Note: {note}"),
            )
        except IncludeError as error:
            raise CommandError(str(error)) from error
        written = write_chunks(chunks, output)
        for line in skipped:
            self.stderr.write(f"Skipped {line}")
        pages = PageGold.objects.filter(
            corpus=corpus, status__in=(PageGold.Status.MERGED, PageGold.Status.UNRESOLVED)
        ).count()
        where = output or "standard output"
        self.stderr.write(
            f"Exported {pages - len(skipped)} merged pages of {corpus.slug} as {fmt} "
            f"({written:,} bytes) to {where}."
        )

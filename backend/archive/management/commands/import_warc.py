"""manage.py import_warc FILE... --corpus SLUG [--cdx INDEX]: web archives into a corpus."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from archive.warc_import import WarcImportError, import_warcs
from corpora.lookup import find_corpus


class Command(BaseCommand):
    help = (
        "Index every HTML capture (response, status 200) of the WARC files and make the "
        "latest capture of each URL a page of the corpus, keeping its WARC record id and "
        "capture time (docs/archive.md). Other records are skipped and counted; a "
        "truncated file keeps what came before the break; importing again changes nothing."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", type=Path, help="WARC files (.warc, .warc.gz)")
        parser.add_argument("--corpus", required=True, help="slug of the corpus to add pages to")
        parser.add_argument(
            "--cdx", type=Path,
            help="the files' CDXJ or CDX index (finds the HTML records without reading the "
            "rest; a wrong index is reported and the files are scanned)",
        )  # fmt: skip

    def handle(self, *args, **options) -> None:
        slug = options["corpus"]
        corpus = find_corpus(slug, hint=" (create one in the admin first)")

        def say(line: str) -> None:
            if options["verbosity"] > 0:
                print(line, file=sys.stderr, flush=True)

        try:
            summary = import_warcs(corpus, options["files"], cdx=options["cdx"], say=say)
        except WarcImportError as error:
            raise CommandError(str(error)) from None
        for message in summary.errors:
            self.stderr.write(message)
        self.stdout.write(f"{corpus.slug}: {summary.line()}.")

"""manage.py import_krdwrd PATH --corpus NAME: import 2008 KrdWrd data (corpus or tutorial)."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from gold.merge import merge_corpus
from gold.stats import refresh_corpus_stats
from kehr.progress import on_bar
from krdwrd_import.importer import DEFAULT_TUTORIAL_URL, LayoutError, import_path


class Command(BaseCommand):
    help = (
        "Import KrdWrd data: a corpus folder (pages/, stats/, merged/, urls.tsv) or a "
        "tutorial folder (NN.html + NN.tags). Pages go through Kehr's segmenter; every "
        "annotator id becomes an account krdwrd-ID without a password; node and token "
        "counts are checked page by page and every mismatch is listed. Then the corpus "
        "is merged. Safe to re-run."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("path", help="the corpus or tutorial folder")
        parser.add_argument("--corpus", required=True, help="name of the corpus to create/update")
        parser.add_argument("--slug", help="slug of the corpus (default: from the name)")
        parser.add_argument(
            "--tutorial-url",
            default=DEFAULT_TUTORIAL_URL,
            help="base URL of tutorial pages (their <base href>)",
        )
        parser.add_argument("--no-merge", action="store_true", help="do not merge afterwards")
        parser.add_argument(
            "--strict", action="store_true", help="exit with an error if anything mismatched"
        )

    def handle(self, *args, **options) -> None:
        path = Path(options["path"]).expanduser()
        bar = tqdm(unit="page", desc="import", file=sys.stderr,
                   disable=options["verbosity"] == 0)  # fmt: skip
        try:
            report = import_path(
                path,
                options["corpus"],
                slug=options["slug"],
                tutorial_url=options["tutorial_url"],
                progress=on_bar(bar),
            )
        except LayoutError as error:
            raise CommandError(str(error)) from None
        finally:
            bar.close()
        corpus = report.corpus
        assert corpus is not None  # import_path finds or creates it before anything else
        for note in report.notes:
            self.stderr.write(f"note: {note}")
        for problem in report.problems:
            self.stderr.write(self.style.WARNING(f"MISMATCH: {problem}"))
        self.stdout.write(
            f"{corpus.slug}: {report.pages} pages ({report.pages_with_submissions} with "
            f"submissions), {report.submissions_created} submissions created and "
            f"{report.submissions_updated} updated, {report.accounts_created} accounts "
            f"created, {report.decisions} 2008 tie decisions, {report.steps} tutorial steps; "
            f"{len(report.problems)} mismatches, {len(report.notes)} notes."
        )
        if report.pages_with_submissions and not options["no_merge"]:
            merged = merge_corpus(corpus)
            refresh_corpus_stats(corpus)
            self.stdout.write(f"{corpus.slug}: merged: {merged}")
        if report.problems and options["strict"]:
            raise CommandError(f"{len(report.problems)} mismatches (listed above).")

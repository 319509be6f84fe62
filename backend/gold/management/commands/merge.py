"""manage.py merge --corpus SLUG [--force]: merge a corpus' submissions into its gold standard."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.management.base import BaseCommand
from django.db.models import Count
from tqdm import tqdm

from corpora import lookup
from corpora.models import Corpus
from gold.merge import MergeReport, ensure_gold_rows, merge_corpus
from gold.models import PageGold
from gold.stats import refresh_corpus_stats
from kehr.progress import on_bar


def find_corpus(slug: str) -> Corpus:
    """The corpus with this slug, or a CommandError that lists the existing slugs."""
    return lookup.find_corpus(slug, listing="Existing corpora")


@contextmanager
def merge_log_quiet() -> Iterator[None]:
    """Keep gold.merge's INFO summary (meant for workers' logs) off the terminal.

    The command prints its own summary after the progress bar; the log line would say the
    same a second time, in the middle of the bar. Warnings and errors still show.
    """
    merge_logger = logging.getLogger("gold.merge")
    previous = merge_logger.level
    merge_logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        merge_logger.setLevel(previous)


def run_summary(slug: str, report: MergeReport) -> str:
    """What this run did (which pages it merged or skipped), not the pages' status."""
    return (
        f"{slug}: {report.pages} pages: {report.merged - report.waiting} merged now, "
        f"{report.waiting} still waiting for submissions, {report.unchanged} unchanged "
        f"since their last merge, {report.superseded} changed meanwhile (left for "
        f"the next run); {report.excluded_submissions} submissions excluded; "
        f"{report.seconds:.1f} s"
    )


def status_summary(corpus: Corpus) -> str:
    """Where every page of the corpus stands after the run, skipped pages included.

    A page still waiting for submissions is skipped as unchanged on the next run; counted
    from the gold rows, it is reported as waiting on every run.
    """
    counts = dict(
        PageGold.objects.filter(corpus=corpus)
        .values_list("status")
        .annotate(n=Count("page_id"))
        .values_list("status", "n")
    )
    with_rows = sum(counts.values())
    without = corpus.pages.count() - with_rows
    return (
        f"{corpus.slug} now: {counts.get(PageGold.Status.MERGED, 0)} merged, "
        f"{counts.get(PageGold.Status.UNRESOLVED, 0)} with unresolved ties, "
        f"{counts.get(PageGold.Status.WAITING, 0)} waiting for submissions (a page needs "
        f"{corpus.min_submissions} valid ones), {without} without any submission"
    )


class Command(BaseCommand):
    help = (
        "Merge the submissions of a corpus into its gold standard (majority vote, ties, "
        "agreement) and recompute its dashboard statistics. Pages whose inputs did not "
        "change since their last merge are skipped unless --force is given. Workers do "
        "the same on a schedule; this is for imports and impatient people."
    )

    def add_arguments(self, parser) -> None:
        target = parser.add_mutually_exclusive_group(required=True)
        target.add_argument("--corpus", help="slug of the corpus to merge")
        target.add_argument("--all", action="store_true", help="merge every corpus")
        parser.add_argument(
            "--force", action="store_true", help="re-merge pages whose inputs did not change"
        )
        parser.add_argument(
            "--no-stats", action="store_true", help="do not recompute the dashboard statistics"
        )

    def handle(self, *args, **options) -> None:
        if options["all"]:
            corpora = list(Corpus.objects.order_by("slug"))
        else:
            corpora = [find_corpus(options["corpus"])]
        for corpus in corpora:
            ensure_gold_rows(corpus)
            total = PageGold.objects.filter(corpus=corpus).count()
            with merge_log_quiet(), tqdm(total=total, unit="page", desc=corpus.slug,
                      file=sys.stderr, disable=options["verbosity"] == 0) as bar:  # fmt: skip
                report = merge_corpus(corpus, force=options["force"], progress=on_bar(bar))
            self.stdout.write(run_summary(corpus.slug, report))
            self.stdout.write(status_summary(corpus))
            if not options["no_stats"]:
                stats = refresh_corpus_stats(corpus)
                self.stdout.write(f"{corpus.slug}: statistics recomputed in {stats.seconds:.1f} s")

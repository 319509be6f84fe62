"""manage.py merge --corpus SLUG [--force]: merge a corpus' submissions into its gold standard."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from corpora.models import Corpus
from gold.merge import ensure_gold_rows, merge_corpus
from gold.models import PageGold
from gold.stats import refresh_corpus_stats


def find_corpus(slug: str) -> Corpus:
    """The corpus with this slug, or a CommandError that lists the existing slugs."""
    corpus = Corpus.objects.filter(slug=slug).first()
    if corpus is None:
        known = ", ".join(Corpus.objects.order_by("slug").values_list("slug", flat=True))
        raise CommandError(f"No corpus with slug {slug!r}. Existing corpora: {known or 'none'}.")
    return corpus


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
            with tqdm(total=total, unit="page", desc=corpus.slug, file=sys.stderr,
                      disable=options["verbosity"] == 0) as bar:  # fmt: skip
                report = merge_corpus(corpus, force=options["force"], progress=bar.update)
            self.stdout.write(f"{corpus.slug}: {report}")
            if not options["no_stats"]:
                stats = refresh_corpus_stats(corpus)
                self.stdout.write(f"{corpus.slug}: statistics recomputed in {stats.seconds:.1f} s")

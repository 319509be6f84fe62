"""Celery tasks of the gold standard; each calls a plain function the tests also call.

Retry policy: none inside the tasks. They are acknowledged late and idempotent: a
merge writes a page only if its inputs did not change meanwhile and leaves it dirty
otherwise, so a task that dies half-way (or fails on a database error) leaves its
pages dirty, and the next scheduled run (KEHR_MERGE_INTERVAL_SECONDS) merges them; a
forced merge marks every page dirty before it starts for the same reason. The broker
redelivers a task whose worker died (docs/architecture.md), so a task may run twice:
running a merge again gives the same gold. Statistics are recomputed from scratch
every time. Time limits: LONG_TASK_TIME_LIMITS in kehr/settings.py (3 h for merges).
"""

from __future__ import annotations

import logging

from celery import shared_task

from corpora.models import Corpus
from gold.merge import merge_corpus as _merge_corpus
from gold.merge import merge_dirty
from gold.models import CorpusStats, PageGold
from gold.stats import refresh_corpus_stats

logger = logging.getLogger(__name__)


@shared_task(name="gold.tasks.merge_dirty_pages", acks_late=True)
def merge_dirty_pages(corpus_id: int | None = None) -> int:
    """Merge every page marked dirty (Celery beat runs this every minute); returns how
    many pages were looked at."""
    dirty = PageGold.objects.filter(dirty=True)
    if corpus_id is not None:
        dirty = dirty.filter(corpus_id=corpus_id)
    corpus_ids = sorted(set(dirty.values_list("corpus_id", flat=True)))
    pages = 0
    for corpus in Corpus.objects.filter(pk__in=corpus_ids).order_by("pk"):
        pages += merge_dirty(corpus).pages
    return pages


@shared_task(name="gold.tasks.merge_corpus", acks_late=True)
def merge_corpus(corpus_id: int, force: bool = False) -> int:
    """Merge a whole corpus (pages whose inputs did not change are skipped unless
    ``force``), then recompute its statistics; returns the number of pages merged."""
    corpus = Corpus.objects.get(pk=corpus_id)
    report = _merge_corpus(corpus, force=force)
    refresh_corpus_stats(corpus)
    return report.merged


@shared_task(name="gold.tasks.merge_all_corpora", acks_late=True)
def merge_all_corpora() -> int:
    """The sweep: compare every page's inputs with its fingerprint in every corpus.

    Catches what sends no signal (rows written in bulk or by hand); cheap when nothing
    changed, since fingerprints come from metadata, not from label vectors.
    """
    merged = 0
    for corpus in Corpus.objects.order_by("pk"):
        merged += _merge_corpus(corpus).merged
        refresh_corpus_stats(corpus)
    return merged


@shared_task(name="gold.tasks.refresh_stale_stats", acks_late=True)
def refresh_stale_stats() -> int:
    """Recompute the dashboard figures of corpora whose gold changed; returns how many."""
    stale = CorpusStats.objects.filter(stale=True).values_list("corpus_id", flat=True)
    done = 0
    for corpus in Corpus.objects.filter(pk__in=list(stale)).order_by("pk"):
        refresh_corpus_stats(corpus)
        done += 1
    return done


@shared_task(name="gold.tasks.refresh_stats", acks_late=True)
def refresh_stats(corpus_id: int) -> None:
    """Recompute one corpus' figures now (the dashboard's "recompute" button)."""
    refresh_corpus_stats(Corpus.objects.get(pk=corpus_id))

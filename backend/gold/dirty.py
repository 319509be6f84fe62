"""Marking pages whose gold standard must be merged again.

A mark bumps the page's ``input_version`` and sets ``dirty``; the next merge run (Celery
beat, every KEHR_MERGE_INTERVAL_SECONDS) picks dirty pages up, so a burst of
submissions on a page costs one merge, not one per submission.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection
from django.db.models import F, QuerySet

from corpora.models import Corpus, Page
from gold.models import PageGold
from kehr import rows


def mark_pages(page_ids: Iterable[int] | QuerySet, *, create: bool = False) -> int:
    """Mark pages dirty; with ``create`` also give pages without a gold row one.

    Deletions must not create rows (the page itself may be on its way out in the same
    cascade), so only submission writes pass ``create=True``. Every submission marks its
    page, so the common case is one UPDATE; only a page's first mark finds the row
    missing, creates it and marks again (a merge that read the new row meanwhile must see
    the version move).
    """
    if not isinstance(page_ids, QuerySet):
        page_ids = list(page_ids)
        if not page_ids:
            return 0
    marked = _bump(page_ids)
    if create and (isinstance(page_ids, QuerySet) or marked < len(page_ids)):
        missing = Page.objects.filter(pk__in=page_ids, gold__isnull=True).values_list(
            "pk", "corpus_id"
        )
        PageGold.objects.bulk_create(
            [PageGold(page_id=page_id, corpus_id=corpus_id) for page_id, corpus_id in missing],
            ignore_conflicts=True,  # a concurrent mark created it first: fine
        )
        marked = _bump(page_ids)
    return marked


# Up to this many ids the UPDATE is written out (and prepared, kehr.rows.cursor);
# beyond, the ORM's statement (bound client-side: no limit on parameters).
_WRITTEN_OUT_MAX = 100


def _bump(page_ids: list[int] | QuerySet) -> int:
    if isinstance(page_ids, QuerySet) or len(page_ids) > _WRITTEN_OUT_MAX:
        return PageGold.objects.filter(page_id__in=page_ids).update(
            dirty=True, input_version=F("input_version") + 1
        )
    # Written out: every submission marks its page, and building this UPDATE with the
    # ORM cost more CPU than running it (bench/profile_requests.py).
    table = connection.ops.quote_name(PageGold._meta.db_table)
    with rows.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET dirty = %s, input_version = input_version + 1"
            f" WHERE page_id IN ({', '.join(['%s'] * len(page_ids))})",
            [True, *page_ids],
        )
        return cursor.rowcount


def mark_corpus(corpus: Corpus | int, *, forget_fingerprints: bool = False) -> int:
    """Mark every page of a corpus (its tie policy or minimum changed).

    ``forget_fingerprints`` (a forced merge) also clears each page's input fingerprint,
    so whichever merge reaches the page next recomputes it even though its inputs did
    not change: a forced merge that dies half-way is finished by the scheduled run.
    """
    changes = {"dirty": True, "input_version": F("input_version") + 1}
    if forget_fingerprints:
        changes["fingerprint"] = ""
    return PageGold.objects.filter(corpus=corpus).update(**changes)

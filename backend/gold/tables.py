"""Per-page and per-submission tables of the dashboard, as row generators for CSV.

These are the long tables (one row per page, node or submission): streamed from the
database with ``iterator()`` so a CSV of 100,000 pages never sits in memory. The
short tables (one row per annotator, measure or bin) come from gold.figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from annotations.models import Submission
from corpora.models import Corpus
from corpora.segmenter import SegmenterError, read_node_texts
from gold import quality, vectors
from gold.models import AGREEMENT_FIELDS, CorpusStats, PageGold

STATUS_COLUMNS = [
    "page", "url", "status", "submissions", "valid_submissions", "unresolved_ties",
    "excluded_submissions", "changed_since_merge", "merged_at", *AGREEMENT_FIELDS,
]  # fmt: skip


def status_rows(corpus: Corpus, status: str | None = None) -> Iterator[list[Any]]:
    golds = PageGold.objects.filter(corpus=corpus).order_by("page_id")
    if status:
        golds = golds.filter(status=status)
    fields = ("page_id", "page__url", "status", "submissions", "valid_submissions",
              "unresolved_count", "excluded", "dirty", "merged_at", *AGREEMENT_FIELDS)  # fmt: skip
    for row in golds.values_list(*fields).iterator(chunk_size=2000):
        values = list(row)
        values[6] = len(values[6])  # the excluded submissions' list: its length
        values[8] = values[8].isoformat() if values[8] else ""
        yield values


TIE_COLUMNS = ["page", "url", "node", "resolution", "label", "votes_bad", "votes_uncertain",
               "votes_good", "text"]  # fmt: skip


def tie_rows(corpus: Corpus, *, unresolved_only: bool = True) -> Iterator[list[Any]]:
    statuses = [PageGold.Status.UNRESOLVED]
    if not unresolved_only:
        statuses.append(PageGold.Status.MERGED)
    golds = PageGold.objects.filter(corpus=corpus, status__in=statuses).order_by("page_id")
    golds = golds.select_related("page").only(
        "page_id", "ties", "votes", "labels", "page__url", "page__document"
    )
    for gold in golds.iterator(chunk_size=50):
        votes = vectors.decode_votes(gold.votes)
        labels = bytes(gold.labels)
        try:
            texts = read_node_texts(gold.page.document)
        except SegmenterError:
            texts = []
        for node, how in gold.ties:
            if unresolved_only and how != PageGold.TieResolution.UNRESOLVED:
                continue
            text = texts[node] if node < len(texts) else ""
            label = labels[node] if node < len(labels) else 0
            yield [gold.page_id, gold.page.url, node, how, label, *votes[node].tolist(), text]


TIME_COLUMNS = ["page", "user", "minutes", "outlier"]


def time_rows(corpus: Corpus) -> Iterator[list[Any]]:
    """Every timed submission's minutes, flagged with the fences of the last statistics."""
    stats = CorpusStats.objects.filter(corpus=corpus).values_list("data", flat=True).first()
    fences = ((stats or {}).get("times") or {}).get("fences")
    rows = Submission.objects.filter(page__corpus=corpus, started_at__isnull=False).order_by(
        "page_id", "id"
    )
    batch: list[tuple] = []
    for row in rows.values_list("page_id", "user_id", "started_at", "submitted_at").iterator(
        chunk_size=TIME_BATCH
    ):
        batch.append(row)
        if len(batch) == TIME_BATCH:
            yield from _time_batch(batch, fences)
            batch = []
    yield from _time_batch(batch, fences)


TIME_BATCH = 5000


def _time_batch(rows: list[tuple], fences: list[float] | None) -> Iterator[list[Any]]:
    if not rows:
        return
    minutes = quality.annotation_minutes([r[2] for r in rows], [r[3] for r in rows])
    for (page_id, user_id, _start, _end), value in zip(rows, minutes.tolist(), strict=True):
        if value != value:  # nan: not measurable (the client's clock went backwards)
            yield [page_id, user_id, "", ""]
            continue
        # The same strict fences as quality.iqr_outliers drew for the dashboard.
        outlier = fences is not None and not (fences[0] <= value <= fences[1])
        yield [page_id, user_id, round(value, 3), outlier]

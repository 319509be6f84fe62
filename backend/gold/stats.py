"""The stats dashboard's figures for a corpus, computed by a worker, read by the views.

Everything a dashboard page shows about a whole corpus is computed here in one pass
and stored as one JSON document (gold.models.CorpusStats), so that on a corpus of
100,000 pages a page view is a primary-key lookup, not a scan. The per-page lists
(merge status, ties) are paged queries on indexed columns instead, and need nothing
from here.

Sources: the merge results (agreement per page, each used submission's 4x4
label-against-gold table in ``PageGold.coders``), and the submission rows (counts
per page and annotator, annotation times). No label vector is read: tag bias comes
from the 16-number tables the merge stored.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
from django.contrib.auth import get_user_model
from django.db.models import Count, Sum
from django.utils import timezone

from annotations.models import Submission
from corpora.models import Corpus, Page
from gold import agreement, quality
from gold.models import CorpusStats, PageGold, UserExclusion

#: Layout version of the JSON document; the dashboard recomputes older documents.
STATS_VERSION = 1
#: Per-page agreement measures summarised for the corpus.
AGREEMENT_METRICS = ("pi", "pi_tokens", "alpha", "a_o")
#: Bins of the annotation-time histogram.
TIME_BINS = 20
#: Tag bias expands summed 4x4 tables into per-node arrays for quality.tag_bias; this
#: many nodes at a time keeps the arrays at a few tens of MB on any corpus.
BIAS_BATCH_NODES = 4_000_000

MERGED_STATUSES = (PageGold.Status.MERGED, PageGold.Status.UNRESOLVED)


def refresh_corpus_stats(corpus: Corpus) -> CorpusStats:
    """Compute and store the corpus' figures; returns the stored row."""
    started = time.perf_counter()
    computed_at = timezone.now()
    # Claim the stale flag first: a merge that finishes while this runs sets it again,
    # so its changes are picked up by the next run instead of being marked as seen.
    if not CorpusStats.objects.filter(corpus=corpus).update(stale=False):
        CorpusStats.objects.bulk_create(
            [CorpusStats(corpus=corpus, stale=False)], ignore_conflicts=True
        )
    data = compute_corpus_stats(corpus)
    CorpusStats.objects.filter(corpus=corpus).update(
        data=data, computed_at=computed_at, seconds=time.perf_counter() - started
    )
    return CorpusStats.objects.get(corpus=corpus)


def compute_corpus_stats(corpus: Corpus) -> dict[str, Any]:
    users = _annotator_table(corpus)
    bias = _tag_bias(corpus)
    for user_id, entry in users.items():
        entry["bias"] = bias.get(user_id)
    return {
        "version": STATS_VERSION,
        "status": _status(corpus),
        "agreement": _agreement(corpus),
        "submissions_per_page": _submissions_per_page(corpus),
        "annotators_at_least": _annotators_at_least([u["pages"] for u in users.values()]),
        "times": _times(corpus, users),
        "bias_fence": bias.get("fence"),
        "annotators": sorted(users.values(), key=lambda entry: (-entry["pages"], entry["id"])),
    }


# --------------------------------------------------------------------------- sections


def _status(corpus: Corpus) -> dict[str, int]:
    total = Page.objects.filter(corpus=corpus).count()
    golds = PageGold.objects.filter(corpus=corpus)
    by_status = dict(golds.order_by().values_list("status").annotate(n=Count("pk")))
    counted = sum(by_status.values())
    return {
        "pages": total,
        # Pages without a gold row have never had a submission: they wait too.
        "waiting": by_status.get(PageGold.Status.WAITING, 0) + total - counted,
        "merged": by_status.get(PageGold.Status.MERGED, 0),
        "unresolved": by_status.get(PageGold.Status.UNRESOLVED, 0),
        "dirty": golds.filter(dirty=True).count(),
        "unresolved_nodes": golds.aggregate(n=Sum("unresolved_count"))["n"] or 0,
        "excluded_users": UserExclusion.objects.filter(corpus=corpus).count(),
    }


def _agreement(corpus: Corpus) -> dict[str, Any]:
    rows = (
        PageGold.objects.filter(corpus=corpus, status__in=MERGED_STATUSES)
        .order_by("page_id")
        .values_list(*AGREEMENT_METRICS, "agreement_items", "page__node_count", "page__word_count")
    )
    columns = list(zip(*rows.iterator(chunk_size=10_000), strict=True)) or [
        () for _ in range(len(AGREEMENT_METRICS) + 3)
    ]
    per_page = {
        name: np.array([math.nan if v is None else v for v in values], dtype=np.float64)
        for name, values in zip(AGREEMENT_METRICS, columns, strict=False)
    }
    per_page["items"] = np.array(columns[len(AGREEMENT_METRICS)], dtype=np.float64)
    node_counts = np.array(columns[-2], dtype=np.float64)
    token_counts = np.array(columns[-1], dtype=np.float64)
    return agreement.corpus_summary(per_page, node_counts, token_counts, metrics=AGREEMENT_METRICS)


def _submissions_per_page(corpus: Corpus) -> list[list[int]]:
    """[[submissions, pages with that many], …] in ascending order of submissions."""
    counts = (
        Page.objects.filter(corpus=corpus)
        .order_by()
        .values_list("submission_count")
        .annotate(n=Count("pk"))
        .order_by("submission_count")
    )
    return [[int(submissions), int(pages)] for submissions, pages in counts]


def _annotators_at_least(pages_per_user: list[int]) -> list[list[int]]:
    """[[x, annotators who did at least x pages], …] for every x where the count drops."""
    if not pages_per_user:
        return []
    ordered = np.sort(np.asarray(pages_per_user, dtype=np.int64))
    thresholds = np.unique(ordered)
    at_least = ordered.size - np.searchsorted(ordered, thresholds, side="left")
    return [[int(x), int(n)] for x, n in zip(thresholds, at_least, strict=True)]


def _annotator_table(corpus: Corpus) -> dict[int, dict[str, Any]]:
    per_user = (
        Submission.objects.filter(page__corpus=corpus)
        .order_by()
        .values_list("user_id")
        .annotate(n=Count("pk"))
    )
    users: dict[int, dict[str, Any]] = {
        int(user_id): {"id": int(user_id), "pages": int(n)} for user_id, n in per_user
    }
    names = get_user_model().objects.filter(pk__in=list(users)).values_list("pk", "username")
    for user_id, username in names:
        users[user_id]["username"] = username
    for user_id, reason in UserExclusion.objects.filter(corpus=corpus).values_list(
        "user_id", "reason"
    ):
        if user_id in users:
            users[user_id]["excluded"] = reason
    return users


def _times(corpus: Corpus, users: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Annotation minutes per submission; outliers by the interquartile rule are removed."""
    user_ids, started, submitted = [], [], []
    rows = Submission.objects.filter(page__corpus=corpus, started_at__isnull=False)
    for user_id, start, end in rows.values_list("user_id", "started_at", "submitted_at").iterator(
        chunk_size=10_000
    ):
        assert start is not None  # filtered above
        user_ids.append(user_id)
        started.append(start.timestamp())
        submitted.append(end.timestamp())
    minutes = quality.annotation_minutes(
        np.asarray(started, dtype=np.float64), np.asarray(submitted, dtype=np.float64)
    )
    measurable = np.isfinite(minutes)
    outlier = quality.iqr_outliers(minutes)
    kept = measurable & ~outlier
    fences = quality.iqr_fences(minutes)
    kept_minutes = minutes[kept]
    who = np.asarray(user_ids, dtype=np.int64)
    for user_id in np.unique(who[kept]).tolist():
        mine = kept_minutes[who[kept] == user_id]
        if user_id in users:
            users[user_id]["timed_pages"] = int(mine.size)
            users[user_id]["minutes"] = float(mine.sum())
            users[user_id]["median_minutes"] = float(np.median(mine))
    histogram: dict[str, list] = {"edges": [], "counts": []}
    if kept_minutes.size:
        counts, edges = np.histogram(kept_minutes, bins=TIME_BINS)
        histogram = {"edges": edges.tolist(), "counts": counts.tolist()}
    return {
        "timed": int(measurable.sum()),
        "untimed": int(Submission.objects.filter(page__corpus=corpus).count() - len(user_ids))
        + int((~measurable).sum()),
        "outliers": int(outlier.sum()),
        "fences": list(fences) if fences is not None else None,
        "kept": int(kept.sum()),
        "median": float(np.median(kept_minutes)) if kept_minutes.size else None,
        "mean": float(kept_minutes.mean()) if kept_minutes.size else None,
        "total_hours": float(kept_minutes.sum() / 60.0),
        "histogram": histogram,
    }


def _tag_bias(corpus: Corpus) -> dict[Any, Any]:
    """Per user quality.tag_bias figures, from the merge's per-submission 4x4 tables."""
    tables: dict[int, np.ndarray] = {}
    rows = PageGold.objects.filter(corpus=corpus, status__in=MERGED_STATUSES).values_list(
        "coders", flat=True
    )
    for coders in rows.iterator(chunk_size=2_000):
        for entry in coders:
            user_id = int(entry[1])
            table = np.asarray(entry[2:18], dtype=np.int64).reshape(4, 4)
            if user_id in tables:
                tables[user_id] += table
            else:
                tables[user_id] = table
    if not tables:
        return {"fence": None}
    ids = sorted(tables)
    result = tag_bias_from_tables(np.stack([tables[user_id] for user_id in ids]))
    out: dict[Any, Any] = {"fence": _finite(result["fence"])}
    for row, user_id in enumerate(ids):
        out[user_id] = {
            "nodes": int(result["nodes"][row]),
            "user_distribution": _floats(result["user_distribution"][row]),
            "gold_distribution": _floats(result["gold_distribution"][row]),
            "bias": _floats(result["bias"][row]),
            "distance": _finite(result["distance"][row]),
            "disagreement": _finite(result["disagreement"][row]),
            "untagged": _finite(result["untagged"][row]),
            "judged": bool(result["judged"][row]),
            "outlier": bool(result["outlier"][row]),
        }
    return out


# --------------------------------------------------------------------------- tag bias


PER_USER_FIELDS = (
    "nodes",
    "user_distribution",
    "gold_distribution",
    "bias",
    "distance",
    "disagreement",
    "untagged",
    "judged",
)


def tag_bias_from_tables(
    tables: np.ndarray,
    *,
    min_nodes: int = quality.MIN_NODES_FOR_BIAS,
    min_users: int = quality.MIN_USERS_FOR_BIAS,
    min_distance: float = quality.MIN_BIAS_DISTANCE,
    factor: float = quality.IQR_FACTOR,
) -> dict[str, Any]:
    """quality.tag_bias for users given as (users, 4, 4) tables: [user code, gold code].

    quality.tag_bias takes one entry per node; a corpus of 100,000 pages has 240
    million. Its per-user figures depend only on each user's table, so the tables are
    expanded back into equivalent per-node arrays a batch of users at a time, and the
    outlier fence over all users is then drawn with quality's own rule and constants.
    """
    n_users = tables.shape[0]
    parts: dict[str, list[np.ndarray]] = {name: [] for name in PER_USER_FIELDS}
    for users in _user_batches(tables.reshape(n_users, -1).sum(axis=1)):
        labels, gold, index = _expand(tables[users])
        batch = quality.tag_bias(labels, gold, index, len(users), min_nodes=min_nodes)
        for name in PER_USER_FIELDS:
            parts[name].append(getattr(batch, name))
    result: dict[str, Any] = {name: np.concatenate(parts[name]) for name in PER_USER_FIELDS}
    judged = result["judged"]
    distance = result["distance"]
    # quality.tag_bias's rule, drawn over all users instead of one batch.
    fences = quality.iqr_fences(distance[judged], factor, min_count=min_users)
    result["fence"] = math.nan if fences is None else fences[1]
    result["outlier"] = (
        np.zeros(n_users, dtype=bool)
        if fences is None
        else judged & (distance > fences[1]) & (distance >= min_distance)
    )
    return result


def _user_batches(sizes: np.ndarray) -> Iterator[list[int]]:
    batch: list[int] = []
    total = 0
    for user, size in enumerate(sizes.tolist()):
        if batch and total + size > BIAS_BATCH_NODES:
            yield batch
            batch, total = [], 0
        batch.append(user)
        total += size
    if batch:
        yield batch


def _expand(tables: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-node (user code, gold code, user index) arrays with exactly these tables."""
    n_users = tables.shape[0]
    cells = tables.reshape(n_users, 16)
    repeats = cells.ravel()
    codes = np.tile(np.arange(16, dtype=np.int64), n_users)
    users = np.repeat(np.arange(n_users, dtype=np.int64), 16)
    flat_codes = np.repeat(codes, repeats)
    return (
        (flat_codes // 4).astype(np.uint8),
        (flat_codes % 4).astype(np.uint8),
        np.repeat(users, repeats),
    )


def _finite(value: float) -> float | None:
    value = float(value)
    return value if math.isfinite(value) else None


def _floats(values: np.ndarray) -> list[float | None]:
    return [_finite(v) for v in values.tolist()]

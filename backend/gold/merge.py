"""Merging a corpus' submissions into its gold standard — the functions the tasks call.

Pages are merged in chunks of CHUNK_PAGES: read the chunk's inputs, skip the pages
whose input fingerprint equals the stored one (nothing changed since the last merge),
check every other submission, vote with gold.voting for all pages of the chunk at
once, and write the results back in one short transaction.

Repeatable: the result depends only on the inputs (submissions in id order, staff
exclusions and decisions, the corpus' tie policy and minimum), never on timing.
Concurrent runs are safe: each page's result is written only if the page's
``input_version`` is still the one read before its inputs were (gold.dirty bumps it
on every change); otherwise the page stays dirty for the next run.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import numpy as np
from django.db import connection, transaction
from django.db.models import F, Field
from django.utils import timezone

from annotations.models import Submission
from corpora.models import Corpus, Page
from gold import dirty, vectors
from gold.models import (
    AGREEMENT_FIELDS,
    CorpusStats,
    PageGold,
    SubmissionExclusion,
    TieDecision,
    UserExclusion,
)
from gold.voting import CHUNK_PAGES, TIE_LABELS, VoteBatch, merge_batch
from kehr.progress import Progress

logger = logging.getLogger(__name__)

#: Bump when voting, checks or agreement change: every page's fingerprint changes, so
#: the next run re-merges everything instead of keeping results of the old rules.
ALGORITHM_VERSION = 1

RESULT_FIELDS = [
    "status",
    "dirty",
    "merged_version",
    "fingerprint",
    "submissions",
    "valid_submissions",
    "labels",
    "votes",
    "ties",
    "unresolved_count",
    "excluded",
    "coders",
    "gold_counts",
    *AGREEMENT_FIELDS,
    "merged_at",
]


@dataclass
class MergeReport:
    """What a merge run did; ``str()`` is the one-line summary the command prints."""

    pages: int = 0
    merged: int = 0
    unchanged: int = 0
    waiting: int = 0
    unresolved: int = 0
    superseded: int = 0
    excluded_submissions: int = 0
    seconds: float = 0.0
    merged_page_ids: list[int] = field(default_factory=list)

    def add(self, other: MergeReport) -> None:
        for name in ("pages", "merged", "unchanged", "waiting", "unresolved", "superseded"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.excluded_submissions += other.excluded_submissions
        self.merged_page_ids += other.merged_page_ids

    def __str__(self) -> str:
        return (
            f"{self.pages} pages: {self.merged} merged, {self.unchanged} unchanged, "
            f"{self.waiting} waiting for submissions, {self.unresolved} with unresolved ties, "
            f"{self.superseded} changed meanwhile (left for the next run); "
            f"{self.excluded_submissions} submissions excluded; {self.seconds:.1f} s"
        )


@dataclass(frozen=True)
class SubmissionInput:
    id: int
    user_id: int
    revision: int
    submitted_at: datetime
    staff_exclusion: str  # "" when not excluded by staff


# --------------------------------------------------------------------------- entry points


def merge_corpus(
    corpus: Corpus, *, force: bool = False, progress: Progress | None = None
) -> MergeReport:
    """Merge every page of the corpus that has submissions (unchanged pages are skipped
    unless ``force``).

    A forced run first marks every page dirty and forgets its fingerprint, committed
    before any merging: each page stays dirty until the chunk holding its new result
    commits, so if the run dies half-way (a killed worker) the scheduled merge of dirty
    pages re-merges the rest, forced or not, and a redelivered task simply starts over.
    """
    ensure_gold_rows(corpus)
    if force:
        dirty.mark_corpus(corpus, forget_fingerprints=True)
    page_ids = PageGold.objects.filter(corpus=corpus).order_by("page_id")
    return merge_pages(
        corpus, page_ids.values_list("page_id", flat=True), force=force, progress=progress
    )


def merge_dirty(corpus: Corpus, *, progress: Progress | None = None) -> MergeReport:
    """Merge the pages of the corpus that were marked dirty since their last merge."""
    page_ids = PageGold.objects.filter(corpus=corpus, dirty=True).order_by("page_id")
    return merge_pages(corpus, page_ids.values_list("page_id", flat=True), progress=progress)


def merge_pages(
    corpus: Corpus,
    page_ids: Iterable[int],
    *,
    force: bool = False,
    progress: Progress | None = None,
) -> MergeReport:
    """Merge the given pages of the corpus, chunk by chunk."""
    started = time.perf_counter()
    report = MergeReport()
    user_exclusions = dict(
        UserExclusion.objects.filter(corpus=corpus).values_list("user_id", "reason")
    )
    ids = list(page_ids)
    for start in range(0, len(ids), CHUNK_PAGES):
        chunk = ids[start : start + CHUNK_PAGES]
        report.add(_merge_chunk(corpus, chunk, user_exclusions, force))
        if progress is not None:
            progress(start + len(chunk), len(ids))
    if report.pages:
        mark_stats_stale(corpus)
    report.seconds = time.perf_counter() - started
    logger.info("Merged corpus %s: %s", corpus.slug, report)
    return report


def ensure_gold_rows(corpus: Corpus, page_ids: Sequence[int] | None = None) -> int:
    """Give every page of the corpus that has submissions a gold row (rows are normally
    created by the first submission; this catches rows written in bulk)."""
    pages = Page.objects.filter(corpus=corpus, gold__isnull=True)
    if page_ids is not None:
        pages = pages.filter(pk__in=page_ids)
    else:
        pages = pages.filter(pk__in=Submission.objects.values("page_id"))
    missing = pages.values_list("pk", flat=True)
    created = PageGold.objects.bulk_create(
        [PageGold(page_id=page_id, corpus=corpus) for page_id in missing],
        ignore_conflicts=True,
        batch_size=1000,
    )
    return len(created)


def mark_stats_stale(corpus: Corpus) -> None:
    if not CorpusStats.objects.filter(corpus=corpus).update(stale=True):
        CorpusStats.objects.bulk_create([CorpusStats(corpus=corpus)], ignore_conflicts=True)


# --------------------------------------------------------------------------- checks


def check_vector(raw: bytes, node_count: int) -> str:
    """Why this stored vector cannot be merged, or "" if it can.

    The API validates vectors on the way in; these checks catch what it cannot: a page
    re-segmented after the submission (length), rows written around the API (codes).
    """
    if len(raw) != node_count:
        return (
            f"has {len(raw)} labels but the page has {node_count} text nodes "
            "(was the page segmented again after this submission?)"
        )
    array = np.frombuffer(raw, dtype=np.uint8)
    if array.size and array.max() > 3:
        node = int(np.argmax(array > 3))
        return f"label {int(array[node])} at node {node} is not a code 0-3"
    if not array.any():
        # Counting an empty vector towards the minimum would merge pages on too few votes.
        return "tags no node (every label is 0, untagged)"
    return ""


def input_fingerprint(
    *,
    node_count: int,
    page_updated_at: datetime,
    tie_policy: str,
    min_submissions: int,
    submissions: Sequence[SubmissionInput],
    decisions: Sequence[tuple[int, int]],
) -> str:
    """SHA-256 of everything a page's merge reads, from metadata only (no vectors).

    A replaced submission has a new revision and submitted_at; a re-segmented page a new
    updated_at; so equal fingerprints mean equal inputs and the stored result stands.
    """
    payload = [
        ALGORITHM_VERSION,
        node_count,
        page_updated_at.isoformat(),
        tie_policy,
        min_submissions,
        sorted(
            (s.id, s.user_id, s.revision, s.submitted_at.isoformat(), s.staff_exclusion)
            for s in submissions
        ),
        sorted(decisions),
    ]
    return hashlib.sha256(json.dumps(payload, separators=(",", ":")).encode()).hexdigest()


# --------------------------------------------------------------------------- one chunk


@dataclass
class _PagePlan:
    page_id: int
    version: int
    node_count: int
    fingerprint: str
    submissions: list[SubmissionInput]
    decisions: list[tuple[int, int]]
    valid: list[SubmissionInput] = field(default_factory=list)
    excluded: list[dict[str, Any]] = field(default_factory=list)


def _merge_chunk(
    corpus: Corpus, page_ids: list[int], user_exclusions: dict[int, str], force: bool
) -> MergeReport:
    report = MergeReport(pages=len(page_ids))
    ensure_gold_rows(corpus, page_ids)
    # The versions first: anything that changes after this read bumps them, and the
    # write below then leaves that page alone.
    state = {
        page_id: (version, fingerprint)
        for page_id, version, fingerprint in PageGold.objects.filter(
            page_id__in=page_ids
        ).values_list("page_id", "input_version", "fingerprint")
    }
    pages = {
        page_id: (node_count, updated_at)
        for page_id, node_count, updated_at in Page.objects.filter(pk__in=page_ids).values_list(
            "pk", "node_count", "updated_at"
        )
    }
    staff_excluded = dict(
        SubmissionExclusion.objects.filter(submission__page_id__in=page_ids).values_list(
            "submission_id", "reason"
        )
    )
    by_page: dict[int, list[SubmissionInput]] = defaultdict(list)
    rows = Submission.objects.filter(page_id__in=page_ids).order_by("page_id", "id")
    for sub_id, page_id, user_id, revision, submitted_at in rows.values_list(
        "id", "page_id", "user_id", "revision", "submitted_at"
    ):
        reason = ""
        if sub_id in staff_excluded:
            reason = f"submission excluded by staff: {staff_excluded[sub_id]}"
        elif user_id in user_exclusions:
            reason = f"annotator excluded by staff: {user_exclusions[user_id]}"
        by_page[page_id].append(SubmissionInput(sub_id, user_id, revision, submitted_at, reason))
    decisions: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for page_id, node, label in TieDecision.objects.filter(page_id__in=page_ids).values_list(
        "page_id", "node", "label"
    ):
        decisions[page_id].append((node, label))

    plans: list[_PagePlan] = []
    unchanged: dict[int, int] = {}
    for page_id in page_ids:
        if page_id not in state or page_id not in pages:
            continue  # deleted meanwhile
        version, stored = state[page_id]
        node_count, updated_at = pages[page_id]
        fingerprint = input_fingerprint(
            node_count=node_count,
            page_updated_at=updated_at,
            tie_policy=corpus.tie_policy,
            min_submissions=corpus.min_submissions,
            submissions=by_page[page_id],
            decisions=decisions[page_id],
        )
        if fingerprint == stored and not force:
            unchanged[page_id] = version
            continue
        plans.append(
            _PagePlan(page_id, version, node_count, fingerprint, by_page[page_id],
                      decisions[page_id])
        )  # fmt: skip

    results = _compute(corpus, plans)
    report.unchanged = len(unchanged)
    written = _write(plans, results, unchanged)
    for plan in plans:
        result = results[plan.page_id]
        if plan.page_id not in written:
            report.superseded += 1
            continue
        report.merged += 1
        report.merged_page_ids.append(plan.page_id)
        report.excluded_submissions += len(plan.excluded)
        if result.status == PageGold.Status.WAITING:
            report.waiting += 1
        elif result.status == PageGold.Status.UNRESOLVED:
            report.unresolved += 1
    report.superseded += len(set(unchanged) - written)
    return report


def _compute(corpus: Corpus, plans: list[_PagePlan]) -> dict[int, PageGold]:
    """Check submissions, vote, measure agreement; one unsaved PageGold per plan."""
    if not plans:
        return {}
    changed = [plan.page_id for plan in plans]
    blobs = dict(
        Submission.objects.filter(page_id__in=changed).values_list("id", "labels").iterator()
    )
    tokens = dict(Page.objects.filter(pk__in=changed).values_list("pk", "node_tokens"))
    now = timezone.now()

    merged: list[_PagePlan] = []
    results: dict[int, PageGold] = {}
    for plan in plans:
        for sub in plan.submissions:
            raw = bytes(blobs.get(sub.id, b""))
            reason = sub.staff_exclusion or check_vector(raw, plan.node_count)
            if reason:
                plan.excluded.append({"submission": sub.id, "user": sub.user_id, "reason": reason})
            else:
                plan.valid.append(sub)
        result = PageGold(
            page_id=plan.page_id,
            corpus=corpus,
            status=PageGold.Status.WAITING,
            dirty=False,
            merged_version=plan.version,
            fingerprint=plan.fingerprint,
            submissions=len(plan.submissions),
            valid_submissions=len(plan.valid),
            labels=b"",
            votes=b"",
            ties=[],
            unresolved_count=0,
            excluded=plan.excluded,
            coders=[],
            gold_counts=[],
            merged_at=now,
            **dict.fromkeys(AGREEMENT_FIELDS),
        )
        result.agreement_items = 0
        results[plan.page_id] = result
        if len(plan.valid) >= corpus.min_submissions:
            merged.append(plan)
    if not merged:
        return results

    page_tokens = []
    for plan in merged:
        page_token_list = list(tokens.get(plan.page_id) or [])
        # Token counts are the segmenter's; a page without them weighs every node 1.
        if len(page_token_list) != plan.node_count:
            page_token_list = [1] * plan.node_count
        page_tokens.append(page_token_list)
    batch = VoteBatch.from_vectors(
        node_counts=[plan.node_count for plan in merged],
        submission_pages=[i for i, plan in enumerate(merged) for _ in plan.valid],
        vectors=[blobs[sub.id] for plan in merged for sub in plan.valid],
        tokens=page_tokens,
    )
    offsets = np.cumsum([0] + [plan.node_count for plan in merged])
    decided_nodes = [
        offsets[i] + node
        for i, plan in enumerate(merged)
        for node, _ in plan.decisions
        if node < plan.node_count
    ]
    decided_labels = [
        label for plan in merged for node, label in plan.decisions if node < plan.node_count
    ]
    out = merge_batch(
        batch,
        tie_label=TIE_LABELS[corpus.tie_policy],
        decided_nodes=np.asarray(decided_nodes, dtype=np.int64),
        decided_labels=np.asarray(decided_labels, dtype=np.uint8),
    )
    coder = 0
    for i, plan in enumerate(merged):
        nodes = out.nodes(i)
        result = results[plan.page_id]
        tie_nodes = np.flatnonzero(out.tie[nodes])
        unresolved = out.unresolved[nodes]
        decided = out.decided[nodes]
        ties = []
        for node in tie_nodes.tolist():
            if unresolved[node]:
                how = PageGold.TieResolution.UNRESOLVED
            elif decided[node]:
                how = PageGold.TieResolution.DECISION
            else:
                how = PageGold.TieResolution.POLICY
            ties.append([node, str(how)])
        result.status = PageGold.Status.UNRESOLVED if unresolved.any() else PageGold.Status.MERGED
        result.labels = out.labels[nodes].tobytes()
        result.votes = vectors.encode_votes(out.counts[nodes])
        result.ties = ties
        result.unresolved_count = int(unresolved.sum())
        result.gold_counts = out.gold_counts[i].tolist()
        coders = []
        for sub in plan.valid:
            coders.append([sub.id, sub.user_id, *out.confusion[coder].ravel().tolist()])
            coder += 1
        result.coders = coders
        for name in AGREEMENT_FIELDS:
            key = "items" if name == "agreement_items" else name
            value = out.agreement[key][i]
            if name == "agreement_items":
                setattr(result, name, int(value))
            else:
                setattr(result, name, None if np.isnan(value) else float(value))
    return results


def _write(
    plans: list[_PagePlan], results: dict[int, PageGold], unchanged: dict[int, int]
) -> set[int]:
    """Store results whose page did not change meanwhile; return the pages written."""
    ids = [plan.page_id for plan in plans] + list(unchanged)
    if not ids:
        return set()
    with transaction.atomic():
        # Locked in page order, so two concurrent merges cannot deadlock each other.
        current = dict(
            PageGold.objects.select_for_update()
            .filter(page_id__in=ids)
            .order_by("page_id")
            .values_list("page_id", "input_version")
        )
        fresh = [
            results[plan.page_id] for plan in plans if current.get(plan.page_id) == plan.version
        ]
        _update_rows(fresh, RESULT_FIELDS)
        still = [page for page, version in unchanged.items() if current.get(page) == version]
        if still:
            PageGold.objects.filter(page_id__in=still).update(
                dirty=False, merged_version=F("input_version")
            )
    return {result.page_id for result in fresh} | set(still)


def _update_rows(rows: list[PageGold], fields: list[str]) -> None:
    """UPDATE each row's fields with one prepared statement, executed for all rows.

    Not QuerySet.bulk_update: it builds a CASE WHEN per field and row, and on 500 rows
    of 26 fields that compiling took 90 % of a merge. The values go through each
    field's own get_db_prep_save, so JSON, bytes and datetimes are stored exactly as
    the ORM would store them, on SQLite and PostgreSQL alike.
    """
    if not rows:
        return
    meta = PageGold._meta
    quote = connection.ops.quote_name
    # Concrete columns of PageGold (get_field's declared type also covers relations).
    columns = [cast("Field[Any, Any]", meta.get_field(name)) for name in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
    key = quote(meta.pk.column)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {key} = %s"
    params = [
        [field.get_db_prep_save(getattr(row, field.attname), connection) for field in columns]
        + [row.pk]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)

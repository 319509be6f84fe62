"""Every submission of a corpus with what the model suggested: one JSON line each.

The raw material of the suggestion bias figures, for researchers who want to compute
their own (schema in docs/exports.md, "Submissions with their suggestions"). Users
appear by internal id only, as in every export. Streamed: constant memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from annotations.models import Submission
from corpora.models import Corpus
from learning.models import SuggestionAssignment

SCHEMA = "kehr-submission/1"
CHUNK = 200


def _suggestions(record: SuggestionAssignment | None, submitted: bytes) -> dict | None:
    if record is None:
        return None
    suggested = bytes(record.suggested)
    provenance = bytes(record.accepted) if record.accepted is not None else None
    fits = len(suggested) == len(submitted)
    return {
        "shown": record.shown,
        "mode": record.mode,
        "model": record.model_name,
        "threshold": record.threshold,
        # What the model suggested, or would have (shown false: the comparison group).
        "suggested": list(suggested) if fits else None,
        # Per node: 0 the annotator's own tag, 1 a suggestion accepted, 2 a prefilled tag
        # left as it was; null when the add-on sent no report.
        "provenance": list(provenance) if provenance is not None else None,
        # Nodes whose submitted tag is the (shown or unshown) suggestion.
        "kept": sum(a == b != 0 for a, b in zip(suggested, submitted, strict=False))
        if fits else None,
        "suggested_nodes": sum(1 for code in suggested if code) if fits else None,
        "drawn_at": record.created_at.isoformat(),
    }  # fmt: skip


def submission_lines(corpus: Corpus) -> Iterator[bytes]:
    submissions = (
        Submission.objects.filter(page__corpus=corpus)
        .select_related("page")
        .only("id", "page__id", "page__url", "page__node_count", "user_id", "labels",
              "revision", "started_at", "submitted_at", "client_version")
        .order_by("page_id", "user_id")
    )  # fmt: skip
    batch: list[Submission] = []

    def flush() -> Iterator[bytes]:
        pairs = [(s.page_id, s.user_id) for s in batch]
        records = {
            (r.page_id, r.user_id): r
            for r in SuggestionAssignment.objects.filter(
                page_id__in={p for p, _ in pairs}, user_id__in={u for _, u in pairs}
            )
        }
        for submission in batch:
            labels = bytes(submission.labels)
            line = {
                "schema": SCHEMA,
                "submission": submission.pk,
                "page": submission.page_id,
                "url": submission.page.url,
                "user": submission.user_id,
                "revision": submission.revision,
                "labels": list(labels),
                "started_at": submission.started_at.isoformat() if submission.started_at else None,
                "submitted_at": submission.submitted_at.isoformat(),
                "duration_seconds": submission.duration_seconds,
                "client_version": submission.client_version,
                "suggestions": _suggestions(records.get((submission.page_id, submission.user_id)),
                                            labels),
            }  # fmt: skip
            yield (json.dumps(line, separators=(",", ":")) + "\n").encode()

    for submission in submissions.iterator(chunk_size=CHUNK):
        batch.append(submission)
        if len(batch) >= CHUNK:
            yield from flush()
            batch = []
    if batch:
        yield from flush()

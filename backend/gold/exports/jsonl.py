"""JSONL: one JSON object per merged page and line (schema in docs/exports.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence

from corpora.models import Corpus
from gold.exports.page import GoldPage, IncludedVector

SCHEMA = "kehr-gold-page/1"


def record(page: GoldPage) -> dict:
    fields = {
        "schema": SCHEMA,
        "page": page.id,
        "url": page.url,
        "final_url": page.final_url,
        "title": page.title,
        "status": page.status,
        "submissions": page.submissions,
        "merged_at": page.merged_at,
        "texts": page.texts,
        "tokens": page.tokens,
        "labels": page.labels.tolist(),
        "vote_shares": page.vote_shares(),
        "voters": page.voters.tolist(),
        "votes": page.votes.tolist(),
        "ties": [[node, how] for node, how in sorted(page.ties.items())],
        "agreement": page.agreement,
    }
    if page.included:  # only with --include: records of plain exports stay as they were
        fields["included"] = {vector.spec: included(vector) for vector in page.included}
    return fields


def included(vector: IncludedVector) -> dict:
    """An included vector; labels and proba are null unless the page was classified."""
    proba = None
    if vector.proba is not None:
        proba = [[round(float(p), 3) for p in node] for node in vector.proba.tolist()]
    return {
        "status": vector.status,
        "labels": None if vector.labels is None else vector.labels.tolist(),
        "proba": proba,
    }


def write(corpus: Corpus, pages: Iterable[GoldPage], *, include_uncertain: bool = False,
          included: Sequence[str] = ()) -> Iterator[bytes]:  # fmt: skip
    for page in pages:
        line = json.dumps(record(page), ensure_ascii=False, separators=(",", ":"))
        yield (line + "\n").encode("utf-8")

"""CSV: one row per text node of every merged page (columns in docs/exports.md).

Harvested texts and URLs go through kehr.safe_csv: no cell can start a spreadsheet formula.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Sequence

from corpora.models import Corpus
from gold.exports.page import GoldPage, IncludedVector
from gold.exports.source import LABEL_NAMES
from kehr import safe_csv

COLUMNS = [
    "page",
    "url",
    "node",
    "label",
    "label_name",
    "vote_share",
    "voters",
    "votes_bad",
    "votes_uncertain",
    "votes_good",
    "tie",
    "tokens",
    "text",
]


def included_columns(spec: str) -> list[str]:
    """Three columns per included source, after the gold columns (docs/exports.md)."""
    return [spec, f"{spec}_name", f"{spec}_proba"]


def write(corpus: Corpus, pages: Iterable[GoldPage], *, include_uncertain: bool = False,
          included: Sequence[str] = ()) -> Iterator[bytes]:  # fmt: skip
    buffer = io.StringIO()
    writer = safe_csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS + [column for spec in included for column in included_columns(spec)])
    for page in pages:
        shares = page.vote_shares()
        voters = page.voters
        for node, label in enumerate(page.labels.tolist()):
            bad, uncertain, good = page.votes[node].tolist()
            share = shares[node]
            writer.writerow([
                page.id, page.url, node, label, LABEL_NAMES[label],
                "" if share is None else share, int(voters[node]), bad, uncertain, good,
                page.ties.get(node, ""), page.tokens[node], page.texts[node],
                *(cell for vector in page.included for cell in _included_cells(vector, node)),
            ])  # fmt: skip
        yield buffer.getvalue().encode("utf-8")
        buffer.seek(0)
        buffer.truncate()
    remainder = buffer.getvalue()
    if remainder:
        yield remainder.encode("utf-8")


def _included_cells(vector: IncludedVector, node: int) -> list[object]:
    """Label code, its name and its probability; a page without a vector has an empty
    code and its status (``unclassified`` or ``stale``) as the name."""
    if vector.labels is None:
        return ["", vector.status, ""]
    label = int(vector.labels[node])
    proba: float | str = ""
    if vector.proba is not None and 1 <= label <= 3:
        proba = round(float(vector.proba[node, label - 1]), 3)
    return [label, LABEL_NAMES.get(label, str(label)), proba]

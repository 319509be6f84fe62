"""CSV: one row per text node of every merged page (columns in docs/exports.md).

Harvested texts and URLs go through kehr.safe_csv: no cell can start a spreadsheet formula.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator

from corpora.models import Corpus
from gold.exports.source import LABEL_NAMES, GoldPage
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


def write(corpus: Corpus, pages: Iterable[GoldPage], *, include_uncertain: bool = False
          ) -> Iterator[bytes]:  # fmt: skip
    buffer = io.StringIO()
    writer = safe_csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
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
            ])  # fmt: skip
        yield buffer.getvalue().encode("utf-8")
        buffer.seek(0)
        buffer.truncate()
    remainder = buffer.getvalue()
    if remainder:
        yield remainder.encode("utf-8")

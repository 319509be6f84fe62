"""Labels from a dataset's own truth: which numbered nodes hold the main content.

Two kinds of truth, two rules (the package docstring, :mod:`kehr_engine.datasets`,
states them for users):

- :func:`article_labels`: the whole expected article (Readability). The page's node
  tokens and the article's tokens are aligned in order, as
  :func:`kehr_engine.node_mapping.kept_nodes` aligns an extractor's output, so a word of
  the menu that also occurs in the article is not credited.
- :func:`passage_labels`: short passages that the main content must (``with``) or must
  not (``without``) contain (trafilatura's evaluation set). Passages are matched in the
  page's node text with all whitespace removed, so a passage spanning nodes (inline
  markup, or a block boundary that the output writes as a line break) still lands.
  Both sides are also put in Unicode normal form C: a passage typed with a precomposed
  letter (Bengali U+09DF) must find the page's decomposed one (U+09AF U+09BC).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kehr_engine.node_mapping import KEPT_SHARE, aligned_shares

GOOD, BAD, NONE = 3, 1, 0
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class Alignment:
    """How well one page's truth landed on its nodes (the fields of its dataset are set).

    Readability: ``coverage`` = share of the expected article's tokens aligned to some
    node, ``good_share`` = share of nodes labelled good. Trafilatura: ``with_found`` /
    ``without_found`` = share of the ``with`` / ``without`` passages found in the node
    text; ``conflicts`` = nodes holding both kinds (left unlabelled).
    """

    coverage: float | None = None
    good_share: float | None = None
    with_found: float | None = None
    without_found: float | None = None
    conflicts: int | None = None

    def as_dict(self) -> dict[str, float | int | None]:
        return dict(self.__dict__)


def normalise(text: str) -> str:
    """Runs of whitespace become one space, ends stripped (the datasets' normalisation)."""
    return " ".join(text.split())


def article_labels(
    node_texts: Sequence[str], expected_tokens: Sequence[str]
) -> tuple[np.ndarray, Alignment]:
    """Good (3) for nodes with at least KEPT_SHARE of their tokens aligned in order to the
    expected article's tokens, bad (1) for every other node.

    Nodes without tokens cannot occur (the segmenter keeps only nodes with text), but
    would be bad. Coverage is the share of expected tokens that landed on some node.
    """
    n = len(node_texts)
    share, landed = aligned_shares(node_texts, expected_tokens)
    labels = np.where(share >= KEPT_SHARE, GOOD, BAD).astype(np.int8)
    coverage = landed / len(expected_tokens) if expected_tokens else 0.0
    good_share = float((labels == GOOD).mean()) if n else 0.0
    return labels, Alignment(coverage=coverage, good_share=good_share)


def _spans(haystack: str, needle: str) -> list[tuple[int, int]]:
    """Every (start, end) of ``needle`` in ``haystack``, overlapping ones included."""
    spans, start = [], haystack.find(needle)
    while needle and start >= 0:
        spans.append((start, start + len(needle)))
        start = haystack.find(needle, start + 1)
    return spans


def _comparable(text: str) -> str:
    """Text as passages are matched: Unicode NFC, whitespace removed."""
    return _SPACE.sub("", unicodedata.normalize("NFC", text))


def passage_labels(
    node_texts: Sequence[str], with_passages: Sequence[str], without_passages: Sequence[str]
) -> tuple[np.ndarray, Alignment]:
    """Good (3) for nodes that contain a ``with`` passage or lie inside one, bad (1) for
    nodes that contain a ``without`` passage or lie inside one; every other node 0.

    Matching ignores whitespace entirely (node texts are concatenated without it) and
    Unicode composition (NFC on both sides, node by node), so a passage found across
    several consecutive nodes labels each node it overlaps. Every occurrence counts: the
    dataset's metric asks only whether the text is in the output.
    A node hit by both kinds is left at 0 and counted in ``conflicts``.
    """
    # starts[i]: offset of node i's first character in the whitespace-free concatenation.
    starts: list[int] = []
    pieces: list[str] = []
    offset = 0
    for text in node_texts:
        starts.append(offset)
        piece = _comparable(text)
        pieces.append(piece)
        offset += len(piece)
    joined = "".join(pieces)

    def mark(passages: Sequence[str]) -> tuple[np.ndarray, int]:
        hit = np.zeros(len(node_texts), dtype=bool)
        found = 0
        for passage in passages:
            spans = _spans(joined, _comparable(passage))
            found += bool(spans)
            for begin, end in spans:
                first = bisect.bisect_right(starts, begin) - 1
                last = bisect.bisect_right(starts, end - 1) - 1
                # Nodes with no text left (none survive the segmenter) own no characters.
                hit[first : last + 1] = True
        return hit, found

    good, with_found = mark(with_passages)
    bad, without_found = mark(without_passages)
    conflicts = good & bad
    labels = np.full(len(node_texts), NONE, dtype=np.int8)
    labels[good & ~conflicts] = GOOD
    labels[bad & ~conflicts] = BAD
    return labels, Alignment(
        with_found=with_found / len(with_passages) if with_passages else None,
        without_found=without_found / len(without_passages) if without_passages else None,
        conflicts=int(conflicts.sum()),
    )

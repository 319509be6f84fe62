"""From a cross to label vectors: text diff, fragments, decisions, numbered nodes.

The current capture's annotation document is tokenised with lxml's HTML diff machinery
(``lxml.html.diff.tokenize``: words with the tags before and after them), so every word
knows its numbered node from the ``<kehr-t data-i>`` tag it sits in. Each other member
of the cross is tokenised the same way and matched against cur with lxml's
``InsensitiveSequenceMatcher`` (difflib without the tiny equal blocks amid large
changes); unlike ``html_annotate``, which keeps only the first document a word came
from, **every** member a word is matched in is recorded, as one bit. Runs of words with
the same bits are the fragments; each gets the table's decision
(:mod:`kehr_engine.dbce.table`), and each node the decision of most of its words
(content -> good, boilerplate -> bad, invalid or a tie -> no label). That is the
reading before issue 31, kept as ``DbceOptions.thesis_reading()``; by default the unit is
the text block (:mod:`kehr_engine.dbce.blocks`).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

import numpy as np
from lxml.html import diff as html_diff

from kehr_engine.dbce.options import DEFAULT_OPTIONS, DbceOptions
from kehr_engine.dbce.similar import Cross
from kehr_engine.dbce.table import BOILERPLATE, CONTENT, INVALID, Decision, decide
from kehr_engine.site_container import ContainerKey

# lxml's diff tokeniser; its stubs do not declare it (words as str with pre_tags and
# post_tags; images as tag_token).
_tokenize: Any = html_diff.tokenize  # type: ignore[attr-defined]
_TagToken: Any = html_diff.tag_token  # type: ignore[attr-defined]

__all__ = ["NEEDS_UP", "DbceResult", "cur_words", "decision_lookup", "label_words", "word_bits",
           "words_of"]  # fmt: skip

BAD, GOOD = 1, 3  # KrdWrd codes, as in label vectors
DECISIONS: tuple[Decision, ...] = (CONTENT, BOILERPLATE, INVALID)
_NODE_TAG = re.compile(r'<kehr-t data-i="(\d+)"')
NEEDS_UP = (
    "needs at least 2 similar pages: no other page of this site is built like this one "
    "(no capture of another URL with a similar structure), so nothing tells its "
    "template from its text"
)


@dataclass
class DbceResult:
    labels: np.ndarray  # uint8 per node: 0 unlabelled, 1 bad, 3 good
    reason: str = ""  # why the page is unlabelled, if it is
    words: Counter[Decision] = field(default_factory=Counter)  # words per decision
    cross: dict[str, str] = field(default_factory=dict)  # role -> capture key
    # The key of the page's own content container (kehr_engine.site_container; None:
    # none, or a rule without one), which the run's site pass counts.
    container: ContainerKey | None = None

    @property
    def labelled(self) -> bool:
        return not self.reason


def _tokens(html: str) -> list[Any] | None:
    try:
        return [t for t in _tokenize(html, include_hrefs=False) if not isinstance(t, _TagToken)]
    except Exception:  # lxml raises several kinds on markup it cannot parse
        return None


@functools.lru_cache(maxsize=512)
def words_of(html: str) -> tuple[str, ...]:
    """The words of a page as the diff compares them (empty if it does not parse).
    Cached: a page serves in the crosses of many others."""
    return tuple(str(t) for t in _tokens(html) or [])


def cur_words(document: str, node_count: int) -> tuple[list[str], np.ndarray]:
    """The words of an annotation document and each word's node (-1 outside nodes)."""
    words: list[str] = []
    nodes: list[int] = []
    current = -1
    for token in _tokens(document) or []:
        for tag in token.pre_tags:
            found = _NODE_TAG.match(tag)
            if found:
                current = int(found.group(1))
        words.append(str(token))
        nodes.append(current if 0 <= current < node_count else -1)
        if any(tag == "</kehr-t>" for tag in token.post_tags):
            current = -1
    return words, np.array(nodes, dtype=np.int64)


def occurrence(cur: Sequence[str], other: Sequence[str], min_run: int = 3) -> np.ndarray:
    """Which words of cur are matched in other (bool per word of cur).

    difflib's matching blocks with lxml's ``InsensitiveSequenceMatcher`` rule (blocks of
    at most ``min(2, len(cur) // 4)`` words are dropped: a few common words amid large
    changes are no match); lxml's own class is compiled and does not expose its blocks.
    ``min_run`` generalises lxml's 3: shorter runs are dropped (on short pages, runs of
    at most a quarter of the page, as lxml does).
    """
    found = np.zeros(len(cur), dtype=bool)
    if not cur or not other:
        return found
    threshold = min(min_run - 1, len(cur) // 4)
    # difflib's defaults, as lxml's diff uses them: in a long page, words that make up
    # more than 1 % of it cannot start a match (they still extend one), which keeps the
    # matching near-linear on pages full of "the" and "and".
    matcher = SequenceMatcher(None, other, cur)
    for _i, j, size in matcher.get_matching_blocks():
        if size > threshold:
            found[j : j + size] = True
    return found


@functools.cache
def decision_lookup(
    pattern: tuple[bool, bool, bool, bool], one_sided_persistent: Decision = INVALID
) -> np.ndarray:
    """The table for one cross pattern as a read-only array (built once per pattern, not
    per page): occurrence bits as a number 0..15 (up is 8, next 1) -> index into
    DECISIONS (-1: bits of a missing member)."""
    lookup = np.full(16, -1, dtype=np.int64)
    for code in range(16):
        row = tuple(bool(code & bit) for bit in (8, 4, 2, 1))
        if all(present or not seen for present, seen in zip(pattern, row, strict=True)):
            lookup[code] = DECISIONS.index(decide(pattern, row, one_sided_persistent))  # type: ignore[arg-type]
    lookup.flags.writeable = False
    return lookup


def word_bits(
    cross: Cross, words: Sequence[str], others: Mapping[str, str], min_run: int = 3
) -> np.ndarray:
    """Per word of cur, in which members (up, down, prev, next) it is matched."""
    bits = np.zeros((len(words), 4), dtype=bool)
    for column, role in enumerate(Cross.ROLES):
        if cross.pattern[column]:
            bits[:, column] = occurrence(words, words_of(others[role]), min_run)
    return bits


def label_words(
    cross: Cross,
    document: str,
    node_count: int,
    others: Mapping[str, str],
    options: DbceOptions = DEFAULT_OPTIONS,
) -> DbceResult:
    """The node unit (the reading before issue 31): each run of words decided by the
    table, each node the decision of most of its words. The cross must have up
    (:func:`kehr_engine.dbce.cross_labels.label_cross` checks)."""
    empty = np.zeros(node_count, dtype=np.uint8)
    keys = {role: capture.key for role, capture in cross.others()}
    words, nodes = cur_words(document, node_count)
    bits = word_bits(cross, words, others, options.min_run)
    # Each word's bits as a number 0..15 (up is 8), its decision by table lookup, and
    # per node the count of words per decision: one pass of numpy, no Python per word.
    codes = bits @ np.array([8, 4, 2, 1])
    decided = decision_lookup(cross.pattern, options.one_sided_persistent)[codes]
    inside = nodes >= 0
    votes = np.zeros((node_count, len(DECISIONS)), dtype=np.int64)
    np.add.at(votes, (nodes[inside], decided[inside]), 1)
    top = votes.argmax(axis=1)
    best = votes.max(axis=1)
    tied = (votes == best[:, None]).sum(axis=1) > 1  # a tie between decisions: no label
    labels = empty.copy()
    labels[(top == DECISIONS.index(CONTENT)) & ~tied & (best > 0)] = GOOD
    labels[(top == DECISIONS.index(BOILERPLATE)) & ~tied & (best > 0)] = BAD
    counted = np.bincount(decided, minlength=len(DECISIONS))
    decisions = Counter({d: int(n) for d, n in zip(DECISIONS, counted, strict=True) if n})
    return DbceResult(labels, words=decisions, cross=keys)

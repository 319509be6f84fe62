"""The evaluation metrics: one protocol for every source of node labels.

Node-level figures (accuracy, per-class P/R/F1, the 3x3 confusion matrix) count nodes
whose gold label is bad, uncertain or good; unlabelled gold nodes (code 0, a handful
of unsettled 2008 ties) are left out. Token-level figures judge the *good text* the
way people use an extractor's output: per page, the bag (multiset) of whitespace
tokens of the nodes predicted good against the bag of the gold-good nodes; overlap is
the multiset intersection. Micro sums the bags over all pages; macro is the mean of
the per-page figures. A page with no good text in gold and none predicted scores 1
(nothing to find, nothing wrongly kept); otherwise an empty side scores 0, as
scikit-learn's ``zero_division=0``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np

# The KrdWrd codes; 0 is "no label".
CLASSES = (1, 2, 3)
CLASS_NAMES = {1: "bad", 2: "uncertain", 3: "good"}
GOOD = 3


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


def prf(overlap: float, predicted: float, gold: float) -> PRF:
    """Precision, recall and F1 from counts (see the module docstring for empty sides)."""
    if predicted == 0 and gold == 0:
        return PRF(1.0, 1.0, 1.0)
    precision = overlap / predicted if predicted else 0.0
    recall = overlap / gold if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PRF(precision, recall, f1)


def _labelled(gold: np.ndarray, predicted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    gold, predicted = np.asarray(gold), np.asarray(predicted)
    if gold.shape != predicted.shape:
        raise ValueError(
            f"gold has {gold.size} labels, the prediction {predicted.size}: one per node each."
        )
    keep = gold != 0
    return gold[keep], predicted[keep]


def node_accuracy(gold: np.ndarray, predicted: np.ndarray) -> float:
    """Share of labelled nodes whose predicted class equals the gold one."""
    gold, predicted = _labelled(gold, predicted)
    return float((gold == predicted).mean()) if gold.size else 1.0


def confusion(gold: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    """3x3 counts: row = gold bad/uncertain/good, column = predicted bad/uncertain/good."""
    gold, predicted = _labelled(gold, predicted)
    matrix = np.zeros((3, 3), dtype=np.int64)
    for row, g in enumerate(CLASSES):
        for column, p in enumerate(CLASSES):
            matrix[row, column] = int(np.sum((gold == g) & (predicted == p)))
    return matrix


def per_class(gold: np.ndarray, predicted: np.ndarray) -> dict[str, PRF]:
    """Node-level precision, recall and F1 of each class (one against the rest)."""
    matrix = confusion(gold, predicted)
    return {
        CLASS_NAMES[c]: prf(matrix[i, i], matrix[:, i].sum(), matrix[i, :].sum())
        for i, c in enumerate(CLASSES)
    }


def token_bag(texts: Sequence[str], keep: np.ndarray) -> Counter[str]:
    """The whitespace tokens of the kept nodes, as a multiset."""
    bag: Counter[str] = Counter()
    for text, kept in zip(texts, keep, strict=True):
        if kept:
            bag.update(text.split())
    return bag


@dataclass(frozen=True)
class PageTokens:
    """Token counts of one page's good text: overlap, predicted, gold."""

    overlap: int
    predicted: int
    gold: int

    @property
    def scores(self) -> PRF:
        return prf(self.overlap, self.predicted, self.gold)


def page_tokens(
    texts: Sequence[str], gold_good: np.ndarray, predicted_good: np.ndarray
) -> PageTokens:
    """Compare the bags of good-text tokens of one page."""
    if not (len(texts) == len(gold_good) == len(predicted_good)):
        raise ValueError(
            f"{len(texts)} node texts, {len(gold_good)} gold and {len(predicted_good)} "
            "predicted labels: one per node each."
        )
    gold = token_bag(texts, gold_good)
    predicted = token_bag(texts, predicted_good)
    overlap = sum((gold & predicted).values())
    return PageTokens(overlap, sum(predicted.values()), sum(gold.values()))


class PageTokenIndex:
    """One page's tokens, counted once, for scoring many predictions of the same page
    (the precision-recall curve scores every page at 50 thresholds): the same figures
    as :func:`page_tokens`, with array sums in place of multiset intersections."""

    def __init__(self, texts: Sequence[str], gold_good: np.ndarray) -> None:
        if len(texts) != len(gold_good):
            raise ValueError(f"{len(texts)} node texts, {len(gold_good)} gold labels.")
        self.node_count = len(texts)
        split = [text.split() for text in texts]
        self.node_of_token = np.repeat(np.arange(len(texts)), [len(s) for s in split])
        vocabulary: dict[str, int] = {}
        ids = [vocabulary.setdefault(token, len(vocabulary)) for s in split for token in s]
        self.token_ids = np.asarray(ids, dtype=np.int64)
        self.size = len(vocabulary)
        self.gold_counts = self._counts(np.asarray(gold_good, dtype=bool))

    def _counts(self, keep: np.ndarray) -> np.ndarray:
        kept = self.token_ids[keep[self.node_of_token]]
        return np.bincount(kept, minlength=self.size)

    def with_gold(self, gold_good: np.ndarray) -> PageTokenIndex:
        """The same page's tokens (not counted again) scored against another gold, e.g.
        each annotator's target in kehr_engine.annotator_reference."""
        if len(gold_good) != self.node_count:
            raise ValueError(f"{self.node_count} node texts, {len(gold_good)} gold labels.")
        other = copy.copy(self)
        other.gold_counts = self._counts(np.asarray(gold_good, dtype=bool))
        return other

    def tokens(self, predicted_good: np.ndarray) -> PageTokens:
        if len(predicted_good) != self.node_count:
            raise ValueError(
                f"{len(predicted_good)} predicted labels for {self.node_count} nodes: one each."
            )
        predicted_good = np.asarray(predicted_good, dtype=bool)
        predicted = self._counts(predicted_good)
        overlap = int(np.minimum(predicted, self.gold_counts).sum())
        return PageTokens(overlap, int(predicted.sum()), int(self.gold_counts.sum()))


@dataclass(frozen=True)
class TokenScores:
    micro: PRF
    macro: PRF  # mean of the per-page precision, recall and F1
    pages: list[PRF]


def token_scores(pages: Sequence[PageTokens]) -> TokenScores:
    """Micro (pooled bags) and macro (mean over pages) token P/R/F1 of good text."""
    if not pages:
        raise ValueError("no pages to score.")
    per_page = [page.scores for page in pages]
    micro = prf(
        sum(p.overlap for p in pages), sum(p.predicted for p in pages), sum(p.gold for p in pages)
    )
    macro = PRF(
        float(np.mean([s.precision for s in per_page])),
        float(np.mean([s.recall for s in per_page])),
        float(np.mean([s.f1 for s in per_page])),
    )
    return TokenScores(micro=micro, macro=macro, pages=per_page)

"""How well the annotators themselves agree with the gold: the reference a model's
figures are read against.

A merged gold standard is the annotators' majority, so scoring one annotator against it
flatters them (their own vote is in it). Here each annotator is scored against the
majority of the page's *other* annotators, with the same token P/R/F1 of good text as
every other source (:mod:`kehr_engine.metrics`), and the model is scored against those
same majorities: the two rows then answer "does the model agree with the annotators as
well as one of them does?" on equal terms.

The others' majority calls a node good only when more of them said good than said bad
and than said uncertain (a tie involving good is not good); an annotator's missing tag
(``0``, a node their browser did not have) counts as not good for them and as no vote
for the others. Pages with fewer than two annotators have no "others" and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kehr_engine.metrics import GOOD, PRF, PageTokenIndex, PageTokens, prf


@dataclass(frozen=True)
class ReferenceRow:
    """Macro = mean over pages of the per-page mean over annotators; micro = the token
    bags pooled over every (page, annotator) pair."""

    macro: PRF
    micro_f1: float

    def as_dict(self) -> dict[str, object]:
        return {"macro": self.macro.as_dict(), "micro_f1": self.micro_f1}


@dataclass(frozen=True)
class AnnotatorReference:
    annotators: ReferenceRow  # each annotator against the others' majority
    model: ReferenceRow | None  # the model against the same majorities
    pages: int
    pairs: int  # (page, annotator) pairs scored

    def as_dict(self) -> dict[str, object]:
        return {
            "pages": self.pages,
            "pairs": self.pairs,
            "annotators": self.annotators.as_dict(),
            "model": self.model.as_dict() if self.model else None,
        }


def others_majority_good(votes: np.ndarray, annotator: int) -> np.ndarray:
    """Per node: do the annotators other than column ``annotator`` of ``votes`` (nodes x
    annotators, KrdWrd codes, 0 = no tag) call it good by a strict majority?"""
    others = np.delete(votes, annotator, axis=1)
    good = (others == GOOD).sum(axis=1)
    rest = np.maximum((others == 1).sum(axis=1), (others == 2).sum(axis=1))
    return good > rest


def _row(per_page: list[list[PageTokens]]) -> ReferenceRow:
    page_means = []
    for pairs in per_page:
        scores = [pair.scores for pair in pairs]
        page_means.append(
            [np.mean([getattr(s, name) for s in scores]) for name in ("precision", "recall", "f1")]
        )
    macro = PRF(*(float(v) for v in np.mean(page_means, axis=0)))
    pooled = [pair for pairs in per_page for pair in pairs]
    micro = prf(
        sum(p.overlap for p in pooled),
        sum(p.predicted for p in pooled),
        sum(p.gold for p in pooled),
    )
    return ReferenceRow(macro=macro, micro_f1=micro.f1)


def annotator_reference(
    texts: Sequence[Sequence[str]],
    votes: Sequence[np.ndarray | None],
    predicted_good: Sequence[np.ndarray] | None = None,
) -> AnnotatorReference | None:
    """Score each page's annotators (and the model's good nodes, if given) against the
    majority of the page's other annotators. ``votes[i]`` is page i's nodes x annotators
    matrix, or None where the page has no per-annotator tags. None when no page has two
    annotators."""
    if predicted_good is not None and len(predicted_good) != len(texts):
        raise ValueError(f"{len(predicted_good)} predictions for {len(texts)} pages.")
    if len(votes) != len(texts):
        raise ValueError(f"{len(votes)} vote matrices for {len(texts)} pages.")
    humans: list[list[PageTokens]] = []
    models: list[list[PageTokens]] = []
    for i, (page_texts, matrix) in enumerate(zip(texts, votes, strict=True)):
        if matrix is None:
            continue
        matrix = np.asarray(matrix)
        if matrix.ndim != 2 or matrix.shape[0] != len(page_texts):
            raise ValueError(
                f"page {i}: the vote matrix has shape {matrix.shape}, expected "
                f"({len(page_texts)}, annotators)."
            )
        present = [j for j in range(matrix.shape[1]) if (matrix[:, j] != 0).any()]
        if len(present) < 2:
            continue
        matrix = matrix[:, present]
        page_humans, page_models = [], []
        # The page's tokens are counted once; each annotator brings their own target.
        page_index = PageTokenIndex(page_texts, np.zeros(len(page_texts), dtype=bool))
        for j in range(matrix.shape[1]):
            index = page_index.with_gold(others_majority_good(matrix, j))
            page_humans.append(index.tokens(matrix[:, j] == GOOD))
            if predicted_good is not None:
                page_models.append(index.tokens(predicted_good[i]))
        humans.append(page_humans)
        models.append(page_models)
    if not humans:
        return None
    return AnnotatorReference(
        annotators=_row(humans),
        model=_row(models) if predicted_good is not None else None,
        pages=len(humans),
        pairs=sum(len(pairs) for pairs in humans),
    )

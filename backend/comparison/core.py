"""Comparing label vectors node by node. Pure: NumPy only, no Django, no database.

Two kinds of comparison:

**Against a reference** (:func:`compare`, the tutorial): vector A is a learner's,
vector R the reference. Every node gets a *result code*:

====  ==========  ======================================================
code  name        meaning
====  ==========  ======================================================
 0    CORRECT     the learner's tag equals the reference tag
 1    WRONG       the learner tagged the node, with another tag
 2    MISSED      the learner left the node untagged (0), the reference tags it
-1    UNSCORED    the reference leaves the node untagged: not scored, whatever A says
====  ==========  ======================================================

A reference with an untagged node says "no judgement here" (an imported 2008 page
whose node a script created, a staff reference that skipped a node), so the learner
can be neither right nor wrong about it. ``score_nodes`` is the share of scored nodes
that are correct; ``score_tokens`` weighs every node by its token count (the page's
``node_tokens``), so a missed one-word menu entry costs less than a missed paragraph.
Both are None when nothing is scored.

**Side by side** (:func:`diff`, two annotators or an annotator and the gold
standard): neither vector is right. Every node gets an *outcome*: SAME (both tag it
alike), DIFFERENT (both tag it, differently), ONLY_A / ONLY_B (one side left it
untagged) or NEITHER. ``agreement_nodes`` / ``agreement_tokens`` are the share of
nodes tagged on both sides that agree (None when there is none).

The ``*_many`` variants score many vectors of one page against one reference in one
NumPy call (staff score tables over every learner).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

# Label codes (annotations.labels.Label), repeated so this module needs no Django.
UNTAGGED, BAD, UNCERTAIN, GOOD = 0, 1, 2, 3
LABEL_NAMES = {UNTAGGED: "untagged", BAD: "bad", UNCERTAIN: "uncertain", GOOD: "good"}
MAX_CODE = GOOD

# Result codes of a comparison against a reference.
UNSCORED = -1
CORRECT = 0
WRONG = 1
MISSED = 2
RESULT_NAMES = {UNSCORED: "unscored", CORRECT: "correct", WRONG: "wrong", MISSED: "missed"}

# Outcomes of a side-by-side diff.
SAME = 0
DIFFERENT = 1
ONLY_A = 2
ONLY_B = 3
NEITHER = 4
OUTCOME_NAMES = {
    SAME: "same",
    DIFFERENT: "different",
    ONLY_A: "only_a",
    ONLY_B: "only_b",
    NEITHER: "neither",
}

VectorLike = Sequence[int] | bytes | memoryview | npt.NDArray


class ComparisonError(ValueError):
    """Vectors that cannot be compared; the message says which and why."""


def as_vector(value: VectorLike, name: str = "vector") -> npt.NDArray[np.uint8]:
    """A label vector as a 1-D uint8 array (bytes are read as stored: one byte a node)."""
    if isinstance(value, bytes | bytearray | memoryview):
        array = np.frombuffer(bytes(value), dtype=np.uint8)
    else:
        array = np.asarray(value)
        if array.ndim != 1:
            raise ComparisonError(f"The {name} must be one-dimensional, got shape {array.shape}.")
        if array.size and (array.min() < 0 or array.max() > MAX_CODE):
            raise ComparisonError(
                f"The {name} holds codes outside 0..{MAX_CODE}: {sorted(set(array.tolist()))}."
            )
        array = array.astype(np.uint8)
    if array.size and array.max() > MAX_CODE:
        raise ComparisonError(f"The {name} holds codes outside 0..{MAX_CODE}.")
    return array


def _weights(tokens: Sequence[int] | npt.NDArray | None, nodes: int) -> npt.NDArray[np.int64]:
    if tokens is None:
        return np.ones(nodes, dtype=np.int64)
    weights = np.asarray(tokens, dtype=np.int64)
    if weights.shape != (nodes,):
        raise ComparisonError(f"Expected one token count per node ({nodes}), got {weights.size}.")
    if weights.size and weights.min() < 0:
        raise ComparisonError("Token counts cannot be negative.")
    return weights


def _same_length(a: npt.NDArray, b: npt.NDArray, names: tuple[str, str]) -> None:
    if a.shape[-1] != b.shape[-1]:
        raise ComparisonError(
            f"The {names[0]} has {a.shape[-1]} nodes, the {names[1]} {b.shape[-1]}: "
            "they belong to different pages (or different segmentations of one page)."
        )


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


# --------------------------------------------------------------------------- reference


@dataclass(frozen=True)
class Comparison:
    """One vector scored against a reference (see the module docstring)."""

    results: npt.NDArray[np.int8]
    scored: int
    correct: int
    wrong: int
    missed: int
    tokens_scored: int
    tokens_correct: int

    @property
    def nodes(self) -> int:
        return int(self.results.size)

    @property
    def unscored(self) -> int:
        return self.nodes - self.scored

    @property
    def score_nodes(self) -> float | None:
        """Share of scored nodes tagged as the reference tags them."""
        return _share(self.correct, self.scored)

    @property
    def score_tokens(self) -> float | None:
        """Like score_nodes, each node weighted by its token count."""
        return _share(self.tokens_correct, self.tokens_scored)

    def result_list(self) -> list[int]:
        return self.results.tolist()

    def counts(self) -> dict[str, int]:
        return {
            "scored": self.scored,
            "correct": self.correct,
            "wrong": self.wrong,
            "missed": self.missed,
            "unscored": self.unscored,
        }


def result_codes(labels: npt.NDArray, reference: npt.NDArray) -> npt.NDArray[np.int8]:
    """Per-node result codes; works on one vector or a (vectors, nodes) matrix."""
    results = np.full(np.broadcast_shapes(labels.shape, reference.shape), WRONG, dtype=np.int8)
    results[labels == reference] = CORRECT
    results[labels == UNTAGGED] = MISSED
    results[np.broadcast_to(reference == UNTAGGED, results.shape)] = UNSCORED
    return results


def compare(
    labels: VectorLike, reference: VectorLike, tokens: Sequence[int] | None = None
) -> Comparison:
    """Score ``labels`` against ``reference``; ``tokens`` weighs nodes (None: 1 each)."""
    a = as_vector(labels, "label vector")
    ref = as_vector(reference, "reference")
    _same_length(a, ref, ("label vector", "reference"))
    weights = _weights(tokens, ref.size)
    results = result_codes(a, ref)
    scored = results != UNSCORED
    correct = results == CORRECT
    return Comparison(
        results=results,
        scored=int(scored.sum()),
        correct=int(correct.sum()),
        wrong=int((results == WRONG).sum()),
        missed=int((results == MISSED).sum()),
        tokens_scored=int(weights[scored].sum()),
        tokens_correct=int(weights[correct].sum()),
    )


@dataclass(frozen=True)
class Scores:
    """Many vectors of one page scored against one reference: one entry per vector."""

    scored: int
    tokens_scored: int
    correct: npt.NDArray[np.int64]
    tokens_correct: npt.NDArray[np.int64]

    @property
    def score_nodes(self) -> npt.NDArray[np.float64] | None:
        return self.correct / self.scored if self.scored else None

    @property
    def score_tokens(self) -> npt.NDArray[np.float64] | None:
        return self.tokens_correct / self.tokens_scored if self.tokens_scored else None


def compare_many(
    vectors: Sequence[VectorLike], reference: VectorLike, tokens: Sequence[int] | None = None
) -> Scores:
    """Score every vector against the reference in one NumPy call."""
    ref = as_vector(reference, "reference")
    weights = _weights(tokens, ref.size)
    matrix = np.zeros((len(vectors), ref.size), dtype=np.uint8)
    for row, vector in enumerate(vectors):
        array = as_vector(vector, f"label vector {row}")
        _same_length(array, ref, (f"label vector {row}", "reference"))
        matrix[row] = array
    correct = result_codes(matrix, ref) == CORRECT
    scored = ref != UNTAGGED
    return Scores(
        scored=int(scored.sum()),
        tokens_scored=int(weights[scored].sum()),
        correct=correct.sum(axis=1).astype(np.int64),
        tokens_correct=(correct * weights).sum(axis=1).astype(np.int64),
    )


# --------------------------------------------------------------------------- side by side


@dataclass(frozen=True)
class PairDiff:
    """Two vectors of one page side by side (see the module docstring)."""

    outcomes: npt.NDArray[np.int8]
    a: npt.NDArray[np.uint8]
    b: npt.NDArray[np.uint8]
    same: int
    different: int
    only_a: int
    only_b: int
    neither: int
    tokens_both: int
    tokens_same: int

    @property
    def nodes(self) -> int:
        return int(self.outcomes.size)

    @property
    def both_tagged(self) -> int:
        return self.same + self.different

    @property
    def agreement_nodes(self) -> float | None:
        """Share of the nodes tagged on both sides whose tags agree."""
        return _share(self.same, self.both_tagged)

    @property
    def agreement_tokens(self) -> float | None:
        return _share(self.tokens_same, self.tokens_both)

    def counts(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in OUTCOME_NAMES.values()}


def diff(a: VectorLike, b: VectorLike, tokens: Sequence[int] | None = None) -> PairDiff:
    """Set two vectors of one page side by side; ``tokens`` weighs the agreement shares."""
    va = as_vector(a, "vector A")
    vb = as_vector(b, "vector B")
    _same_length(va, vb, ("vector A", "vector B"))
    weights = _weights(tokens, va.size)
    tagged_a = va != UNTAGGED
    tagged_b = vb != UNTAGGED
    outcomes = np.full(va.shape, NEITHER, dtype=np.int8)
    both = tagged_a & tagged_b
    same = both & (va == vb)
    outcomes[both] = DIFFERENT
    outcomes[same] = SAME
    outcomes[tagged_a & ~tagged_b] = ONLY_A
    outcomes[~tagged_a & tagged_b] = ONLY_B
    counts = np.bincount(outcomes, minlength=len(OUTCOME_NAMES))
    return PairDiff(
        outcomes=outcomes,
        a=va,
        b=vb,
        same=int(counts[SAME]),
        different=int(counts[DIFFERENT]),
        only_a=int(counts[ONLY_A]),
        only_b=int(counts[ONLY_B]),
        neither=int(counts[NEITHER]),
        tokens_both=int(weights[both].sum()),
        tokens_same=int(weights[same].sum()),
    )

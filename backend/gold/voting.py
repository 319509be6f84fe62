"""Majority vote over many pages at once — the vectorised core of the merge.

Pure NumPy, no Django: gold.merge feeds it the valid submissions of a chunk of pages
read from the database, bench/merge.py feeds it synthetic arrays of the same shape.
One call handles hundreds of pages without a Python loop over pages or nodes.

Layout of a batch: pages ``0 .. P-1`` with ``node_counts[p]`` nodes each; their nodes
concatenated give the *global* node index ``0 .. N-1`` (page p's nodes start at
``node_offsets[p]``). Submissions are listed page by page (``submission_pages`` is
non-decreasing) and their vectors concatenated in the same order into ``labels``.

The vote: per node, every submission that tagged it (code 1-3; 0 untagged is no vote)
votes once; the tag with the most votes wins the node outright. When two or three tags
share the top count the node is a *tie*: it gets the corpus' tie label (0 for
"unresolved", 2 uncertain, 1 bad) unless a staff decision exists for that node, which
then decides it. Decisions for nodes that are not (or no longer) tied are not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gold import agreement

#: Label a tie gets under each corpus tie policy (corpora.models.Corpus.TiePolicy).
TIE_LABELS = {"unresolved": 0, "uncertain": 2, "bad": 1}
#: Codes of a label vector: 0 untagged, 1 bad, 2 uncertain, 3 good.
N_CODES = 4
#: Pages per merge_batch call in the workers (gold.merge): big enough that NumPy, not
#: Python, does the work; small enough that a chunk's submissions (500 x 8 x 300
#: bytes) and the transaction that writes its results stay small.
CHUNK_PAGES = 500

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class VoteBatch:
    """The valid submissions of several pages, as flat arrays (see the module docstring)."""

    node_counts: IntArray
    submission_pages: IntArray
    labels: npt.NDArray[np.uint8]
    tokens: npt.NDArray[np.float64] | None = None

    @classmethod
    def from_vectors(
        cls,
        node_counts: Sequence[int],
        submission_pages: Sequence[int],
        vectors: Sequence[bytes | memoryview],
        tokens: Sequence[Sequence[int]] | None = None,
    ) -> VoteBatch:
        """Build a batch from stored vectors (one per submission) and per-page token lists."""
        labels = np.frombuffer(b"".join(bytes(v) for v in vectors), dtype=np.uint8)
        flat_tokens = None
        if tokens is not None:
            flat_tokens = np.fromiter(
                (t for page in tokens for t in page), dtype=np.float64, count=sum(node_counts)
            )
        return cls(
            node_counts=np.asarray(node_counts, dtype=np.int64),
            submission_pages=np.asarray(submission_pages, dtype=np.int64),
            labels=labels,
            tokens=flat_tokens,
        )


@dataclass(frozen=True)
class BatchResult:
    """Merged vectors, votes and agreement of every page of a batch."""

    node_offsets: IntArray  # (P + 1,): page p is nodes node_offsets[p]:node_offsets[p + 1]
    counts: npt.NDArray[np.int32]  # (N, 3): votes for bad, uncertain, good
    labels: npt.NDArray[np.uint8]  # (N,): merged label, 0 = no gold label
    tie: npt.NDArray[np.bool_]  # (N,): top votes tied
    decided: npt.NDArray[np.bool_]  # (N,): tie decided by a staff decision
    unresolved: npt.NDArray[np.bool_]  # (N,): tie left without a label
    # (S, 4, 4): per submission, nodes with its code i (0-3) and merged label j (0-3).
    # Everything tag bias needs (gold.quality) in 16 numbers a submission.
    confusion: IntArray
    gold_counts: IntArray  # (P, 4): per page, nodes with merged label 0, 1, 2, 3
    agreement: dict[str, np.ndarray]  # gold.agreement.batch_agreement, arrays of length P

    def nodes(self, page: int) -> slice:
        return slice(int(self.node_offsets[page]), int(self.node_offsets[page + 1]))


def merge_batch(
    batch: VoteBatch,
    *,
    tie_label: int = 0,
    decided_nodes: npt.ArrayLike | None = None,
    decided_labels: npt.ArrayLike | None = None,
) -> BatchResult:
    """Majority vote, ties, per-submission tag counts and agreement for every page.

    ``decided_nodes`` are global node indices with staff decisions ``decided_labels``
    (1-3). The result depends only on the inputs: the same batch always gives the same
    arrays, whatever order the pages' rows came from the database in.
    """
    if tie_label not in (0, 1, 2, 3):
        raise ValueError(f"tie_label must be 0 (unresolved) or a tag 1-3, got {tie_label}.")
    node_counts = np.asarray(batch.node_counts, dtype=np.int64)
    submission_pages = np.asarray(batch.submission_pages, dtype=np.int64)
    votes = np.asarray(batch.labels, dtype=np.uint8)
    n_pages = node_counts.shape[0]
    n_subs = submission_pages.shape[0]
    if n_subs and (np.any(np.diff(submission_pages) < 0) or submission_pages[-1] >= n_pages):
        raise ValueError("submission_pages must be non-decreasing page indices below P.")

    node_offsets = np.zeros(n_pages + 1, dtype=np.int64)
    np.cumsum(node_counts, out=node_offsets[1:])
    n_nodes = int(node_offsets[-1])
    sub_lengths = node_counts[submission_pages]
    sub_offsets = np.zeros(n_subs + 1, dtype=np.int64)
    np.cumsum(sub_lengths, out=sub_offsets[1:])
    if votes.shape != (int(sub_offsets[-1]),):
        raise ValueError(
            f"labels has {votes.shape[0]} entries; the submissions' pages have "
            f"{int(sub_offsets[-1])} nodes in all."
        )
    if votes.size and votes.max() >= N_CODES:
        raise ValueError("Label codes must be 0 (untagged) to 3; check submissions first.")

    # Global node index of every vote: its page's first node + its position in the vector.
    node_of_vote = np.repeat(node_offsets[submission_pages] - sub_offsets[:-1], sub_lengths)
    node_of_vote += np.arange(votes.shape[0], dtype=np.int64)
    # One bincount over (node, code) pairs counts every page's votes at once.
    by_code = np.bincount(node_of_vote * N_CODES + votes, minlength=n_nodes * N_CODES)
    counts = by_code.reshape(n_nodes, N_CODES)[:, 1:].astype(np.int32)

    labels, tie, decided, unresolved = _majority(counts, tie_label, decided_nodes, decided_labels)

    coder_of_vote = np.repeat(np.arange(n_subs, dtype=np.int64), sub_lengths)
    cell = (coder_of_vote * N_CODES + votes) * N_CODES + labels[node_of_vote]
    confusion = np.bincount(cell, minlength=n_subs * N_CODES * N_CODES)

    page_of_node = np.repeat(np.arange(n_pages, dtype=np.int64), node_counts)
    gold_counts = np.bincount(page_of_node * N_CODES + labels, minlength=n_pages * N_CODES)
    measures = agreement.batch_agreement(counts, page_of_node, n_pages, batch.tokens)

    return BatchResult(
        node_offsets=node_offsets,
        counts=counts,
        labels=labels,
        tie=tie,
        decided=decided,
        unresolved=unresolved,
        confusion=confusion.reshape(n_subs, N_CODES, N_CODES).astype(np.int64),
        gold_counts=gold_counts.reshape(n_pages, N_CODES).astype(np.int64),
        agreement=measures,
    )


def _majority(
    counts: npt.NDArray[np.int32],
    tie_label: int,
    decided_nodes: npt.ArrayLike | None,
    decided_labels: npt.ArrayLike | None,
) -> tuple[npt.NDArray[np.uint8], BoolArray, BoolArray, BoolArray]:
    n_nodes = counts.shape[0]
    # Column by column: reductions along an axis of length 3 are several times slower
    # in NumPy than element-wise operations on the three columns.
    bad, uncertain, good = counts[:, 0], counts[:, 1], counts[:, 2]
    top = np.maximum(np.maximum(bad, uncertain), good)
    is_bad, is_uncertain, is_good = bad == top, uncertain == top, good == top
    tops = is_bad.view(np.uint8) + is_uncertain.view(np.uint8) + is_good.view(np.uint8)
    voted = top > 0
    tie = voted & (tops > 1)
    labels = np.where(is_bad, 1, np.where(is_uncertain, 2, 3)).astype(np.uint8)
    labels[~voted] = 0
    labels[tie] = tie_label
    decided = np.zeros(n_nodes, dtype=bool)
    if decided_nodes is not None:
        nodes = np.asarray(decided_nodes, dtype=np.int64)
        chosen = np.asarray(decided_labels, dtype=np.uint8)
        if nodes.shape != chosen.shape:
            raise ValueError("decided_nodes and decided_labels must have the same length.")
        if chosen.size and (chosen.min() < 1 or chosen.max() > 3):
            raise ValueError("A decision's label must be 1 (bad), 2 (uncertain) or 3 (good).")
        inside = (nodes >= 0) & (nodes < n_nodes)
        nodes, chosen = nodes[inside], chosen[inside]
        applies = tie[nodes]
        labels[nodes[applies]] = chosen[applies]
        decided[nodes[applies]] = True
    unresolved = tie & ~decided & (tie_label == 0)
    return labels, tie, decided, unresolved

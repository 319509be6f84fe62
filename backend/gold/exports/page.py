"""What an export writes of one page: the merged gold (:class:`GoldPage`) and the vectors
of other sources it carries beside it (:class:`IncludedVector`).

A leaf of gold.exports: the reader (source) and the included sources' registry
(included) both build these records, and every format writes them. It imports neither,
so they need not import each other (before, source imported included for
IncludedVector, behind TYPE_CHECKING, and included imported source for GoldPage: a
cycle the ``apps-acyclic`` contract in pyproject.toml now forbids).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: An included source's status for one page: it has a vector that fits the page's text
#: nodes, it has none, or the one it has was made for an earlier segmentation.
CLASSIFIED, UNCLASSIFIED, STALE = "classified", "unclassified", "stale"


@dataclass(frozen=True)
class IncludedVector:
    """One included source's vector of one exported page."""

    spec: str
    status: str  # CLASSIFIED, UNCLASSIFIED or STALE
    labels: np.ndarray | None = None  # (nodes,) uint8 when classified
    proba: np.ndarray | None = None  # (nodes, 3) when classified and stored


@dataclass(frozen=True)
class GoldPage:
    """One merged page with its node texts, tokens, votes and agreement."""

    id: int
    url: str
    final_url: str
    title: str
    document: str
    status: str
    submissions: int
    texts: list[str]
    tokens: list[int]
    labels: np.ndarray  # (nodes,) uint8
    votes: np.ndarray  # (nodes, 3) bad, uncertain, good
    ties: dict[int, str]  # node -> resolution
    agreement: dict[str, Any]
    merged_at: str
    # Vectors of other sources the export was asked to include (gold.exports.included).
    included: tuple[IncludedVector, ...] = ()

    @property
    def voters(self) -> np.ndarray:
        return self.votes.sum(axis=1)

    def vote_shares(self) -> list[float | None]:
        """Share of the node's voters who chose its merged label; None without a label."""
        shares: list[float | None] = []
        voters = self.voters
        for node, label in enumerate(self.labels.tolist()):
            if label == 0 or voters[node] == 0:
                shares.append(None)
            else:
                shares.append(round(float(self.votes[node, label - 1] / voters[node]), 4))
        return shares

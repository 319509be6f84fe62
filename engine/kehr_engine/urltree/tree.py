"""What a domain's tree must do, whichever way it is stored.

A branch is a *chain*: the 64-bit hashes of the key's prefixes below the domain node
(:meth:`kehr_engine.urltree.keys.UrlKey.chain`). Blocks are distinct 64-bit hashes. Two
stores implement this: :mod:`~kehr_engine.urltree.reference` (plain dictionaries, the
readable statement of the method and the tests' oracle) and
:mod:`~kehr_engine.urltree.compact` (numpy tables, the default: a fraction of the memory).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

import numpy as np

from kehr_engine.urltree.heuristics import Heuristic

Chain = tuple[int, ...]


class DomainTree(Protocol):
    newest: float  # the latest capture time inserted

    def __len__(self) -> int: ...

    def holds(self, chain: Chain) -> bool:
        """Whether a document with this key is in the tree."""
        ...

    def oldest_time(self) -> float: ...

    def add(self, chain: Chain, time: float, hashes: np.ndarray) -> None:
        """Insert a document (``hashes``: its distinct block hashes, uint64)."""
        ...

    def remove_oldest(self) -> None: ...

    def counts(
        self, chain: Chain, hashes: np.ndarray, heuristics: Sequence[Heuristic]
    ) -> list[np.ndarray]:
        """For each heuristic, c(b) of each hash at the node it picks on this branch
        (the document must be in the tree)."""
        ...

    def root_seen(self) -> int: ...

    def judging_seen(self, chain: Chain, heuristic: Heuristic) -> int:
        """n_s of the node the heuristic picks on this branch (for its share rule)."""
        ...

    def documents(self) -> Iterator[tuple[Chain, float, np.ndarray]]:
        """Every document, oldest first: its chain, time and distinct block hashes
        (sorted, so that both stores give the same snapshot)."""
        ...

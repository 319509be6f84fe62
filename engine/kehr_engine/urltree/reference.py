"""The URL Tree as plainly as it can be written: a dictionary of nodes per domain.

Every node on a document's branch counts it (``seen``) and each of its distinct blocks
(``counts``). This store is the statement of the method and the oracle the compact store
is tested against; it spends some ten kilobytes per document on Python objects.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from kehr_engine.urltree.heuristics import Heuristic
from kehr_engine.urltree.tree import Chain


@dataclass
class _Node:
    seen: int = 0
    counts: Counter[int] = field(default_factory=Counter)


@dataclass(frozen=True)
class _Doc:
    time: float
    hashes: tuple[int, ...]


class ReferenceTree:
    def __init__(self) -> None:
        self.nodes: dict[Chain, _Node] = {}  # () is the domain node
        self.docs: OrderedDict[Chain, _Doc] = OrderedDict()  # oldest first
        self.newest = float("-inf")

    def __len__(self) -> int:
        return len(self.docs)

    def holds(self, chain: Chain) -> bool:
        return chain in self.docs

    def oldest_time(self) -> float:
        return next(iter(self.docs.values())).time

    def root_seen(self) -> int:
        return self.nodes[()].seen

    def add(self, chain: Chain, time: float, hashes: np.ndarray) -> None:
        doc = _Doc(time, tuple(int(h) for h in hashes))
        self.docs[chain] = doc
        self.newest = max(self.newest, time)
        for depth in range(len(chain) + 1):
            node = self.nodes.setdefault(chain[:depth], _Node())
            node.seen += 1
            node.counts.update(doc.hashes)

    def remove_oldest(self) -> None:
        chain, doc = self.docs.popitem(last=False)
        for depth in range(len(chain) + 1):
            prefix = chain[:depth]
            node = self.nodes[prefix]
            node.seen -= 1
            node.counts.subtract(doc.hashes)
            for h in doc.hashes:
                if node.counts[h] <= 0:
                    del node.counts[h]
            if node.seen == 0:
                del self.nodes[prefix]

    def _judging(self, chain: Chain, heuristic: Heuristic) -> _Node:
        if not heuristic.at_domain:
            for depth in range(len(chain), -1, -1):
                if self.nodes[chain[:depth]].seen >= heuristic.min_seen:
                    return self.nodes[chain[:depth]]
        return self.nodes[()]

    def judging_seen(self, chain: Chain, heuristic: Heuristic) -> int:
        return self._judging(chain, heuristic).seen

    def counts(
        self, chain: Chain, hashes: np.ndarray, heuristics: Sequence[Heuristic]
    ) -> list[np.ndarray]:
        out = []
        for heuristic in heuristics:
            node = self._judging(chain, heuristic)
            out.append(np.array([node.counts[int(h)] for h in hashes], dtype=np.int64))
        return out

    def documents(self) -> Iterator[tuple[Chain, float, np.ndarray]]:
        for chain, doc in self.docs.items():
            yield chain, doc.time, np.sort(np.array(doc.hashes, dtype=np.uint64))

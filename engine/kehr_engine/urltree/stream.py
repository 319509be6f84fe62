"""The stream: insert each document into its domain's tree, then judge its blocks.

State is an ordered set of documents per domain (the tree's counts are a function of
it), so removal decrements exactly what insertion incremented, and a snapshot need only
hold the documents: restoring replays them in order and rebuilds identical counts.

Each domain keeps at most ``max_docs`` documents (the paper's 10,000); documents older
than ``max_age_s`` (14 days) behind the domain's newest capture are dropped, but the
``keep_newest`` (100) newest always stay. "Oldest" is the earliest inserted.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from kehr_engine.urltree.blocks import block_hash
from kehr_engine.urltree.heuristics import Heuristic, parse_heuristic
from kehr_engine.urltree.keys import QueryRules, UrlKey, url_key

__all__ = ["Outcome", "StreamDocument", "StreamStats", "UrlTreeStream"]

SNAPSHOT_VERSION = 1
MAX_DOCS = 10_000
MAX_AGE_S = 14 * 86_400
KEEP_NEWEST = 100


@dataclass(frozen=True)
class StreamDocument:
    url: str  # the final URL, after redirects
    blocks: Sequence[str]  # the page's numbered text nodes, in node order
    time: float  # capture time, seconds since the epoch
    title: str | None = None  # from a feed, when it supplies one (the _cid_ parameter)


@dataclass(frozen=True)
class Outcome:
    key: UrlKey
    duplicate: bool  # the key was seen before in this domain: skipped, not judged
    boilerplate: dict[str, np.ndarray]  # heuristic name -> one bool per block


@dataclass
class StreamStats:
    documents: int = 0  # inserted
    duplicates: int = 0  # skipped: their key was in the tree already
    evicted: int = 0  # dropped by the age and size limits


@dataclass
class _Node:
    seen: int = 0
    counts: Counter[int] = field(default_factory=Counter)


@dataclass(frozen=True)
class _Doc:
    segments: tuple[str, ...]
    time: float
    hashes: tuple[int, ...]  # distinct block hashes: c(b) counts documents, not repeats


class _Domain:
    def __init__(self) -> None:
        self.nodes: dict[tuple[str, ...], _Node] = {}
        self.docs: OrderedDict[tuple[str, ...], _Doc] = OrderedDict()
        self.newest = float("-inf")

    @property
    def root(self) -> _Node:
        return self.nodes[()]

    def add(self, doc: _Doc) -> None:
        self.docs[doc.segments] = doc
        self.newest = max(self.newest, doc.time)
        for depth in range(len(doc.segments) + 1):
            node = self.nodes.setdefault(doc.segments[:depth], _Node())
            node.seen += 1
            node.counts.update(doc.hashes)

    def remove_oldest(self) -> None:
        _, doc = self.docs.popitem(last=False)
        for depth in range(len(doc.segments) + 1):
            prefix = doc.segments[:depth]
            node = self.nodes[prefix]
            node.seen -= 1
            node.counts.subtract(doc.hashes)
            for h in doc.hashes:
                if node.counts[h] <= 0:
                    del node.counts[h]
            if node.seen == 0:
                del self.nodes[prefix]

    def judge(self, segments: tuple[str, ...], heuristic: Heuristic) -> _Node:
        if not heuristic.at_domain:
            for depth in range(len(segments), -1, -1):
                node = self.nodes[segments[:depth]]
                if node.seen >= heuristic.min_seen:
                    return node
        return self.root


class UrlTreeStream:
    """URL Trees of every domain of a stream; :meth:`process` one document at a time."""

    def __init__(
        self,
        heuristics: Sequence[Heuristic | str] = ("strict",),
        rules: QueryRules | None = None,
        *,
        max_docs: int = MAX_DOCS,
        max_age_s: float = MAX_AGE_S,
        keep_newest: int = KEEP_NEWEST,
    ) -> None:
        self.heuristics = [
            h if isinstance(h, Heuristic) else parse_heuristic(h) for h in heuristics
        ]
        if not self.heuristics:
            raise ValueError("name at least one heuristic.")
        if max_docs < 1 or keep_newest < 0 or max_age_s < 0:
            raise ValueError("max_docs must be at least 1, keep_newest and max_age_s >= 0.")
        self.rules = rules if rules is not None else QueryRules.default()
        self.max_docs, self.max_age_s, self.keep_newest = max_docs, max_age_s, keep_newest
        self.domains: dict[str, _Domain] = {}
        self.stats = StreamStats()

    def process(self, document: StreamDocument) -> Outcome:
        """Insert the document (unless its key is in the tree), then judge its blocks."""
        key = url_key(document.url, self.rules, document.title)
        hashes = [block_hash(text) for text in document.blocks]
        domain = self.domains.setdefault(key.domain, _Domain())
        if key.segments in domain.docs:
            self.stats.duplicates += 1
            return Outcome(key, True, {})
        self._make_room(domain, document.time)
        domain.add(_Doc(key.segments, float(document.time), tuple(dict.fromkeys(hashes))))
        self.stats.documents += 1
        return Outcome(key, False, self._judge(domain, key.segments, hashes))

    def _make_room(self, domain: _Domain, now: float) -> None:
        now = max(now, domain.newest)
        while len(domain.docs) > self.keep_newest:
            oldest = next(iter(domain.docs.values()))
            if oldest.time >= now - self.max_age_s:
                break
            domain.remove_oldest()
            self.stats.evicted += 1
        while len(domain.docs) >= self.max_docs:
            domain.remove_oldest()
            self.stats.evicted += 1

    def _judge(
        self, domain: _Domain, segments: tuple[str, ...], hashes: list[int]
    ) -> dict[str, np.ndarray]:
        out = {}
        for heuristic in self.heuristics:
            node = domain.judge(segments, heuristic)
            c_max = heuristic.c_max(domain.root.seen)
            out[heuristic.name] = np.array([node.counts[h] > c_max for h in hashes], dtype=bool)
        return out

    # ------------------------------------------------------------------ snapshots

    def snapshot(self) -> bytes:
        """The stream's whole state; :meth:`restore` continues it with identical results."""
        state = {
            "version": SNAPSHOT_VERSION,
            "heuristics": [h.name for h in self.heuristics],
            "rules": [[r.pattern.pattern, sorted(r.keep)] for r in self.rules.rules],
            "limits": [self.max_docs, self.max_age_s, self.keep_newest],
            "stats": [self.stats.documents, self.stats.duplicates, self.stats.evicted],
            "domains": {
                name: [_doc_state(d) for d in domain.docs.values()]
                for name, domain in self.domains.items()
            },
        }
        return gzip.compress(json.dumps(state, separators=(",", ":")).encode(), mtime=0)

    @classmethod
    def restore(cls, data: bytes) -> UrlTreeStream:
        try:
            state = json.loads(gzip.decompress(data))
        except (OSError, EOFError, ValueError) as error:
            raise ValueError(f"not a URL Tree snapshot ({error})") from None
        version = state.get("version") if isinstance(state, dict) else None
        if version != SNAPSHOT_VERSION:
            raise ValueError(
                f"a URL Tree snapshot of version {version}; this engine reads version "
                f"{SNAPSHOT_VERSION}."
            )
        rules = QueryRules.parse(
            "\n".join(f"{pattern} {','.join(keep) or '-'}" for pattern, keep in state["rules"])
        )
        max_docs, max_age_s, keep_newest = state["limits"]
        stream = cls(state["heuristics"], rules, max_docs=max_docs, max_age_s=max_age_s,
                     keep_newest=keep_newest)  # fmt: skip
        stream.stats = StreamStats(*state["stats"])
        for name, docs in state["domains"].items():
            domain = stream.domains.setdefault(name, _Domain())
            for segments, time, hashes in docs:
                domain.add(_Doc(tuple(segments), time, tuple(int(h, 16) for h in hashes)))
        return stream


def _doc_state(doc: _Doc) -> list[object]:
    return [list(doc.segments), doc.time, [f"{h:016x}" for h in doc.hashes]]

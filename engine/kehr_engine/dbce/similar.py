"""A page's *cross*: the captures DBCE diffs it against.

- **up** and **down**: the two captures of *other* URLs of the same domain whose
  structure is most similar (MinHash estimate of Jaccard, candidates from an LSH index
  at threshold 0.6, so only pages likely built from the same template are compared;
  among equally similar ones the closest in time);
- **prev** and **next**: the closest earlier and later captures of the *same* URL.

cur and up are required; without up the page is left unlabelled with that reason.

**Fallback members** (issue 31). On documentation sites a page's structure is dominated
by its own content (sections, lists, tables), so at Jaccard 0.6 the index finds a
structural twin for only 4-19 % of the pages (the nearest other page's estimate has a
median of 0.23 on python's and sphinx's docs, 0.30 on the handbook, 0.32 on git's,
0.09 on debian-reference). Pages of one site still share their template's text, which is
what the diff needs; so with ``fallback`` a page with fewer than two indexed twins takes
the structurally most similar pages of its domain whatever their estimate (ranked the
same way), and is labelled wherever its site has another page.

The index is per domain (a template never spans sites). datasketch's ``MinHashLSH``
keeps its buckets in memory by default, or in Redis with a ``storage_config`` (so that
several Celery workers insert into and query one index); the signatures themselves go
into any mutable mapping of key -> hash values (a dict here, a Redis hash in the
platform), because the LSH answers with keys only and the ranking needs the estimates.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from dataclasses import dataclass

import numpy as np
from datasketch import MinHash, MinHashLSH

from kehr_engine.dbce.structure import NUM_PERM

__all__ = ["LSH_THRESHOLD", "Capture", "Cross", "SimilarityIndex", "Timeline"]

#: Jaccard threshold of the LSH index (the thesis' figure).
LSH_THRESHOLD = 0.6


@dataclass(frozen=True)
class Capture:
    key: str  # unique: a WARC record id or a page id
    url: str  # the URL (key) captures of the same page share
    domain: str  # registered domain: the index a capture goes into
    time: float  # capture time, seconds since the epoch


@dataclass(frozen=True)
class Cross:
    cur: Capture
    up: Capture | None = None
    down: Capture | None = None
    prev: Capture | None = None
    next: Capture | None = None

    ROLES = ("up", "down", "prev", "next")

    def others(self) -> list[tuple[str, Capture]]:
        """(role, capture) of every member besides cur, in ROLES order."""
        return [(role, c) for role in self.ROLES if (c := getattr(self, role)) is not None]

    @property
    def pattern(self) -> tuple[bool, bool, bool, bool]:
        """Which of up, down, prev, next exist."""
        return tuple(getattr(self, role) is not None for role in self.ROLES)  # type: ignore[return-value]


class SimilarityIndex:
    """Per-domain LSH over page signatures, and the signatures for ranking candidates."""

    def __init__(
        self,
        *,
        threshold: float = LSH_THRESHOLD,
        num_perm: int = NUM_PERM,
        storage_config: dict | None = None,
        signatures: MutableMapping[str, np.ndarray] | None = None,
    ) -> None:
        self.threshold = threshold
        self.num_perm = num_perm
        self.storage_config = storage_config
        self.signatures: MutableMapping[str, np.ndarray] = (
            signatures if signatures is not None else {}
        )
        self._lsh: dict[str, MinHashLSH] = {}
        # Per domain, for fallback members: (captures it was read for, keys, signature
        # matrix), read once; read again when a capture is added or other captures asked.
        self._matrices: dict[str, tuple[dict[str, Capture], list[str], np.ndarray]] = {}

    def _index(self, domain: str) -> MinHashLSH:
        if domain not in self._lsh:
            config = None
            if self.storage_config is not None:
                # One set of Redis keys per domain under the configured base name.
                base = self.storage_config.get("basename", b"kehr-dbce")
                config = {**self.storage_config, "basename": base + b":" + domain.encode()}
            self._lsh[domain] = MinHashLSH(
                threshold=self.threshold, num_perm=self.num_perm, storage_config=config
            )
        return self._lsh[domain]

    def add(self, capture: Capture, minhash: MinHash) -> None:
        """Index a capture (adding one twice is harmless)."""
        lsh = self._index(capture.domain)
        self._matrices.pop(capture.domain, None)
        if capture.key not in self.signatures:
            self.signatures[capture.key] = np.asarray(minhash.hashvalues, dtype=np.uint64)
        if capture.key not in lsh:
            lsh.insert(capture.key, minhash)

    def most_similar(
        self,
        capture: Capture,
        minhash: MinHash,
        captures: dict[str, Capture],
        k: int = 2,
        *,
        fallback: bool = False,
        floor: float = 0.0,
        distinct: bool = False,
    ) -> list[tuple[Capture, float]]:
        """The k captures of other URLs most similar to ``capture``, best first: those
        the LSH finds; with ``fallback``, when it finds fewer than k, the most similar
        of the whole domain (estimate at least ``floor``); with ``distinct``, one
        capture per URL (the first in that order), so that k candidates are k pages."""
        mine = np.asarray(minhash.hashvalues, dtype=np.uint64)
        scored = []
        for key in self._index(capture.domain).query(minhash):
            other = captures.get(key)
            if other is None or other.url == capture.url:
                continue
            values = self.signatures.get(key)
            if values is None:
                continue
            # MinHash.jaccard without building a MinHash (that re-derives 128 permutations).
            estimate = float(np.count_nonzero(values == mine)) / len(mine)
            scored.append((other, estimate))
        if fallback and len({other.url for other, _e in scored} if distinct else scored) < k:
            scored = self._scan(capture, mine, captures, floor)
        # Equally similar: the capture closest in time first (the template as it was
        # then), then by key, so every worker picks the same.
        scored.sort(key=lambda item: (-item[1], abs(item[0].time - capture.time), item[0].key))
        if distinct:
            first: dict[str, tuple[Capture, float]] = {}
            for item in scored:
                first.setdefault(item[0].url, item)
            scored = list(first.values())  # dicts keep insertion order
        return scored[:k]

    def _scan(
        self, capture: Capture, mine: np.ndarray, captures: dict[str, Capture], floor: float
    ) -> list[tuple[Capture, float]]:
        """Every capture of other URLs in the domain with its estimate (at least floor)."""
        cached = self._matrices.get(capture.domain)
        if cached is None or cached[0] is not captures:
            keys = [key for key, other in captures.items()
                    if other.domain == capture.domain and key in self.signatures]  # fmt: skip
            matrix = (np.stack([np.asarray(self.signatures[key], dtype=np.uint64) for key in keys])
                      if keys else np.zeros((0, len(mine)), dtype=np.uint64))  # fmt: skip
            cached = self._matrices[capture.domain] = (captures, keys, matrix)
        _captures, keys, matrix = cached
        estimates = (matrix == mine).mean(axis=1) if len(keys) else np.zeros(0)
        return [
            (captures[key], float(estimate))
            for key, estimate in zip(keys, estimates, strict=True)
            if captures[key].url != capture.url and estimate >= floor
        ]


class Timeline:
    """Every capture of each URL in time order, for prev and next."""

    def __init__(self, captures: Iterable[Capture]) -> None:
        self._by_url: dict[str, list[Capture]] = {}
        for capture in captures:
            self._by_url.setdefault(capture.url, []).append(capture)
        for versions in self._by_url.values():
            versions.sort(key=lambda c: (c.time, c.key))

    def neighbours(self, capture: Capture) -> tuple[Capture | None, Capture | None]:
        """The closest earlier and later captures of the same URL (same time: by key)."""
        versions: Sequence[Capture] = self._by_url.get(capture.url, [])
        keys = [(c.time, c.key) for c in versions]
        at = bisect.bisect_left(keys, (capture.time, capture.key))
        before = versions[at - 1] if at > 0 else None
        after_at = at + 1 if at < len(versions) and versions[at].key == capture.key else at
        after = versions[after_at] if after_at < len(versions) else None
        return before, after


def cross_of(
    capture: Capture,
    minhash: MinHash,
    index: SimilarityIndex,
    captures: dict[str, Capture],
    timeline: Timeline,
    *,
    candidates: int = 2,
    fallback: bool = False,
    floor: float = 0.0,
    choose: Callable[[Capture, list[Capture]], list[Capture]] | None = None,
    distinct: bool = False,
) -> Cross:
    """The page's cross: up and down from the ``candidates`` most similar pages of
    other URLs (``choose`` picks two of them, in order; by default the first two), prev
    and next from the timeline."""
    found = index.most_similar(capture, minhash, captures, candidates,
                               fallback=fallback, floor=floor, distinct=distinct)  # fmt: skip
    similar = [other for other, _estimate in found]
    if choose is not None and len(similar) > 2:
        similar = choose(capture, similar)
    prev, next_ = timeline.neighbours(capture)
    return Cross(
        cur=capture,
        up=similar[0] if similar else None,
        down=similar[1] if len(similar) > 1 else None,
        prev=prev,
        next=next_,
    )

"""The stream: insert each document into its domain's tree, then judge its blocks.

A tree's counts are a function of the documents it holds, so removal decrements exactly
what insertion incremented, and a snapshot need only hold the documents (their branch,
time and block hashes): restoring replays them in order and rebuilds identical counts.

Each domain keeps at most ``max_docs`` documents (the paper's 10,000); documents older
than ``max_age_s`` (14 days) behind the domain's newest capture are dropped, but the
``keep_newest`` (100) newest always stay. "Oldest" is the earliest inserted.

**Units.** The paper counts text blocks, not inline fragments. A document made by
:meth:`StreamDocument.from_document` carries its text blocks
(:mod:`kehr_engine.text_blocks`): the stream hashes and judges each block (a block
mostly of links by its text and its skeleton, template when either recurs,
``link_skeletons``; a heading against other pages' headings only, ``headings_apart``:
a menu that names a page by its title does not make the title template), a block
shorter than ``min_block_letters`` takes its nearest long neighbour's decision, a run of
at most ``enclosed_run`` template blocks that content encloses becomes content
(:func:`kehr_engine.text_blocks.absorb_enclosed`), so does every template block inside
the page's content container (:func:`kehr_engine.text_blocks.absorb_in_container`,
``container_share``; 0 turns it off; on a page without one, a short run of short
template blocks that content encloses, :func:`kehr_engine.text_blocks.absorb_enclosed_labels`,
and a run in the page's flow, :func:`kehr_engine.text_blocks.absorb_in_flow`; on a page
with one, a short block outside it that inherited content keeps its own
decision, :func:`kehr_engine.text_blocks.keep_own_outside`), a template heading whose
text is content takes its decision (:func:`kehr_engine.text_blocks.headings_with_their_text`,
off with ``enclosed_run`` 0), and the decisions are
projected back onto the numbered nodes (issue 31: per node, ``self`` in a code listing
or a recurring "Parameters" heading was taken for template), a jump's nodes as template
("More...", "Edit": :attr:`kehr_engine.text_blocks.TextBlocks.jumps`; off with
``enclosed_run`` 0 too). A document given as bare
texts is judged text by text, as before.

**The site's container.** Each domain counts its pages' own content containers
(:class:`kehr_engine.site_container.SiteContainers`, ``site_container_share``; 0 turns
it off); a page whose own container is none or lies inside the element with the
domain's most common container key, as counted so far including the page, takes that
element as its container (:func:`kehr_engine.site_container.widened`). The counts are
part of the snapshot; they are not aged like the tree's documents (a template's
container outlives its pages).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kehr_engine.segmenter import read_node_texts
from kehr_engine.site_container import (
    SITE_CONTAINER_SHARE,
    SiteContainers,
    container_key,
    widened,
)
from kehr_engine.text_blocks import (
    CONTAINER_SHARE,
    ENCLOSED_MAX_RUN,
    MIN_BLOCK_LETTERS,
    TextBlocks,
    absorb_within,
    check_container_share,
    enclosed_and_container,
    headings_with_their_text,
    inherit_short,
    keep_own_outside,
    text_blocks,
)
from kehr_engine.urltree.blocks import HEADING_SALT, block_hash
from kehr_engine.urltree.compact import CompactTree
from kehr_engine.urltree.heuristics import Heuristic, parse_heuristic
from kehr_engine.urltree.keys import QueryRules, UrlKey, url_key
from kehr_engine.urltree.reference import ReferenceTree
from kehr_engine.urltree.tree import DomainTree

__all__ = ["STORES", "Outcome", "StreamDocument", "StreamStats", "UrlTreeStream"]

# 1: per domain its clock and documents (node texts hashed); 2: and the unit counted
SNAPSHOT_VERSION = 2
UNITS = ("block", "node")
MAX_DOCS = 10_000
MAX_AGE_S = 14 * 86_400
KEEP_NEWEST = 100
STORES: dict[str, Callable[[int], DomainTree]] = {
    "compact": CompactTree,
    "reference": lambda min_seen: ReferenceTree(),
}


@dataclass(frozen=True)
class StreamDocument:
    url: str  # the final URL, after redirects
    blocks: Sequence[str]  # the page's numbered text nodes, in node order
    time: float  # capture time, seconds since the epoch
    title: str | None = None  # from a feed, when it supplies one (the _cid_ parameter)
    units: TextBlocks | None = None  # the text blocks of the nodes, when known
    document: str | None = None  # the annotation document, for the site's container

    @classmethod
    def from_document(
        cls, url: str, document: str, node_count: int, time: float, title: str | None = None
    ) -> StreamDocument:
        """A page from its annotation document: its node texts and its text blocks."""
        units = text_blocks(document, node_count)
        return cls(url, read_node_texts(document), time, title, units, document)


@dataclass(frozen=True)
class Outcome:
    key: UrlKey
    duplicate: bool  # the key was seen before in this domain: skipped, not judged
    boilerplate: dict[str, np.ndarray]  # heuristic name -> one bool per node


@dataclass
class StreamStats:
    documents: int = 0  # inserted
    duplicates: int = 0  # skipped: their key was in the tree already
    evicted: int = 0  # dropped by the age and size limits


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
        store: str = "compact",
        unit: str = "block",
        min_block_letters: int = MIN_BLOCK_LETTERS,
        enclosed_run: int = ENCLOSED_MAX_RUN,
        container_share: float = CONTAINER_SHARE,
        site_container_share: float = SITE_CONTAINER_SHARE,
        link_skeletons: bool = True,
        headings_apart: bool = True,
    ) -> None:
        self.heuristics = [
            h if isinstance(h, Heuristic) else parse_heuristic(h) for h in heuristics
        ]
        if not self.heuristics:
            raise ValueError("name at least one heuristic.")
        if max_docs < 1 or keep_newest < 0 or max_age_s < 0:
            raise ValueError("max_docs must be at least 1, keep_newest and max_age_s >= 0.")
        if store not in STORES:
            raise ValueError(f"unknown store {store!r}: use {' or '.join(STORES)}.")
        if unit not in UNITS:
            raise ValueError(f"unknown unit {unit!r}: use {' or '.join(UNITS)}.")
        if min_block_letters < 0 or enclosed_run < 0:
            raise ValueError("min_block_letters and enclosed_run must be 0 or more.")
        check_container_share(container_share)
        check_container_share(site_container_share, "site_container_share")
        # What a document's texts are counted as: its text blocks (when the document
        # carries them) or its numbered nodes (snapshots of version 1 counted nodes).
        self.unit, self.min_block_letters = unit, min_block_letters
        self.enclosed_run, self.container_share = enclosed_run, container_share
        self.site_container_share = site_container_share
        # A block mostly of links is counted by its skeleton too (TextBlocks.skeletons).
        self.link_skeletons = link_skeletons
        # A heading's text is counted apart from other blocks' (TextBlocks.headings).
        self.headings_apart = headings_apart
        self.rules = rules if rules is not None else QueryRules.default()
        self.max_docs, self.max_age_s, self.keep_newest = max_docs, max_age_s, keep_newest
        self.store = store
        # The smallest n_s any heuristic asks of a node below the domain: the compact
        # store keeps block counts only for nodes with that many documents.
        walking = [h.min_seen for h in self.heuristics if not h.at_domain]
        self._min_seen = min(walking) if walking else 2**31 - 1
        self.domains: dict[str, DomainTree] = {}
        # Per domain and heuristic: its pages' own content containers (the site's).
        self.containers: dict[str, dict[str, SiteContainers]] = {}
        self.stats = StreamStats()

    def process(self, document: StreamDocument) -> Outcome:
        """Insert the document (unless its key is in the tree), then judge its blocks."""
        key = url_key(document.url, self.rules, document.title)
        units = document.units if self.unit == "block" else None
        texts = units.texts if units is not None else document.blocks
        hashes = np.fromiter((block_hash(t) for t in texts), np.uint64)
        if units is not None and self.headings_apart:
            # A heading counts against other pages' headings only: a menu that names
            # this page by its title does not make the title template.
            hashes[units.headings] ^= np.uint64(HEADING_SALT)
        # A block mostly of links is counted by its text and by its skeleton too: template
        # when either recurs (the row names other pages, or some of its items are links
        # on one page and plain text on another).
        skeletal = np.zeros(0, dtype=np.int64)
        if units is not None and self.link_skeletons:
            found = [(b, s) for b, s in enumerate(units.skeletons) if s is not None]
            skeletal = np.array([b for b, _s in found], dtype=np.int64)
            skeletons = np.fromiter((block_hash(s) for _b, s in found), np.uint64)
            hashes = np.concatenate([hashes, skeletons])
        domain = self._domain(key.domain)
        chain = key.chain()
        if domain.holds(chain):
            self.stats.duplicates += 1
            return Outcome(key, True, {})
        self._make_room(domain, document.time)
        domain.add(chain, float(document.time), _distinct(hashes))
        self.stats.documents += 1
        judged = self._judge(domain, chain, hashes)
        if len(skeletal):
            blocks = len(hashes) - len(skeletal)
            for name, boilerplate in judged.items():
                by_block = boilerplate[:blocks].copy()
                by_block[skeletal] |= boilerplate[blocks:]
                judged[name] = by_block
        if units is not None:
            judged = {
                name: self._to_nodes(
                    boilerplate, units, document.document, self._site(key.domain, name)
                )
                for name, boilerplate in judged.items()
            }
        return Outcome(key, False, judged)

    def _site(self, domain: str, heuristic: str) -> SiteContainers:
        """The domain's containers as one heuristic judged its pages."""
        per_heuristic = self.containers.setdefault(domain, {})
        if heuristic not in per_heuristic:
            per_heuristic[heuristic] = SiteContainers(self.site_container_share)
        return per_heuristic[heuristic]

    def _to_nodes(
        self,
        boilerplate: np.ndarray,
        units: TextBlocks,
        document: str | None,
        site: SiteContainers,
    ) -> np.ndarray:
        """Per-block judgements as per-node ones, short blocks inheriting theirs (outside
        the content container only content, counted template, keeps its own), short
        template runs inside content and template blocks inside the content container
        (the page's own, or the site's where the page's is none or inside it)
        becoming content."""
        counted = np.where(boilerplate, 1, 3).astype(np.uint8)
        labels = inherit_short(counted, units, self.min_block_letters)
        inherited = (counted == 1) & (labels == 3)
        labels, container = enclosed_and_container(
            labels, units, self.enclosed_run, self.container_share, self.min_block_letters
        )
        if document is not None and self.container_share > 0 and self.site_container_share > 0:
            own = container_key(document, container)
            site.add(own)
            container = widened(own, document, site.key) or container
        labels = keep_own_outside(labels, inherited, units, container)
        labels = absorb_within(labels, units, container)
        if self.enclosed_run:  # the absorbing rules on (0: the paper's blocks alone)
            labels = headings_with_their_text(labels, units, container, self.min_block_letters)
        # Jumps ("More...", "Edit") are template where the absorbing rules are on.
        return units.to_nodes(labels == 1, jumps_to=True if self.enclosed_run else None)

    def _domain(self, name: str) -> DomainTree:
        if name not in self.domains:
            self.domains[name] = STORES[self.store](self._min_seen)
        return self.domains[name]

    def _make_room(self, domain: DomainTree, now: float) -> None:
        now = max(now, domain.newest)
        while len(domain) > self.keep_newest and domain.oldest_time() < now - self.max_age_s:
            domain.remove_oldest()
            self.stats.evicted += 1
        while len(domain) >= self.max_docs:
            domain.remove_oldest()
            self.stats.evicted += 1

    def _judge(self, domain: DomainTree, chain: tuple[int, ...], hashes: np.ndarray) -> dict:
        counts = domain.counts(chain, hashes, self.heuristics)
        seen = domain.root_seen()
        judged = {}
        for heuristic, c in zip(self.heuristics, counts, strict=True):
            boilerplate = c > heuristic.c_max(seen)
            if heuristic.min_share:
                boilerplate &= c >= heuristic.min_share * domain.judging_seen(chain, heuristic)
            judged[heuristic.name] = boilerplate
        return judged

    # ------------------------------------------------------------------ snapshots

    def snapshot(self) -> bytes:
        """The stream's whole state; :meth:`restore` continues it with identical results."""
        state = {
            "version": SNAPSHOT_VERSION,
            "heuristics": [h.name for h in self.heuristics],
            "rules": [[r.pattern.pattern, sorted(r.keep)] for r in self.rules.rules],
            "limits": [self.max_docs, self.max_age_s, self.keep_newest],
            "unit": [
                self.unit,
                self.min_block_letters,
                self.enclosed_run,
                self.container_share,
                self.site_container_share,
                self.link_skeletons,
                self.headings_apart,
            ],
            "containers": {
                name: {heuristic: site.state() for heuristic, site in per.items()}
                for name, per in self.containers.items()
            },
            "stats": [self.stats.documents, self.stats.duplicates, self.stats.evicted],
            # Each domain's clock (its latest capture ever) and its documents, oldest first.
            "domains": {
                name: [
                    domain.newest,
                    [
                        [[f"{c:016x}" for c in chain], time, [f"{int(h):016x}" for h in hashes]]
                        for chain, time, hashes in domain.documents()
                    ],
                ]
                for name, domain in self.domains.items()
            },
        }
        return gzip.compress(json.dumps(state, separators=(",", ":")).encode(), mtime=0)

    @classmethod
    def restore(cls, data: bytes, store: str = "compact") -> UrlTreeStream:
        try:
            state = json.loads(gzip.decompress(data))
        except (OSError, EOFError, ValueError) as error:
            raise ValueError(f"not a URL Tree snapshot ({error})") from None
        version = state.get("version") if isinstance(state, dict) else None
        if version not in (1, SNAPSHOT_VERSION):
            raise ValueError(
                f"a URL Tree snapshot of version {version}; this engine reads versions "
                f"1 to {SNAPSHOT_VERSION}."
            )
        try:
            return cls._from_state(state, store)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
            # A field missing or of the wrong type: the file was damaged or edited.
            raise ValueError(
                f"not a URL Tree snapshot (a damaged field: {type(error).__name__} {error}); "
                "stream the corpus anew to write a new one."
            ) from None

    @classmethod
    def _from_state(cls, state: dict[str, Any], store: str) -> UrlTreeStream:
        rules = QueryRules.parse(
            "\n".join(f"{pattern} {','.join(keep) or '-'}" for pattern, keep in state["rules"])
        )
        max_docs, max_age_s, keep_newest = state["limits"]
        # Version 1 counted nodes: its documents' hashes are node hashes, so the restored
        # stream goes on counting nodes (streaming the corpus anew switches to blocks).
        # A snapshot written before the enclosed-run rule holds two values, one written
        # before the container rule three, one before the site's container four, one
        # before link skeletons five, one before headings apart six: the stream goes on
        # without the rule it lacked.
        unit, min_letters, *rules_after = state.get("unit", ["node", MIN_BLOCK_LETTERS])
        missing = (0, 0.0, 0.0, False, False)[len(rules_after) :]  # each rule off
        enclosed, container, site_share, skeletons, apart = [*rules_after, *missing][:5]
        # Checked strictly: bool("false") is True, and a share written as a string would
        # fail only at the first page judged.
        _check_type("unit", unit, str)
        _check_type("min_block_letters", min_letters, int)
        _check_type("enclosed_run", enclosed, int)
        _check_type("container_share", container, float)
        _check_type("site_container_share", site_share, float)
        _check_type("link_skeletons", skeletons, bool)
        _check_type("headings_apart", apart, bool)
        stream = cls(state["heuristics"], rules, max_docs=max_docs, max_age_s=max_age_s,
                     keep_newest=keep_newest, store=store, unit=unit,
                     min_block_letters=min_letters, enclosed_run=enclosed,
                     container_share=container, site_container_share=site_share,
                     link_skeletons=skeletons, headings_apart=apart)  # fmt: skip
        stream.stats = StreamStats(*state["stats"])
        for name, per in state.get("containers", {}).items():
            stream.containers[name] = {
                heuristic: SiteContainers.from_state(site, site_share)
                for heuristic, site in per.items()
            }
        for name, (newest, docs) in state["domains"].items():
            domain = stream._domain(name)
            for chain, time, hashes in docs:
                domain.add(
                    tuple(int(c, 16) for c in chain), time,
                    np.array([int(h, 16) for h in hashes], dtype=np.uint64),
                )  # fmt: skip
            domain.newest = newest
        return stream


def _check_type(field: str, value: object, kind: type) -> None:
    """Raise TypeError unless a snapshot's value is of ``kind`` (an int for a float too;
    a bool only for bool, though JSON's true is an int to Python)."""
    accepted = (int, float) if kind is float else (kind,)
    if isinstance(value, bool) != (kind is bool) or not isinstance(value, accepted):
        raise TypeError(f"{field} is {value!r}, not a {kind.__name__}")


def _distinct(hashes: np.ndarray) -> np.ndarray:
    """The distinct hashes in first-seen order: c(b) counts documents, not repeats."""
    _, first = np.unique(hashes, return_index=True)
    return hashes[np.sort(first)]

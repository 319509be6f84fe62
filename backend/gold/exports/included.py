"""Other label vectors an export can carry beside the gold: a registry of sources.

``manage.py export --include classifier:<model>`` adds a classifier's stored vectors to
each exported page. gold sits below learning (docs/architecture.md, "App layers"), so it
cannot import the classifier: learning registers a :class:`VectorSource` from its
``AppConfig.ready()`` and the exports only read this registry (a registration seam).

A source *opens* a spec for one corpus (checking it names something that labelled the
corpus, or raising :class:`IncludeError` that says what to do) and then fetches the
vectors of a batch of pages at once, so an export asks once per batch, not per page.
A page the source has no vector for is marked ``unclassified``; a page whose stored
vector no longer fits its text nodes (segmented again since) is marked ``stale``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import islice

import numpy as np

from corpora.models import Corpus
from gold.exports.page import CLASSIFIED, STALE, UNCLASSIFIED, GoldPage, IncludedVector
from gold.exports.source import CHUNK_PAGES


class IncludeError(ValueError):
    """A spec that names nothing an export can include; the message says what to do."""


@dataclass(frozen=True)
class StoredVector:
    labels: bytes  # one code per text node: 1 bad, 2 uncertain, 3 good
    proba: np.ndarray | None = None  # (nodes, 3) probabilities of bad, uncertain, good


@dataclass(frozen=True)
class OpenedSource:
    """A spec checked against one corpus, ready to fetch its pages' vectors."""

    spec: str  # as written in exports: "classifier:base"
    # page ids -> their stored vectors; a page left out has none
    fetch: Callable[[Sequence[int]], Mapping[int, StoredVector]]
    note: str = ""  # for the person exporting, e.g. how many pages have a vector


@dataclass(frozen=True)
class VectorSource:
    name: str  # the part of a spec before the colon: "classifier"
    syntax: str  # how a spec is written, for error messages: "classifier:<model>"
    # (corpus, argument after the colon) -> OpenedSource, or IncludeError
    open: Callable[[Corpus, str], OpenedSource]
    # corpus -> the specs that would include something (offered on the staff page)
    choices: Callable[[Corpus], list[str]] | None = None


SOURCES: dict[str, VectorSource] = {}


def register_vector_source(source: VectorSource) -> VectorSource:
    """Add (or replace: registering twice is harmless) a source exports can include."""
    SOURCES[source.name] = source
    return source


def available_specs(corpus: Corpus) -> list[str]:
    """Every spec an export of this corpus can include now (sources that offer choices)."""
    offering = [source.choices for source in SOURCES.values() if source.choices]
    return [spec for choices in offering for spec in choices(corpus)]


def open_sources(corpus: Corpus, specs: Iterable[str]) -> list[OpenedSource]:
    """Check every spec before anything is written; duplicates are included once."""
    opened: list[OpenedSource] = []
    seen: set[str] = set()
    for raw in specs:
        spec = (raw or "").strip()
        name, _, argument = spec.partition(":")
        source = SOURCES.get(name)
        if source is None:
            known = ", ".join(s.syntax for s in SOURCES.values()) or "none registered"
            raise IncludeError(f"Cannot include {spec!r}: exports can include {known}.")
        result = source.open(corpus, argument.strip())
        if result.spec not in seen:
            seen.add(result.spec)
            opened.append(result)
    return opened


def with_included(pages: Iterable[GoldPage], sources: Sequence[OpenedSource]) -> Iterator[GoldPage]:
    """The pages, each carrying the included sources' vectors, fetched a batch at a time."""
    if not sources:
        yield from pages
        return
    remaining = iter(pages)
    while batch := list(islice(remaining, CHUNK_PAGES)):
        ids = [page.id for page in batch]
        fetched = [(source.spec, source.fetch(ids)) for source in sources]
        for page in batch:
            included = tuple(_vector_of(page, spec, stored) for spec, stored in fetched)
            yield replace(page, included=included)


def _vector_of(page: GoldPage, spec: str, stored: Mapping[int, StoredVector]) -> IncludedVector:
    vector = stored.get(page.id)
    if vector is None:
        return IncludedVector(spec, UNCLASSIFIED)
    labels = np.frombuffer(bytes(vector.labels), dtype=np.uint8)
    nodes = len(page.texts)
    # A vector stored for an earlier segmentation would pair labels with the wrong texts.
    proba_fits = vector.proba is None or vector.proba.shape == (nodes, 3)
    if labels.shape[0] != nodes or not proba_fits:
        return IncludedVector(spec, STALE)
    return IncludedVector(spec, CLASSIFIED, labels, vector.proba)

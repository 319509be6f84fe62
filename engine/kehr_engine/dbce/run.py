"""DBCE over a set of captures: signatures, index, crosses, labels."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kehr_engine.dbce.labels import DbceResult, label_cross
from kehr_engine.dbce.similar import Capture, SimilarityIndex, Timeline, cross_of
from kehr_engine.dbce.structure import signature, structural_tokens

__all__ = ["ArchivePage", "label_archive"]


@dataclass(frozen=True)
class ArchivePage:
    capture: Capture
    html: str  # the capture's HTML: its structure, and its text as another page's member
    document: str  # its annotation document (numbered text nodes)
    node_count: int


def label_archive(
    pages: Iterable[ArchivePage],
    *,
    index: SimilarityIndex | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, DbceResult]:
    """Label every page (by capture key). Two passes: index every page's structure, then
    label each page against its cross, so a page's cross is drawn from all the others."""
    pages = list(pages)
    index = index or SimilarityIndex()
    by_key = {page.capture.key: page for page in pages}
    captures = {key: page.capture for key, page in by_key.items()}
    minhashes = {}
    for page in pages:
        minhashes[page.capture.key] = signature(structural_tokens(page.html))
        index.add(page.capture, minhashes[page.capture.key])
    timeline = Timeline(captures.values())
    results: dict[str, DbceResult] = {}
    for done, page in enumerate(pages, start=1):
        key = page.capture.key
        cross = cross_of(page.capture, minhashes[key], index, captures, timeline)
        others = {role: by_key[member.key].html for role, member in cross.others()}
        results[key] = label_cross(cross, page.document, page.node_count, others)
        if progress:
            progress(done, len(pages))
    return results

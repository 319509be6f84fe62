"""DBCE over a set of captures: signatures, index, crosses, labels."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kehr_engine.dbce.labels import DbceResult, label_cross
from kehr_engine.dbce.similar import Capture, SimilarityIndex, Timeline, cross_of
from kehr_engine.dbce.structure import from_hashvalues, signature, structural_tokens

__all__ = ["ArchivePage", "index_captures", "label_archive", "label_pages"]


@dataclass(frozen=True)
class ArchivePage:
    capture: Capture
    html: str  # the capture's HTML: its structure, and its text as another page's member
    document: str  # its annotation document (numbered text nodes)
    node_count: int


def index_captures(items: Iterable[tuple[Capture, str]], index: SimilarityIndex) -> int:
    """Sign and index captures (capture, HTML); several processes may share the index."""
    count = 0
    for capture, html in items:
        index.add(capture, signature(structural_tokens(html)))
        count += 1
    return count


def label_pages(
    pages: Iterable[ArchivePage],
    index: SimilarityIndex,
    captures: dict[str, Capture],
    html_of: Callable[[str], str],
    *,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, DbceResult]:
    """Label pages whose captures are indexed already (by any process): each against
    its cross among ``captures`` (every indexed capture), members' HTML by ``html_of``."""
    pages = list(pages)
    timeline = Timeline(captures.values())
    results: dict[str, DbceResult] = {}
    for done, page in enumerate(pages, start=1):
        key = page.capture.key
        values = index.signatures[key]
        minhash = from_hashvalues(values, len(values))
        cross = cross_of(page.capture, minhash, index, captures, timeline)
        others = {role: html_of(member.key) for role, member in cross.others()}
        results[key] = label_cross(cross, page.document, page.node_count, others)
        if progress:
            progress(done, len(pages))
    return results


def label_archive(
    pages: Iterable[ArchivePage],
    *,
    members: Iterable[tuple[Capture, str]] = (),
    index: SimilarityIndex | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, DbceResult]:
    """Label every page (by capture key) in one process. Two passes: index every
    capture's structure, then label each page against its cross, so a page's cross is
    drawn from all the others. ``members`` are captures (with their HTML) that may serve
    in crosses but are not labelled themselves: earlier captures of a URL whose page is
    a later one."""
    pages = list(pages)
    index = index or SimilarityIndex()
    html_of = {capture.key: html for capture, html in members}
    captures = {capture.key: capture for capture, _html in members}
    for page in pages:
        html_of[page.capture.key] = page.html
        captures[page.capture.key] = page.capture
    index_captures(((captures[key], html) for key, html in html_of.items()), index)
    return label_pages(pages, index, captures, html_of.__getitem__, progress=progress)

"""DBCE over a set of captures: signatures, index, crosses, labels."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from kehr_engine.dbce.blocks import jumps_label, settles_undecided
from kehr_engine.dbce.cross_labels import label_cross
from kehr_engine.dbce.labels import BAD, GOOD, DbceResult, words_of
from kehr_engine.dbce.options import DEFAULT_OPTIONS, DbceOptions
from kehr_engine.dbce.similar import Capture, SimilarityIndex, Timeline, cross_of
from kehr_engine.dbce.structure import from_hashvalues, signature, structural_tokens
from kehr_engine.site_container import ContainerKey, SiteContainers, widened
from kehr_engine.text_blocks import (
    absorb_within,
    headings_with_their_text,
    text_blocks,
)

__all__ = ["ArchivePage", "choose_pair", "index_captures", "label_archive", "label_pages",
           "shared_text", "site_key", "widen_result", "widen_to_site"]  # fmt: skip


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
    options: DbceOptions = DEFAULT_OPTIONS,
) -> dict[str, DbceResult]:
    """Label pages whose captures are indexed already (by any process): each against
    its cross among ``captures`` (every indexed capture), members' HTML by ``html_of``.
    The index's own LSH threshold applies (``options.lsh_threshold`` is for the index
    :func:`label_archive` makes)."""
    pages = list(pages)
    timeline = Timeline(captures.values())
    results: dict[str, DbceResult] = {}
    for done, page in enumerate(pages, start=1):
        key = page.capture.key
        values = index.signatures[key]
        minhash = from_hashvalues(values, len(values))

        # The pair choice reads the candidates' HTML and the diff reads up's and down's
        # again: in the platform each read is a WARC record, so read each once a page.
        read = functools.cache(html_of)

        def chosen(
            capture: Capture, found: list[Capture], page: ArchivePage = page, read=read
        ) -> list[Capture]:
            return choose_pair(page.document, [(c, read(c.key)) for c in found], options)

        cross = cross_of(page.capture, minhash, index, captures, timeline,
                         candidates=options.candidates, fallback=options.fallback,
                         floor=options.fallback_floor, choose=chosen,
                         distinct=options.candidates > 2)  # fmt: skip
        others = {role: read(member.key) for role, member in cross.others()}
        results[key] = label_cross(cross, page.document, page.node_count, others, options=options)
        if progress:
            progress(done, len(pages))
    return results


def label_archive(
    pages: Iterable[ArchivePage],
    *,
    members: Iterable[tuple[Capture, str]] = (),
    index: SimilarityIndex | None = None,
    progress: Callable[[int, int], object] | None = None,
    options: DbceOptions = DEFAULT_OPTIONS,
) -> dict[str, DbceResult]:
    """Label every page (by capture key) in one process. Two passes: index every
    capture's structure, then label each page against its cross, so a page's cross is
    drawn from all the others. ``members`` are captures (with their HTML) that may serve
    in crosses but are not labelled themselves: earlier captures of a URL whose page is
    a later one."""
    pages = list(pages)
    index = index or SimilarityIndex(threshold=options.lsh_threshold)
    html_of = {capture.key: html for capture, html in members}
    captures = {capture.key: capture for capture, _html in members}
    for page in pages:
        html_of[page.capture.key] = page.html
        captures[page.capture.key] = page.capture
    index_captures(((captures[key], html) for key, html in html_of.items()), index)
    results = label_pages(
        pages, index, captures, html_of.__getitem__, progress=progress, options=options
    )
    return widen_to_site(results, pages, options)


def site_key(results: Iterable[DbceResult], options: DbceOptions) -> ContainerKey | None:
    """The run's site container key (:class:`~kehr_engine.site_container.SiteContainers`)
    over its labelled pages' own containers; None when the options turn it off or no key
    holds the share."""
    if options.unit != "block" or options.container_share <= 0:
        return None
    containers = SiteContainers(options.site_container_share)
    return containers.add_all(r.container for r in results if r.labelled).key


def widen_to_site(
    results: dict[str, DbceResult], pages: Iterable[ArchivePage], options: DbceOptions
) -> dict[str, DbceResult]:
    """The run's site pass: each labelled page whose own content container is none or
    lies inside the element with the run's site key (:func:`site_key`) has the
    boilerplate inside that element made content (:func:`widen_result`). Every page of
    the run must be in ``results``: the site's key is their majority."""
    site = site_key(results.values(), options)
    if site is None:
        return results
    out = dict(results)
    for page in pages:
        result = results.get(page.capture.key)
        if result is not None and result.labelled:
            out[page.capture.key] = widen_result(result, page.document, page.node_count, site,
                                                 options)  # fmt: skip
    return out


def widen_result(
    result: DbceResult,
    document: str,
    node_count: int,
    site: ContainerKey,
    options: DbceOptions = DEFAULT_OPTIONS,
) -> DbceResult:
    """The page's result with the boilerplate inside the element with the site's key made
    content, where that element should be the page's container
    (:func:`~kehr_engine.site_container.widened`), and a heading whose text is the
    page's with it (:func:`~kehr_engine.text_blocks.headings_with_their_text`, unless
    ``options.enclosed_run`` is 0); else the result as it is. Applying it twice changes
    nothing more."""
    at = widened(result.container, document, site)
    if at is None:
        return result
    blocks = text_blocks(document, node_count)
    per_block = blocks.from_nodes(result.labels)  # a block's nodes share its label
    absorbed = absorb_within(per_block, blocks, at, template=BAD, content=GOOD,
                             undecided=settles_undecided(options))  # fmt: skip
    if options.enclosed_run:
        absorbed = headings_with_their_text(absorbed, blocks, at, options.min_letters,
                                            template=BAD, content=GOOD)  # fmt: skip
    labels = blocks.to_nodes(absorbed, jumps_to=jumps_label(options)).astype(np.uint8)
    return dataclasses.replace(result, labels=labels)


@functools.lru_cache(maxsize=512)
def _shingles(html: str, size: int) -> frozenset[int]:
    words = words_of(html)
    return frozenset(hash(words[i : i + size]) for i in range(len(words) - size + 1))


def shared_text(document: str, html: str, size: int = 3) -> float:
    """The share of cur's shingles (runs of ``size`` words, the diff's shortest match)
    that another page has too: how much text two pages share (template and content
    alike)."""
    mine = _shingles(document, size)
    return len(mine & _shingles(html, size)) / len(mine) if mine else 0.0


def choose_pair(
    document: str, found: list[tuple[Capture, str]], options: DbceOptions
) -> list[Capture]:
    """Up and down among a page's structurally similar candidates (capture, HTML; most
    similar first), by ``options.choice``:

    - ``"least"``: the two sharing the least text with the page, among those sharing
      any: a page sharing no run of ``min_run`` words with it has no word the diff
      could match, so it cannot tell template from content (when no candidate shares
      any, the page is left unlabelled, as without similar pages);
    - ``"typical"``: the first two that share no more than ``options.twin_margin``
      above the candidates' median share.

    Most candidates share the template's text with the page and little else; a page
    that shares more is a *content twin* (a release note beside its twin, git's diff
    commands with one options text) and makes the shared content look like template.
    On git's manual the two structural twins put 18,000 content words into
    boilerplate (precision 0.04 with text blocks); "least" among 8 gives 1.000 (token
    F1 0.985 against keep-all's 0.976), "typical" (margin 0.3) 0.12, 4 candidates 0.06.
    The price: sphinx's pages share their section's menu only with pages of the same
    section, which share more text, so "least" finds less of it (boilerplate recall
    0.67 against 0.77; F1 0.961 against 0.970, precision 0.987 against 0.972)."""
    shares = [shared_text(document, html, options.min_run) for _capture, html in found]
    if options.choice == "least":
        sharing = sorted((share, i) for i, share in enumerate(shares) if share > 0)
        return [found[i][0] for i in sorted(i for _share, i in sharing[:2])]
    limit = float(np.median(shares)) + options.twin_margin
    kept = [capture for (capture, _html), share in zip(found, shares, strict=True)
            if share <= limit]  # fmt: skip
    return kept[:2]

"""Training and evaluation data from a KrdWrd corpus folder (e.g. ../shared/data/krdwrd).

A folder has ``pages/<id>.html``, ``stats/<id>.stats``, ``merged/<id>.html`` and
``urls.tsv`` (see that data's README). Every page goes through the platform's segmenter,
so node ``i`` here is node ``i`` of the same page imported into Kehr.

The gold label of a node is the 2008 staff's final merged tag (``merged/<id>.html``),
which also settles the annotators' ties; where that page has no usable tag for a node
(``undefined``, or a stray class such as ``krdwrd-tag-7``) the annotators' majority
from the stats file stands in; where there is neither (a tie nobody settled) the node
is :data:`UNLABELLED` and metrics leave it out of the three-class view.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from kehr_engine.decoding import decode_html
from kehr_engine.krdwrd.merged_file import read_merged
from kehr_engine.krdwrd.stats_file import read_stats
from kehr_engine.layout import Layout
from kehr_engine.page_input import PageInput
from kehr_engine.segmenter import krdwrd_token_count, segment

# The KrdWrd codes, as in the platform's label vectors.
UNLABELLED, BAD, UNCERTAIN, GOOD = 0, 1, 2, 3
# The two CANOLA folders shared for development (21 + 127 of the 208 pages).
CANOLA_FOLDERS = ("canola-sample", "canola-train")


class CorpusError(ValueError):
    """A corpus folder or page that cannot be used as gold; says which and why."""


@dataclass(frozen=True)
class GoldPage:
    """One page as the engine sees it (:class:`~kehr_engine.page_input.PageInput`: node
    texts, annotation document, decoded HTML, URL, layout, ...) with a gold label per node.

    The features are computed from ``page`` alone (``page.feature_matrix``), so they
    cannot see the labels or the votes."""

    page_id: str  # "<folder>/<id>", unique across folders
    page: PageInput
    labels: np.ndarray  # int8, one KrdWrd code per node
    # nodes x annotators: each annotator's code per node (0 = that annotator had no tag)
    votes: np.ndarray | None = None

    @property
    def url(self) -> str:
        return self.page.url

    @property
    def html(self) -> str:
        """The page as harvested, decoded (what extractors are given)."""
        return self.page.html

    @property
    def node_texts(self) -> list[str]:
        return self.page.node_texts

    @property
    def node_tokens(self) -> list[int]:
        """Whitespace tokens per node (``len(text.split())``), the unit of token metrics."""
        return [len(text.split()) for text in self.page.node_texts]


def read_urls(path: Path) -> dict[str, str]:
    """``urls.tsv``: page id -> original URL (lines ``ID<TAB>URL``; others are skipped)."""
    urls: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) >= 2 and parts[0].strip():
                urls[parts[0].strip()] = parts[1].strip()
    return urls


def gold_labels(merged: list[str | None], majority: list[int | None]) -> np.ndarray:
    """The final merged tag per node, the annotators' majority where it has none."""
    if len(merged) != len(majority):
        raise CorpusError(
            f"the merged page has {len(merged)} text nodes, the stats file {len(majority)}."
        )
    labels = np.zeros(len(merged), dtype=np.int8)
    for i, (tag, vote) in enumerate(zip(merged, majority, strict=True)):
        if tag in ("1", "2", "3"):
            labels[i] = int(tag)
        elif vote is not None:
            labels[i] = vote
    return labels


def load_page(folder: Path, page_id: str, url: str | None = None) -> GoldPage:
    """Segment ``pages/<page_id>.html`` and attach its gold labels (CorpusError if unusable)."""
    html = folder / "pages" / f"{page_id}.html"
    stats_path = folder / "stats" / f"{page_id}.stats"
    merged_path = folder / "merged" / f"{page_id}.html"
    for needed in (html, stats_path, merged_path):
        if not needed.is_file():
            raise CorpusError(
                f"{folder.name}/{page_id}: {needed} is missing; a gold page needs "
                "pages/, stats/ and merged/ files of the same id."
            )
    # The pages carry a <base href>; the URL only matters where one is missing.
    url = url or f"https://krdwrd.invalid/{page_id}"
    raw = html.read_bytes()
    page = segment(raw, url)
    stats = read_stats(stats_path)
    # 2008 counted tokens its own way (krdwrd_token_count); equal counts on every node
    # are what shows the two enumerations agree.
    ours = [krdwrd_token_count(text) for text in page.node_texts]
    if stats.node_count != page.node_count or stats.tokens != ours:
        raise CorpusError(
            f"{folder.name}/{page_id}: the stats file has {stats.node_count} text nodes, the "
            f"segmenter finds {page.node_count} (or their token counts differ): the labels "
            "would not line up with the nodes."
        )
    labels = gold_labels(read_merged(merged_path, url), [cell.tag for cell in stats.merged])
    return GoldPage(
        page_id=f"{folder.name}/{page_id}",
        page=PageInput(page.node_texts, page.document, decode_html(raw)[0], url),
        labels=labels,
        votes=np.array(
            [stats.votes[annotator] for annotator in stats.annotators], dtype=np.int8
        ).T.reshape(stats.node_count, len(stats.annotators)),
    )


def page_ids(folder: Path) -> list[str]:
    """The page ids of a corpus folder, in numeric order."""
    if not (folder / "pages").is_dir():
        raise CorpusError(f"{folder} has no pages/ folder: not a KrdWrd corpus folder.")
    return sorted((p.stem for p in (folder / "pages").glob("*.html")), key=_natural)


def iter_corpus(folder: Path, limit: int | None = None) -> Iterator[GoldPage]:
    """Every page of one corpus folder (``limit``: only the first ones)."""
    urls = read_urls(folder / "urls.tsv")
    for page_id in page_ids(folder)[:limit]:
        yield load_page(folder, page_id, urls.get(page_id))


def load_canola(
    root: Path, folders: tuple[str, ...] = CANOLA_FOLDERS, limit: int | None = None
) -> list[GoldPage]:
    """The shared CANOLA pages under ``root`` (148 with both folders); ``limit`` per folder."""
    return [page for name in folders for page in iter_corpus(root / name, limit)]


def _natural(name: str) -> tuple[int, str]:
    return (int(name), "") if name.isdigit() else (0, name)


def with_layouts(pages: list[GoldPage], directory: Path) -> tuple[list[GoldPage], int]:
    """The pages with their layouts from ``directory/<page_id>.json`` (as written by
    bench/render_krdwrd.py), and how many pages have none there. Raises LayoutError for
    a file that is not a layout of its page."""
    attached, missing = [], 0
    for page in pages:
        path = directory / f"{page.page_id}.json"
        if path.is_file():
            layout = Layout.read(path, len(page.node_texts))
            page = replace(page, page=replace(page.page, layout=layout))
        else:
            missing += 1
        attached.append(page)
    return attached, missing

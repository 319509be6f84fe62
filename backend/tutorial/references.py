"""Kehr's shipped tutorial: pages written for the project and their reference labels.

The reference annotation of a shipped page lives in the page's own markup, as an
attribute on elements::

    <nav data-kehr-ref="bad"> ... </nav>
    <article data-kehr-ref="good"> ... <figcaption data-kehr-ref="uncertain"> ...

A text node's reference label is the mark of its nearest marked ancestor-or-self,
the same rule that gives an annotator's tags their effect in the extension (most
specific wins): everything inside the ``<nav>`` is bad, the caption inside the good
article is uncertain. Writing the reference this way keeps it readable and
reviewable next to the text it judges, and survives edits to the pages: node indices
are computed, never written by hand.

Annotators must not see the answer, so the document they annotate is the page with
every ``data-kehr-ref`` attribute removed. :func:`reference_from_markup` computes
labels on the segmentation of the *marked* page and then proves that the *stripped*
page segments into exactly the same text nodes, one by one, so index ``i`` of the
returned vector is node ``i`` of the document annotators get.

Pure: no Django, no database. The installer (the tutorial app's setup step) calls
:func:`load_shipped_tutorial` and stores each :class:`ShippedPage`.
``python -m tutorial.references`` (from ``backend/``) prints the table of
``docs/tutorial-pages.md``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
from lxml import etree

from corpora.segmenter import (
    NODE_INDEX_ATTR,
    NODE_TAG,
    WRAPPED_FROM_OUTSIDE,
    SegmentedPage,
    segment,
)

REF_ATTR = "data-kehr-ref"
# The KrdWrd codes (annotations.labels.Label), repeated here so this module stays
# importable without Django. 0 (untagged) is what a node outside every mark gets.
UNTAGGED, BAD, UNCERTAIN, GOOD = 0, 1, 2, 3
REF_CODES = {"bad": BAD, "uncertain": UNCERTAIN, "good": GOOD}
LABEL_NAMES = {UNTAGGED: "untagged", BAD: "bad", UNCERTAIN: "uncertain", GOOD: "good"}

SHIPPED_DIR = Path(__file__).resolve().parent / "shipped"
MANIFEST_NAME = "manifest.json"
# Shipped pages pretend to come from hosts that can never resolve (RFC 2606), so a
# stray request from a tutorial page can never reach a real site.
RESERVED_SUFFIX = ".kehr.invalid"

# The attribute with its value, inside a start tag. Case-insensitive like HTML
# attribute names. Anything this misses (or hits in text by accident) is caught by
# the checks in reference_from_markup, which compare the result with the marked page.
_REF_ATTR_RE = re.compile(
    r"""\s+data-kehr-ref(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?(?=[\s/>])""",
    re.IGNORECASE,
)


class ReferenceMarkupError(ValueError):
    """A shipped page or its manifest entry is wrong. The message says where and how."""


@dataclass(frozen=True)
class ShippedPage:
    """One step of the shipped tutorial, ready to be stored.

    ``html`` is the page as annotators get it (no reference marks); ``segmented`` is
    its segmentation (pass it to ``corpora.ingest.add_page(..., segmented=...)`` to
    avoid segmenting twice); ``labels`` has one code per node of ``segmented``.
    """

    position: int
    level: str
    file: str
    title: str
    url: str
    teaches: str
    note: str
    html: str
    labels: list[int]
    segmented: SegmentedPage

    @property
    def node_count(self) -> int:
        return self.segmented.node_count

    def label_counts(self) -> dict[str, int]:
        return label_counts(self.labels)


def strip_reference_marks(html: str) -> str:
    """The page without its ``data-kehr-ref`` attributes (everything else untouched)."""
    return _REF_ATTR_RE.sub("", html)


def reference_from_markup(html: str, url: str) -> tuple[SegmentedPage, list[int]]:
    """Segment the page annotators will see and compute its reference label vector.

    Returns the segmentation of the page *without* reference marks and one label per
    node: the code of the nearest marked ancestor-or-self of the node, 0 where no
    ancestor is marked. Raises ReferenceMarkupError for a mark with an unknown value
    or when stripping the marks would change the node enumeration.
    """
    marked = segment(html, url)
    labels = _labels_of_document(marked.document, marked.node_texts)
    stripped_html = strip_reference_marks(html)
    if REF_ATTR in stripped_html.lower():
        position = stripped_html.lower().index(REF_ATTR)
        raise ReferenceMarkupError(
            f"A {REF_ATTR} mark could not be removed (near {stripped_html[position:][:60]!r}); "
            "write it as an attribute with a quoted value."
        )
    page = segment(stripped_html, url)
    if page.node_texts != marked.node_texts:
        for index, (seen, wanted) in enumerate(
            zip(page.node_texts, marked.node_texts, strict=False)
        ):
            if seen != wanted:
                raise ReferenceMarkupError(
                    f"Removing the reference marks changed node {index}: "
                    f"{wanted!r} became {seen!r}."
                )
        raise ReferenceMarkupError(
            f"Removing the reference marks changed the node count from "
            f"{marked.node_count} to {page.node_count}."
        )
    if REF_ATTR in page.document.lower():
        raise ReferenceMarkupError(f"The annotation document still contains {REF_ATTR}.")
    return page, labels


def _labels_of_document(document: str, node_texts: Sequence[str]) -> list[int]:
    """Read each numbered node's nearest mark from a segmented (still marked) document."""
    parser = lxml.html.HTMLParser(huge_tree=True, remove_comments=False, remove_pis=False)
    root = etree.fromstring(document, parser)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue  # comments and processing instructions carry no attributes
        value = element.get(REF_ATTR)
        if value is not None and value.strip().lower() not in REF_CODES:
            raise ReferenceMarkupError(
                f'<{element.tag} {REF_ATTR}="{value}">: the value must be one of '
                f"{', '.join(REF_CODES)}."
            )
    labels: dict[int, int] = {}
    texts: dict[int, str] = {}
    for wrapper in root.iter(NODE_TAG):
        index = int(wrapper.get(NODE_INDEX_ATTR, "-1"))
        # Around a raw text element (an <iframe> with fallback text, say) or a textarea
        # the segmenter puts the wrapper outside; a mark on that element still covers its text.
        start = wrapper
        if len(wrapper) == 1 and isinstance(wrapper[0].tag, str):
            if wrapper[0].tag.lower() in WRAPPED_FROM_OUTSIDE:
                start = wrapper[0]
        labels[index] = _nearest_mark(start)
        texts[index] = "".join(wrapper.itertext())
    if [texts.get(i) for i in range(len(texts))] != list(node_texts):
        raise ReferenceMarkupError(
            "The segmented page does not read back as the nodes the segmenter reported."
        )
    return [labels[i] for i in range(len(node_texts))]


def _nearest_mark(element: etree._Element | None) -> int:
    while element is not None:
        value = element.get(REF_ATTR)
        if value is not None:
            return REF_CODES[value.strip().lower()]
        element = element.getparent()
    return UNTAGGED


def label_counts(labels: Sequence[int]) -> dict[str, int]:
    """How many nodes carry each label, by name (untagged, bad, uncertain, good)."""
    counts = Counter(labels)
    return {name: counts.get(code, 0) for code, name in LABEL_NAMES.items()}


# ---------------------------------------------------------------------------
# The shipped tutorial


def load_shipped_manifest(directory: Path = SHIPPED_DIR) -> dict:
    """The manifest, checked: corpus spec present, pages in order 1..n, files present.

    Pages come back sorted by ``order`` (their position in the tutorial, easy first).
    """
    manifest = json.loads((directory / MANIFEST_NAME).read_text(encoding="utf-8"))
    corpus = manifest.get("corpus") or {}
    for key in ("name", "slug", "description"):
        if not isinstance(corpus.get(key), str) or not corpus[key].strip():
            raise ReferenceMarkupError(f"{MANIFEST_NAME}: corpus.{key} must be a non-empty text.")
    pages = manifest.get("pages")
    if not isinstance(pages, list) or not pages:
        raise ReferenceMarkupError(f"{MANIFEST_NAME}: 'pages' must be a non-empty list.")
    for entry in pages:
        _check_entry(directory, entry)
    orders = sorted(entry["order"] for entry in pages)
    if orders != list(range(1, len(pages) + 1)):
        raise ReferenceMarkupError(
            f"{MANIFEST_NAME}: page orders must be 1..{len(pages)}, each once; got {orders}."
        )
    manifest["pages"] = sorted(pages, key=lambda entry: entry["order"])
    return manifest


def _check_entry(directory: Path, entry: object) -> None:
    if not isinstance(entry, dict):
        raise ReferenceMarkupError(f"{MANIFEST_NAME}: every page must be an object.")
    name = entry.get("file", "?")
    for key in ("file", "title", "url", "teaches", "note", "level"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise ReferenceMarkupError(f"{MANIFEST_NAME}: {name}: '{key}' must be non-empty text.")
    order = entry.get("order")
    if isinstance(order, bool) or not isinstance(order, int):
        raise ReferenceMarkupError(f"{MANIFEST_NAME}: {name}: 'order' must be an integer.")
    path = directory / entry["file"]
    if not path.is_file() or path.resolve().parent != directory.resolve():
        raise ReferenceMarkupError(f"{MANIFEST_NAME}: {name}: no such page next to the manifest.")
    parts = urlsplit(entry["url"])
    host = parts.hostname or ""
    if parts.scheme != "https" or not host.endswith(RESERVED_SUFFIX):
        raise ReferenceMarkupError(
            f"{MANIFEST_NAME}: {name}: the url must be https on a host under {RESERVED_SUFFIX}."
        )


def load_shipped_tutorial(directory: Path = SHIPPED_DIR) -> list[ShippedPage]:
    """Every shipped tutorial page in tutorial order, with its reference label vector.

    Raises ReferenceMarkupError if a page has a node outside every reference mark:
    a shipped reference must judge every node (a learner could never be right
    about an untagged one).
    """
    manifest = load_shipped_manifest(directory)
    steps = []
    for entry in manifest["pages"]:
        html = (directory / entry["file"]).read_text(encoding="utf-8")
        segmented, labels = reference_from_markup(html, entry["url"])
        if UNTAGGED in labels:
            index = labels.index(UNTAGGED)
            raise ReferenceMarkupError(
                f"{entry['file']}: node {index} ({segmented.node_texts[index].strip()[:60]!r}) "
                f"is outside every {REF_ATTR} mark."
            )
        steps.append(
            ShippedPage(
                position=entry["order"],
                level=entry["level"],
                file=entry["file"],
                title=entry["title"],
                url=entry["url"],
                teaches=entry["teaches"],
                note=entry["note"],
                html=strip_reference_marks(html),
                labels=labels,
                segmented=segmented,
            )
        )
    return steps


def pages_table(steps: Sequence[ShippedPage]) -> str:
    """The Markdown table of docs/tutorial-pages.md (counts computed, never typed)."""
    lines = [
        "| # | Page | Teaches | Level | Nodes | Words | Bad | Uncertain | Good |",
        "|---|---|---|---|---:|---:|---:|---:|---:|",
    ]
    for step in steps:
        counts = step.label_counts()
        lines.append(
            f"| {step.position} | `{step.file}`<br>{step.title} | {step.teaches} | {step.level} "
            f"| {step.node_count} | {step.segmented.word_count} | {counts['bad']} "
            f"| {counts['uncertain']} | {counts['good']} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a maintainer's helper
    print(pages_table(load_shipped_tutorial()))

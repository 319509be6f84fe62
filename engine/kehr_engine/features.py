"""Node features in named groups, registered in one place.

A group is a function ``(doc: NodeDocument) -> (names, matrix)`` giving one row per node.
Groups see the page (its annotation document, node texts, decoded HTML) and never its
gold labels: :class:`NodeDocument` has no field for them, and a test checks that feature
values do not change when the gold does. Later methods (visual, URL Tree, template
groups) plug in with :func:`register` without touching the core.

``FEATURE_VERSION`` changes whenever a group's output changes; a model records it.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import lxml.html
import numpy as np

from kehr_engine.baselines import run_baseline
from kehr_engine.segmenter import NODE_INDEX_ATTR, NODE_TAG

FEATURE_VERSION = 1

# A small English stopword list (the CANOLA pages are English); enough to tell running
# text from menus, which is all the feature is for.
STOPWORDS = frozenset(
    "a about after all also an and any are as at be because been but by can could did do "
    "does for from had has have he her his how i if in into is it its just more most my no "
    "not of on one or our out over she so some such than that the their them then there "
    "these they this to up was we were what when which who will with would you your".split()
)
KEYWORDS = ("nav", "menu", "footer", "header", "comment", "share", "ad", "side", "banner",
            "copyright", "related", "widget", "content", "article", "post", "main", "text",
            "body", "story", "entry")  # fmt: skip
BLOCKS = frozenset(
    "p div td th li dd dt h1 h2 h3 h4 h5 h6 blockquote pre article section aside nav "
    "header footer form table ul ol body".split()
)
TAGS = ("a", "p", "li", "td", "div", "span", "h1", "h2", "h3", "h4", "b", "strong", "em",
        "i", "font", "option", "label", "th", "dd", "blockquote", "pre", "small", "nav",
        "footer", "header", "form", "ul", "table", "article")  # fmt: skip
PATH_BUCKETS = 32
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?(\s|$)")
_PUNCT = re.compile(r"[^\w\s]")


@dataclass
class NodeDocument:
    """What features may look at: the page, never its labels."""

    node_texts: list[str]
    document: str  # the annotation document (numbered <kehr-t> wrappers)
    html: str  # the page as harvested, for the extractors
    cache: dict[str, object] = field(default_factory=dict)

    def wrappers(self) -> list[lxml.html.HtmlElement]:
        if "wrappers" not in self.cache:
            root = lxml.html.document_fromstring(self.document)
            nodes = {int(w.attrib[NODE_INDEX_ATTR]): w for w in root.iter(NODE_TAG)}
            self.cache["wrappers"] = [nodes[i] for i in range(len(nodes))]
        return self.cache["wrappers"]  # type: ignore[return-value]


Group = Callable[[NodeDocument], tuple[list[str], np.ndarray]]
GROUPS: dict[str, Group] = {}
DEFAULT_GROUPS = ("text", "dom", "context", "extractors")


def register(name: str) -> Callable[[Group], Group]:
    def decorate(function: Group) -> Group:
        GROUPS[name] = function
        return function

    return decorate


def features(
    doc: NodeDocument, groups: Sequence[str] = DEFAULT_GROUPS
) -> tuple[list[str], np.ndarray]:
    """The feature matrix of one page (one row per node) from the named groups."""
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise ValueError(f"unknown feature groups {unknown}; registered: {sorted(GROUPS)}.")
    names: list[str] = []
    blocks = []
    for group in groups:
        group_names, matrix = GROUPS[group](doc)
        names += [f"{group}.{n}" for n in group_names]
        blocks.append(matrix.reshape(len(doc.node_texts), len(group_names)))
    return names, np.hstack(blocks).astype(np.float32) if blocks else np.zeros((0, 0))


def _text_row(text: str) -> list[float]:
    words = text.split()
    n = len(words)
    chars = max(len(text), 1)
    lower = [w.lower().strip(".,;:!?\"'()") for w in words]
    return [
        n,
        len(text),
        sum(len(w) for w in words) / n if n else 0.0,
        sum(w in STOPWORDS for w in lower) / n if n else 0.0,
        len(_PUNCT.findall(text)) / chars,
        len(_SENTENCE_END.findall(text)),
        sum(c.isupper() for c in text) / chars,
        sum(c.isdigit() for c in text) / chars,
        float(text.strip()[-1:] in ".!?:") if text.strip() else 0.0,
    ]


TEXT_NAMES = ["tokens", "chars", "mean_word_len", "stopword_share", "punct_share",
              "sentence_ends", "upper_share", "digit_share", "ends_with_punct"]  # fmt: skip


@register("text")
def text_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    rows = [_text_row(t) for t in doc.node_texts]
    return TEXT_NAMES, np.array(rows, dtype=np.float64).reshape(len(rows), len(TEXT_NAMES))


def _block(element: lxml.html.HtmlElement) -> lxml.html.HtmlElement:
    parent = element.getparent()
    while parent is not None and str(element.tag).lower() not in BLOCKS:
        element, parent = parent, parent.getparent()
    return element


@register("dom")
def dom_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    wrappers = doc.wrappers()
    count = max(len(wrappers), 1)
    # Keyed by the element itself: id() of an lxml proxy can be reused once it is freed.
    block_stats: dict[lxml.html.HtmlElement, tuple[float, float, float, float]] = {}
    names = ["depth", "position", "in_link", "block_link_density", "block_chars",
             "block_nodes", "block_markup_density", "path_bucket", "siblings"]  # fmt: skip
    names += [f"parent_is_{t}" for t in TAGS] + [f"in_{t}" for t in TAGS]
    names += [f"attr_{k}" for k in KEYWORDS]
    rows = []
    for i, wrapper in enumerate(wrappers):
        ancestors = [str(a.tag).lower() for a in wrapper.iterancestors()]
        parent = ancestors[0] if ancestors else ""
        wrapper_parent = wrapper.getparent()
        block = _block(wrapper_parent if wrapper_parent is not None else wrapper)
        key = block
        if key not in block_stats:
            text = block.text_content()
            link_text = sum(len(a.text_content()) for a in block.iter("a"))
            markup = (
                len(lxml.html.tostring(block, encoding="unicode"))
                if len(text) < 20000
                else len(text) * 2
            )
            block_stats[key] = (
                link_text / max(len(text), 1),
                len(text),
                sum(1 for _ in block.iter(NODE_TAG)),
                len(text) / max(markup, 1),
            )
        attrs = " ".join(
            (a.get("class") or "") + " " + (a.get("id") or "") for a in wrapper.iterancestors()
        ).lower()
        path = "/".join(reversed(ancestors[:4]))
        parent_element = wrapper.getparent()
        rows.append(
            [len(ancestors), i / count, float("a" in ancestors), *block_stats[key],
             zlib.crc32(path.encode()) % PATH_BUCKETS,
             len(parent_element) if parent_element is not None else 0]
            + [float(parent == t) for t in TAGS]
            + [float(t in ancestors) for t in TAGS]
            + [float(k in attrs) for k in KEYWORDS]
        )  # fmt: skip
    return names, np.array(rows, dtype=np.float64).reshape(len(rows), len(names))


CONTEXT_K = 3


@register("context")
def context_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Each node sees its k previous and next nodes' text features (zeros past the ends)."""
    _, text = text_group(doc)
    _, dom = dom_group(doc)
    own = np.hstack([text[:, [0, 3, 5]], dom[:, [2, 3]]])  # tokens, stopwords, sentences, link
    base = ["tokens", "stopword_share", "sentence_ends", "in_link", "block_link_density"]
    n = len(own)
    names, blocks = [], []
    for offset in [*range(-CONTEXT_K, 0), *range(1, CONTEXT_K + 1)]:
        shifted = np.zeros_like(own)
        if offset < 0 and n > -offset:
            shifted[-offset:] = own[:offset]
        elif offset > 0 and n > offset:
            shifted[:-offset] = own[offset:]
        blocks.append(shifted)
        names += [f"{'prev' if offset < 0 else 'next'}{abs(offset)}_{b}" for b in base]
    window = np.ones(2 * CONTEXT_K + 1) / (2 * CONTEXT_K + 1)
    smoothed = (
        np.column_stack([np.convolve(own[:, j], window, mode="same") for j in range(own.shape[1])])
        if n
        else np.zeros((0, own.shape[1]))
    )
    names += [f"window_{b}" for b in base]
    blocks.append(smoothed)
    return names, np.hstack(blocks) if n else np.zeros((0, len(names)))


EXTRACTOR_FEATURES = ("trafilatura", "justext", "readability")


@register("extractors")
def extractors_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Whether each extractor keeps the node (the baselines' own node mapping)."""
    columns = [run_baseline(name, doc.html, doc.node_texts).kept for name in EXTRACTOR_FEATURES]
    return list(EXTRACTOR_FEATURES), np.column_stack(columns).astype(
        np.float64
    ) if columns else np.zeros((len(doc.node_texts), 0))

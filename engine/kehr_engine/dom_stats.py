"""Per-element statistics of an annotation document in one pass over its tree.

Features need, for every numbered node, figures about its enclosing block and that
block's surroundings (tokens, link and text density, stopword share). Computing them
per node by walking ancestors and serialising blocks costs quadratic time on deep or
long pages; here every element is visited once top-down (tags, paths, class/id
keywords, the enclosing block) and once bottom-up (sums over its subtree), so the cost
grows linearly with the document.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

import lxml.html
import numpy as np
from lxml import etree

from kehr_engine.segmenter import NODE_INDEX_ATTR, NODE_TAG

# Class/id words that mark boilerplate or main text in common templates.
KEYWORDS = ("nav", "menu", "footer", "header", "comment", "share", "ad", "side", "banner",
            "copyright", "related", "widget", "content", "article", "post", "main", "text",
            "body", "story", "entry", "title", "date", "author", "tag", "link", "search",
            "login", "social", "breadcrumb")  # fmt: skip
_SHORT_KEYWORDS = frozenset(k for k in KEYWORDS if len(k) <= 3)  # whole-word match only
BLOCKS = frozenset(
    "p div td th li dd dt h1 h2 h3 h4 h5 h6 blockquote pre article section aside nav "
    "header footer form table ul ol body center address".split()
)
TAGS = ("a", "p", "li", "td", "div", "span", "h1", "h2", "h3", "h4", "b", "strong", "em",
        "i", "font", "option", "label", "th", "dd", "blockquote", "pre", "small", "nav",
        "footer", "header", "form", "ul", "table", "article", "select", "button")  # fmt: skip
_TAG_BIT = {tag: 1 << b for b, tag in enumerate(TAGS)}
_ATTR_TOKEN = re.compile(r"[a-z]+")
PATH_DEPTH = 3  # tags in a node's hashed tag path (the parent and two above it)
ATTR_BUCKET_COUNT = 16
ATTR_LEVELS = 3  # class/id hashes of the element, its parent and its grandparent


@dataclass
class DomStats:
    """Per-element arrays, indexed by position in document order (0 is the root)."""

    tag: list[str]
    parent: list[int]  # -1 for the root
    depth: list[int]
    children: list[int]  # child elements, numbered-node wrappers included
    block: list[int]  # nearest block element, the element itself if it is one
    path: list[str]  # the last PATH_DEPTH tags down to the element
    ancestor_tags: list[int]  # bit mask over TAGS, ancestor-or-self
    keywords: list[int]  # bit mask over KEYWORDS in class/id of any ancestor-or-self
    attr_hashes: list[int]  # bit mask of hashed class/id words, ATTR_LEVELS up
    # Sums over each element's subtree (numbered nodes' text only):
    tokens: np.ndarray
    link_tokens: np.ndarray  # tokens inside <a>
    nodes: np.ndarray
    stopwords: np.ndarray
    sentence_ends: np.ndarray
    text_chars: np.ndarray
    markup_chars: np.ndarray  # an estimate: tag names and attributes as serialised
    tags: np.ndarray  # elements in the subtree, wrappers not counted
    size: np.ndarray  # elements in the subtree, itself and wrappers included
    node_parent: list[int]  # node i -> its wrapper's parent element

    def block_row(self, element: int, total_tokens: float) -> list[float]:
        """tokens, nodes, link density, text density, stopword share, page share, sentence
        ends and tags of one element (the order of features._BLOCK_STAT_NAMES)."""
        tokens = float(self.tokens[element])
        chars = float(self.text_chars[element])
        return [
            tokens,
            float(self.nodes[element]),
            float(self.link_tokens[element]) / tokens if tokens else 0.0,
            chars / (chars + float(self.markup_chars[element])) if chars else 0.0,
            float(self.stopwords[element]) / tokens if tokens else 0.0,
            tokens / total_tokens,
            float(self.sentence_ends[element]),
            float(self.tags[element]),
        ]

    def main_element(self, share: float) -> int:
        """The deepest element holding at least ``share`` of the page's non-link tokens
        (where the main text sits, as far as the markup tells)."""
        running = self.tokens - self.link_tokens
        candidates = np.flatnonzero(running >= share * max(float(running[0]), 1.0))
        if not candidates.size:
            return 0
        return int(candidates[np.argmax(np.array(self.depth)[candidates])])

    def inside(self, elements: np.ndarray, ancestor: int) -> np.ndarray:
        """Whether each element is ``ancestor`` or below it (document order numbers a
        subtree consecutively)."""
        return (elements >= ancestor) & (elements < ancestor + self.size[ancestor])


def _attr_words(element: etree._Element) -> str:
    return f"{element.get('class') or ''} {element.get('id') or ''}".lower()


def _keyword_mask(words: str) -> int:
    if not words.strip():
        return 0
    tokens = set(_ATTR_TOKEN.findall(words))
    mask = 0
    for bit, keyword in enumerate(KEYWORDS):
        if keyword in tokens if keyword in _SHORT_KEYWORDS else keyword in words:
            mask |= 1 << bit
    return mask


def _hash_mask(words: str) -> int:
    mask = 0
    for token in _ATTR_TOKEN.findall(words):
        mask |= 1 << (zlib.crc32(token.encode()) % ATTR_BUCKET_COUNT)
    return mask


def dom_stats(root: lxml.html.HtmlElement, text_rows: np.ndarray) -> DomStats:
    """Statistics of every element of ``root``; ``text_rows`` is the text group's matrix
    (columns tokens, chars, …, sentence_ends at 5, stopwords at 12)."""
    elements = list(root.iter(etree.Element))
    index = {element: i for i, element in enumerate(elements)}
    count = len(elements)
    tag = [""] * count
    parent = [-1] * count
    depth = [0] * count
    children = [0] * count
    block = [0] * count
    path = [""] * count
    ancestor_tags = [0] * count
    keywords = [0] * count
    own_hash = [0] * count
    attr_hashes = [0] * count
    markup = [0.0] * count
    tag_count = [0.0] * count
    node_rows: list[tuple[int, int]] = []  # (node index, element index of its wrapper)
    for i, element in enumerate(elements):
        name = str(element.tag).lower()
        tag[i] = name
        up = element.getparent()
        p = index[up] if up is not None else -1
        parent[i] = p
        if name == NODE_TAG:
            node_rows.append((int(element.get(NODE_INDEX_ATTR, "-1")), i))
        else:
            markup[i] = 2 * len(name) + 5 + sum(len(k) + len(v) + 4 for k, v in element.items())
            tag_count[i] = 1.0
        words = _attr_words(element)
        own_hash[i] = _hash_mask(words)
        if p >= 0:
            children[p] += 1
            depth[i] = depth[p] + 1
            ancestor_tags[i] = ancestor_tags[p] | _TAG_BIT.get(name, 0)
            keywords[i] = keywords[p] | _keyword_mask(words)
            grand = parent[p]
            attr_hashes[i] = own_hash[i] | own_hash[p] | (own_hash[grand] if grand >= 0 else 0)
            block[i] = i if name in BLOCKS else block[p]
            path[i] = "/".join([*path[p].split("/")[-(PATH_DEPTH - 1) :], name])
        else:
            ancestor_tags[i] = _TAG_BIT.get(name, 0)
            keywords[i] = _keyword_mask(words)
            attr_hashes[i] = own_hash[i]
            path[i] = name
    stats = np.zeros((count, 6))  # tokens, link tokens, nodes, stopwords, sentences, chars
    node_parent = [0] * len(text_rows)
    link_bit = _TAG_BIT["a"]
    for node, i in node_rows:
        if not 0 <= node < len(text_rows):
            raise ValueError(
                f"the annotation document numbers a node {node} but the page has "
                f"{len(text_rows)} node texts: pass the document and texts of one page."
            )
        row = text_rows[node]
        in_link = ancestor_tags[i] & link_bit
        stats[i] = (row[0], row[0] if in_link else 0.0, 1.0, row[12], row[5], row[1])
        node_parent[node] = max(parent[i], 0)
    stats = np.hstack([stats, np.array([markup, tag_count, [1.0] * count]).T])
    # Bottom-up, one depth level at a time (deepest first): every subtree is summed
    # before its parent adds it in, with numpy doing the per-level work.
    depths = np.array(depth)
    parents = np.array(parent)
    for level in range(int(depths.max(initial=0)), 0, -1):
        at_level = np.flatnonzero(depths == level)
        np.add.at(stats, parents[at_level], stats[at_level])
    return DomStats(
        tag=tag, parent=parent, depth=depth, children=children, block=block, path=path,
        ancestor_tags=ancestor_tags, keywords=keywords, attr_hashes=attr_hashes,
        tokens=stats[:, 0], link_tokens=stats[:, 1], nodes=stats[:, 2], stopwords=stats[:, 3],
        sentence_ends=stats[:, 4], text_chars=stats[:, 5], markup_chars=stats[:, 6],
        tags=stats[:, 7], size=stats[:, 8], node_parent=node_parent,
    )  # fmt: skip

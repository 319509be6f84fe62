"""Per-element statistics of an annotation document in one pass over its tree.

Features need, for every numbered node, figures about its enclosing block and that
block's surroundings (tokens, link and text density, stopword share). Computing them
per node by walking ancestors and serialising blocks costs quadratic time on deep or
long pages; here every element is visited once top-down (tags, paths, class/id
keywords, the enclosing block) and once bottom-up (sums over its subtree), so the cost
grows linearly with the document.
"""

from __future__ import annotations

import functools
import re
import zlib
from dataclasses import dataclass

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
# Per tag name: its TAGS bit (0 if not listed) and whether it is a block.
_NAME_INFO = {name: (_TAG_BIT.get(name, 0), name in BLOCKS) for name in {*TAGS, *BLOCKS}}
_OTHER_NAME = (0, False)
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
    children: np.ndarray  # child elements, numbered-node wrappers included
    block: list[int]  # nearest block element, the element itself if it is one
    ancestor_tags: list[int]  # bit mask over TAGS, ancestor-or-self
    keywords: list[int]  # bit mask over KEYWORDS in class/id of any ancestor-or-self
    attr_hashes: np.ndarray  # bit mask of hashed class/id words, ATTR_LEVELS up
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

    def path(self, element: int) -> str:
        """The last PATH_DEPTH tags down to the element (asked for a few hundred node
        parents of a page, so not kept for each of its thousands of elements)."""
        names = [self.tag[element]]
        up = self.parent[element]
        while up >= 0 and len(names) < PATH_DEPTH:
            names.append(self.tag[up])
            up = self.parent[up]
        return "/".join(reversed(names))

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


@functools.lru_cache(maxsize=65536)
def _attr_masks(words: str) -> tuple[int, int]:
    """(keyword mask, hashed-token mask) of one lower-cased class or id value.

    The masks of "class id" are those of the two values ORed (keywords hold no space,
    tokens are letters), so each value is looked up on its own: templates repeat the
    same class names on every item of a list and every page of a site, and these masks
    were a third of the statistics' time before they were cached.
    """
    tokens = _ATTR_TOKEN.findall(words)
    hashes = 0
    for token in tokens:
        hashes |= 1 << (zlib.crc32(token.encode()) % ATTR_BUCKET_COUNT)
    if not words.strip():
        return 0, hashes
    present = set(tokens)
    mask = 0
    for bit, keyword in enumerate(KEYWORDS):
        if keyword in present if keyword in _SHORT_KEYWORDS else keyword in words:
            mask |= 1 << bit
    return mask, hashes


# Attribute values libxml2's HTML serialiser (2.14) writes otherwise than the tree holds
# them: URI attributes (href, src, action, and name on <a>) lose their leading blanks
# and have control, space and non-ASCII characters percent-escaped as UTF-8 bytes;
# boolean attributes are written bare and read back with their name as value. The
# markup estimate counts them as written, so the tree the segmenter serialised and a
# parse of the stored document give the same figures.
_URI_KEYS = frozenset(("href", "src", "action"))
_BOOLEAN_KEYS = frozenset(
    "checked compact declare defer disabled ismap multiple nohref noresize noshade nowrap "
    "readonly selected".split()
)
_REWRITTEN = _URI_KEYS | _BOOLEAN_KEYS | {"name"}
_URI_ESCAPED = re.compile("[\\x00-\\x20\\x7f-\\U0010ffff]")


def _serialised_length(key: str, value: str, tag: str) -> int:
    """The length of an attribute's value as the serialiser writes it (see above)."""
    if key in _BOOLEAN_KEYS:
        return len(key)
    if key == "name" and tag != "a":
        return len(value)
    value = value.lstrip(" \t\n\r")
    if value.isascii() and not _URI_ESCAPED.search(value):
        return len(value)
    return len(value) + sum(
        3 * len(char.encode("utf-8", "surrogatepass")) - 1 for char in _URI_ESCAPED.findall(value)
    )


def dom_stats(root: etree._Element, text_rows: np.ndarray) -> DomStats:
    """Statistics of every element of ``root``; ``text_rows`` is the text group's matrix
    (columns tokens, chars, …, sentence_ends at 5, stopwords at 12).

    One Python step per element (a start and an end event of one walk); what can be
    computed from the per-element lists afterwards is done with numpy. Subtree sums are
    prefix-sum differences (document order numbers a subtree consecutively; the sums
    are of whole numbers, so they are exact).
    """
    tag: list[str] = []
    parent: list[int] = []
    depth: list[int] = []
    block: list[int] = []
    ancestor_tags: list[int] = []
    keywords: list[int] = []
    own_hash: list[int] = []
    markup: list[float] = []
    size: list[int] = []
    node_numbers: list[int] = []  # each wrapper's node index
    wrapper_elements: list[int] = []  # and its element index
    stack: list[int] = []
    # This loop runs for every element of every page (a fifth of the features' time on
    # modern pages): it keeps only what needs the walk; children, paths and the hashes
    # of the levels above come from these lists afterwards.
    name_info = _NAME_INFO.get
    for event, element in etree.iterwalk(root, events=("start", "end"), tag=etree.Element):
        if event == "end":
            i = stack.pop()
            size[i] = len(tag) - i
            continue
        i = len(tag)
        # A str (tag=etree.Element), in lower case from the HTML parser.
        name: str = element.tag  # type: ignore[assignment]
        tag.append(name)
        size.append(1)
        css = ident = None
        if name == NODE_TAG:
            node_numbers.append(int(element.get(NODE_INDEX_ATTR, "-1")))
            wrapper_elements.append(i)
            markup.append(0.0)
        else:
            # The markup estimate: the tags and every attribute as serialised.
            chars = 2 * len(name) + 5
            for key, value in element.items():
                if key in _REWRITTEN:
                    chars += len(key) + _serialised_length(key, value, name) + 4
                else:
                    chars += len(key) + len(value) + 4
                if key == "class":
                    css = value
                elif key == "id":
                    ident = value
            markup.append(chars)
        keyword_mask = hash_mask = 0
        if css:
            keyword_mask, hash_mask = _attr_masks(css.lower())
        if ident:
            more_keywords, more_hashes = _attr_masks(ident.lower())
            keyword_mask |= more_keywords
            hash_mask |= more_hashes
        own_hash.append(hash_mask)
        bit, is_block = name_info(name, _OTHER_NAME)
        if stack:
            p = stack[-1]
            parent.append(p)
            depth.append(len(stack))
            ancestor_tags.append(ancestor_tags[p] | bit)
            keywords.append(keywords[p] | keyword_mask)
            block.append(i if is_block else block[p])
        else:
            parent.append(-1)
            depth.append(0)
            ancestor_tags.append(bit)
            keywords.append(keyword_mask)
            block.append(0)
        stack.append(i)
    count = len(tag)
    own = np.zeros((count, 9))  # tokens, link tokens, nodes, stopwords, sentences, chars,
    own[:, 6] = markup  # markup, tags, elements
    own[:, 7] = 1.0
    own[:, 8] = 1.0
    node_parent = [0] * len(text_rows)
    if node_numbers:
        nodes = np.array(node_numbers, dtype=np.int64)
        wrappers = np.array(wrapper_elements, dtype=np.int64)
        bad = (nodes < 0) | (nodes >= len(text_rows))
        if bad.any():
            node = int(nodes[np.argmax(bad)])
            raise ValueError(
                f"the annotation document numbers a node {node} but the page has "
                f"{len(text_rows)} node texts: pass the document and texts of one page."
            )
        rows = text_rows[nodes]
        in_link = (np.array(ancestor_tags, dtype=np.int64)[wrappers] & _TAG_BIT["a"]) != 0
        own[wrappers, 0] = rows[:, 0]
        own[wrappers, 1] = np.where(in_link, rows[:, 0], 0.0)
        own[wrappers, 2] = 1.0
        own[wrappers, 3] = rows[:, 12]
        own[wrappers, 4] = rows[:, 5]
        own[wrappers, 5] = rows[:, 1]
        own[wrappers, 7] = 0.0  # wrappers are not counted as tags
        parent_of = np.maximum(np.array(parent, dtype=np.int64)[wrappers], 0)
        for node, element in zip(nodes.tolist(), parent_of.tolist(), strict=True):
            node_parent[node] = element
    parents = np.array(parent, dtype=np.int64)
    has_parent = parents >= 0
    children = np.bincount(parents[has_parent], minlength=count)
    hashes = np.array(own_hash, dtype=np.int64)
    up = np.where(has_parent, parents, 0)
    attr_hashes = hashes | np.where(has_parent, hashes[up], 0)
    grand = np.where(has_parent, parents[up], -1)
    attr_hashes |= np.where(grand >= 0, hashes[np.maximum(grand, 0)], 0)
    ends = np.arange(count) + np.array(size, dtype=np.int64)
    prefix = np.vstack([np.zeros((1, own.shape[1])), np.cumsum(own, axis=0)])
    stats = prefix[ends] - prefix[:count]
    return DomStats(
        tag=tag, parent=parent, depth=depth, children=children, block=block,
        ancestor_tags=ancestor_tags, keywords=keywords, attr_hashes=attr_hashes,
        tokens=stats[:, 0], link_tokens=stats[:, 1], nodes=stats[:, 2], stopwords=stats[:, 3],
        sentence_ends=stats[:, 4], text_chars=stats[:, 5], markup_chars=stats[:, 6],
        tags=stats[:, 7], size=stats[:, 8], node_parent=node_parent,
    )  # fmt: skip

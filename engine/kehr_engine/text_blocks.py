"""Text blocks: the unit the template methods count, over Kehr's numbered text nodes.

Kehr numbers every text node of a page (``<kehr-t data-i>``), down to inline fragments:
a syntax-highlighted line of code is a dozen nodes (``def``, ``(``, ``self``), a link in
a sentence splits it in three. The template methods were defined on coarser units.
Sluban & Grčar's URL Tree counts *text blocks*, the text between HTML block-level
boundaries, and Leśniak's DBCE decides *fragments* of the page's text. Counted per
inline node, ``self`` or ``¶`` recurs on hundreds of pages of a documentation site and
is taken for template although it is part of the content around it (issue 31).

A block here is the text between two block-level boundaries in document order: the
start or end of a block element (:data:`BOUNDARIES`, HTML's flow containers) or a
``<br>``. Its text is its nodes' texts joined by spaces. Decisions are made per block
and projected back onto its nodes (:meth:`TextBlocks.to_nodes`).

**Short blocks.** A block of a few letters ("Parameters", "Next", "¶") says little by
itself: the same word is template in a menu and content as a heading. Neither paper
(as summarised in docs/methods.md) sets a minimum length. Here a block with fewer than
``min_letters`` letters takes the decision of its structurally nearest long neighbour
(:func:`inherit`): of the long blocks just before and after it, the one sharing the
deeper common ancestor with it; on a tie the two must agree. A short block whose long
neighbours share no container with it below ``<body>`` keeps its own decision.
:data:`MIN_BLOCK_LETTERS` was chosen on the developer sites of bench/template_eval.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from lxml import etree

from kehr_engine.segmenter import NODE_INDEX_ATTR, NODE_TAG, shared_document_tree

__all__ = ["BOUNDARIES", "MIN_BLOCK_LETTERS", "TextBlocks", "inherit", "inherit_short",
           "text_blocks"]  # fmt: skip

#: Elements whose start and end bound a block (HTML's block-level and table elements).
BOUNDARIES = frozenset(
    "address article aside blockquote body caption center dd details dialog dir div dl dt "
    "fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend "
    "li main menu nav ol option p pre section summary table tbody td tfoot th thead tr ul br"
    .split()
)  # fmt: skip
#: Blocks with fewer letters inherit their neighbours' decision (:func:`inherit_short`).
MIN_BLOCK_LETTERS = 20
_NOT_LETTERS = re.compile(r"[\W\d_]+")
_PAGE_LEVEL = 2  # html (depth 1) and body (depth 2) are shared by every block


@dataclass(frozen=True)
class TextBlocks:
    node_block: np.ndarray  # int64 per node: the index of its block
    texts: list[str]  # per block: its nodes' texts joined by spaces
    letters: np.ndarray  # int64 per block: its Unicode letters
    # Per block: the element path (start-order numbers from the root) of the block's
    # nearest boundary element, for how close two blocks are in the page's structure.
    paths: list[tuple[int, ...]]

    def __len__(self) -> int:
        return len(self.texts)

    def to_nodes(self, per_block: np.ndarray) -> np.ndarray:
        """Per-block values as per-node values (each node takes its block's)."""
        return np.asarray(per_block)[self.node_block]

    def shared_depth(self, a: int, b: int) -> int:
        """Depth of the deepest element containing both blocks (1: only ``<html>``)."""
        depth = 0
        for x, y in zip(self.paths[a], self.paths[b], strict=False):
            if x != y:
                break
            depth += 1
        return depth


def text_blocks(document: str, node_count: int) -> TextBlocks:
    """The text blocks of an annotation document with ``node_count`` numbered nodes.

    A node the document does not hold (a damaged document) gets a block of its own with
    no text, so the projection never misaligns."""
    root = shared_document_tree(document)
    node_segment = np.full(node_count, -1, dtype=np.int64)
    node_text = [""] * node_count
    segment_path: dict[int, tuple[int, ...]] = {}
    segment = 0
    path: list[int] = []  # start-order numbers of the open elements
    boundary_depths: list[int] = []  # len(path) at each open boundary element
    numbered = 0
    inside_node = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        tag = element.tag
        if not isinstance(tag, str):
            continue
        if event == "start":
            numbered += 1
            path.append(numbered)
            if tag == NODE_TAG:
                inside_node += 1
                index = _index(element)
                if index is not None and 0 <= index < node_count and inside_node == 1:
                    node_segment[index] = segment
                    node_text[index] = "".join(element.itertext())
                    if segment not in segment_path:
                        at = boundary_depths[-1] if boundary_depths else len(path) - 1
                        segment_path[segment] = tuple(path[:at])
            elif tag in BOUNDARIES and not inside_node:
                segment += 1
                boundary_depths.append(len(path))
        else:
            if tag == NODE_TAG:
                inside_node -= 1
            elif tag in BOUNDARIES and not inside_node:
                segment += 1
                boundary_depths.pop()
            path.pop()
    return _numbered(node_segment, node_text, segment_path, segment)


def _index(element: etree._Element) -> int | None:
    try:
        return int(element.get(NODE_INDEX_ATTR) or "")
    except ValueError:
        return None


def _numbered(
    node_segment: np.ndarray,
    node_text: list[str],
    segment_path: dict[int, tuple[int, ...]],
    segments: int,
) -> TextBlocks:
    """Blocks numbered 0.. in document order from the segments nodes fell in."""
    missing = np.flatnonzero(node_segment < 0)
    # Nodes the document lacks: a segment each, after every real one.
    node_segment[missing] = segments + 1 + np.arange(len(missing))
    used, node_block = np.unique(node_segment, return_inverse=True)
    texts: list[list[str]] = [[] for _ in used]
    for node, block in enumerate(node_block):
        if node_text[node]:
            texts[block].append(node_text[node].strip())
    joined = [" ".join(t for t in parts if t) for parts in texts]
    letters = np.array([len(_NOT_LETTERS.sub("", t)) for t in joined], dtype=np.int64)
    paths = [segment_path.get(int(s), ()) for s in used]
    return TextBlocks(node_block.astype(np.int64), joined, letters, paths)


def inherit(labels: np.ndarray, blocks: TextBlocks, which: np.ndarray) -> np.ndarray:
    """``labels`` per block (0 = no decision) where each block in ``which`` takes the
    label of its structurally nearest decided neighbour outside ``which``: of the
    nearest such block before it and after it, the one sharing the deeper container
    with it; on equal depth both must agree. A block keeps its own label when no
    neighbour shares a container with it below ``<body>``."""
    labels = np.asarray(labels)
    out = labels.copy()
    donors = np.flatnonzero(~np.asarray(which, dtype=bool) & (labels != 0))
    if not len(donors):
        return out
    for block in np.flatnonzero(which).tolist():
        at = int(np.searchsorted(donors, block))
        near = [int(donors[i]) for i in (at - 1, at) if 0 <= i < len(donors)]
        scored = [(blocks.shared_depth(block, d), d) for d in near]
        scored = [(depth, d) for depth, d in scored if depth > _PAGE_LEVEL]
        if not scored:
            continue
        best = max(depth for depth, _d in scored)
        chosen = {int(labels[d]) for depth, d in scored if depth == best}
        if len(chosen) == 1:
            out[block] = chosen.pop()
    return out


def inherit_short(
    labels: np.ndarray, blocks: TextBlocks, min_letters: int = MIN_BLOCK_LETTERS
) -> np.ndarray:
    """``labels`` per block, blocks with fewer than ``min_letters`` letters taking their
    nearest long neighbour's (:func:`inherit`)."""
    return inherit(labels, blocks, blocks.letters < min_letters)

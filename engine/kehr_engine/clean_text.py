"""Clean text from kept nodes: one line per block of the page, in document order.

The rule (docs/engine.md, "Using the engine"): the texts of kept nodes are joined in
document order. Two kept nodes that follow each other (no other node between them)
and are not separated by a block boundary share a line; their texts are concatenated
as the page has them and runs of whitespace become one space, so inline markup
(``a <b>bold</b> word``) does not split words. A block boundary is the start or end of
a block-level element (p, div, li, td, h1, ...) or a ``<br>``. Anything else starts
a new line. Without an annotation document to read the blocks from, each kept node
is a line of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from kehr_engine.segmenter import NODE_INDEX_ATTR, NODE_TAG, shared_document_tree

# Elements a browser lays out as blocks (plus <br>, a line break): text on either side
# of their start or end is on a different line of the rendered page.
BLOCK_BOUNDARIES = frozenset(
    "address article aside blockquote body br caption center dd details dialog dir div dl "
    "dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li "
    "main menu nav ol option p pre section summary table tbody td tfoot th thead tr ul"
    .split()
)  # fmt: skip
_WALKED = sorted({*BLOCK_BOUNDARIES, *(t.upper() for t in BLOCK_BOUNDARIES), NODE_TAG})


def node_blocks(document: str, node_count: int) -> list[int] | None:
    """For each node, the number of the run between block boundaries it sits in.

    None when the document does not hold exactly the nodes 0..node_count-1 (no
    document, or one that belongs to another page).
    """
    if not document.strip() or not node_count:
        return None
    # The segmenter's parse (no node lost to depth), with plain element classes, and a
    # walk that libxml2 filters to the boundaries and the wrappers: the Python loop sees
    # a fifth of the elements (4.3 -> 1.3 ms a page on modern pages, same result).
    root = shared_document_tree(document)
    blocks: dict[int, int] = {}
    run = 0
    walk = etree.iterwalk(root, events=("start", "end"), tag=_WALKED)
    for event, element in walk:
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag.lower() in BLOCK_BOUNDARIES:
            run += 1
        elif event == "start" and tag == NODE_TAG:
            try:
                blocks[int(element.get(NODE_INDEX_ATTR, ""))] = run
            except ValueError:
                return None
    if sorted(blocks) != list(range(node_count)):
        return None
    return [blocks[i] for i in range(node_count)]


def kept_text(node_texts: Sequence[str], keep: Sequence[bool], document: str = "") -> str:
    """The kept nodes' text, one block per line (see the module's rule)."""
    blocks = node_blocks(document, len(node_texts))
    lines: list[str] = []
    current: list[str] = []
    previous: int | None = None  # index of the last kept node
    for i, text in enumerate(node_texts):
        if not keep[i]:
            continue
        same_line = (
            previous is not None
            and previous == i - 1
            and blocks is not None
            and blocks[i] == blocks[previous]
        )
        if not same_line and current:
            lines.append(" ".join("".join(current).split()))
            current = []
        current.append(text)
        previous = i
    if current:
        lines.append(" ".join("".join(current).split()))
    return "\n".join(line for line in lines if line)

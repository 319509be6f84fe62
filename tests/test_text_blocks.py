"""Text blocks over numbered nodes: boundaries, projection, short blocks inheriting
their structurally nearest long neighbour's decision."""

from __future__ import annotations

import numpy as np

from kehr_engine.segmenter import segment
from kehr_engine.text_blocks import inherit, inherit_short, text_blocks

BAD, GOOD = 1, 3

PAGE = b"""<html><body>
<div class=nav><ul><li><a href=/>Home</a></li><li><a href=/n>Next page</a></li></ul></div>
<div class=main><h2>Parameters</h2>
<p>The value of <code>self</code> is passed to the <a href=/f>function</a> when it runs.</p>
<pre><span>def</span> <span>f</span>(<span>obj</span>):
    return 1</pre>Trailing text<br>after the break</div></body></html>"""


def blocks_of(html: bytes):
    segmented = segment(html, "http://e.org/")
    return segmented.node_texts, text_blocks(segmented.document, len(segmented.node_texts))


def test_inline_nodes_join_their_block_and_boundaries_split_blocks() -> None:
    texts, blocks = blocks_of(PAGE)
    by_text = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    # One paragraph with inline code and a link is one block; so is the code listing.
    assert by_text["The value of"] == by_text["self"] == by_text["function"]
    assert by_text["def"] == by_text["f"] != by_text["The value of"]
    # List items, the heading and the text either side of <br> are blocks of their own.
    assert len({by_text["Home"], by_text["Next page"], by_text["Parameters"]}) == 3
    assert by_text["Trailing text"] != by_text["after the break"]
    assert blocks.texts[by_text["self"]].startswith("The value of self is passed")
    assert blocks.letters[by_text["Home"]] == 4
    # Blocks are numbered in document order.
    assert list(blocks.node_block) == sorted(blocks.node_block)


def test_projection_gives_each_node_its_blocks_value() -> None:
    texts, blocks = blocks_of(PAGE)
    per_block = np.arange(len(blocks)) * 10
    per_node = blocks.to_nodes(per_block)
    assert per_node.shape == (len(texts),)
    assert (per_node == per_block[blocks.node_block]).all()


def test_a_node_the_document_lacks_gets_an_empty_block_of_its_own() -> None:
    segmented = segment(b"<p>One paragraph of text here.</p>", "http://e.org/")
    blocks = text_blocks(segmented.document, len(segmented.node_texts) + 1)
    assert len(blocks.node_block) == len(segmented.node_texts) + 1
    assert blocks.texts[blocks.node_block[-1]] == ""


def test_a_short_block_takes_the_decision_of_its_structurally_nearest_long_neighbour() -> None:
    texts, blocks = blocks_of(PAGE)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    labels = np.full(len(blocks), BAD, dtype=np.uint8)
    labels[block["The value of"]] = GOOD  # the paragraph: long, content
    out = inherit_short(labels, blocks, min_letters=20)
    # The heading and the listing share div.main with the paragraph: content.
    assert out[block["Parameters"]] == GOOD and out[block["def"]] == GOOD
    # The menu's items share nothing with it below <body>: they keep their decision.
    assert out[block["Home"]] == BAD and out[block["Next page"]] == BAD
    # Long blocks never change.
    assert out[block["The value of"]] == GOOD


def test_neighbours_at_the_same_depth_must_agree() -> None:
    html = (b"<html><body><div><p>A long paragraph of running text here.</p><p>Short</p>"
            b"<p>Another long paragraph of running text.</p></div></body></html>")  # fmt: skip
    texts, blocks = blocks_of(html)
    short = int(blocks.node_block[[t.strip() for t in texts].index("Short")])
    disagree = np.array([GOOD, BAD, BAD], dtype=np.uint8)
    assert inherit_short(disagree, blocks, 20)[short] == BAD  # kept: neighbours differ
    agree = np.array([GOOD, BAD, GOOD], dtype=np.uint8)
    assert inherit_short(agree, blocks, 20)[short] == GOOD


def test_undecided_blocks_give_nothing_and_can_be_the_ones_that_inherit() -> None:
    html = (b"<html><body><div><p>A long paragraph of running text here.</p>"
            b"<p>An undecided paragraph of running text.</p></div></body></html>")  # fmt: skip
    _texts, blocks = blocks_of(html)
    labels = np.array([GOOD, 0], dtype=np.uint8)
    assert inherit(labels, blocks, labels == 0).tolist() == [GOOD, GOOD]
    assert inherit(np.zeros(2, dtype=np.uint8), blocks, np.array([True, False])).tolist() == [0, 0]

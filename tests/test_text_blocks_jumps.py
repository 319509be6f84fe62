"""Jumps: the link a generator writes at the end of many blocks of a page, with one text
and a target of its own each ("More...", "Edit", "source"), marked per node so that the
template methods call it template while its block keeps its decision."""

from __future__ import annotations

import numpy as np

from kehr_engine.segmenter import segment
from kehr_engine.text_blocks import JUMP_MAX_LETTERS, JUMP_MIN_BLOCKS, JUMP_MIN_SHARE, text_blocks


def jumps_of(html: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The page's node texts (stripped), each node's block and its jump mark."""
    segmented = segment(html.encode(), "http://e.org/")
    blocks = text_blocks(segmented.document, len(segmented.node_texts))
    texts = [t.strip() for t in segmented.node_texts]
    return texts, blocks.node_block, blocks.jumps


def members(rows: list[tuple[str, str, str, str]]) -> str:
    """A Doxygen-shaped member table: per row a name, a brief description, and the text
    and target of the link that ends the description."""
    cells = "".join(
        f"<tr><td><a href='#{name}'>{name}</a></td><td>{brief} <a href='{href}'>{link}</a>"
        f"</td></tr>"
        for name, brief, link, href in rows
    )
    return f"<html><body><h1>kit::Envelope Class Reference</h1><table>{cells}</table></body></html>"


ROWS = [
    ("attack", "Sets the attack time of the envelope.", "More...", "#a1"),
    ("decay", "Sets the decay time of the envelope.", "More...", "#a2"),
    ("release", "Sets the release time of the envelope.", "More...", "#a3"),
]


def test_a_link_ending_many_blocks_each_to_its_own_target_is_a_jump() -> None:
    texts, node_block, jumps = jumps_of(members(ROWS))
    marked = {t for t, j in zip(texts, jumps, strict=True) if j}
    assert marked == {"More..."}
    assert int(jumps.sum()) == 3
    # The text before it stays its block's: only the link's nodes are marked.
    brief = texts.index("Sets the attack time of the envelope.")
    more = texts.index("More...", brief)
    assert node_block[brief] == node_block[more] and not jumps[brief]


def test_fewer_blocks_than_the_minimum_make_no_jump() -> None:
    assert JUMP_MIN_BLOCKS == 3
    _texts, _blocks, jumps = jumps_of(members(ROWS[:2]))
    assert not jumps.any()


def test_one_target_for_every_block_is_a_linked_name_not_a_jump() -> None:
    """A declaration's type ("Node") links the same page wherever it ends a line."""
    rows = [(name, brief, "Node", "Node.html") for name, brief, _link, _href in ROWS]
    _texts, _blocks, jumps = jumps_of(members(rows))
    assert not jumps.any()
    # One target shared by two of the three is enough to keep them all.
    rows = [(n, b, link, href) for (n, b, link, _h), href in zip(ROWS, ("#a1", "#a1", "#a3"),
                                                                   strict=True)]  # fmt: skip
    _texts, _blocks, jumps = jumps_of(members(rows))
    assert not jumps.any()


def test_a_link_alone_in_its_block_or_without_letters_or_long_is_no_jump() -> None:
    # The name cells are links alone in their block (a menu entry, a list of names).
    texts, _blocks, jumps = jumps_of(members(ROWS))
    assert not jumps[texts.index("attack")]
    # "¶" and "#" have no letters: a heading's permalink is left to the site's gold.
    for link in ("¶", "#"):
        rows = [(n, b, link, f"#p{i}") for i, (n, b, _l, _h) in enumerate(ROWS)]
        assert not jumps_of(members(rows))[2].any(), link
    # A link longer than JUMP_MAX_LETTERS letters is text, not a jump.
    long_text = "x" * (JUMP_MAX_LETTERS + 1)
    rows = [(n, b, long_text, f"#q{i}") for i, (n, b, _l, _h) in enumerate(ROWS)]
    assert not jumps_of(members(rows))[2].any()
    rows = [(n, b, "x" * JUMP_MAX_LETTERS, f"#q{i}") for i, (n, b, _l, _h) in enumerate(ROWS)]
    assert jumps_of(members(rows))[2].any()


def test_a_link_inside_a_block_is_no_jump() -> None:
    """Only the link that ends its block: a link followed by more text is part of it."""
    html = members(ROWS).replace("</a></td></tr>", "</a> and more words.</td></tr>")
    assert not jumps_of(html)[2].any()


def test_projection_sets_jumps_and_back_takes_each_block_from_its_other_nodes() -> None:
    segmented = segment(members(ROWS).encode(), "http://e.org/")
    blocks = text_blocks(segmented.document, len(segmented.node_texts))
    per_block = np.full(len(blocks), 3, dtype=np.uint8)
    plain = blocks.to_nodes(per_block)
    assert (plain == 3).all()
    with_jumps = blocks.to_nodes(per_block, jumps_to=1)
    assert (with_jumps[blocks.jumps] == 1).all() and (with_jumps[~blocks.jumps] == 3).all()
    # Back per block, each block is its other nodes' value, not its jump's.
    assert blocks.from_nodes(with_jumps).tolist() == per_block.tolist()


def test_a_reference_among_many_in_an_index_is_no_jump() -> None:
    """An index's entries end in references of many texts, each to its own place: "P"
    (an annex) ends three of them, but not half of the entries that end in a link."""
    refs = ["9.8(2)", "P", "5.1(4/2)", "P", "E.1(7)", "P", "9.8(4)", "C.7.1(3/5)"]
    entries = "".join(
        f"<div class=Index>term number {i} used <a href='rm-{i}.html#I{i}'>{ref}</a></div>"
        for i, ref in enumerate(refs)
    )
    html = f"<html><body><h1>Index</h1>{entries}</body></html>"
    assert JUMP_MIN_SHARE == 0.5
    assert not jumps_of(html)[2].any()
    # The same "P" ending half of them is a jump.
    half = "".join(
        f"<div class=Index>term number {i} used <a href='rm-{i}.html#I{i}'>{ref}</a></div>"
        for i, ref in enumerate(["P", "9.8(2)", "P", "E.1(7)", "P", "9.8(4)"])
    )
    texts, _blocks, jumps = jumps_of(f"<html><body><h1>Index</h1>{half}</body></html>")
    assert {t for t, j in zip(texts, jumps, strict=True) if j} == {"P"}


def test_a_link_inside_code_is_no_jump() -> None:
    """odoc's signatures end in a type linked to each functor argument's own page
    ("... = E.t", each "E.t" a different module's): a thing of the code, not a jump."""
    rows = "".join(
        f"<dt><code>module M{i} : S with type t = <a href='M{i}/E/index.html#type-t'>E.t</a>"
        f"</code></dt><dd><p>The {i} graph.</p></dd>"
        for i in range(4)
    )
    html = f"<html><body><h1>Module Graph</h1><dl>{rows}</dl></body></html>"
    assert not jumps_of(html)[2].any()
    # The same links outside code are jumps.
    assert jumps_of(html.replace("<code>", "<span>").replace("</code>", "</span>"))[2].any()

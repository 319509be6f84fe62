"""Text blocks over numbered nodes: boundaries, projection, short blocks inheriting
their structurally nearest long neighbour's decision."""

from __future__ import annotations

import numpy as np

import kehr_engine.text_blocks as text_blocks_module
from kehr_engine.segmenter import segment
from kehr_engine.text_blocks import (
    LINK_PLACEHOLDER,
    LINK_ROW_LINKS,
    TextBlocks,
    absorb_enclosed,
    absorb_enclosed_labels,
    absorb_in_container,
    absorb_in_flow,
    absorb_undecided,
    absorb_unlettered,
    absorb_within,
    content_container,
    enclosed_and_container,
    headings_with_their_text,
    inherit,
    inherit_short,
    keep_own_outside,
    text_blocks,
)

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


# A reference page as a documentation generator makes it: a menu and a footer around the
# content, and inside the content two headings the generator repeats on every page.
GENERATED = b"""<html><body>
<div class=menu><ul><li><a href=/>Home of the whole site</a></li>
<li><a href=/i>Index of every module here</a></li></ul></div>
<div class=main><h1>GtkButton, a widget that emits a signal</h1>
<div class=section><h2>Implemented Interfaces</h2>
<p>The button implements the buildable and the actionable interfaces.</p></div>
<div class=section><h2>Object Hierarchy and its ancestors</h2>
<p>The object derives from the widget, which derives from the base object.</p></div>
</div><div class=footer><p>Generated by the documentation tool of the project</p></div>
</body></html>"""


def _generated() -> tuple[np.ndarray, dict[str, int], TextBlocks]:
    texts, blocks = blocks_of(GENERATED)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    labels = np.full(len(blocks), GOOD, dtype=np.uint8)
    for repeated in ("Home of the whole site", "Index of every module here",
                     "Implemented Interfaces", "Object Hierarchy and its ancestors",
                     "Generated by the documentation tool of the project"):  # fmt: skip
        labels[block[repeated]] = BAD
    return labels, block, blocks


def test_a_short_template_run_inside_the_content_becomes_content() -> None:
    labels, block, blocks = _generated()
    out = absorb_enclosed(labels, blocks)
    # The headings sit between paragraphs of their own section: content.
    assert out[block["Implemented Interfaces"]] == GOOD
    assert out[block["Object Hierarchy and its ancestors"]] == GOOD
    # The menu starts the page and the footer ends it: nothing encloses them.
    assert out[block["Home of the whole site"]] == BAD
    assert out[block["Index of every module here"]] == BAD
    assert out[block["Generated by the documentation tool of the project"]] == BAD
    # The rule only turns template into content.
    assert (out[labels == GOOD] == GOOD).all()
    # max_run 0 turns it off.
    assert (absorb_enclosed(labels, blocks, max_run=0) == labels).all()


def test_a_run_longer_than_max_run_or_beside_an_undecided_block_stays_template() -> None:
    labels, block, blocks = _generated()
    # The paragraph between the two headings too: a run of three.
    labels[block["The button implements the buildable and the actionable interfaces."]] = BAD
    heading = block["Object Hierarchy and its ancestors"]
    assert absorb_enclosed(labels, blocks, max_run=2)[heading] == BAD
    assert absorb_enclosed(labels, blocks, max_run=3)[heading] == GOOD
    # An undecided neighbour encloses nothing.
    labels, block, blocks = _generated()
    labels[block["The object derives from the widget, which derives from the base object."]] = 0
    out = absorb_enclosed(labels, blocks)
    assert out[block["Object Hierarchy and its ancestors"]] == BAD
    assert out[block["Implemented Interfaces"]] == GOOD


def test_content_in_a_distant_container_encloses_nothing() -> None:
    """A menu between the page's title and its text shares only a wrapper with them,
    several levels up: it stays template, where a heading between its section's
    paragraphs does not."""
    html = (b"<html><body><div class=page><div class=title><div><h1>The page's own title "
            b"text</h1></div></div><div class=side><div><ul><li><a href=/>Home of the whole "
            b"site</a></li></ul></div></div><div class=text><div><p>The running text of the "
            b"page itself, long enough.</p></div></div></div></body></html>")  # fmt: skip
    texts, blocks = blocks_of(html)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    labels = np.full(len(blocks), GOOD, dtype=np.uint8)
    labels[block["Home of the whole site"]] = BAD
    assert absorb_enclosed(labels, blocks, max_distance=3)[block["Home of the whole site"]] == BAD
    assert absorb_enclosed(labels, blocks, max_distance=4)[block["Home of the whole site"]] == GOOD


# rustdoc's shape: a sidebar menu, then the content, which ends with a long section the
# generator repeats on every page (too long, and too near the end, to be enclosed).
CRATE_PAGE = (
    b"<html><body><nav class=sidebar><ul><li><a href=/>All items of the whole crate</a></li>"
    b"<li><a href=/m>Modules and their structs</a></li></ul></nav><main><section id=main>"
    b"<h1>Struct Ident, a word of Rust code</h1>"
    b"<div class=docblock><p>A word of Rust code, which may be a keyword or an identifier."
    b"</p></div><h2>Blanket Implementations</h2>"
    + b"".join(b"<div class=impl><p>Performs the conversion the same way, number %d.</p></div>"
               % n for n in range(15))
    + b"</section></main><footer><p>Generated by the documentation tool of Rust</p></footer>"
    b"</body></html>"
)  # fmt: skip


def labelled(html: bytes, own: tuple[str, ...]) -> tuple[np.ndarray, dict[str, int], TextBlocks]:
    """The page's blocks, labelled as a method would: the ``own`` texts content, every
    other block template; with each text's block."""
    texts, blocks = blocks_of(html)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    labels = np.full(len(blocks), BAD, dtype=np.uint8)
    for text in own:
        labels[block[text]] = GOOD
    return labels, block, blocks


def _crate_page() -> tuple[np.ndarray, dict[str, int], TextBlocks]:
    own = ("Struct Ident, a word of Rust code",
           "A word of Rust code, which may be a keyword or an identifier.")  # fmt: skip
    return labelled(CRATE_PAGE, own)


def test_template_inside_the_content_container_becomes_content() -> None:
    labels, block, blocks = _crate_page()
    repeated = [block[f"Performs the conversion the same way, number {n}."] for n in range(15)]
    assert (absorb_enclosed(labels, blocks)[repeated] == BAD).all()  # not enclosed
    # The container: <section id=main>, which holds the page's own title and text
    # (the docblock alone holds too few of their letters).
    container = content_container(labels, blocks)
    title = block["Struct Ident, a word of Rust code"]
    assert container is not None and container == blocks.paths[title][:-1]
    out = absorb_in_container(labels, blocks)
    assert (out[repeated] == GOOD).all() and out[block["Blanket Implementations"]] == GOOD
    # The menu and the footer are outside it: template still.
    for outside in ("All items of the whole crate", "Modules and their structs",
                    "Generated by the documentation tool of Rust"):  # fmt: skip
        assert out[block[outside]] == BAD
    assert (out[labels == GOOD] == GOOD).all()  # only template turns
    assert (absorb_in_container(labels, blocks, share=0.0) == labels).all()  # off


def test_without_an_element_holding_the_share_the_main_landmark_stands_in() -> None:
    labels, block, blocks = _crate_page()
    repeated = block["Performs the conversion the same way, number 3."]
    menu = block["All items of the whole crate"]
    # The footer becomes content too: its letters and the section's are under <body>
    # only, in no element below it. The page's <main> is the container then.
    footer = block["Generated by the documentation tool of Rust"]
    labels[footer] = GOOD
    assert blocks.main is not None and content_container(labels, blocks, share=0.9) == blocks.main
    out = absorb_in_container(labels, blocks, share=0.9)
    assert out[repeated] == GOOD and out[menu] == BAD
    # A method that called nothing content (DBCE on near-identical pages): <main> too.
    nothing = np.where(labels == GOOD, 0, labels).astype(np.uint8)
    assert content_container(nothing, blocks) == blocks.main
    out = absorb_in_container(nothing, blocks)
    assert out[repeated] == GOOD and out[menu] == BAD
    assert (out[nothing == 0] == 0).all()  # undecided blocks stay undecided


def test_without_a_container_or_a_main_landmark_nothing_turns() -> None:
    texts, blocks = blocks_of(CRATE_PAGE.replace(b"main>", b"div>"))
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    assert blocks.main is None
    labels = np.full(len(blocks), BAD, dtype=np.uint8)
    for own in ("Struct Ident, a word of Rust code",
                "A word of Rust code, which may be a keyword or an identifier.",
                "Generated by the documentation tool of Rust"):  # fmt: skip
        labels[block[own]] = GOOD
    assert content_container(labels, blocks, share=0.9) is None
    assert (absorb_in_container(labels, blocks, share=0.9) == labels).all()
    # A lower share settles for the section, which holds most of the letters.
    repeated = block["Performs the conversion the same way, number 3."]
    assert absorb_in_container(labels, blocks, share=0.6)[repeated] == GOOD
    # No long content at all: no container either; undecided blocks stay undecided.
    nothing = np.where(labels == GOOD, 0, labels).astype(np.uint8)
    assert content_container(nothing, blocks) is None
    assert (absorb_in_container(nothing, blocks) == nothing).all()


# odoc's shape: a site header whose <h1> is the site's name, then <main> holding the
# page's title, its breadcrumbs and table of contents in <nav>s, and its text.
LANDMARK_PAGE = (
    b"<html><body><header><h1>The Graph Library</h1></header>"
    b"<div role=navigation><p>Search the whole library here</p></div>"
    b"<main><nav class=crumbs><p>Up to the library index page</p></nav>"
    b"<h1>Module Graph and its functors</h1>"
    b"<nav class=toc><ul><li><a href=#a>Building graphs from edges</a></li>"
    b"<li><a href=#b>Traversing graphs in depth</a></li></ul></nav>"
    b"<div class=content><div class=spec><p>Graphs are built from their edges, one by one."
    b"</p></div><div class=spec><p>Traversal visits every vertex once, depth first.</p>"
    b"</div><div class=spec><p>Raised when a vertex is not in the graph.</p></div></div>"
    b"</main></body></html>"
)  # fmt: skip


def _landmark_page() -> tuple[np.ndarray, dict[str, int], TextBlocks]:
    # "Raised when ..." repeats on every page of the site: template by count.
    own = ("Graphs are built from their edges, one by one.",
           "Traversal visits every vertex once, depth first.")  # fmt: skip
    return labelled(LANDMARK_PAGE, own)


def test_blocks_know_their_navigation_landmark_and_the_pages_title() -> None:
    _labels, block, blocks = _landmark_page()
    assert blocks.navigation[block["Search the whole library here"]] > 0  # role
    crumbs = block["Up to the library index page"]
    # <nav><p>: the landmark is the block's <p>'s parent.
    assert blocks.navigation[crumbs] == len(blocks.paths[crumbs]) - 1
    toc = block["Building graphs from edges"]
    assert blocks.navigation[toc] > 0 and blocks.navigation[toc] < len(blocks.paths[toc])
    for outside in ("The Graph Library", "Module Graph and its functors",
                    "Raised when a vertex is not in the graph."):  # fmt: skip
        assert blocks.navigation[block[outside]] == 0
    # The title is the <h1> inside <main>, not the site header's.
    assert blocks.title == blocks.paths[block["Module Graph and its functors"]]
    assert blocks.main is not None and blocks.title[: len(blocks.main)] == blocks.main
    _texts, untitled = blocks_of(LANDMARK_PAGE.replace(b"main>", b"div>"))
    assert untitled.title is None and untitled.main is None


def test_a_navigation_landmark_inside_the_container_stays_template() -> None:
    labels, block, blocks = _landmark_page()
    assert (
        content_container(labels, blocks)
        == blocks.paths[block["Graphs are built from their edges, one by one."]][:-2]
    )
    out = absorb_in_container(labels, blocks)
    # The container is div.content: the repeated spec inside it turns, and the page's
    # title beside it; the breadcrumbs and the table of contents in <main> stay template.
    for turned in ("Raised when a vertex is not in the graph.", "Module Graph and its functors"):
        assert out[block[turned]] == GOOD
    for navigation in ("Up to the library index page", "Building graphs from edges",
                       "Traversing graphs in depth", "Search the whole library here",
                       "The Graph Library"):  # fmt: skip
        assert out[block[navigation]] == BAD
    # A container inside a <nav> is still a container: the landmark around it is not one
    # inside it.
    wrapped = b"<nav>".join(LANDMARK_PAGE.split(b"<main>")).replace(b"</main>", b"</nav>")
    texts, blocks = blocks_of(wrapped)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    assert blocks.title is None
    labels = np.full(len(blocks), BAD, dtype=np.uint8)
    for own in ("Graphs are built from their edges, one by one.",
                "Traversal visits every vertex once, depth first."):  # fmt: skip
        labels[block[own]] = GOOD
    assert (
        absorb_in_container(labels, blocks)[block["Raised when a vertex is not in the graph."]]
        == GOOD
    )


def test_the_pages_title_inside_main_is_content_without_the_container_growing() -> None:
    labels, block, blocks = _crate_page()
    # The method called only the docblock content: alone it holds every letter.
    title = block["Struct Ident, a word of Rust code"]
    labels[title] = BAD
    docblock = block["A word of Rust code, which may be a keyword or an identifier."]
    assert blocks.title == blocks.paths[title]
    # The container is the docblock's <div>; it does not grow to <section> for the title.
    assert content_container(labels, blocks) == blocks.paths[docblock][:-1]
    out = absorb_in_container(labels, blocks)
    # The title turns on its own; the repeated section beside the docblock stays template.
    assert out[title] == GOOD
    assert out[block["Performs the conversion the same way, number 3."]] == BAD
    assert out[block["Blanket Implementations"]] == BAD
    # Without <main> there is no title: it stays as the method called it.
    texts, plain = blocks_of(CRATE_PAGE.replace(b"main>", b"div>"))
    plain_block = {t.strip(): int(b) for t, b in zip(texts, plain.node_block, strict=True)}
    plain_labels = np.full(len(plain), BAD, dtype=np.uint8)
    plain_labels[plain_block["A word of Rust code, which may be a keyword or an identifier."]] = (
        GOOD
    )
    assert plain.title is None
    assert (
        absorb_in_container(plain_labels, plain)[plain_block["Struct Ident, a word of Rust code"]]
        == BAD
    )
    # Nor does a title the page's markup hides turn.
    hidden = CRATE_PAGE.replace(b"<h1>", b"<h1 hidden>")
    hidden_labels, hidden_block, hidden_blocks = labelled(
        hidden, ("A word of Rust code, which may be a keyword or an identifier.",)
    )
    assert hidden_blocks.title is not None
    hidden_title = hidden_block["Struct Ident, a word of Rust code"]
    assert absorb_in_container(hidden_labels, hidden_blocks)[hidden_title] == BAD


# MediaWiki's shape: inside role=main, the title, a tagline under it, the text's own
# element, and a "Retrieved from" line after it; the tagline and the line recur on every
# page.
WIKI_PAGE = (
    b"<html><body><div id=content role=main><h1>High dynamic range imaging</h1>"
    b"<div id=bodyContent><div id=siteSub>From the Panorama Tools Wiki</div>"
    b"<div id=mw-content-text><p>High dynamic range means more detail in shadows.</p>"
    b"<p>Cameras capture a narrower range than most outdoor scenes hold.</p></div>"
    b"<div class=printfooter>Retrieved from the Panorama Tools Wiki's own pages</div>"
    b"</div></div></body></html>"
)  # fmt: skip


def test_what_lies_between_the_title_and_the_text_stays_template() -> None:
    own = ("High dynamic range means more detail in shadows.",
           "Cameras capture a narrower range than most outdoor scenes hold.")  # fmt: skip
    labels, block, blocks = labelled(WIKI_PAGE, own)
    text = blocks.paths[block[own[0]]][:-1]
    assert content_container(labels, blocks) == text  # div#mw-content-text, not #content
    out = absorb_in_container(labels, blocks)
    assert out[block["High dynamic range imaging"]] == GOOD
    for site in ("From the Panorama Tools Wiki",
                 "Retrieved from the Panorama Tools Wiki's own pages"):  # fmt: skip
        assert out[block[site]] == BAD


# pydoctor's shape: the content column holds a search help box that its script shows
# only on demand, hidden by inline style until then, on every page.
HIDDEN_PAGE = (
    b"<html><body><div class=menu><p>Every module of the whole package</p></div>"
    b"<div id=main><div style='DISPLAY : none;'><p>Term presence: search for documents "
    b"that hold a term</p><div><p>Fuzzy matches find near spellings too</p></div></div>"
    b"<p hidden>Results provided by the search index</p>"
    b"<div style='color: red'><p>Go to the latest version of this document</p></div>"
    b"<p>A module of the package, which parses the protocol's messages.</p>"
    b"<p>Its functions read a message and return its fields in order.</p></div>"
    b"</body></html>"
)  # fmt: skip


def test_hidden_template_inside_the_container_stays_template() -> None:
    texts, blocks = blocks_of(HIDDEN_PAGE)
    block = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    hidden = ("Term presence: search for documents that hold a term",
              "Fuzzy matches find near spellings too",
              "Results provided by the search index")  # fmt: skip
    shown = "Go to the latest version of this document"
    assert all(blocks.hidden[block[t]] for t in hidden)
    assert (
        not blocks.hidden[block[shown]]
        and not blocks.hidden[block["Every module of the whole package"]]
    )
    labels = np.full(len(blocks), BAD, dtype=np.uint8)
    for own in ("A module of the package, which parses the protocol's messages.",
                "Its functions read a message and return its fields in order."):  # fmt: skip
        labels[block[own]] = GOOD
    out = absorb_in_container(labels, blocks)
    assert out[block[shown]] == GOOD  # shown template inside the container turns
    assert all(out[block[t]] == BAD for t in hidden)  # what no reader sees does not
    assert out[block["Every module of the whole package"]] == BAD


# GAPDoc's shape: the chapter written straight into <body> between its navigation rows,
# each function's kind ("( function )") in a table cell beside its name, on every page.
BODY_PAGE = (
    b"<html><body><div class=chlinktop><a href=chap0.html>Top of the whole book</a> "
    b"<a href=chap1.html>Chapter one</a></div>"
    b"<h3>Functions of the chapter on lists and their kinds</h3>"
    b"<p>Lists are the basic structure of the language, and every list has a length.</p>"
    b"<h5>4.1-1 Length</h5><div class=func><table class=func><tr><td class=tdleft>"
    b"<code>Length</code>( list )</td><td class=tdright>( function )</td></tr></table></div>"
    b"<p>Returns the number of elements of the list, its last bound position.</p>"
    b"<div class=chlinkprevnextbot><a href=chap3.html>Previous chapter of the book</a> "
    b"<a href=chap5.html>Next chapter of the book</a></div>"
    b"<p class=foot>Generated by the book's generator</p>"
    b"<p>A paragraph the rotating teaser inserts, unique to this visit.</p>"
    b"</body></html>"
)  # fmt: skip


# What a method calls content on it: the repeated kind and the navigation are template
# by count; the rest is the page's.
BODY_PAGE_OWN = (
    "Functions of the chapter on lists and their kinds",
    "Lists are the basic structure of the language, and every list has a length.",
    "4.1-1 Length",
    "Length",
    "Returns the number of elements of the list, its last bound position.",
    "A paragraph the rotating teaser inserts, unique to this visit.",
)


def _body_page() -> tuple[np.ndarray, dict[str, int], TextBlocks]:
    return labelled(BODY_PAGE, BODY_PAGE_OWN)


def test_in_a_page_without_a_container_enclosed_short_labels_become_content() -> None:
    labels, block, blocks = _body_page()
    kind = block["( function )"]
    # The paragraph after it shares only <body> with it: the enclosed-run rule leaves it
    # alone, and no element below <body> holds the page's text.
    after = block["Returns the number of elements of the list, its last bound position."]
    assert blocks.shared_depth(kind, after) == 2
    assert absorb_enclosed(labels, blocks)[kind] == BAD
    assert content_container(labels, blocks) is None
    out = absorb_enclosed_labels(labels, blocks)
    assert out[kind] == GOOD
    # The navigation rows are long blocks: the one at the top has no content before it,
    # and the one at the end stays template although a stray content block follows the
    # footer (a run with a long block is not a label).
    for navigation in ("Top of the whole book", "Previous chapter of the book",
                       "Generated by the book's generator"):  # fmt: skip
        assert out[block[navigation]] == BAD
    assert (out[labels == GOOD] == GOOD).all()  # only template turns
    # A longer label is not one; max_run 0 turns the rule off.
    assert absorb_enclosed_labels(labels, blocks, min_letters=5)[kind] == BAD
    assert (absorb_enclosed_labels(labels, blocks, max_run=0) == labels).all()
    # Both template methods apply it where the page has no container, after the
    # enclosed-run rule, and hand back no container.
    applied, container = enclosed_and_container(labels, blocks, 12, 0.9, 20)
    assert container is None and applied[kind] == GOOD
    assert enclosed_and_container(labels, blocks, 12, 0.0, 20)[0][kind] == BAD  # rules off


# Arm_Form's shape (the Ada Reference Manual): each paragraph's number in a div of its
# own before it, straight in <body>; the numbers recur on every page.
NUMBERED_PAGE = (
    b"<html><body><div><b>Reference Manual</b> <a href=ttl.html>Legal Information</a></div>"
    b"<div><a href=toc.html><img alt=Contents></a> <a href=prev.html>Previous page</a></div>"
    b"<h1>3.2 Types and Subtypes</h1>"
    b"<div class=paranum><a name=p1>1</a></div>"
    b"<div class=Normal>A type is characterized by a set of values and operations.</div>"
    b"<div class=paranum><a name=p2>2/2</a></div>"
    b"<div class=Normal>Types are grouped into categories of types by their values.</div>"
    b"<div class=paranum>\xc2\xb6 |</div>"
    b"<div class=paranum><a name=p3>3</a></div>"
    b"<div class=Normal>The elementary types are the scalar types and the access types.</div>"
    b"<div class=paranum>4</div>"
    b"<div><a href=next.html>Next page</a> <a href=index.html>Index of the manual</a></div>"
    b"<div class=paranum>5</div>"
    b"<div>Sponsored in part by the manual's sponsors</div>"
    b"</body></html>"
)  # fmt: skip
NUMBERED_PAGE_OWN = (
    "3.2 Types and Subtypes",
    "A type is characterized by a set of values and operations.",
    "Types are grouped into categories of types by their values.",
    "The elementary types are the scalar types and the access types.",
)


def test_in_a_page_without_a_container_numbers_between_paragraphs_become_content() -> None:
    labels, block, blocks = labelled(NUMBERED_PAGE, NUMBERED_PAGE_OWN)
    numbers = [block["1"], block["2/2"], block["\xb6 |"], block["3"]]
    assert (blocks.letters[numbers] == 0).all()
    # A number shares only <body> with its paragraphs: it inherits nothing, no run of
    # lettered blocks holds it, and no element below <body> holds the page's text.
    assert (inherit_short(labels, blocks)[numbers] == BAD).all()
    assert (absorb_enclosed_labels(labels, blocks)[numbers] == BAD).all()
    assert content_container(labels, blocks) is None
    out = absorb_unlettered(labels, blocks)
    # Between two content blocks, one number or several: content.
    assert (out[numbers] == GOOD).all()
    # A number between content and template, or between template blocks, stays template.
    assert out[block["4"]] == BAD and out[block["5"]] == BAD
    assert (out[blocks.letters > 0] == labels[blocks.letters > 0]).all()  # only numbers
    # Both template methods apply it where the page has no container, and not with the
    # rules off.
    applied, container = enclosed_and_container(labels, blocks, 12, 0.9, 20)
    assert container is None and (applied[numbers] == GOOD).all()
    assert (enclosed_and_container(labels, blocks, 12, 0.0, 20)[0][numbers] == BAD).all()


# libvorbis' pages (Xiph.Org's, written by hand): the text straight in <body>, the
# header and footer in tables; each function's "declared in" line recurs on every page
# of its library, and so do the "Parameters" and "Return Values" headings.
FLOW_PAGE = (
    b"<html><body><table><tr><td><p class=tiny>libcodec documentation</p></td>"
    b"<td><p class=tiny>libcodec version 1.3.2 - 20101101</p></td></tr></table>"
    b"<h1>codec_encode_init</h1>"
    b'<p><i>declared in "codec/codec.h";</i></p>'
    b"<p>This is the primary function for setting up variable bitrate modes.</p>"
    b"<h3>Parameters</h3><dl><dt><i>vi</i></dt>"
    b"<dd>Pointer to an initialized structure of the encoder's settings.</dd></dl>"
    b"<h3>Return Values</h3><blockquote><li>Zero for success, less than zero for failure.</li>"
    b"</blockquote><p>The encoder's overview lists the modes it offers and their settings.</p>"
    b"<p><a href=prev.html>Previous function of the library</a> "
    b"<a href=next.html>Next function</a></p>"
    b"<p>A paragraph the rotating teaser inserts, unique to this visit.</p>"
    b"<hr><table><tr><td><p class=tiny>copyright &copy; 2000-2010 Xiph.Org</p></td>"
    b"</tr></table><p>Last changed on the seventh of December, by the maintainers.</p>"
    b"</body></html>"
)  # fmt: skip
FLOW_PAGE_OWN = (
    "codec_encode_init",
    "This is the primary function for setting up variable bitrate modes.",
    "Pointer to an initialized structure of the encoder's settings.",
    "Zero for success, less than zero for failure.",
    "The encoder's overview lists the modes it offers and their settings.",
    "A paragraph the rotating teaser inserts, unique to this visit.",
    "Last changed on the seventh of December, by the maintainers.",
)


def test_in_a_page_without_a_container_lines_in_its_flow_become_content() -> None:
    labels, block, blocks = labelled(FLOW_PAGE, FLOW_PAGE_OWN)
    declared, returns = block['declared in "codec/codec.h";'], block["Return Values"]
    # Each shares only <body> with the content around it, and the line is long: neither
    # the enclosed-run rule nor the labels rule reaches it; no element holds the text.
    assert blocks.letters[declared] >= 20
    assert absorb_enclosed(labels, blocks)[declared] == BAD
    assert absorb_enclosed_labels(labels, blocks)[declared] == BAD
    assert content_container(labels, blocks) is None
    out = absorb_in_flow(labels, blocks)
    # Written into a child of <body>, as the title and the paragraph around it are:
    # content. So is "Return Values", between a definition and a list item nested
    # deeper, each holding more of the page's text than the heading.
    assert out[declared] == GOOD and out[returns] == GOOD
    # A run with a block nested deeper (the parameter's name in the <dl>) is not in
    # the flow; both are short, and the labels rule takes them (below).
    assert out[block["Parameters"]] == BAD and out[block["vi"]] == BAD
    # The header before the title and the footer's table stay template (nested, not in
    # the flow), and so does the navigation row in the flow: links alone, although the
    # teaser's stray paragraph follows it.
    frame = ("libcodec documentation", "libcodec version 1.3.2 - 20101101",
             "Previous function of the library", "copyright \xa9 2000-2010 Xiph.Org")  # fmt: skip
    assert all(out[block[text]] == BAD for text in frame)
    assert (out[labels == GOOD] == GOOD).all()  # only template turns
    assert (absorb_in_flow(labels, blocks, max_run=0) == labels).all()
    # Both template methods apply it where the page has no container, and not with the
    # rules off.
    applied, container = enclosed_and_container(labels, blocks, 12, 0.9, 20)
    assert container is None and applied[declared] == GOOD and applied[returns] == GOOD
    assert applied[block["Parameters"]] == GOOD and applied[block["vi"]] == GOOD
    assert applied[block["Previous function of the library"]] == BAD
    assert enclosed_and_container(labels, blocks, 12, 0.0, 20)[0][declared] == BAD


# fpdoc's reference (fgl): the text straight in <body>; each method's page introduces its
# declaration, nested in a table, with the "Declaration" heading and its source position,
# which recur on every page of the unit.
NESTED_PAGE = (
    b"<html><body><table><tr><td><a href=index.html>Reference for unit fgl</a></td>"
    b"<td><a href=tfpglist.html>TFPGList</a></td></tr></table>"
    b"<h1>TFPGList.Add</h1><p>Add an item to the end of the list.</p>"
    b"<h2>Declaration</h2><p>Source position: fgl.pp line 109</p>"
    b"<table><tr><td><pre>public function TFPGList.Add(const Item: T): Integer;</pre>"
    b"</td></tr></table>"
    b"<h2>Description</h2><p>Add appends the item and returns its position.</p>"
    b"</body></html>"
)  # fmt: skip
NESTED_PAGE_OWN = (
    "TFPGList.Add",
    "Add an item to the end of the list.",
    "public function TFPGList.Add(const Item: T): Integer;",
    "Add appends the item and returns its position.",
)


def test_a_line_before_the_nested_text_it_introduces_becomes_content() -> None:
    """A neighbour nested deeper than the run counts when its element holds, on its
    side of the run, more letters of content (not links alone) than the run."""
    labels, block, blocks = labelled(NESTED_PAGE, NESTED_PAGE_OWN)
    heading = [block["Declaration"], block["Source position: fgl.pp line 109"]]
    assert content_container(labels, blocks) is None
    out = absorb_in_flow(labels, blocks)
    assert (out[heading] == GOOD).all()
    # "Description" lies between the declaration's table and a paragraph: content too.
    assert out[block["Description"]] == GOOD
    # The header's links stay template: nested, and before the title, not enclosed.
    assert out[block["Reference for unit fgl"]] == BAD
    code = b"<pre>public function TFPGList.Add(const Item: T): Integer;</pre>"
    # Nested text no longer than the run (as a page's name in a navigation table)...
    short = NESTED_PAGE.replace(code, b"<pre>Add</pre>")
    labels, block, blocks = labelled(short, (*NESTED_PAGE_OWN[:2], "Add", NESTED_PAGE_OWN[3]))
    assert (absorb_in_flow(labels, blocks)[heading] == BAD).all()
    # ... or links alone, even long ones the method calls content: the run stays template.
    linked = b"<a href=add.html>public function TFPGList.Add(const Item: T): Integer;</a>"
    labels, block, blocks = labelled(NESTED_PAGE.replace(code, linked), NESTED_PAGE_OWN)
    assert (absorb_in_flow(labels, blocks)[heading] == BAD).all()
    # The same line with the code written into <body> (the flow): content, as before.
    flowing = NESTED_PAGE.replace(b"<table><tr><td>" + code + b"</td></tr></table>", code)
    labels, block, blocks = labelled(flowing, NESTED_PAGE_OWN)
    assert (absorb_in_flow(labels, blocks)[heading] == GOOD).all()


# Dr. Geo's manual (Hyperlatex): the text straight in <body>, the navigation in a table
# above and below it (the next and previous pages' buttons, the page's own name in bold),
# and the address between the text and the table below.
FOOTER_PAGE = (
    b"<html><body><table><tr><td><a href=next.html><img alt=Segment src=next.png></a></td>"
    b"<td><b>Ray, the half-line</b></td></tr></table>"
    b"<h4>Ray, the half-line</h4>"
    b"<p>Create a ray defined by two points: its origin, and a point it passes.</p>"
    b"<hr><address>Any comments or remarks about the manual?<br>"
    b"Contact the maintainers of the manual at the project's address</address>"
    b"<table><tr><td><a href=next.html><img alt=Segment src=next.png></a></td>"
    b"<td><b>Ray, the half-line</b></td></tr></table></body></html>"
)  # fmt: skip
# The page's name recurs on no other page: a method calls it content, in the tables too.
FOOTER_PAGE_OWN = (
    "Ray, the half-line",
    "Create a ray defined by two points: its origin, and a point it passes.",
)


def test_a_footer_in_the_flow_before_nested_navigation_stays_template() -> None:
    """The run and the content on both sides must lie in one flow: Dr. Geo's address
    is written into <body> as its paragraphs are, but the content after it is the
    navigation table's name of the page, nested in a cell."""
    labels, block, blocks = labelled(FOOTER_PAGE, FOOTER_PAGE_OWN)
    address = [block["Any comments or remarks about the manual?"],
               block["Contact the maintainers of the manual at the project's address"]]  # fmt: skip
    # The last name wins the dict: the name in the table below, content by the method.
    assert labels[block["Ray, the half-line"]] == GOOD
    assert content_container(labels, blocks) is None
    assert (absorb_in_flow(labels, blocks)[address] == BAD).all()
    assert (enclosed_and_container(labels, blocks, 12, 0.9, 20)[0][address] == BAD).all()
    # Were the name after it a paragraph in <body>, the address would lie between two
    # of the page's paragraphs: content.
    below = FOOTER_PAGE.rindex(b"<table>")
    flowing = FOOTER_PAGE[:below] + b"<p>Ray, the half-line</p></body></html>"
    labels, block, blocks = labelled(flowing, FOOTER_PAGE_OWN)
    assert (absorb_in_flow(labels, blocks)[address] == GOOD).all()


def test_where_the_page_has_a_container_numbers_are_left_to_it(monkeypatch) -> None:
    """Inside an element that holds the page's text, a number inherits from its
    paragraphs (or the container rule takes it): this rule does not run there."""
    html = NUMBERED_PAGE.replace(b"<h1>", b"<div class=text><h1>").replace(
        b"<div class=paranum>4</div>", b"</div><div class=paranum>4</div>"
    )
    labels, block, blocks = labelled(html, NUMBERED_PAGE_OWN)
    assert content_container(labels, blocks) is not None
    assert (inherit_short(labels, blocks)[[block["1"], block["3"]]] == GOOD).all()
    calls: list[np.ndarray] = []

    def recording(labels: np.ndarray, *_args: object, **_kw: int) -> np.ndarray:
        calls.append(labels)
        return labels

    monkeypatch.setattr(text_blocks_module, "absorb_unlettered", recording)
    monkeypatch.setattr(text_blocks_module, "absorb_in_flow", recording)
    enclosed_and_container(labels, blocks, 12, 0.9, 20)
    assert calls == []
    # Without the container (the same page as it was) both run.
    labels, block, blocks = labelled(NUMBERED_PAGE, NUMBERED_PAGE_OWN)
    enclosed_and_container(labels, blocks, 12, 0.9, 20)
    assert len(calls) == 2


def test_a_page_with_a_container_keeps_its_labels_outside_it_template() -> None:
    """Where an element holds the page's text, the rule does not run: a short template
    block between content outside that element (a sidebar's label) stays template."""
    html = BODY_PAGE.replace(b"<h3>", b"<div class=text><h3>").replace(
        b"<div class=chlinkprevnextbot>", b"</div><div class=chlinkprevnextbot>"
    )
    labels, block, blocks = labelled(
        html.replace(b"<p class=foot>Generated by the book's generator</p>",
                     b"<p class=foot>Short label</p>"),
        (*BODY_PAGE_OWN, "Previous chapter of the book"),
    )  # fmt: skip
    container = content_container(labels, blocks, share=0.6)
    assert container is not None
    applied, found = enclosed_and_container(labels, blocks, 12, 0.6, 20)
    assert found == container
    assert applied[block["Short label"]] == BAD  # enclosed by content, but no label rule
    assert absorb_enclosed_labels(labels, blocks)[block["Short label"]] == GOOD  # were it on


# gi-docgen's and ikiwiki's shape: a sidebar and a footer of short blocks beside the
# content, all in one wrapper below <body>.
CHROME_PAGE = (
    b"<html><body><div class=wrap><div class=sidebar><p>API Version: 1.0</p>"
    b"<p>Generated by gen 2.2</p></div><section id=main>"
    b"<h1>Class Layout, a text layout of the library</h1>"
    b"<p>A layout lays out a paragraph of text in lines of a given width.</p>"
    b"<h2>Parameters</h2><p>The width of the lines, in units of the device.</p>"
    b"</section><div class=footer><p>Last edited</p></div></div></body></html>"
)  # fmt: skip
CHROME_PAGE_OWN = (
    "Class Layout, a text layout of the library",
    "A layout lays out a paragraph of text in lines of a given width.",
    "The width of the lines, in units of the device.",
)


def inherited_short(counted: np.ndarray, blocks: TextBlocks) -> tuple[np.ndarray, np.ndarray]:
    """:func:`inherit_short`'s labels of the ``counted`` ones, and the blocks that took
    content from a neighbour where the method counted template (``keep_own_outside``'s
    ``inherited``)."""
    labels = inherit_short(counted, blocks)
    return labels, (counted == BAD) & (labels == GOOD)


def test_outside_the_container_a_short_template_block_keeps_its_own_decision() -> None:
    counted, block, blocks = labelled(CHROME_PAGE, CHROME_PAGE_OWN)
    labels, inherited = inherited_short(counted, blocks)
    chrome = [block[t] for t in ("Generated by gen 2.2", "Last edited")]
    # The premise: the sidebar's last line and the footer share the wrapper with the
    # content's first and last paragraphs, and take their decision.
    assert (labels[chrome] == GOOD).all() and labels[block["Parameters"]] == GOOD
    container = content_container(labels, blocks)
    assert container == blocks.paths[block["Parameters"]][:-1]  # <section id=main>
    out = keep_own_outside(labels, inherited, blocks, container)
    assert (out[chrome] == BAD).all() and out[block["API Version: 1.0"]] == BAD
    assert out[block["Parameters"]] == GOOD  # inside the container: inherited stays
    assert (out[counted == GOOD] == GOOD).all()  # only what inheritance turned goes back
    # A short block outside that the method itself called content stays content.
    own_version = counted.copy()
    own_version[block["API Version: 1.0"]] = GOOD
    kept = keep_own_outside(*inherited_short(own_version, blocks), blocks, container)
    assert kept[block["API Version: 1.0"]] == GOOD
    # No container: the inherited labels as they are.
    assert (keep_own_outside(labels, inherited, blocks, None) == labels).all()
    # The sidebar a navigation landmark: its lines are template without a container too.
    nav = CHROME_PAGE.replace(b"<div class=sidebar>", b"<nav>").replace(
        b"</div><section", b"</nav><section"
    )
    counted, block, blocks = labelled(nav, CHROME_PAGE_OWN)
    out = keep_own_outside(*inherited_short(counted, blocks), blocks, None)
    assert out[block["Generated by gen 2.2"]] == BAD and out[block["Last edited"]] == GOOD


# Python's docs (Sphinx): the sidebar, a navigation landmark, sits inside the wrapper
# that holds the page's text, between its long paragraphs.
NAV_PAGE = (
    b"<html><body><div class=document><div class=body><h1>The module, its functions</h1>"
    b"<p>The module offers functions that read and write files of the format.</p>"
    b"<div class=sphinxsidebar role=navigation><h3>Next topic</h3><p>Show Source</p></div>"
    b"<h2>Functions</h2><p>Each function takes a file object and returns the records.</p>"
    b"</div></div></body></html>"
)  # fmt: skip
NAV_PAGE_OWN = (
    "The module, its functions",
    "The module offers functions that read and write files of the format.",
    "Each function takes a file object and returns the records.",
)


def test_a_short_block_in_a_navigation_landmark_keeps_its_own_decision() -> None:
    counted, block, blocks = labelled(NAV_PAGE, NAV_PAGE_OWN)
    labels, inherited = inherited_short(counted, blocks)
    sidebar = [block[t] for t in ("Next topic", "Show Source")]
    # The premise: the sidebar's lines and the heading after it take the paragraphs'
    # decision.
    assert inherited[sidebar].all() and inherited[block["Functions"]]
    body = blocks.paths[block["Functions"]][:-1]  # div.body, around the sidebar too
    for container in (None, body, body[:-1]):
        out = keep_own_outside(labels, inherited, blocks, container)
        assert (out[sidebar] == BAD).all()  # the landmark's: template again
        assert out[block["Functions"]] == GOOD  # outside every landmark: as it was
    # The method's own content in a landmark stays content.
    own = counted.copy()
    own[block["Show Source"]] = GOOD
    kept = keep_own_outside(*inherited_short(own, blocks), blocks, None)
    assert kept[block["Show Source"]] == GOOD and kept[block["Next topic"]] == BAD
    # A landmark around the container is the page's frame, not a navigation inside it.
    wrapped = NAV_PAGE.replace(b"<div class=document>", b"<div class=document role=navigation>")
    counted, block, blocks = labelled(wrapped, NAV_PAGE_OWN)
    labels, inherited = inherited_short(counted, blocks)
    document = blocks.paths[block["Functions"]][:-2]
    out = keep_own_outside(labels, inherited, blocks, document)
    assert out[block["Functions"]] == GOOD
    assert (out[[block[t] for t in ("Next topic", "Show Source")]] == BAD).all()  # its own


# Gri's manual: a banner table whose row holds the chapters' cell and the page's cell, the
# page's text written straight into its cell between a heading and a few paragraphs.
CELL_PAGE = (
    b"<html><body><table><tr><td><ul><li><a href=/1>Chapter one, the introduction</a></li>"
    b"<li><a href=/2>Chapter two, a simple example</a></li></ul></td><td>"
    b"<h2>Simple Gri Program and How to Run it</h2>"
    b"This chapter introduces the program with a common example, an x-y graph of data."
    b"<p>The first line is a comment, as are all things following a hash.</p>"
    b"Type the command at the system prompt and the program will create a file."
    b"<p>Previous chapter and next chapter of the manual</p>"
    b"</td></tr></table></body></html>"
)


def test_text_written_into_a_cell_makes_the_cell_the_container() -> None:
    own = ("Simple Gri Program and How to Run it",
           "This chapter introduces the program with a common example, an x-y graph of data.",
           "The first line is a comment, as are all things following a hash.",
           "Type the command at the system prompt and the program will create a file.")  # fmt: skip
    labels, block, blocks = labelled(CELL_PAGE, own)
    written = block["Type the command at the system prompt and the program will create a file."]
    cell = blocks.paths[written]  # the text's own boundary element is the cell
    paragraph_in_cell = block["The first line is a comment, as are all things following a hash."]
    assert cell == blocks.paths[paragraph_in_cell][:-1]
    # The cell holds the page's blocks, so it is the container, not the row around both
    # cells: the chapters stay template, the cell's own template line becomes content.
    assert content_container(labels, blocks) == cell
    out = absorb_in_container(labels, blocks)
    assert out[block["Previous chapter and next chapter of the manual"]] == GOOD
    for chapter in ("Chapter one, the introduction", "Chapter two, a simple example"):
        assert out[block[chapter]] == BAD
    # A block's own element counts only where it holds other blocks: one long paragraph
    # alone does not make its <p> the container.
    labels, block, blocks = labelled(
        CRATE_PAGE, ("A word of Rust code, which may be a keyword or an identifier.",)
    )
    paragraph = blocks.paths[block["A word of Rust code, which may be a keyword or an identifier."]]
    container = content_container(labels, blocks)
    assert container is not None and container != paragraph
    assert paragraph[: len(container)] == container


# GRASS's manual: one div around the page's logo, text and footer.
WRAPPED_PAGE = (
    b"<html><body><div id=container><a href=/><img alt=logo src=l.png>Main index of the manual</a>"
    b"<h2>NAME</h2>r.slope.aspect generates raster maps of slope, aspect and curvatures."
    b"<h2>DESCRIPTION</h2><p>Aspect is calculated counterclockwise from east, in degrees.</p>"
    b"<p>Main index | Raster index | Topics index | Keywords index</p>"
    b"<p>GRASS Development Team, GRASS GIS 8.2.1 Reference Manual</p></div></body></html>"
)


def test_text_written_into_an_element_around_the_whole_page_is_the_pages() -> None:
    own = ("r.slope.aspect generates raster maps of slope, aspect and curvatures.",
           "Aspect is calculated counterclockwise from east, in degrees.")  # fmt: skip
    labels, block, blocks = labelled(WRAPPED_PAGE, own)
    # The div holds every block of the page, the footer's too: text written straight into
    # it counts for no element, as text written into <body> does, and without it the div
    # holds too little of the page's text: no container, and the footer stays template.
    assert content_container(labels, blocks) is None
    out = absorb_in_container(labels, blocks)
    for footer in ("Main index | Raster index | Topics index | Keywords index",
                   "GRASS Development Team, GRASS GIS 8.2.1 Reference Manual"):  # fmt: skip
        assert out[block[footer]] == BAD
    # With a sidebar beside the div, the div holds the text written into it, as a table
    # cell does: it is the container, and the footer inside it becomes content.
    labels, block, blocks = labelled(
        WRAPPED_PAGE.replace(b"<body>", b"<body><ul><li>A sidebar link to another page</li></ul>"),
        own,
    )
    container = content_container(labels, blocks)
    text = blocks.paths[block["Aspect is calculated counterclockwise from east, in degrees."]]
    assert container is not None and container == text[:-1]
    footer_block = block["GRASS Development Team, GRASS GIS 8.2.1 Reference Manual"]
    assert absorb_in_container(labels, blocks)[footer_block] == GOOD
    # A wrapper around the whole page whose text sits in its children is the container
    # still (odoc's div.content around its breadcrumbs, title and text).
    wrapped = WRAPPED_PAGE.replace(b"<h2>NAME</h2>r.slope", b"<h2>NAME</h2><p>r.slope").replace(
        b"curvatures.<h2>", b"curvatures.</p><h2>"
    )
    labels, block, blocks = labelled(wrapped, own)
    div = blocks.paths[block["Aspect is calculated counterclockwise from east, in degrees."]][:-1]
    assert content_container(labels, blocks) == div


# makeinfo's navigation header: the same words on every page, other links on each.
NAVIGATION_PAGE = b"""<html><body>
<div class=header><p>Next: <a href=/b>Basic Vectorization</a>, Previous:
<a href=/a>Getting Started</a>, Up: <a href=/>Top</a> &nbsp; [<a href=/c>Contents</a>] \
[<a href=/i>Index</a>]</p></div>
<p>See <a href=/f>the function</a> for what the options do to a vector.</p>
<ul><li><a href=/x>Only a link</a></li></ul></body></html>"""


def test_a_block_mostly_of_links_has_a_skeleton_of_its_other_words() -> None:
    texts, blocks = blocks_of(NAVIGATION_PAGE)
    block_of = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    header = blocks.skeletons[block_of["Basic Vectorization"]]
    # Each run of links (a link, or links with only spaces between) is one placeholder.
    assert header == (
        f"Next: {LINK_PLACEHOLDER} , Previous: {LINK_PLACEHOLDER} , Up: {LINK_PLACEHOLDER}"
        f" [ {LINK_PLACEHOLDER} ] [ {LINK_PLACEHOLDER} ]"
    )
    # A sentence with a link in it is mostly its own words; a link alone is all link.
    assert blocks.skeletons[block_of["the function"]] is None
    assert blocks.skeletons[block_of["Only a link"]] is None
    assert blocks.texts[block_of["Only a link"]] == "Only a link"


# GRASS's footer row, and blocks that are links but not a row.
LINK_ROW_PAGE = b"""<html><body>
<p><a href=/>Main index</a> | <a href=/t>Topics index</a> | <a href=/k>Keywords index</a></p>
<p><a href=/><b>Main</b> index</a> | <a href=/t>Topics <i>index</i></a></p>
<p>Go to <a href=/>Main index</a> | <a href=/t>Topics index</a> | <a href=/k>Keywords</a></p>
<pre>val add_edge : <a href=/g>G.t</a> -> <a href=/v>G.V.t</a> -> <a href=/g>G.t</a></pre>
<p><a href=/x>X</a> : <a href=/s>Sig.COMPARABLE</a></p>
<p><a name=a>Named</a> | <a name=b>anchors</a> | <a name=c>only</a></p>
</body></html>"""


def test_a_row_of_links_is_all_links_and_at_least_three() -> None:
    texts, blocks = blocks_of(LINK_ROW_PAGE)
    block_of = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    assert LINK_ROW_LINKS == 3
    # Three links with only separators between them: a row.
    assert blocks.link_rows[block_of["Keywords index"]]
    # A link of several nodes counts once: two links, not four.
    assert not blocks.link_rows[block_of["Main"]]
    # A word outside the links, a declaration's linked types, anchors without href: not.
    assert not blocks.link_rows[block_of["Go to"]]
    assert not blocks.link_rows[block_of["val add_edge :"]]
    assert not blocks.link_rows[block_of["Sig.COMPARABLE"]]
    assert not blocks.link_rows[block_of["Named"]]
    assert blocks.link_rows.sum() == 1
    # Links alone, whatever their number (separators between them are no words).
    only = {blocks.texts[i] for i in np.flatnonzero(blocks.links_only)}
    assert only == {"Main index | Topics index | Keywords index", "Main index | Topics index",
                    "X : Sig.COMPARABLE"}  # fmt: skip


def test_an_anchor_without_href_is_not_a_link() -> None:
    page = b"<html><body><p><a name=s1>Section one of the manual</a>: in short</p></body></html>"
    _texts, blocks = blocks_of(page)
    assert blocks.skeletons == [None]


def test_a_heading_that_links_its_name_has_no_skeleton() -> None:
    """ocamldoc's title "Module BatBool" links the module's name: its skeleton, "Module
    ⟨link⟩", would recur on every module's page although the heading names the page."""
    page = (
        b"<html><body><div class=navbar><a href=/p>Previous</a> Up: <a href=/>Index</a>"
        b"</div><h1>Module <a href=/BatBool.html>BatBool</a></h1>"
        b"<h2>Intro<br><a href=#s2>Chapter two</a> of it</h2>"
        b"<p>Operations on booleans.</p></body></html>"
    )
    texts, blocks = blocks_of(page)
    block_of = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    assert blocks.skeletons[block_of["BatBool"]] is None
    assert blocks.texts[block_of["BatBool"]] == "Module BatBool"
    # A <br> inside a heading splits its text; what follows it is still the heading's.
    assert blocks.skeletons[block_of["Chapter two"]] is None
    # The same row outside a heading has one: the rule is the heading's, not the words'.
    navbar = blocks.skeletons[block_of["Previous"]]
    assert navbar == f"{LINK_PLACEHOLDER} Up: {LINK_PLACEHOLDER}"
    div_page = page.replace(b"<h1>", b"<div>").replace(b"</h1>", b"</div>")
    div_page = div_page.replace(b"<h2>", b"<div>").replace(b"</h2>", b"</div>")
    texts, blocks = blocks_of(div_page)
    block_of = {t.strip(): int(b) for t, b in zip(texts, blocks.node_block, strict=True)}
    assert blocks.skeletons[block_of["BatBool"]] == f"Module {LINK_PLACEHOLDER}"
    assert blocks.skeletons[block_of["Chapter two"]] == f"{LINK_PLACEHOLDER} of it"


# autogsdoc's page: one <font> around the whole body, the "Up" link and the generator's
# labels written straight into it, the text in its children.
FONT_PAGE = b"""<html><body><font face="serif">
<a href="index.html">Up</a>
<h1>NSArchiver class reference</h1>
<div><p>Implementation of NSCoder capable of creating sequential archives.</p></div>
<b>Method summary</b>
<ul><li>The archiver writes its objects into a data object in stream order.</li></ul>
<div><p>To subclass the archiver, implement your own encoding methods too.</p></div>
<a href="index.html">Up</a>
</font></body></html>"""


def test_a_block_in_an_inline_element_is_enclosed_by_it() -> None:
    own = ("Implementation of NSCoder capable of creating sequential archives.",
           "The archiver writes its objects into a data object in stream order.",
           "To subclass the archiver, implement your own encoding methods too.")  # fmt: skip
    labels, block, blocks = labelled(FONT_PAGE, own)
    label = block["Method summary"]
    # Its nearest boundary element is <body>; the <font> around it is where it lies.
    font = blocks.paths[block[own[0]]][:3]
    assert blocks.paths[label] == font[:2]
    assert blocks.enclosing[label][:3] == font
    assert blocks.wrapper == font  # the <font> encloses every block with letters
    assert all(e[: len(p)] == p for e, p in zip(blocks.enclosing, blocks.paths, strict=True))
    # The <font> holds the page's text: it is the container, and the label inside it,
    # between the content, becomes content; the "Up" links before the first content
    # block and after the last are the site's frame and stay template.
    assert content_container(labels, blocks) == font
    out = absorb_in_container(labels, blocks)
    assert out[label] == GOOD
    ups = [b for b, t in enumerate(blocks.texts) if t == "Up"]
    assert len(ups) == 2 and (out[ups] == BAD).all()
    # After the last content block, template in a section of its own below the wrapper
    # (odoc's declarations, which its parent page lists too) is the page's, and so is
    # template in the last content block's own element.
    nested = FONT_PAGE.replace(
        b'<a href="index.html">Up</a>\n</font>',
        b"<div><div><p>module Flow : sig ... end</p></div></div>"
        b'<a href="index.html">Up</a>\n</font>',
    ).replace(b"encoding methods too.</p>", b"encoding methods too.</p>Since 1.0")
    labels, block, blocks = labelled(nested, own)
    out = absorb_in_container(labels, blocks)
    assert out[block["module Flow : sig ... end"]] == GOOD and out[block["Since 1.0"]] == GOOD
    assert out[[b for b, t in enumerate(blocks.texts) if t == "Up"]].tolist() == [BAD, BAD]
    # A footer after the last content block that begins with a row of links is the
    # site's, in a <p> of its own too, and so is what follows the row (GRASS's copyright
    # line); a row of links between content blocks is the page's.
    footer = nested.replace(
        b'<a href="index.html">Up</a>\n</font>',
        b"<hr><p><a href=/>Main index</a> | <a href=/t>Topics index</a> | "
        b"<a href=/k>Keywords index</a></p><p>Copyright the GRASS Development Team</p>"
        b'<a href="index.html">Up</a>\n</font>',
    ).replace(
        b"<b>Method summary</b>",
        b"<b>Method summary</b>"
        b"<p><a href=/a>One</a> | <a href=/b>Two</a> | <a href=/c>Three</a></p>",
    )
    labels, block, blocks = labelled(footer, own)
    out = absorb_in_container(labels, blocks)
    assert blocks.link_rows[block["Keywords index"]] and blocks.link_rows[block["Three"]]
    assert out[block["Keywords index"]] == BAD
    assert out[block["Copyright the GRASS Development Team"]] == BAD
    assert out[block["Three"]] == GOOD and out[block["module Flow : sig ... end"]] == GOOD
    # Without the row, the same copyright line is the page's, as odoc's declarations are.
    no_row = footer.replace(b"<a href=/k>Keywords index</a>", b"Keywords index")
    labels, block, blocks = labelled(no_row, own)
    out = absorb_in_container(labels, blocks)
    assert out[block["Copyright the GRASS Development Team"]] == GOOD
    # A page the method called no content, its container the site's, has no edge.
    nothing = np.full(len(blocks), BAD, dtype=np.uint8)
    font = blocks.paths[block[own[0]]][:3]
    assert (absorb_within(nothing, blocks, font)[blocks.letters > 0] == GOOD).all()
    # A container that does not enclose every block absorbs its edges too: with a
    # sidebar outside the <font>, the "Up" links inside it become content.
    labels, block, blocks = labelled(
        FONT_PAGE.replace(b"<body>", b"<body><ul><li>A sidebar link to another page</li></ul>"),
        own,
    )
    font = blocks.paths[block[own[0]]][:3]
    assert content_container(labels, blocks) == font and blocks.wrapper != font
    out = absorb_in_container(labels, blocks)
    ups = [b for b, t in enumerate(blocks.texts) if t == "Up"]
    assert (out[ups] == GOOD).all() and out[block["Method summary"]] == GOOD
    assert out[block["A sidebar link to another page"]] == BAD


# MHonArc's resource pages: a table of contents of the page's own sections under its
# title, inside the element that holds the text (or straight in <body>).
SECTIONS_PAGE = (
    b"<html><body><div class=menu><a href=/>Home of the manual</a></div><div class=text>"
    b"<h1>LISTEND, the resource that ends the message list</h1>"
    b"<ul><li><a href=#syntax>Syntax</a></li><li><a href=#description>Description</a></li>"
    b"<li><a href=' #seealso'>See <b>Also</b></a></li></ul>"
    b"<h2><a name=syntax>The syntax</a></h2>"
    b"<p>The element holds the markup that ends the message list in the main index.</p>"
    b"<p>N/A</p>"
    b"<h2><a name=description>The description</a></h2>"
    b"<p>It is the counterpart of the resource that begins the list; both are needed.</p>"
    b"<p>See <a href=#syntax>the syntax</a> above, or <a href=begin.html>LISTBEGIN</a>.</p>"
    b"</div></body></html>"
)  # fmt: skip

SECTIONS_PAGE_OWN = (
    "LISTEND, the resource that ends the message list",
    "The element holds the markup that ends the message list in the main index.",
    "It is the counterpart of the resource that begins the list; both are needed.",
    "See",
)


def test_a_block_of_links_to_the_pages_own_sections_is_a_table_of_contents() -> None:
    _labels, block, blocks = labelled(SECTIONS_PAGE, SECTIONS_PAGE_OWN)
    toc = [block["Syntax"], block["Description"], block["Also"]]
    assert blocks.section_links[toc].all()  # a link of several nodes too
    # A link to another page, a heading that names its anchor, words outside the links:
    # not.
    for other in ("Home of the manual", "The syntax", "the syntax", "N/A"):
        assert not blocks.section_links[block[other]], other
    assert blocks.section_links.sum() == 3
    # Only an item of a list that holds nothing else, its sublists included, is an
    # entry: a heading that links to itself, a summary table's cell that links to the
    # member's description below (Javadoc's, LDoc's), and a summary list whose items
    # carry that description (YARD's, Crystal's), an undocumented member's too, are
    # the page's.
    page = (b"<html><body><h2><a href=#methods>Methods</a></h2><table><tr><td>"
            b"<a href=#press>button::press</a></td><td>When a button is pressed</td></tr>"
            b"</table><ul><li><a href=#run>#run</a><div><p>Runs the command</p></div></li>"
            b"<li><a href=#stop>#stop</a></li></ul>"
            b"<ul><li><a href=#methods>Methods</a><ul><li><a href=#run>run</a></li></ul></li>"
            b"</ul><ul><li><a href=#other>Other</a><ul><li>with words</li></ul></li></ul>"
            b"</body></html>")  # fmt: skip
    _texts, blocks = blocks_of(page)
    entries = [blocks.texts[b] for b in np.flatnonzero(blocks.section_links)]
    assert entries == ["Methods", "run"]


def test_no_rule_makes_a_table_of_contents_content() -> None:
    labels, block, blocks = labelled(SECTIONS_PAGE, SECTIONS_PAGE_OWN)
    toc = [block["Syntax"], block["Description"], block["Also"]]
    headings = [block["The syntax"], block["The description"]]
    # Inside the container (div.text) the headings and the label become content; the
    # table of contents stays template, and the menu outside.
    out = absorb_in_container(labels, blocks)
    assert (out[headings] == GOOD).all() and out[block["N/A"]] == GOOD
    assert (out[toc] == BAD).all() and out[block["Home of the manual"]] == BAD
    # The same list linking to other pages is the page's, as any template in there.
    elsewhere = SECTIONS_PAGE.replace(b"href=#", b"href=s.html#").replace(b"' #", b"'s.html#")
    labels_elsewhere, block_elsewhere, blocks_elsewhere = labelled(elsewhere, SECTIONS_PAGE_OWN)
    assert not blocks_elsewhere.section_links.any()
    out = absorb_in_container(labels_elsewhere, blocks_elsewhere)
    assert (out[[block_elsewhere[t] for t in ("Syntax", "Description", "Also")]] == GOOD).all()
    # Written straight into <body>, with the headings content: the labels rule makes the
    # short label between paragraphs content, not the run of the table's entries.
    body = SECTIONS_PAGE.replace(b"<div class=text>", b"").replace(b"</div></body>", b"</body>")
    own = (*SECTIONS_PAGE_OWN, "The syntax", "The description")
    labels, block, blocks = labelled(body, own)
    assert content_container(labels, blocks) is None
    toc = [block[t] for t in ("Syntax", "Description", "Also")]
    out = absorb_enclosed_labels(labels, blocks)
    assert out[block["N/A"]] == GOOD and (out[toc] == BAD).all()
    assert (absorb_enclosed(labels, blocks)[toc] == BAD).all()
    # A short entry that took its content neighbour's decision is template again, with or
    # without a container; the label that did so stays content where there is none.
    inherited = np.zeros(len(blocks), dtype=bool)
    inherited[[*toc, block["N/A"]]] = True
    took = labels.copy()
    took[inherited] = GOOD
    for container in (None, blocks.paths[block["The syntax"]][:2]):
        out = keep_own_outside(took, inherited, blocks, container)
        assert (out[toc] == BAD).all()
    assert keep_own_outside(took, inherited, blocks, None)[block["N/A"]] == GOOD


# AfterStep's asdocgen: no container below <body>; each option list under a heading in a
# list item of its own, after a row of related topics that recurs on every page.
OPTIONS_PAGE = (
    b"<html><body><div class=banner><h2>The Window Manager's Manual</h2></div>"
    b"<p>The database defines how the manager treats each window by its name.</p>"
    b"<ul><li><h3>CONFIGURATION OPTIONS :</h3><dl><dt>Style</dt><dd><p>The name can be "
    b"the window's name, class or resource string.</p></dd></dl></li></ul>"
    b"<div class=related><h3>Related topics of the manual</h3>"
    b"<p><a href=/g>Gravity and the placement of windows</a></p></div></body></html>"
)  # fmt: skip
OPTIONS_PAGE_OWN = (
    "The database defines how the manager treats each window by its name.",
    "The name can be the window's name, class or resource string.",
)


def test_a_template_heading_takes_the_decision_of_the_text_it_heads() -> None:
    labels, block, blocks = labelled(OPTIONS_PAGE, OPTIONS_PAGE_OWN)
    out = headings_with_their_text(labels, blocks, None)
    # Its text is the first long block after it ("Style" is short) and content.
    assert out[block["CONFIGURATION OPTIONS :"]] == GOOD
    assert out[block["Style"]] == BAD  # not a heading: left to the short-block rule
    # A heading whose text is template stays template.
    assert out[block["Related topics of the manual"]] == BAD
    # A banner that shares only <body> with the paragraph after it heads nothing.
    assert out[block["The Window Manager's Manual"]] == BAD
    # Only headings change, and only from template to content.
    changed = np.flatnonzero(out != labels)
    assert changed.tolist() == [block["CONFIGURATION OPTIONS :"]]
    # A heading in a navigation landmark or hidden by the page is left as it is.
    for wrapped in (b"<nav><h3>CONFIGURATION OPTIONS :</h3></nav>",
                    b"<h3 hidden>CONFIGURATION OPTIONS :</h3>"):  # fmt: skip
        page = OPTIONS_PAGE.replace(b"<h3>CONFIGURATION OPTIONS :</h3>", wrapped)
        labels, block, blocks = labelled(page, OPTIONS_PAGE_OWN)
        out = headings_with_their_text(labels, blocks, None)
        assert out[block["CONFIGURATION OPTIONS :"]] == BAD


# mdBook's and MediaWiki's shapes: a site's title in a bar beside the content, the page's
# title right before the element that holds its text, and after it, in the same element,
# a heading over links that a method misjudged.
TITLED_PAGE = (
    b"<html><body><div class=page><div class=menu-bar><h2>The Library Reference</h2></div>"
    b"<div class=content><h1>Layout</h1><div class=body>"
    b"<p>A layout lays out a paragraph of text in lines of a given width.</p>"
    b"<h2>Parameters of the layout</h2><p>The width of the lines, in units of the device.</p>"
    b"</div><h3>On this page of the reference</h3>"
    b"<p>Links to every section of the page</p></div></div></body></html>"
)  # fmt: skip


def test_with_a_container_a_heading_takes_its_text_only_where_that_text_is_the_pages() -> None:
    own = ("A layout lays out a paragraph of text in lines of a given width.",
           "The width of the lines, in units of the device.",
           "Links to every section of the page")  # misjudged  # fmt: skip
    labels, block, blocks = labelled(TITLED_PAGE, own)
    container = blocks.paths[block["Parameters of the layout"]][:-1]  # div.body
    out = headings_with_their_text(labels, blocks, container)
    assert out[block["Parameters of the layout"]] == GOOD  # inside, as is its text
    # Outside, in the element around the container: the page's title, whose text is the
    # first long block after it.
    assert out[block["Layout"]] == GOOD
    # Outside, in a bar beside the container: the site's title stays template, though
    # its text would be the same paragraph.
    assert out[block["The Library Reference"]] == BAD
    # A heading over text outside the container stays template...
    assert out[block["On this page of the reference"]] == BAD
    # ...where without a container it would take its (misjudged) text's decision.
    assert headings_with_their_text(labels, blocks, None)[
        block["On this page of the reference"]] == GOOD  # fmt: skip


# ClanLib's reference (its own generator): the text straight in <body>, a class's facts
# in short lines, some of which DBCE cannot decide and no neighbour below <body> settles.
FACTS_PAGE = (
    b"<html><body><p><a href=index.html>Home</a> | <a href=classes.html>All classes</a></p>"
    b"<h1>Class CL_CommandLine</h1>"
    b"<p>Helper class to parse the command line arguments of a program.</p>"
    b"<p>Derived from: none</p><p>Derived by: none</p><p>Group: Core (System)</p>"
    b"<p>#include &lt;ClanLib/core.h&gt;</p><p>\xc2\xb6</p><p>Construction:</p>"
    b"<p>Constructs a parser of the arguments the program was started with.</p>"
    b"<p>Questions or comments, write to the mailing list of the library.</p>"
    b"<p>Version 2.3 of the library</p></body></html>"
)
FACTS_PAGE_OWN = (
    "Class CL_CommandLine",
    "Helper class to parse the command line arguments of a program.",
    "Derived from: none",
    "Group: Core (System)",
    "Constructs a parser of the arguments the program was started with.",
)


def test_in_a_page_without_a_container_undecided_runs_between_content_become_content() -> None:
    labels, block, blocks = labelled(FACTS_PAGE, FACTS_PAGE_OWN)
    derived_by, include, construction = (block["Derived by: none"],
                                         block["#include <ClanLib/core.h>"],
                                         block["Construction:"])  # fmt: skip
    mark = block["\xb6"]
    footer, version = (
        block["Questions or comments, write to the mailing list of the library."],
        block["Version 2.3 of the library"],
    )
    undecided = [derived_by, include, construction, version]
    labels[undecided] = 0
    assert blocks.letters[mark] == 0 and content_container(labels, blocks) is None
    # They share only <body> with every neighbour: inheritance leaves them undecided,
    # and the enclosed-run rules leave alone a run that touches an undecided block.
    assert (inherit(labels, blocks, labels == 0)[undecided] == 0).all()
    assert (absorb_enclosed_labels(labels, blocks)[undecided] == 0).all()
    out = absorb_undecided(labels, blocks)
    # Between content: one block, or a run of two with a "\xb6" among them.
    assert (out[[derived_by, include, construction]] == GOOD).all()
    assert out[mark] == BAD  # a template block in the run is not undecided
    # After the last content block, before a template footer or at the page's end: left.
    assert out[version] == 0 and out[footer] == BAD
    assert (out[labels != 0] == labels[labels != 0]).all()  # only undecided blocks turn
    assert (absorb_undecided(labels, blocks, max_run=1)[[include, construction]] == 0).all()
    assert out[derived_by] == GOOD  # a run of one is within max_run 1
    # Both template methods run it where the caller asks (DBCE's neighbours' rule) and
    # the page has no container; not otherwise.
    applied, container = enclosed_and_container(labels, blocks, 12, 0.9, 20, undecided=True)
    assert container is None and (applied[[derived_by, include, construction]] == GOOD).all()
    assert applied[mark] == GOOD  # numbers between paragraphs, once the run is content
    plain = enclosed_and_container(labels, blocks, 12, 0.9, 20)[0]
    assert (plain[undecided] == 0).all()
    assert (enclosed_and_container(labels, blocks, 12, 0.0, 20, undecided=True)[0][undecided]
            == 0).all()  # fmt: skip


def test_undecided_blocks_inside_the_container_become_content_where_asked() -> None:
    labels, block, blocks = _crate_page()
    repeated = [block[f"Performs the conversion the same way, number {n}."] for n in (2, 3)]
    menu = block["All items of the whole crate"]
    labels[[*repeated, menu]] = 0
    container = content_container(labels, blocks)
    assert container is not None
    out = absorb_within(labels, blocks, container, undecided=True)
    assert (out[repeated] == GOOD).all()
    assert out[menu] == 0  # outside the container: undecided still
    # Without asking, undecided blocks stay undecided (the URL Tree has none; DBCE's
    # "unlabelled" rule keeps them so).
    assert (absorb_within(labels, blocks, container)[repeated] == 0).all()

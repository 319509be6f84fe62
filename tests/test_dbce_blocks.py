"""DBCE per text block (kehr_engine.dbce.blocks) on a small documentation site of one
template: a changelog pair that shares a paragraph, a page of syntax-highlighted code,
a short heading every page repeats in its content, and a second visit with a rotating
teaser. The default options against the thesis reading (the labels before issue 31)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from kehr_engine.dbce.blocks import settle
from kehr_engine.dbce.options import DbceOptions, InvalidRule
from kehr_engine.dbce.run import ArchivePage, label_archive, site_key, widen_result
from kehr_engine.dbce.similar import Capture
from kehr_engine.segmenter import segment
from kehr_engine.text_blocks import text_blocks

BAD, GOOD = 1, 3
THESIS = DbceOptions.thesis_reading()

NAV = (
    "<div class='nav'><ul><li><a href='/'>Project documentation home</a></li>"
    "<li><a href='/install'>Installing the toolkit</a></li>"
    "<li><a href='/changes'>Release notes and changes</a></li></ul></div>"
)
FOOTER = "<div class='footer'><p>Copyright 2026 the toolkit developers, licensed under the MIT licence.</p></div>"  # noqa: E501
# A short heading in every page's content (fewer than 20 letters): shared text, but a
# heading of the page's own text.
NOTES = "<h2>Notes and caveats</h2>"
SHARED_CHANGE = (
    "The configuration parser now reads nested tables, reports the line of every "
    "syntax error it finds and keeps comments when a file is written back to disk."
)
BODIES = {
    "install": "<h1>Installing the toolkit on a fresh machine</h1><p>Download the archive for your platform, unpack it into a directory of your choice and put its bin folder on the search path of your shell.</p>",  # noqa: E501
    "tutorial": "<h1>A first walk through the toolkit</h1><p>This tutorial builds a small inventory of garden tools, adds a few spades and rakes to it and prints a report sorted by the date of purchase.</p>",  # noqa: E501
    "changes-1-0": f"<h1>Changes in release one point zero</h1><p>{SHARED_CHANGE}</p><p>The first release with a plugin interface and a report command.</p>",  # noqa: E501
    "changes-1-1": f"<h1>Changes in release one point one</h1><p>{SHARED_CHANGE}</p><p>Startup is faster on machines with slow disks because plugins load lazily.</p>",  # noqa: E501
    "changes-1-2": f"<h1>Changes in release one point two</h1><p>{SHARED_CHANGE}</p><p>The report command learnt to write spreadsheets with one sheet per section.</p>",  # noqa: E501
    "code": (
        "<h1>Writing a plugin for the report command</h1><p>A plugin is a class with a "
        "run method that the report command calls once for every section it prints.</p>"
        "<pre><span class='k'>def</span> <span class='nf'>run</span><span class='p'>(</span>"
        "<span class='bp'>self</span><span class='p'>,</span> <span class='n'>section</span>"
        "<span class='p'>):</span>\n    <span class='k'>return</span> "
        "<span class='n'>section</span><span class='o'>.</span><span class='n'>title</span></pre>"
    ),
}


def page_html(slug: str, teaser: str = "") -> str:
    return (
        f"<html><head><title>{slug}</title></head><body>{NAV}<div class='body'>"
        f"{NOTES}{BODIES[slug]}</div>{FOOTER}{teaser}</body></html>"
    )


def teaser(slug: str, visit: int) -> str:
    """A box that differs on every page and visit (as teasers and adverts do)."""
    words = ("harbour festival museum station garden river bridge market tram concert "
             "library school storm election castle ferry orchard canal").split()  # fmt: skip
    picked = random.Random(f"{slug}:{visit}").sample(words, 8)
    return f"<div class='teaser'><p>Also read: {' '.join(picked)}</p></div>"


def archive_page(key: str, url: str, time: float, html: str) -> ArchivePage:
    segmented = segment(html, url)
    return ArchivePage(
        Capture(key, url, "docs.test", time), html, segmented.document, len(segmented.node_texts)
    )


@pytest.fixture(scope="module")
def site() -> list[ArchivePage]:
    return [
        archive_page(slug, f"https://docs.test/{slug}", 1.0, page_html(slug)) for slug in BODIES
    ]


@pytest.fixture(scope="module")
def second_visit() -> list[ArchivePage]:
    return [
        archive_page(
            f"{slug}@2", f"https://docs.test/{slug}", 2.0, page_html(slug, teaser(slug, 2))
        )
        for slug in BODIES
    ]


def labels_by_text(page: ArchivePage, labels: np.ndarray) -> dict[str, int]:
    texts = segment(page.html, page.capture.url).node_texts
    return {text.strip(): int(label) for text, label in zip(texts, labels, strict=True)}


def page_of(pages: list[ArchivePage], key: str) -> ArchivePage:
    return next(p for p in pages if p.capture.key == key)


def test_a_changelog_pair_keeps_its_shared_paragraph_as_content(site: list[ArchivePage]) -> None:
    """The thesis reading diffs a release note against its twins, which hold the same
    change, and drops it as template; with up and down chosen among more candidates,
    content twins skipped, the shared change is content and the menu template."""
    changes = page_of(site, "changes-1-2")
    old = label_archive(site, options=THESIS)["changes-1-2"]
    new = label_archive(site)["changes-1-2"]
    twins = {"changes-1-0", "changes-1-1"}
    assert set(old.cross.values()) == twins and not twins & set(new.cross.values())
    assert labels_by_text(changes, old.labels)[SHARED_CHANGE] == BAD
    labels = labels_by_text(changes, new.labels)
    assert labels[SHARED_CHANGE] == GOOD
    assert labels["Changes in release one point two"] == GOOD
    for chrome in ("Project documentation home", "Release notes and changes"):
        assert labels[chrome] == BAD, chrome
    assert labels["Copyright 2026 the toolkit developers, licensed under the MIT licence."] == BAD


def test_highlighted_code_is_decided_as_one_block(site: list[ArchivePage]) -> None:
    """Every fragment of the highlighted line (def, (, self, ...) takes the decision of
    the code block it is in."""
    code = page_of(site, "code")
    result = label_archive(site)["code"]
    blocks = text_blocks(code.document, code.node_count)
    pre = blocks.node_block[[i for i, t in enumerate(segment(code.html, "").node_texts)
                             if t.strip() in ("def", "self", "(", "return")]]  # fmt: skip
    assert len(set(pre.tolist())) == 1  # one block
    in_pre = blocks.node_block == pre[0]
    assert in_pre.sum() >= 10 and (result.labels[in_pre] == GOOD).all()


def test_a_short_shared_heading_takes_its_neighbours_decision(site: list[ArchivePage]) -> None:
    """The heading "Notes and caveats" is on every page (the table says template) but
    has 15 letters: it takes the decision of the heading after it, in the same container
    (the menu before it shares only <body> with it)."""
    install = page_of(site, "install")
    old = labels_by_text(install, label_archive(site, options=THESIS)["install"].labels)
    assert old["Notes and caveats"] == BAD
    new = labels_by_text(install, label_archive(site)["install"].labels)
    assert new["Notes and caveats"] == GOOD
    alone = labels_by_text(
        install,
        label_archive(site, options=DbceOptions(min_letters=0, container_share=0.0))[
            "install"
        ].labels,
    )
    assert alone["Notes and caveats"] == BAD  # without the inheritance, the table's word


def test_the_rotating_teaser_stays_unlabelled_and_the_rest_is_decided(
    site: list[ArchivePage], second_visit: list[ArchivePage]
) -> None:
    """Second visit, the first as each page's prev: the teaser is in no other capture
    (invalid). Its structural neighbours share only <body> with it, so the neighbours'
    rule leaves it unlabelled; the 'content' rule would call it content."""
    members = [(p.capture, p.html) for p in site]
    tutorial = page_of(second_visit, "tutorial@2")
    text = teaser("tutorial", 2).split("<p>")[1].split("</p>")[0]
    result = label_archive(second_visit, members=members)["tutorial@2"]
    assert result.cross["prev"] == "tutorial" and result.words["invalid"] >= 8
    labels = labels_by_text(tutorial, result.labels)
    assert labels[text] == 0
    assert labels["A first walk through the toolkit"] == GOOD
    assert labels["Project documentation home"] == BAD
    eager = label_archive(second_visit, members=members, options=DbceOptions(invalid="content"))
    assert labels_by_text(tutorial, eager["tutorial@2"].labels)[text] == GOOD


RULES: tuple[InvalidRule, ...] = ("unlabelled", "neighbours", "content", "boilerplate")


def test_settle_applies_each_invalid_rule() -> None:
    page = segment(
        "<html><body><div><p>A long paragraph of content words, well over the limit.</p>"
        "<p>Another long paragraph, the one the table cannot decide.</p><p>Tiny</p></div>"
        "</body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate, invalid = 0, 1, 2  # indices into labels.DECISIONS
    decided = np.array([content, invalid, boilerplate])
    by_rule = {
        rule: settle(
            decided, blocks, DbceOptions(invalid=rule, min_letters=0, container_share=0.0)
        ).tolist()
        for rule in RULES
    }
    assert by_rule == {
        "unlabelled": [GOOD, 0, BAD],
        "neighbours": [GOOD, 0, BAD],  # two neighbours as near, disagreeing: undecided
        "content": [GOOD, GOOD, BAD],
        "boilerplate": [GOOD, BAD, BAD],
    }
    short = DbceOptions(invalid="length", invalid_letters=80, min_letters=0, container_share=0.0)
    assert settle(decided, blocks, short).tolist() == [GOOD, BAD, BAD]  # 47 letters < 80
    long_enough = DbceOptions(
        invalid="length", invalid_letters=40, min_letters=0, container_share=0.0
    )
    assert settle(decided, blocks, long_enough).tolist() == [GOOD, GOOD, BAD]
    # "Tiny" (4 letters) takes its nearest long neighbour's decision.
    alone = DbceOptions(invalid="content", container_share=0.0)
    assert settle(decided, blocks, alone).tolist() == [GOOD, GOOD, GOOD]


def test_settle_gives_a_boilerplate_block_between_content_the_content_decision() -> None:
    page = segment(
        "<html><body><ul><li>Home of the whole documentation</li></ul><div>"
        "<p>A long paragraph of content words, well over the limit.</p>"
        "<h2>Implemented Interfaces</h2><p>Another long paragraph of this page's own.</p>"
        "</div></body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate = 0, 1  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, boilerplate, content])
    thesis_like = DbceOptions(min_letters=0, enclosed_run=0, container_share=0.0)
    assert settle(decided, blocks, thesis_like).tolist() == [BAD, GOOD, BAD, GOOD]
    # The heading between two paragraphs of its section becomes content; the menu at
    # the page's edge stays boilerplate.
    enclosed = DbceOptions(min_letters=0, container_share=0.0)
    assert settle(decided, blocks, enclosed).tolist() == [BAD, GOOD, GOOD, GOOD]


def test_settle_gives_a_repeated_section_inside_the_content_container_the_content_decision() -> (
    None
):
    """rustdoc's case: the generator's trait implementations close every page, inside
    the content, a run too long and not enclosed; the menu outside the content stays."""
    repeated = "".join(f"<p>Performs the conversion number {n} the same on every page.</p>"
                       for n in range(15))  # fmt: skip
    page = segment(
        "<html><body><ul><li>Home of the whole documentation</li></ul><main><h1>A title</h1>"
        "<p>A long paragraph of this page's own content words.</p>"
        f"<h2>Blanket Implementations</h2>{repeated}</main></body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate = 0, 1  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, content] + [boilerplate] * 16)
    without = settle(decided, blocks, DbceOptions(container_share=0.0)).tolist()
    assert without[:3] == [BAD, GOOD, GOOD] and set(without[3:]) == {BAD}
    assert settle(decided, blocks, DbceOptions()).tolist() == [BAD] + [GOOD] * 18
    assert DbceOptions.thesis_reading().container_share == 0.0
    with pytest.raises(ValueError, match=r"^container_share must be in"):
        DbceOptions(container_share=1.5)
    with pytest.raises(ValueError, match=r"^site_container_share must be in"):
        DbceOptions(site_container_share=-0.1)


def test_settle_keeps_a_short_boilerplate_block_outside_the_container_boilerplate() -> None:
    """gi-docgen's sidebar line and ikiwiki's footer: short blocks beside the content in
    one wrapper, which would take the content's decision; outside the page's content
    container they keep the table's."""
    html = (
        "<html><body><div><div><p>Generated by gen 2.2</p></div><section>"
        "<h1>Class Layout, a text layout of the library</h1>"
        "<p>A layout lays out a paragraph of text in lines of a given width.</p>"
        "<h2>Parameters</h2><p>The width of the lines, in units of the device.</p>"
        "</section><div><p>Last edited</p></div></div></body></html>"
    )
    page = segment(html, "")
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate = 0, 1  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, content, boilerplate, content, boilerplate])
    assert settle(decided, blocks, DbceOptions(container_share=0.0)).tolist() == [GOOD] * 6
    assert settle(decided, blocks, DbceOptions()).tolist() == [BAD] + [GOOD] * 4 + [BAD]
    # A sidebar that is a navigation landmark keeps its count with no container too.
    nav = segment(
        html.replace("<div><div>", "<div><nav>").replace("</div><section", "</nav><section"), ""
    )
    blocks = text_blocks(nav.document, len(nav.node_texts))
    assert settle(decided, blocks, DbceOptions(container_share=0.0)).tolist() == [BAD] + [GOOD] * 5


def test_settle_gives_a_boilerplate_heading_the_decision_of_its_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """AfterStep's option lists: a heading every page repeats over the page's own text,
    on a page without a container, after a row of related topics the table calls
    boilerplate; the banner and the row stay boilerplate."""
    page = segment(
        "<html><body><div><h2>The Window Manager's Manual</h2></div>"
        "<p>The database defines how the manager treats each window.</p>"
        "<p><a href=/g>Gravity of windows</a> <a href=/d>Database of styles</a></p>"
        "<ul><li><h3>CONFIGURATION OPTIONS :</h3><dl><dt>Style</dt><dd><p>The name can be "
        "the window's name, class or resource string.</p></dd></dl></li></ul></body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate = 0, 1  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, boilerplate, boilerplate, boilerplate, content])
    expected = [BAD, GOOD, BAD, GOOD, GOOD, GOOD]  # "Style" (short) takes its text's
    assert settle(decided, blocks, DbceOptions()).tolist() == expected
    assert settle(decided, blocks, DbceOptions(enclosed_run=0)).tolist()[3] == BAD
    import kehr_engine.dbce.blocks as blocks_module

    monkeypatch.setattr(blocks_module, "headings_with_their_text", lambda labels, *a, **k: labels)
    assert settle(decided, blocks, DbceOptions()).tolist()[3] == BAD  # this rule turns it


# Doxygen's shape: each class page's title names the class ("kit::Envelope Class
# Reference") right before a brief description that begins with the same word on every
# page, so a matched run "Class Reference KIT" reaches into the title from the next block.
CLASSES = {
    "envelope": ("Envelope", "an attack, decay, sustain and release curve for the voices"),
    "filter": ("Filter", "a two pole resonant low pass filter with a cutoff control"),
    "delay": ("Delay", "a line of samples read back after a fixed number of frames"),
    "noise": ("Noise", "white noise from a small and fast random number generator"),
    "reverb": ("Reverb", "four comb filters and two all pass filters in a row"),
}


def class_page(slug: str) -> str:
    name, brief = CLASSES[slug]
    # After the text, a link to the next class's page, matched but for its name too.
    slugs = list(CLASSES)
    following = slugs[(slugs.index(slug) + 1) % len(slugs)]
    return (
        f"<html><body>{NAV}<div class='header'><div class='title'>kit::{name} Class "
        f"Reference</div></div><div class='contents'><p>KIT {brief}.</p><p>The {slug} "
        f"object of the kit is documented here with every member function it has, which "
        f"the {name.lower()} example of the tutorial calls in turn.</p></div>"
        f"<div class='related'><p><a href='/{following}'>kit::{CLASSES[following][0]}Generator"
        f"</a> see also</p></div>{FOOTER}</body></html>"
    )


def test_a_short_block_occurs_only_where_all_its_words_are_matched() -> None:
    """A class's title shares "Class Reference" with its similar pages' titles, and a run
    of three words reaches it from the next block ("KIT"); its name is its own, so it is
    content. The menu's short entries, matched whole, stay template, and so does the
    link to the next class: links hold most of it, so it is the site's navigation naming
    another page, and a run reaching into it counts as before."""
    pages = [archive_page(slug, f"https://docs.test/{slug}", 1.0, class_page(slug))
             for slug in CLASSES]  # fmt: skip
    results = label_archive(pages)
    for page in pages:
        labels = labels_by_text(page, results[page.capture.key].labels)
        name = CLASSES[page.capture.key][0]
        assert labels[f"kit::{name} Class Reference"] == GOOD, page.capture.key
        for chrome in ("Project documentation home", "Installing the toolkit"):
            assert labels[chrome] == BAD, chrome
        assert labels["see also"] == BAD, page.capture.key


def member_page(slug: str) -> str:
    """A class page whose member rows end their brief descriptions in Doxygen's "More..."
    jump, each to its own member's details."""
    name, brief = CLASSES[slug]
    rows = "".join(
        f"<tr><td><a href='#{member}'>{member}</a></td><td>Sets the {member} of the "
        f"{slug} from a value in seconds that the {name.lower()} example reads. "
        f"<a href='#{slug}-{member}-details'>More...</a></td></tr>"
        for member in ("attack", "decay", "release", "level")
    )
    return (
        f"<html><body>{NAV}<div class='contents'><h1>kit::{name} Class Reference</h1>"
        f"<p>KIT {brief}.</p><table>{rows}</table></div>{FOOTER}</body></html>"
    )


def test_a_jump_ending_many_blocks_is_boilerplate_and_its_block_content() -> None:
    """Each member row's description is its page's own (content); the "More..." that
    ends it, one text to a target of its own each, is the generator's jump. The thesis
    reading (the absorbing rules off) leaves it its block's decision."""
    pages = [archive_page(slug, f"https://docs.test/{slug}", 1.0, member_page(slug))
             for slug in CLASSES]  # fmt: skip
    for options, jump in ((DbceOptions(), BAD), (DbceOptions(enclosed_run=0), GOOD)):
        results = label_archive(pages, options=options)
        for page in pages:
            texts = [t.strip() for t in segment(page.html, page.capture.url).node_texts]
            labels = results[page.capture.key].labels.tolist()
            more = [label for text, label in zip(texts, labels, strict=True) if text == "More..."]
            assert more == [jump] * 4, (page.capture.key, options.enclosed_run)
            described = [label for text, label in zip(texts, labels, strict=True)
                         if text.startswith("Sets the ")]  # fmt: skip
            assert described == [GOOD] * 4, page.capture.key


def test_the_site_pass_keeps_a_jump_boilerplate_and_its_block_content() -> None:
    """The site pass rebuilds each block's label from its nodes outside the jump (the
    jump's boilerplate is not its block's) and marks the jump boilerplate again after
    absorbing the site's element, which would make it content with its block."""
    pages = [archive_page(slug, f"https://docs.test/{slug}", 1.0, member_page(slug))
             for slug in CLASSES]  # fmt: skip
    results = label_archive(pages)
    site = site_key(results.values(), DbceOptions())
    assert site is not None
    for page in pages:
        # As a page without a container of its own, which the site's element widens.
        own = dataclasses.replace(results[page.capture.key], container=None)
        widened = widen_result(own, page.document, page.node_count, site)
        assert widened is not own  # the pass ran
        texts = [t.strip() for t in segment(page.html, page.capture.url).node_texts]
        by_text = list(zip(texts, widened.labels.tolist(), strict=True))
        assert [label for text, label in by_text if text == "More..."] == [BAD] * 4
        assert [label for text, label in by_text if text.startswith("Sets the ")] == [GOOD] * 4


def test_settle_gives_an_undecided_block_inside_the_container_the_content_decision() -> None:
    """Doxygen's "Public Member Functions inherited from ..." (STK's reference): an
    invalid block inside the content whose neighbours, as near, disagree; the
    neighbours' rule goes on to the container, which makes it content."""
    page = segment(
        "<html><body><ul><li>Home of the whole documentation</li></ul><main><h1>A title</h1>"
        "<div><p>A long paragraph of this page's own content words.</p>"
        "<p>Members inherited from the base class</p>"
        "<p>A long paragraph the generator repeats on every page.</p></div>"
        "</main></body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate, invalid = 0, 1, 2  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, content, invalid, boilerplate])
    no_container = DbceOptions(container_share=0.0)
    assert settle(decided, blocks, no_container).tolist() == [BAD, GOOD, GOOD, 0, BAD]
    assert settle(decided, blocks, DbceOptions()).tolist() == [BAD] + [GOOD] * 4
    # "unlabelled" (the thesis' rule for invalid blocks) keeps it unlabelled there.
    kept = settle(decided, blocks, DbceOptions(invalid="unlabelled")).tolist()
    assert kept == [BAD, GOOD, GOOD, 0, GOOD]


def test_settle_gives_undecided_lines_between_content_the_content_decision() -> None:
    """ClanLib's reference: the text straight in <body>, where an invalid line shares
    no element below <body> with its neighbours; between content it becomes content,
    after the page's text it stays undecided."""
    page = segment(
        "<html><body><p>Home | All classes | Grouped classes</p>"
        "<h1>Class CL_CommandLine</h1>"
        "<p>Helper class to parse the command line arguments of a program.</p>"
        "<p>Derived by: none</p>"
        "<p>Constructs a parser of the arguments the program was started with.</p>"
        "<p>Version 2.3 of the library</p></body></html>",
        "",
    )
    blocks = text_blocks(page.document, len(page.node_texts))
    content, boilerplate, invalid = 0, 1, 2  # indices into labels.DECISIONS
    decided = np.array([boilerplate, content, content, invalid, content, invalid])
    assert settle(decided, blocks, DbceOptions()).tolist() == [BAD] + [GOOD] * 4 + [0]
    for rule in ("unlabelled", "neighbours"):
        rules_off = DbceOptions(invalid=rule, container_share=0.0)
        assert settle(decided, blocks, rules_off).tolist() == [BAD] + [GOOD] * 2 + [0, GOOD, 0]
    kept = DbceOptions(invalid="unlabelled")
    assert settle(decided, blocks, kept).tolist() == [BAD] + [GOOD] * 2 + [0, GOOD, 0]

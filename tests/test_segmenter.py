"""The segmenter: node enumeration, wrapping, decoding, head fixes, KrdWrd reproduction.

Pure tests: they use no database or service, though tests/conftest.py still loads
Django, so run them the usual way (``pytest --kehr-db=sqlite tests/test_segmenter.py``).
The KrdWrd tests read ../shared/data/krdwrd through tests/krdwrd_data.py.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpora.segmenter import (
    MAX_DEPTH,
    NODE_INDEX_ATTR,
    NODE_TAG,
    SKIPPED_ELEMENTS,
    SegmentedPage,
    SegmenterError,
    enumerate_text_nodes,
    krdwrd_token_count,
    parse_document,
    read_node_texts,
    segment,
)
from harvest.render_document import prepare_document
from tests.krdwrd_data import CANOLA_FOLDERS, canola_page_ids, krdwrd_folder

URL = "https://site.example/dir/page.html"


def reparse_texts(document: str) -> list[str]:
    """Enumerate a produced document again with the same rules, ignoring the wrappers."""
    root = lxml.html.document_fromstring(document)
    return [node.text for node in enumerate_text_nodes(root)]


def wrapper_indices(document: str) -> list[int]:
    return [int(i) for i in re.findall(rf'<{NODE_TAG} {NODE_INDEX_ATTR}="(\d+)">', document)]


def charset_declarations(document: str) -> list[str]:
    return re.findall(r"<meta[^>]*charset[^>]*>", document, re.IGNORECASE)


# ---------------------------------------------------------------------------
# Enumeration and wrapping


BASIC = """<!DOCTYPE html>
<html><head><title>  The title  </title>
<style>p { color: red }</style><script>var x = "not a node";</script></head>
<body>
<p>First <b>bold</b> tail of b.</p>
<script>ignored()</script>after script
<!-- a comment -->after comment
<noscript>no script text</noscript>
<textarea>typed text</textarea><template><p>template text</p></template>
<div>   </div>
<p>Entities: &amp; &lt;tag&gt; caf&eacute;</p>
</body></html>"""


def test_nodes_in_document_order_with_skipped_elements() -> None:
    page = segment(BASIC, URL)
    assert page.node_texts == [
        "First ",
        "bold",
        " tail of b.",
        "after script\n",
        "after comment\n",
        # noscript and textarea are counted: see SKIPPED_ELEMENTS and the KrdWrd tests.
        "no script text",
        "typed text",
        "Entities: & <tag> café",
    ]
    assert page.node_tokens == [1, 1, 3, 2, 2, 3, 2, 4]
    assert page.node_count == 8
    assert page.word_count == 18
    assert page.title == "The title"
    assert page.encoding == "utf-8"
    assert page.encoding_source == "unicode"


def test_wrappers_are_numbered_consecutively_and_keep_text() -> None:
    page = segment(BASIC, URL)
    assert wrapper_indices(page.document) == list(range(page.node_count))
    assert '<p><kehr-t data-i="0">First </kehr-t><b><kehr-t data-i="1">bold</kehr-t></b>' in (
        page.document
    )
    # The tail of </script> is wrapped right after the script, which stays untouched.
    assert '<script>ignored()</script><kehr-t data-i="3">after script\n</kehr-t>' in page.document
    assert '<!-- a comment --><kehr-t data-i="4">after comment\n</kehr-t>' in page.document
    # A textarea's text is one node; a wrapper inside it would be text, so it goes around.
    assert '<kehr-t data-i="6"><textarea>typed text</textarea></kehr-t>' in page.document
    assert "<div>   </div>" in page.document  # whitespace-only text is untouched


def test_skipped_elements_are_the_documented_ones() -> None:
    assert SKIPPED_ELEMENTS == {"script", "style", "title", "template"}
    for tag in SKIPPED_ELEMENTS:
        page = segment(f"<body><div><{tag}>inside</{tag}>outside</div></body>", URL)
        assert page.node_texts == ["outside"], tag


def test_textarea_text_is_one_node_wrapped_from_outside() -> None:
    """KrdWrd numbered a textarea's initial value (CANOLA page 831; see SKIPPED_ELEMENTS)."""
    page = segment(
        "<body><p>before<textarea>a &amp; <b>b</b> &lt;c</textarea>after</p></body>", URL
    )
    # Its content is text: markup stays literal, character references are decoded.
    assert page.node_texts == ["before", "a & <b>b</b> <c", "after"]
    # Escaped on output as any text is, so a browser reads back the same value.
    assert (
        '<kehr-t data-i="1"><textarea>a &amp; &lt;b&gt;b&lt;/b&gt; &lt;c</textarea></kehr-t>'
        '<kehr-t data-i="2">after</kehr-t>'
    ) in page.document
    assert read_node_texts(page.document) == page.node_texts
    assert reparse_texts(page.document) == page.node_texts
    assert segment(page.document, URL).node_texts == page.node_texts


@pytest.mark.parametrize("content", ["", " \n\t ", "\xa0"])
def test_empty_or_blank_textarea_is_not_a_node(content: str) -> None:
    page = segment(f"<body><form><textarea>{content}</textarea>x</form></body>", URL)
    assert page.node_texts == ["x"]
    assert '</textarea><kehr-t data-i="0">x</kehr-t>' in page.document  # none around it


def test_round_trip_and_reparse() -> None:
    page = segment(BASIC, URL)
    assert read_node_texts(page.document) == page.node_texts
    assert reparse_texts(page.document) == page.node_texts


def test_resegmenting_a_document_is_stable() -> None:
    """Existing <kehr-t> wrappers are dropped, so nobody can smuggle in indices."""
    first = segment(BASIC, URL)
    second = segment(first.document, URL)
    assert second.node_texts == first.node_texts
    assert wrapper_indices(second.document) == list(range(first.node_count))


def test_forged_wrappers_in_input_do_not_survive() -> None:
    page = segment('<p><kehr-t data-i="7">a</kehr-t>b</p>', URL)
    assert page.node_texts == ["ab"]
    assert wrapper_indices(page.document) == [0]


def test_text_with_unicode_whitespace_only_is_not_a_node() -> None:
    page = segment("<p>\xa0</p><p> \xa0\n</p><p>\u3000</p><p>x\xa0</p>", URL)
    assert page.node_texts == ["x\xa0"]


def test_control_characters_do_not_break_segmentation() -> None:
    page = segment(b"<p>a\x01b\x0bc\x00d</p>", URL)
    assert page.node_count == 1
    assert page.node_texts[0] == "a\ufffdb c\ufffdd"
    assert read_node_texts(page.document) == page.node_texts


def test_page_without_text_has_no_nodes() -> None:
    page = segment("<html><body><img src=a.png><div> </div><script>x()</script></body></html>", URL)
    assert page.node_count == 0
    assert page.word_count == 0
    assert read_node_texts(page.document) == []


@pytest.mark.parametrize("raw", [b"", b"   \n\t ", "", "  \n"])
def test_empty_input_is_an_error(raw: bytes | str) -> None:
    with pytest.raises(SegmenterError, match="empty"):
        segment(raw, URL)


def test_binary_input_is_an_error() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8
    with pytest.raises(SegmenterError, match="does not look like HTML"):
        segment(png, URL)


def test_broken_markup_still_segments() -> None:
    page = segment(
        "<title>t</title><div><p>one<p>two</div></div></span><li>three<table><td>four",
        URL,
    )
    assert page.node_texts == ["one", "two", "three", "four"]
    assert "<head>" in page.document and "<body>" in page.document
    assert read_node_texts(page.document) == page.node_texts
    assert reparse_texts(page.document) == page.node_texts


def test_doctype_is_kept_and_never_invented() -> None:
    legacy = '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">'
    assert segment(f"{legacy}<p>x</p>", URL).document.startswith(legacy)
    # A page without doctype renders in quirks mode; it must stay that way.
    assert segment("<p>x</p>", URL).document.startswith("<html>")


def test_xml_declaration_is_accepted() -> None:
    raw = '<?xml version="1.0" encoding="iso-8859-1"?><html><body><p>x</p></body></html>'
    assert segment(raw, URL).node_texts == ["x"]


def test_huge_page() -> None:
    body = "".join(f"<p>Paragraph {i} <b>bold</b> end.</p>\n" for i in range(20_000))
    started = time.perf_counter()
    page = segment(f"<html><body>{body}</body></html>".encode(), URL)
    elapsed = time.perf_counter() - started
    assert page.node_count == 60_000
    assert page.node_texts[-3:] == ["Paragraph 19999 ", "bold", " end."]
    assert elapsed < 10  # generous for slow CI; ~0.5 s here
    assert read_node_texts(page.document) == page.node_texts


def test_deep_nesting_keeps_all_text() -> None:
    """libxml2 gives up at 2048 open elements; nothing after that may be lost."""
    depth = 6_000
    raw = "".join(f"<div>t{i} " for i in range(depth)) + "</div>" * depth + "<p>after</p>"
    page = segment(raw, URL)
    assert page.node_count == depth + 1
    assert page.node_texts[0] == "t0 "
    assert page.node_texts[-2:] == [f"t{depth - 1} ", "after"]
    assert read_node_texts(page.document) == page.node_texts


def test_moderately_deep_nesting_is_not_flattened() -> None:
    raw = "<div>" * 1500 + "deep" + "</div>" * 1500
    page = segment(raw, URL)
    assert page.node_texts == ["deep"]
    assert page.document.count("<div>") == 1500


def test_nesting_past_the_depth_limit_is_flattened_into_it() -> None:
    """Below libxml2's 2,048 levels but past kehr_engine.limits.MAX_DEPTH: flattened, so
    every parse of the document (the engine's too) sees all of it; no text is lost."""
    depth = MAX_DEPTH + 20
    raw = "".join(f"<div>t{i} " for i in range(depth)) + "</div>" * depth + "<p>after</p>"
    page = segment(raw, URL)
    assert page.node_count == depth + 1
    assert page.node_texts[-2:] == [f"t{depth - 1} ", "after"]
    root = parse_document(page.document)
    assert root.xpath(f"boolean(/{'*/' * MAX_DEPTH}*)") is False
    assert read_node_texts(page.document) == page.node_texts


def test_the_document_rendered_for_layouts_keeps_deep_nodes() -> None:
    """render_pages measures every node of a page nested past libxml2's default 256."""
    page = segment("<p>top</p>" + "<span>" * 300 + "deep" + "</span>" * 300, URL)
    prepared = prepare_document(page.document, URL)
    assert read_node_texts(prepared) == ["top", "deep"]


def test_read_node_texts_rejects_damaged_documents() -> None:
    with pytest.raises(SegmenterError, match="missing"):
        read_node_texts('<p><kehr-t data-i="0">a</kehr-t><kehr-t data-i="2">b</kehr-t></p>')
    with pytest.raises(SegmenterError, match="twice"):
        read_node_texts('<p><kehr-t data-i="0">a</kehr-t><kehr-t data-i="0">b</kehr-t></p>')
    with pytest.raises(SegmenterError, match="bad index"):
        read_node_texts('<p><kehr-t data-i="x">a</kehr-t></p>')


def test_segmented_page_is_frozen() -> None:
    page = segment("<p>a b</p>", URL)
    assert isinstance(page, SegmentedPage)
    with pytest.raises(AttributeError):
        page.title = "changed"  # type: ignore[misc]


# ---------------------------------------------------------------------------
# Head fixes: charset and base


def test_base_inserted_when_missing_right_after_meta_charset() -> None:
    page = segment("<html><head><title>t</title></head><body>x</body></html>", URL)
    assert f'<head><meta charset="utf-8"><base href="{URL}"><title>' in page.document


def test_head_created_when_missing() -> None:
    page = segment("<p>only a paragraph</p>", URL)
    assert f'<html><head><meta charset="utf-8"><base href="{URL}"></head>' in page.document
    assert page.node_texts == ["only a paragraph"]


def test_relative_base_made_absolute() -> None:
    page = segment('<head><base href="../static/"></head><p>x</p>', URL)
    assert '<base href="https://site.example/static/">' in page.document
    assert page.document.count("<base") == 1


def test_absolute_base_kept() -> None:
    page = segment('<head><base href="http://other.example/a/" target="_top"></head>x', URL)
    assert '<base href="http://other.example/a/" target="_top">' in page.document
    assert page.document.count("<base") == 1


def test_old_charset_declarations_replaced() -> None:
    raw = (
        b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'
        b'<meta charset="latin1"><META HTTP-EQUIV="content-type" CONTENT="text/html">'
        b'<meta name="description" content="kept"></head><body>caf\xe9</body></html>'
    )
    page = segment(raw, URL)
    assert charset_declarations(page.document) == ['<meta charset="utf-8">']
    assert '<meta name="description" content="kept">' in page.document
    assert page.node_texts == ["café"]


def test_removed_meta_keeps_its_tail_text() -> None:
    page = segment('<body><meta charset="utf-8">text after meta</body>', URL)
    assert page.node_texts == ["text after meta"]


# ---------------------------------------------------------------------------
# Decoding: kehr_engine.decoding, tested in tests/test_engine_decoding.py; here only
# that segment() decodes through it and stores UTF-8.

CP1252_TEXT = "Café \u2013 \u201cquoted\u201d"  # en dash and curly quotes


def html_bytes(text: str, encoding: str, head: str = "") -> bytes:
    return f"<html><head>{head}</head><body><p>{text}</p></body></html>".encode(encoding)


def test_segment_decodes_the_page_and_declares_utf8() -> None:
    head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
    page = segment(html_bytes(CP1252_TEXT, "cp1252", head), URL)
    assert page.node_texts == [CP1252_TEXT]
    assert (page.encoding, page.encoding_source) == ("windows-1252", "meta")
    assert charset_declarations(page.document) == ['<meta charset="utf-8">']
    declared = segment(html_bytes(CP1252_TEXT, "cp1252"), URL, "windows-1252")
    assert (declared.encoding, declared.encoding_source) == ("windows-1252", "declared")
    assert charset_declarations(declared.document) == ['<meta charset="utf-8">']
    assert segment(CP1252_TEXT, URL).encoding_source == "unicode"


# ---------------------------------------------------------------------------
# Property test: random small trees


_TEXT = st.text(alphabet=st.sampled_from(list("ab <&>\xa0\n\t\"'é")), max_size=6)
# Tags the parser never repairs around (no implied end tags), so the generator
# knows exactly which text pieces become nodes.
_SIMPLE_TAGS = [
    "div", "span", "b", "i", "em", "section", "article", "textarea", *sorted(SKIPPED_ELEMENTS)
]  # fmt: skip
# Plus tags with implied end tags and parser fix-ups (p closed by div, stray </p>...).
_ANY_TAGS = [*_SIMPLE_TAGS, "p", "ul", "li", "table", "td", "a", "xmp", "noembed", "br"]


@st.composite
def _fragments(
    draw: st.DrawFn, depth: int = 0, tags: tuple[str, ...] = tuple(_SIMPLE_TAGS)
) -> tuple[str, list[str]]:
    """A random HTML fragment and the texts expected to be numbered in it."""
    pieces: list[str] = []
    expected: list[str] = []

    def add_text(text: str) -> None:
        pieces.append(_escape(text))
        if text.strip():
            expected.append(text)

    add_text(draw(_TEXT))
    for _ in range(draw(st.integers(0, 3 if depth < 3 else 0))):
        kind = draw(st.sampled_from(["element", "comment"]))
        if kind == "comment":
            pieces.append(f"<!--{draw(st.sampled_from(['', 'c', ' x y ']))}-->")
        else:
            tag = draw(st.sampled_from(tags))
            if tag in SKIPPED_ELEMENTS or tag in ("xmp", "noembed", "textarea", "br"):
                # Their raw content is never numbered; keep it simple text.
                # "<" only where content is raw text or RCDATA; in a template it
                # would start markup.
                alphabet = "ab xy&" if tag == "template" else "ab xy&<>"
                inner = draw(st.text(alphabet=alphabet, max_size=5))
                pieces.append("<br>" if tag == "br" else f"<{tag}>{inner}</{tag}>")
                if tag not in SKIPPED_ELEMENTS and tag != "br" and inner.strip():
                    expected.append(inner)
            else:
                inner_html, inner_expected = draw(_fragments(depth + 1, tags))
                pieces.append(f"<{tag}>{inner_html}</{tag}>")
                expected.extend(inner_expected)
        add_text(draw(_TEXT))  # the tail
    return "".join(pieces), expected


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@settings(max_examples=300, deadline=None)
@given(_fragments(tags=tuple(_ANY_TAGS)))
def test_property_random_trees(fragment: tuple[str, list[str]]) -> None:
    html, _expected_pieces = fragment
    page = segment(f"<html><head></head><body><div>{html}</div></body></html>", URL)
    # Count non-whitespace text pieces outside skipped elements, independently of
    # the segmenter, from the same parse lxml makes of the fragment.
    root = lxml.html.document_fromstring(f"<html><body><div>{html}</div></body></html>")
    independent: list[str] = []
    for element in root.iter():  # lxml's own (recursive, C) document-order walk
        if _inside_skipped(element):
            continue
        if isinstance(element.tag, str) and element.tag not in SKIPPED_ELEMENTS:
            if element.text and element.text.strip():
                independent.append(element.text)
        if element is not root and element.tail and element.tail.strip():
            independent.append(element.tail)
    # Same multiset (order differs: iter() visits a tail after the subtree's texts
    # only by accident of the walk, so compare as sorted lists).
    assert sorted(page.node_texts) == sorted(independent)
    assert page.node_count == len(independent)
    assert read_node_texts(page.document) == page.node_texts
    assert reparse_texts(page.document) == page.node_texts
    assert wrapper_indices(page.document) == list(range(page.node_count))


def _inside_skipped(element: lxml.html.HtmlElement) -> bool:
    return any(ancestor.tag in SKIPPED_ELEMENTS for ancestor in element.iterancestors())


@settings(max_examples=200, deadline=None)
@given(_fragments())
def test_property_expected_texts_from_generator(fragment: tuple[str, list[str]]) -> None:
    """The non-whitespace text pieces the generator wrote are exactly the nodes, in order.

    The generator never writes two texts without an element or comment between
    them, so no two pieces can merge into one node.
    """
    html, expected = fragment
    page = segment(f"<body><div>{html}</div></body>", URL)
    assert page.node_texts == expected


# ---------------------------------------------------------------------------
# KrdWrd token rule (unit-level, independent of the data files)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("plain three words", 3),
        ("\n\t  leading and trailing  \n\t", 3),
        ("right!\xa0 Yes", 3),  # a no-break space is a token boundary of its own
        ("May\xa029,\xa02008;", 3),
        ("this\n\t\t\tearly", 5),  # every tab splits, even next to a newline
        ("return \tto", 3),
    ],
)
def test_krdwrd_token_count(text: str, count: int) -> None:
    assert krdwrd_token_count(text) == count


# ---------------------------------------------------------------------------
# KrdWrd reproduction (data in ../shared/data/krdwrd, not part of the repo)


# How many pages each shared CANOLA folder holds (its README): a partial copy
# must not pass as "all pages match".
CANOLA_PAGE_COUNTS = {"canola-sample": 21, "canola-train": 127}
TUTORIAL_URL = "https://krdwrd.org/tutorial/"


def test_all_148_shared_canola_pages_are_there() -> None:
    assert set(CANOLA_FOLDERS) == set(CANOLA_PAGE_COUNTS)
    for folder, count in CANOLA_PAGE_COUNTS.items():
        path = krdwrd_folder(folder)
        for part, suffix in (("pages", "html"), ("stats", "stats")):
            assert len(list((path / part).glob(f"*.{suffix}"))) == count, (folder, part)
    ids = [param.values for param in canola_page_ids()]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids)) == sum(CANOLA_PAGE_COUNTS.values()) == 148


def _canola_url(folder: Path, page_id: str) -> str:
    lines = (folder / "urls.tsv").read_text(encoding="utf-8").splitlines()
    urls = dict(line.split("\t", 1) for line in lines if line.strip())
    return urls[page_id].strip()


def _segment_canola(folder: Path, page_id: str) -> SegmentedPage:
    raw = (folder / "pages" / f"{page_id}.html").read_bytes()
    return segment(raw, _canola_url(folder, page_id))


@pytest.mark.parametrize(("folder_name", "page_id"), canola_page_ids())
def test_krdwrd_canola_page(folder_name: str, page_id: str) -> None:
    """Our enumeration reproduces the 2008 node lists of all 148 shared CANOLA pages.

    Rules found by matching them (30,128 nodes), with the evidence:
    - <noscript> contents ARE nodes (pages 814 and 857 need it); script, style,
      title and template are skipped.
    - A <textarea>'s text IS a node (page 831's one non-empty textarea: its 444th
      node, 7 tokens; merged/831.html tags that textarea like any node). KrdWrd's
      walk started at <body> and skipped only SCRIPT elements.
    - A text node of only whitespace, with U+00A0 counting as whitespace, is
      not a node (many pages have &nbsp;-only text between elements).
    - The `tokens` column follows krdwrd_token_count (tabs and no-break spaces
      each split), not ``len(text.split())``.
    - Trailing stats lines whose `tokens` is "undefined" are nodes only some
      annotators' browsers had (page 825: 26 of them, added by scripts); the
      master page does not contain them.
    """
    folder = krdwrd_folder(folder_name)
    page = _segment_canola(folder, page_id)
    stats = (folder / "stats" / f"{page_id}.stats").read_text(encoding="utf-8").splitlines()
    assert stats[0].startswith("# submitted")
    assert stats[1].startswith("# tokens")
    tokens_column = [line.split("\t")[0] for line in stats[2:] if line.strip()]
    defined = [int(t) for t in tokens_column if t != "undefined"]
    # "undefined" only ever appears as a trailing block.
    assert tokens_column[len(defined) :] == ["undefined"] * (len(tokens_column) - len(defined))
    assert page.node_count == len(defined)
    assert [krdwrd_token_count(text) for text in page.node_texts] == defined
    assert page.encoding == "utf-8"
    assert f'<base href="{_canola_base(folder, page_id)}">' in page.document
    assert read_node_texts(page.document) == page.node_texts


def test_krdwrd_canola_831_counts_its_textarea() -> None:
    """Pin the evidence for the textarea rule: node 257 of page 831 is the textarea's value."""
    page = _segment_canola(krdwrd_folder("canola-train"), "831")
    assert page.node_count == 444
    assert page.node_texts[256:259] == [
        "Copy the link to your blog",
        '<kw><iframe src="http://www.importers.com/cache/tp_additional_feature/tp_24739.html"'
        ' style="border: none;"  scrolling="no" width="480" height="100"></iframe></kw>',
        "Trade Page",
    ]
    assert krdwrd_token_count(page.node_texts[257]) == 7
    assert '<kehr-t data-i="257"><textarea rows="5" cols="30" id="company_banner"' in (
        page.document
    )


def _canola_base(folder: Path, page_id: str) -> str:
    """The page's own <base href>, which the segmenter must keep (it is absolute).

    Four canola-train pages (687, 713, 736, 828) have none: then it is the page's URL.
    """
    raw = (folder / "pages" / f"{page_id}.html").read_text(encoding="utf-8")
    match = re.search(r'<base href="([^"]+)"', raw)
    return match.group(1) if match else _canola_url(folder, page_id).replace("&", "&amp;")


# Tutorial 10's reference has one node more, before node 62 (the tags are shifted by one
# from there to the end; the first three tags are the "uncertain" of the hidden "."
# spans). The page's dhtmlwindow script inserts such a hidden span on load: the
# tutorial's browser had one more than the stored HTML. A strict xfail: the test runs,
# and a segmenter that matched the reference would fail it (XPASS), so the mark goes.
TUTORIAL_10 = pytest.mark.xfail(
    reason="tutorial 10: reference has one script-inserted node more",
    raises=AssertionError,
    strict=True,
)


@pytest.mark.parametrize(
    "number",
    [pytest.param(f"{n:02d}", marks=[TUTORIAL_10] if n == 10 else []) for n in range(1, 13)],
)
def test_krdwrd_tutorial_page(number: str) -> None:
    """Tutorial pages: one reference tag per node."""
    tutorial = krdwrd_folder("tutorial")
    if number in ("01", "02"):
        pytest.skip("Tutorial pages 01 and 02 are introductions whose tags do not line up.")
    page = segment((tutorial / f"{number}.html").read_bytes(), TUTORIAL_URL)
    tags = (tutorial / f"{number}.tags").read_text(encoding="utf-8").split()
    assert set(tags) <= {"1", "2", "3"}
    assert page.node_count == len(tags)


def test_krdwrd_tutorial_10_differs_by_exactly_one() -> None:
    """Pin the explanation of tutorial 10's mismatch, so a change is noticed."""
    tutorial = krdwrd_folder("tutorial")
    page = segment((tutorial / "10.html").read_bytes(), TUTORIAL_URL)
    tags = (tutorial / "10.tags").read_text(encoding="utf-8").split()
    assert len(tags) == page.node_count + 1
    # Shifted by one: post headings ("Topic:"/"Re:") are tagged 2 in the reference.
    headings = [i for i, t in enumerate(page.node_texts) if t.startswith(("Topic: ", "Re: "))]
    assert headings
    assert all(tags[i + 1] == "2" for i in headings)


# ---------------------------------------------------------------------------
# Raw text elements and odd encodings (found while matching KrdWrd page 916)


@pytest.mark.parametrize("tag", ["xmp", "iframe", "noembed", "noframes"])
def test_raw_text_element_content_is_a_node_wrapped_from_outside(tag: str) -> None:
    raw = f"<body><p>before<{tag}>a &amp; <b>b</b> &lt;c</{tag}>after</p></body>"
    page = segment(raw, URL)
    content = "a &amp; <b>b</b> &lt;c"  # raw text: markup and entities stay literal
    assert page.node_texts == ["before", content, "after"]
    # Written verbatim (lxml alone would escape it into "&amp;amp;" etc.).
    assert f'<kehr-t data-i="1"><{tag}>{content}</{tag}></kehr-t>' in page.document
    assert '</kehr-t><kehr-t data-i="2">after</kehr-t>' in page.document
    assert read_node_texts(page.document) == page.node_texts
    assert segment(page.document, URL).node_texts == page.node_texts

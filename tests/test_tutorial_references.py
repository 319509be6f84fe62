"""The shipped tutorial: reference labels written into the pages, and the pages themselves.

Pure tests (no database): the reference rule on hand-made HTML, the stripped document
annotators get, and every shipped page and manifest entry.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
import pytest

from corpora.segmenter import segment
from tutorial.references import (
    BAD,
    GOOD,
    REF_ATTR,
    REF_CODES,
    SHIPPED_DIR,
    UNCERTAIN,
    UNTAGGED,
    ReferenceMarkupError,
    ShippedPage,
    label_counts,
    load_shipped_manifest,
    load_shipped_tutorial,
    pages_table,
    reference_from_markup,
    strip_reference_marks,
)

REPO = Path(__file__).resolve().parent.parent
URL = "https://page.tutorial.kehr.invalid/p"
FIREFOX = "/usr/bin/firefox-esr"


def refs(body: str) -> tuple[list[str], list[int]]:
    page, labels = reference_from_markup(f"<!DOCTYPE html><html><body>{body}</body></html>", URL)
    return [text.strip() for text in page.node_texts], labels


# ---------------------------------------------------------------------------
# The reference rule: nearest marked ancestor-or-self


def test_a_mark_covers_every_text_node_below_it():
    texts, labels = refs(
        '<nav data-kehr-ref="bad">Menu <a href="/">Home</a> · <span><b>Deep</b></span> end</nav>'
    )
    assert texts == ["Menu", "Home", "·", "Deep", "end"]
    assert labels == [BAD] * 5


def test_the_most_specific_mark_wins():
    texts, labels = refs(
        '<div data-kehr-ref="bad">Header'
        '<article data-kehr-ref="good"><h1>Title</h1><p>Body <i>text</i> here.</p>'
        '<figure><figcaption data-kehr-ref="uncertain">A caption'
        '<span data-kehr-ref="bad">Photo: X</span> after credit</figcaption></figure>'
        "<p>More body.</p></article>Footer</div>"
    )
    assert list(zip(texts, labels, strict=True)) == [
        ("Header", BAD),
        ("Title", GOOD),
        ("Body", GOOD),
        ("text", GOOD),
        ("here.", GOOD),
        ("A caption", UNCERTAIN),
        ("Photo: X", BAD),
        ("after credit", UNCERTAIN),  # the tail of the credit belongs to the caption
        ("More body.", GOOD),
        ("Footer", BAD),  # the tail of the article belongs to the outer div
    ]


def test_text_directly_under_the_marked_element_and_its_tails():
    texts, labels = refs('<p data-kehr-ref="good">Own text<br>after a break<b>bold</b>tail</p>')
    assert texts == ["Own text", "after a break", "bold", "tail"]
    assert labels == [GOOD] * 4


def test_text_outside_every_mark_is_untagged():
    texts, labels = refs('Loose <p data-kehr-ref="good">Marked</p><p>Unmarked</p> trailing')
    assert list(zip(texts, labels, strict=True)) == [
        ("Loose", UNTAGGED),
        ("Marked", GOOD),
        ("Unmarked", UNTAGGED),
        ("trailing", UNTAGGED),
    ]


def test_a_mark_on_the_body_is_a_default_for_the_whole_page():
    _page, labels = reference_from_markup(
        '<html><body data-kehr-ref="bad">a<main data-kehr-ref="good">b</main>c</body></html>', URL
    )
    assert labels == [BAD, GOOD, BAD]


def test_quoting_and_case_variants_are_read_and_stripped():
    page, labels = reference_from_markup(
        "<html><body><p data-kehr-ref='good'>one</p><p DATA-KEHR-REF=Bad>two</p>"
        '<p class="x" data-kehr-ref = " uncertain " id="y">three</p></body></html>',
        URL,
    )
    assert labels == [GOOD, BAD, UNCERTAIN]
    assert "kehr-ref" not in page.document.lower()
    assert 'class="x"' in page.document and 'id="y"' in page.document


def test_a_mark_on_a_raw_text_element_covers_its_text():
    # The segmenter wraps such an element from outside; the mark is still on it.
    _texts, labels = refs(
        '<div data-kehr-ref="good">x<iframe data-kehr-ref="bad">fallback</iframe></div>'
    )
    assert labels == [GOOD, BAD]
    _texts, labels = refs(
        '<div data-kehr-ref="good">x<textarea data-kehr-ref="bad">y</textarea></div>'
    )
    assert labels == [GOOD, BAD]  # a textarea's text is a node, wrapped from outside too


def test_marks_in_skipped_elements_and_text_free_elements_are_harmless():
    texts, labels = refs(
        '<p data-kehr-ref="good">a<img data-kehr-ref="bad" alt="">b</p>'
        '<script data-kehr-ref="bad">not a node</script>'
    )
    assert texts == ["a", "b"] and labels == [GOOD, GOOD]


@pytest.mark.parametrize("value", ["boilerplate", "", "3", "good bad"])
def test_an_unknown_mark_value_is_an_error(value):
    with pytest.raises(ReferenceMarkupError, match="must be one of bad, uncertain, good"):
        refs(f'<p data-kehr-ref="{value}">text</p>')


def test_an_unknown_mark_value_is_an_error_even_without_text_below():
    with pytest.raises(ReferenceMarkupError, match="must be one of"):
        refs('<p data-kehr-ref="good">text</p><hr data-kehr-ref="meh">')


def test_stripping_that_would_change_a_text_is_refused():
    # The attribute written out as text in a paragraph: removing it would change the
    # node, so annotators' node i would no longer be the reference's node i.
    with pytest.raises(ReferenceMarkupError, match="changed node 0"):
        refs('<p data-kehr-ref="good">Write data-kehr-ref="good" on the element.</p>')


# ---------------------------------------------------------------------------
# The document annotators see


MIXED = """<!DOCTYPE html><html lang="en"><head><title>T</title></head><body>
<header data-kehr-ref="bad"><a href="/">Home</a> | <a href="/news">News</a></header>
<main data-kehr-ref="good"><h1>Headline</h1><p>Some <em>running</em> text.</p>
<ul data-kehr-ref="uncertain"><li>fragment one</li><li>fragment two</li></ul></main>
<footer data-kehr-ref="bad">© Someone</footer>
</body></html>"""


def test_the_annotation_document_carries_no_reference():
    page, labels = reference_from_markup(MIXED, URL)
    assert REF_ATTR not in page.document
    assert REF_ATTR not in strip_reference_marks(MIXED)
    assert labels == [BAD, BAD, BAD, GOOD, GOOD, GOOD, GOOD, UNCERTAIN, UNCERTAIN, BAD]


def test_the_annotation_document_is_the_plain_segmentation_of_the_stripped_page():
    page, labels = reference_from_markup(MIXED, URL)
    plain = segment(strip_reference_marks(MIXED), URL)
    assert page.node_texts == plain.node_texts
    assert page.document == plain.document
    assert len(labels) == page.node_count == len(segment(MIXED, URL).node_texts)


def test_stripping_leaves_everything_else_alone():
    assert strip_reference_marks(MIXED) == re.sub(r' data-kehr-ref="[a-z]+"', "", MIXED)


def test_label_counts():
    assert label_counts([1, 1, 3, 2, 0]) == {"untagged": 1, "bad": 2, "uncertain": 1, "good": 1}


# ---------------------------------------------------------------------------
# The shipped tutorial


@pytest.fixture(scope="module")
def shipped() -> list[ShippedPage]:
    return load_shipped_tutorial()


def test_the_tutorial_has_about_eleven_pages_in_order(shipped):
    assert 10 <= len(shipped) <= 12
    assert [step.position for step in shipped] == list(range(1, len(shipped) + 1))
    files = sorted(p.name for p in SHIPPED_DIR.glob("*.html"))
    assert [step.file for step in shipped] == files, "every page in the manifest, in file order"


def test_levels_go_from_easy_to_hard(shipped):
    rank = {"easy": 0, "medium": 1, "hard": 2}
    levels = [rank[step.level] for step in shipped]
    assert levels == sorted(levels)
    assert levels[0] == 0 and levels[-1] == 2


def test_every_node_of_every_page_has_a_reference_label(shipped):
    for step in shipped:
        assert len(step.labels) == step.node_count, step.file
        untagged = [step.segmented.node_texts[i] for i, c in enumerate(step.labels) if c == 0]
        assert not untagged, f"{step.file}: nodes outside every mark: {untagged[:5]}"


def test_each_page_uses_two_labels_and_the_tutorial_all_three(shipped):
    for step in shipped:
        assert len(set(step.labels)) >= 2, step.file
    assert set().union(*(step.labels for step in shipped)) == {BAD, UNCERTAIN, GOOD}
    # After the first pages, uncertain text appears on most pages.
    assert sum(UNCERTAIN in step.labels for step in shipped) >= len(shipped) // 2


def test_pages_are_realistic_in_size(shipped):
    for step in shipped:
        assert step.node_count >= 40, step.file
        assert 200 <= step.segmented.word_count <= 900, step.file
        good_words = sum(
            tokens
            for tokens, code in zip(step.segmented.node_tokens, step.labels, strict=True)
            if code == GOOD
        )
        assert good_words >= 80, f"{step.file}: too little running text"


def test_shipped_html_is_what_annotators_see(shipped):
    for step in shipped:
        assert "kehr-ref" not in step.html.lower(), step.file
        assert "kehr-ref" not in step.segmented.document.lower(), step.file
        assert segment(step.html, step.url).document == step.segmented.document, step.file


@pytest.mark.parametrize("path", sorted(SHIPPED_DIR.glob("*.html")), ids=lambda p: p.name)
def test_pages_are_self_contained(path):
    html = path.read_text(encoding="utf-8")
    root = lxml.html.document_fromstring(html)
    assert root.find(".//script") is None
    assert root.find(".//link") is None
    assert not root.xpath("//*[@src]"), "images are inline SVG"
    assert not re.search(r"url\(|@import", html), "no external resources in CSS"
    for element in root.xpath("//*[@href or @action]"):
        target = element.get("href") or element.get("action")
        if target.startswith("#"):
            continue
        if target.startswith("mailto:"):
            assert target.endswith(".invalid"), target
            continue
        parts = urlsplit(target)
        assert parts.scheme == "https" and parts.hostname.endswith(".invalid"), target
    assert root.get("lang"), "the page declares its language"
    assert root.findtext(".//title", "").strip()


def test_manifest_is_well_formed():
    manifest = json.loads((SHIPPED_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["corpus"]["slug"] and manifest["corpus"]["name"]
    orders = [entry["order"] for entry in manifest["pages"]]
    assert len(set(orders)) == len(orders)
    for entry in manifest["pages"]:
        assert (SHIPPED_DIR / entry["file"]).is_file()
        assert urlsplit(entry["url"]).hostname.endswith(".tutorial.kehr.invalid")
        note = entry["note"].strip()
        assert note and entry["title"].strip()
        sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", note) if s]
        assert 2 <= len(sentences) <= 4, f"{entry['file']}: the note should be 2-4 sentences"
    assert len({entry["url"] for entry in manifest["pages"]}) == len(orders)


def copy_shipped(tmp_path: Path) -> tuple[Path, dict]:
    target = tmp_path / "shipped"
    shutil.copytree(SHIPPED_DIR, target)
    return target, json.loads((target / "manifest.json").read_text(encoding="utf-8"))


def write_manifest(directory: Path, manifest: dict) -> None:
    (directory / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda m: m["pages"][1].update(order=1), "orders must be 1.."),
        (lambda m: m["pages"][0].update(url="https://news.example.com/x"), "kehr.invalid"),
        (lambda m: m["pages"][0].update(url="http://a.kehr.invalid/x"), "must be https"),
        (lambda m: m["pages"][0].update(file="missing.html"), "no such page"),
        (lambda m: m["pages"][0].update(file="../manifest.json"), "no such page"),
        (lambda m: m["pages"][0].update(note=" "), "'note' must be non-empty"),
        (lambda m: m["pages"][0].update(order="1"), "'order' must be an integer"),
        (lambda m: m["corpus"].pop("slug"), "corpus.slug"),
        (lambda m: m.update(pages=[]), "non-empty list"),
    ],
)
def test_a_broken_manifest_is_refused(tmp_path, change, message):
    directory, manifest = copy_shipped(tmp_path)
    change(manifest)
    write_manifest(directory, manifest)
    with pytest.raises(ReferenceMarkupError, match=re.escape(message)):
        load_shipped_tutorial(directory)


def test_a_shipped_page_with_an_unmarked_node_is_refused(tmp_path):
    directory, manifest = copy_shipped(tmp_path)
    page = directory / manifest["pages"][0]["file"]
    page.write_text(
        page.read_text(encoding="utf-8").replace("</footer>", "</footer><p>Stray text</p>"),
        encoding="utf-8",
    )
    with pytest.raises(ReferenceMarkupError, match=r"'Stray text'.* is outside every"):
        load_shipped_tutorial(directory)


def test_the_manifest_comes_back_sorted_by_order(tmp_path):
    directory, manifest = copy_shipped(tmp_path)
    manifest["pages"].reverse()
    write_manifest(directory, manifest)
    assert [e["order"] for e in load_shipped_manifest(directory)["pages"]] == list(
        range(1, len(manifest["pages"]) + 1)
    )


# Read in the browser: the label of every numbered node by the extension's rule.
BROWSER_LABELS_JS = r"""
const out = new Array(arguments[0]).fill(null);
for (const el of document.querySelectorAll("kehr-t[data-i]")) {
  const mark = el.closest("[data-kehr-ref]");
  const i = Number(el.getAttribute("data-i"));
  out[i] = [mark && mark.getAttribute("data-kehr-ref"), el.textContent];
}
return out;
"""


def test_firefox_sees_every_node_with_the_same_reference(shipped):
    """The browser's DOM agrees with lxml on every shipped page: each node exists, is
    visible, and its nearest marked ancestor in Firefox gives the server's label."""
    from harvest.browser import Browser

    # The suite's one rule for its real parts (tests/e2e/support.py): fail, never skip.
    assert Path(FIREFOX).exists(), (
        f"{FIREFOX} not found: install the Debian package firefox-esr "
        "(apt-get install firefox-esr; ./dev test does), the suite needs a real Firefox ESR"
    )

    browser = Browser(binary=FIREFOX)
    browser.start()
    try:
        for step in shipped:
            html = (SHIPPED_DIR / step.file).read_text(encoding="utf-8")
            marked = segment(html, step.url)
            rects = browser.node_rects(marked.document, marked.node_count)["rects"]
            assert browser.client is not None
            seen = browser.client.execute_script(BROWSER_LABELS_JS, script_args=[step.node_count])
            for index, (rect, found) in enumerate(zip(rects, seen, strict=True)):
                where = f"{step.file} node {index}"
                assert found is not None and rect is not None, f"{where}: not in the DOM"
                assert rect[2] > 0 and rect[3] > 0, f"{where}: invisible"
                mark, text = found
                assert text == step.segmented.node_texts[index], where
                assert REF_CODES[mark] == step.labels[index], where
    finally:
        browser.stop()


def test_readme_states_authorship():
    readme = (SHIPPED_DIR / "README.md").read_text(encoding="utf-8")
    assert "written for Kehr" in readme


def test_docs_table_matches_the_pages(shipped):
    docs = (REPO / "docs" / "tutorial-pages.md").read_text(encoding="utf-8")
    assert pages_table(shipped) in docs, (
        "regenerate with: cd backend && python -m tutorial.references"
    )

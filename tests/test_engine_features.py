"""Feature groups: their shapes and names, and the dom group's values on a hand-made page."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kehr_engine.features import (
    DEFAULT_GROUPS,
    FEATURE_VERSION,
    GROUPS,
    TEXT_NAMES,
    NodeDocument,
    dom_group,
    features,
    text_group,
    text_matrix,
)
from kehr_engine.segmenter import segment
from kehr_engine.text_stats import BASE_TEXT_COLUMNS, _text_row

# Two menu links in a "site-nav" div, then one paragraph of running text.
PAGE = (
    b'<html><head><title>t</title></head><body><div class="site-nav"><a href="/">Home</a> '
    b'<a href="/news">News</a></div><p>The cat sat on the mat. It was happy.</p></body></html>'
)
PARAGRAPH = "The cat sat on the mat. It was happy."


@pytest.fixture()
def doc() -> NodeDocument:
    page = segment(PAGE, "http://example.test/")
    assert page.node_texts == ["Home", "News", PARAGRAPH]
    return NodeDocument(page.node_texts, page.document, PAGE.decode())


def _row(doc: NodeDocument, node: int) -> dict[str, float]:
    names, matrix = dom_group(doc)
    return dict(zip(names, matrix[node].tolist(), strict=True))


@pytest.mark.parametrize("group", [g for g in GROUPS if g not in {"extractors", "justext"}])
def test_each_group_gives_one_named_row_per_node(doc: NodeDocument, group: str) -> None:
    names, matrix = GROUPS[group](doc)
    assert matrix.shape == (3, len(names))
    assert len(set(names)) == len(names)
    # Missing values only where the page lacks what the group reads: this page has no
    # layout, no template-method vectors and no visits (their groups' values on known
    # input: tests/test_engine_visual.py, tests/test_stability_core.py).
    missing = group in {"visual", "urltree", "dbce", "visual_stability"}
    assert np.isnan(matrix).all() if missing else np.isfinite(matrix).all()


def test_features_prefix_names_with_their_group(doc: NodeDocument) -> None:
    names, matrix = features(doc, DEFAULT_GROUPS)
    assert matrix.dtype == np.float32 and matrix.shape == (3, len(names))
    assert [n.split(".")[0] for n in names] == sorted(
        (n.split(".")[0] for n in names), key=DEFAULT_GROUPS.index
    )
    assert FEATURE_VERSION >= 2


def test_text_features_of_the_paragraph(doc: NodeDocument) -> None:
    names, matrix = text_group(doc)
    row = dict(zip(names, matrix[2].tolist(), strict=True))
    assert row["tokens"] == 9
    assert row["chars"] == len(PARAGRAPH) == 37
    assert row["stopwords"] == 5  # the, on, the, it, was
    assert row["stopword_share"] == pytest.approx(5 / 9)
    assert row["sentence_ends"] == 2
    assert row["ends_with_punct"] == 1.0


def test_dom_features_of_a_menu_link(doc: NodeDocument) -> None:
    home = _row(doc, 0)
    assert home["in_link"] == 1.0 and home["parent_is_a"] == 1.0 and home["in_div"] == 1.0
    assert home["depth"] == 3  # html / body / div / a
    assert home["attr_nav"] == 1.0 and home["attr_footer"] == 0.0
    assert home["block_is_div"] == 1.0
    # The div holds both links: 2 tokens, all of them link text, 2 of the page's 11.
    assert home["block_tokens"] == 2 and home["block_nodes"] == 2
    assert home["block_link_density"] == 1.0
    assert home["block_page_share"] == pytest.approx(2 / 11)
    # Its outer block is the body: all 11 tokens, 2 in links.
    assert home["outer_tokens"] == 11 and home["outer_link_density"] == pytest.approx(2 / 11)
    assert home["same_block_prev"] == 0.0 and home["same_block_next"] == 1.0
    assert home["page_link_share"] == pytest.approx(2 / 11)


def test_dom_features_of_the_paragraph(doc: NodeDocument) -> None:
    text = _row(doc, 2)
    assert text["in_link"] == 0.0 and text["parent_is_p"] == 1.0 and text["attr_nav"] == 0.0
    assert text["depth"] == 2
    assert text["block_tokens"] == 9 and text["block_link_density"] == 0.0
    assert text["block_stopword_share"] == pytest.approx(5 / 9)
    assert text["block_sentence_ends"] == 2
    # 37 text characters against "<p></p>" (7 markup characters; the wrapper is not markup).
    assert text["block_text_density"] == pytest.approx(37 / 44)
    assert text["position"] == pytest.approx(2 / 3)
    assert text["text_position"] == pytest.approx(2 / 11)  # two tokens come before it
    assert text["same_block_prev"] == 0.0


def test_context_sees_the_neighbours(doc: NodeDocument) -> None:
    names, matrix = GROUPS["context"](doc)
    rows = [dict(zip(names, r.tolist(), strict=True)) for r in matrix]
    assert rows[2]["prev1_tokens"] == 1 and rows[2]["prev1_in_link"] == 1.0
    assert rows[0]["prev1_tokens"] == 0  # zeros past the start
    assert rows[0]["next2_tokens"] == 9
    assert rows[1]["window7_tokens"] == pytest.approx(11 / 7)


def test_a_document_numbering_more_nodes_than_texts_is_refused() -> None:
    page = segment(PAGE, "http://example.test/")
    doc = NodeDocument(page.node_texts[:2], page.document, "")
    with pytest.raises(ValueError, match="numbers a node 2 but the page has 2 node texts"):
        dom_group(doc)


def test_a_page_without_nodes_has_empty_rows() -> None:
    doc = NodeDocument([], "<html><body></body></html>", "")
    names, matrix = features(doc, DEFAULT_GROUPS)
    assert matrix.shape == (0, len(names))


# Characters that exercise the per-character tables: whitespace of several kinds (no-break
# space, tab, newline), upper case outside ASCII, digits of other scripts, sentence ends,
# quotes, separators, characters past the BMP (an emoji, a mathematical capital).
_TRICKY = (
    "aZ .!?:\"')]|\u00bb\u00b7\u2022\u00a0\t\n"
    "\u00c9\u00e9\u0130\u03a3\u0661\u00a9(c)\U0001f600\U0001d400"
)
_texts = st.lists(
    st.text(alphabet=st.sampled_from(_TRICKY), max_size=30)
    | st.sampled_from(["Copyright 2008", "all rights", "reserved.", "The end.", "  x  "]),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(_texts)
def test_text_matrix_is_the_per_node_definition(texts: list[str]) -> None:
    """The vectorised text rows equal the per-node definition, value for value."""
    expected = np.array([_text_row(t) for t in texts], dtype=np.float64)
    expected = expected.reshape(len(texts), BASE_TEXT_COLUMNS)
    assert np.array_equal(text_matrix(texts)[:, :BASE_TEXT_COLUMNS], expected)


def test_no_pattern_spans_two_nodes() -> None:
    # "all rights reserved" split over two nodes is in neither; a full stop ending a node
    # is a sentence end of that node only.
    rows = text_matrix(["all rights", "reserved", "Done.", "next"])
    assert rows[:, TEXT_NAMES.index("copyright")].tolist() == [0, 0, 0, 0]
    assert rows[:, TEXT_NAMES.index("sentence_ends")].tolist() == [0, 0, 1, 0]


# Feature version 3: pages in three scripts, made here (not English; the stoplists
# kehr_engine.stopwords held before were English and German only).
_MULTILINGUAL = {
    "zh": (
        "<html><body><div class='nav'><a href='/'>首页</a> <a href='/n'>新闻</a></div>"
        "<p>市议会表示，新桥将在年底前通车。尽管周边道路的部分工程尚未开始，"  # noqa: RUF001
        "这座桥连接了城市的两个区。</p></body></html>"
    ),
    "ar": (
        "<html><body><div class='nav'><a href='/'>اتصل بنا</a></div><p>قال المجلس البلدي إن "
        "الجسر الجديد سيفتح أمام حركة المرور قبل نهاية العام، على الرغم من أن بعض الأعمال "
        "في الطرق المحيطة به لم تبدأ بعد؟ نعم.</p></body></html>"
    ),
    "de": (
        "<html><body><div class='nav'><a href='/'>Startseite</a></div><p>Der Gemeinderat "
        "hat am Dienstag beschlossen, dass die neue Brücke noch in diesem Jahr für den "
        "Verkehr freigegeben wird. Die Arbeiten an den Straßen haben nicht begonnen.</p>"
        "</body></html>"
    ),
}


def _rows(html: str) -> list[dict[str, float]]:
    page = segment(html, "http://example.test/")
    names, matrix = features(NodeDocument(page.node_texts, page.document, html))
    return [dict(zip(names, row.tolist(), strict=True)) for row in matrix]


@pytest.mark.parametrize("language", sorted(_MULTILINGUAL))
def test_language_independent_features_of_a_paragraph(language: str) -> None:
    *menu, paragraph = _rows(_MULTILINGUAL[language])
    script = {"zh": "cjk", "ar": "arabic", "de": "latin"}[language]
    assert paragraph[f"text.script_{script}"] == 1.0
    assert paragraph["text.page_language_known"] == 1.0
    assert paragraph["text.lang_stopwords"] > 0
    assert 0 < paragraph["text.lang_stopword_share"] <= 1
    assert paragraph["text.sentence_marks"] == 2
    assert paragraph["text.ends_with_mark"] == 1.0
    # The paragraph is denser in function words than the menu and than its page.
    assert paragraph["text.lang_stopword_vs_page"] > 0
    assert all(row["text.lang_stopword_share"] < paragraph["text.lang_stopword_share"]
               for row in menu)  # fmt: skip


def test_a_chinese_paragraph_counts_its_characters_as_units() -> None:
    paragraph = _rows(_MULTILINGUAL["zh"])[-1]
    assert paragraph["text.tokens"] == 1  # one whitespace "word"
    assert paragraph["text.units"] > 30  # its ideographs
    assert paragraph["text.spaceless_share"] == 1.0
    assert paragraph["text.sentence_ends"] == 0  # the Latin-only count misses 。


def test_an_arabic_question_mark_ends_a_sentence() -> None:
    paragraph = _rows(_MULTILINGUAL["ar"])[-1]
    assert paragraph["text.sentence_ends"] == 1  # the Latin count sees only the "."
    assert paragraph["text.sentence_marks"] == 2  # ؟ too


def test_features_do_not_depend_on_what_else_is_in_the_process() -> None:
    # The language is guessed per page: a German page after a Chinese one is German.
    first = _rows(_MULTILINGUAL["de"])
    _rows(_MULTILINGUAL["zh"])
    assert _rows(_MULTILINGUAL["de"]) == first

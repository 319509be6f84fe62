"""The modern datasets' loaders, labelling rules and metrics (kehr_engine.datasets).

Synthetic folders in tmp_path check the rules node by node; the data tests read the
real folders (../shared/data/modern) and follow the KrdWrd rule: skip locally with the
reason when the data is absent, fail when CI=true (tests/krdwrd_data.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kehr_engine.datasets import (
    DatasetLoad,
    LabelledPage,
    alignment_report,
    language_group,
    load_readability,
    load_trafilatura_eval,
)
from kehr_engine.datasets.alignment import article_labels, passage_labels
from kehr_engine.datasets.page_language import declared_language
from kehr_engine.datasets.scoring import (
    passage_scores,
    readability_scores,
    substantial,
    token_prf,
)
from tests.krdwrd_data import krdwrd_folder

MODERN = Path(__file__).resolve().parents[2] / "shared/data/modern"

SOURCE = (
    '<html lang="en-GB"><head><title>T</title></head><body>'
    "<nav><a href='/'>Home</a> <a href='/f'>fox</a></nav>"
    "<div><p>The <b>quick</b> brown fox jumps over the lazy dog.</p>"
    "<p>Second paragraph here.</p><p>Next block</p></div>"
    "<footer>Copyright 2024</footer></body></html>"
)
EXPECTED = (
    '<div id="readability-page-1" class="page"><p>The <b>quick</b> brown fox jumps over '
    "the lazy dog.</p>\n<p>Second paragraph here.</p></div>"
)
# The segmenter's nodes of SOURCE, in order.
NODES = [
    "Home",
    "fox",
    "The ",
    "quick",
    " brown fox jumps over the lazy dog.",
    "Second paragraph here.",
    "Next block",
    "Copyright 2024",
]


def readability_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "readability"
    (folder / "page").mkdir(parents=True)
    (folder / "page" / "source.html").write_text(SOURCE, encoding="utf-8")
    (folder / "page" / "expected.html").write_text(EXPECTED, encoding="utf-8")
    (folder / "nothing-lands").mkdir()
    (folder / "nothing-lands" / "source.html").write_text(SOURCE, encoding="utf-8")
    (folder / "nothing-lands" / "expected.html").write_text("<p>Unrelated words</p>")
    (folder / "no-expected").mkdir()
    (folder / "no-expected" / "source.html").write_text(SOURCE, encoding="utf-8")
    return folder


def test_readability_labels_node_by_node_and_the_menu_word_is_not_credited(
    tmp_path: Path,
) -> None:
    load = load_readability(readability_folder(tmp_path))
    assert [p.page_id for p in load.pages] == ["readability/page"]
    page = load.pages[0]
    assert page.page.node_texts == NODES
    # The menu's "fox" also occurs in the article, but out of the aligned order.
    assert page.labels.tolist() == [1, 1, 3, 3, 3, 3, 1, 1]
    assert page.labels.dtype == np.int8
    assert page.alignment.coverage == 1.0
    assert page.alignment.good_share == 4 / 8
    assert page.language == "en"
    assert page.dataset == "readability"
    assert page.expected_text.splitlines() == [
        "The quick brown fox jumps over the lazy dog.",
        "Second paragraph here.",
    ]


def test_readability_failures_are_listed_with_their_reason(tmp_path: Path) -> None:
    load = load_readability(readability_folder(tmp_path))
    reasons = {f.page_id: f.reason for f in load.failures}
    assert set(reasons) == {"readability/nothing-lands", "readability/no-expected"}
    assert "none of the expected article's 2 tokens lands" in reasons["readability/nothing-lands"]
    assert "expected.html is missing" in reasons["readability/no-expected"]
    report = alignment_report(load)["readability"]
    assert report["pages"] == 1
    assert {f["page_id"] for f in report["failures"]} == set(reasons)
    assert report["mean"]["coverage"] == 1.0
    detail = alignment_report(load, per_page=True)["readability"]["per_page"]
    assert detail == {"readability/page": {"language": "en", "coverage": 1.0, "good_share": 0.5}}


def test_article_labels_need_half_of_a_node_aligned() -> None:
    labels, alignment = article_labels(["a b c d", "e f", "x y z"], "a b e f".split())
    assert labels.tolist() == [3, 3, 1]  # 2 of 4 tokens is the KEPT_SHARE boundary: good
    labels, _ = article_labels(["a b c d e"], "a b".split())
    assert labels.tolist() == [1]  # 2 of 5 is below it
    assert alignment.coverage == 1.0
    _, alignment = article_labels(["a b"], "a b q r".split())
    assert alignment.coverage == 0.5


def trafilatura_folder(tmp_path: Path, entries: dict, pages: dict[str, bytes]) -> Path:
    folder = tmp_path / "trafilatura-eval"
    (folder / "pages").mkdir(parents=True)
    (folder / "evaldata.json").write_text(json.dumps(entries), encoding="utf-8")
    for name, raw in pages.items():
        (folder / "pages" / name).write_bytes(raw)
    return folder


def test_trafilatura_labels_passages_across_nodes_and_leaves_the_rest_unlabelled(
    tmp_path: Path,
) -> None:
    entries = {
        "http://example.org/a": {
            "file": "a.html",
            # Spans the <b> node and the next; spans two paragraphs (a line apart).
            "with": ["quick  brown fox jumps", "Second paragraph here.\nNext block"],
            "without": ["Copyright", "not on the page"],
        }
    }
    folder = trafilatura_folder(tmp_path, entries, {"a.html": SOURCE.encode()})
    load = load_trafilatura_eval(folder)
    assert not load.failures
    page = load.pages[0]
    assert page.page_id == "trafilatura/a.html"
    assert page.page.node_texts == NODES
    assert page.labels.tolist() == [0, 0, 0, 3, 3, 3, 3, 1]
    assert page.alignment.with_found == 1.0
    assert page.alignment.without_found == 0.5
    assert page.with_passages == tuple(entries["http://example.org/a"]["with"])
    assert page.without_passages == ("Copyright", "not on the page")


def test_a_node_holding_both_kinds_of_passage_stays_unlabelled() -> None:
    labels, alignment = passage_labels(["Share this article now", "Body"], ["article"], ["Share"])
    assert labels.tolist() == [0, 0]
    assert alignment.conflicts == 1


def test_passages_match_across_unicode_composition() -> None:
    """trafilatura's Bengali passages use U+09DF where the page has U+09AF U+09BC."""
    labels, alignment = passage_labels(["\u09af\u09bc\u09be", "x"], ["\u09df\u09be"], [])
    assert labels.tolist() == [3, 0]
    assert alignment.with_found == 1.0


def test_readability_pages_are_read_as_utf8_whatever_their_meta_says(tmp_path: Path) -> None:
    """Saved pages keep their site's <meta charset> (qq.com: gb2312); the files are UTF-8."""
    folder = tmp_path / "readability"
    (folder / "zh").mkdir(parents=True)
    source = '<html><head><meta charset="gb2312"></head><body><p>谷歌开发出一款计算机</p></body>'
    (folder / "zh" / "source.html").write_bytes(source.encode("utf-8"))
    (folder / "zh" / "expected.html").write_bytes("<p>谷歌开发出一款计算机</p>".encode())
    page = load_readability(folder).pages[0]
    assert page.page.node_texts == ["谷歌开发出一款计算机"]
    assert page.labels.tolist() == [3]


def test_a_windows_1252_page_is_decoded_by_the_segmenter(tmp_path: Path) -> None:
    text = "Grüße aus Köln \u2013 schöne Straße"  # the dash is 0x96 in windows-1252
    html = (
        f'<html><head><meta charset="windows-1252"></head><body><p>{text}</p>'
        "<p>Impressum</p></body></html>"
    )
    entries = {
        "http://example.de/k": {
            "file": "k.html",
            "with": [text],
            "without": ["Impressum"],
        }
    }
    folder = trafilatura_folder(tmp_path, entries, {"k.html": html.encode("windows-1252")})
    load = load_trafilatura_eval(folder)
    assert not load.failures, load.failures
    assert load.pages[0].labels.tolist() == [3, 1]
    assert load.pages[0].page.node_texts[0] == text


def test_trafilatura_failures_are_listed_with_their_reason(tmp_path: Path) -> None:
    entries = {
        "http://example.org/a": {"file": "a.html", "with": ["no such text"], "without": []},
        "http://example.org/b": {"file": "b.html", "with": ["x"], "without": []},
        "http://example.org/c": {"file": "c.html", "with": [], "without": ["nowhere"]},
    }
    folder = trafilatura_folder(tmp_path, entries, {"a.html": SOURCE.encode(), "c.html": b"<p>"})
    load = load_trafilatura_eval(folder)
    assert not load.pages
    reasons = {f.page_id: f.reason for f in load.failures}
    assert "none of its 1 'with' passages" in reasons["trafilatura/a.html"]
    assert "pages/b.html is missing" in reasons["trafilatura/b.html"]
    assert "trafilatura/c.html" in reasons  # an empty page: the segmenter's refusal


def test_a_missing_folder_says_which_folder_to_give(tmp_path: Path) -> None:
    from kehr_engine.limits import EngineInputError

    with pytest.raises(EngineInputError, match="readability/ folder of the modern data"):
        load_readability(tmp_path / "nope")
    with pytest.raises(EngineInputError, match=r"evaldata\.json is missing"):
        load_trafilatura_eval(tmp_path)


@pytest.mark.parametrize(
    ("html", "code"),
    [
        ('<html lang="de-AT"><p>x', "de"),
        ("<HTML xml:lang='FR'>", "fr"),
        ('<html><head><meta http-equiv="Content-Language" content="es">', "es"),
        ('<html><head><meta content="ja" http-equiv="content-language">', "ja"),
        ("<html><body lang='en'>", ""),
        ("<html data-lang-switch='x'>", ""),
    ],
)
def test_the_declared_language_is_the_primary_subtag(html: str, code: str) -> None:
    assert declared_language(html) == code


def test_language_groups() -> None:
    assert [language_group(c) for c in ("de", "en", "es", "")] == ["de", "en", "other", "other"]


def test_token_prf_is_a_bag_of_tokens_per_page() -> None:
    score = token_prf("a b b menu", "a b c")
    assert (score.precision, score.recall) == (2 / 4, 2 / 3)
    assert score.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))
    assert token_prf("", "a").f1 == 0.0
    assert token_prf("", "").f1 == 1.0


def test_readability_scores_average_pages_and_count_empty_outputs() -> None:
    long_text = " ".join(["word"] * 50)
    scores = readability_scores(
        ["a b", "", "", ""], ["a b", long_text, "short", "中文" * 100], ["p1", "p2", "p3", "p4"]
    )
    assert scores.f1 == pytest.approx(1 / 4)
    assert scores.empty_by_accident == 2
    assert scores.empty_pages == ["p2", "p4"]
    assert substantial("中文" * 100) and not substantial("中文" * 99)
    assert not substantial(" ".join(["word"] * 49))
    with pytest.raises(ValueError, match="2 outputs for 1 pages"):
        readability_scores(["a", "b"], ["a"])


def test_passage_scores_use_whitespace_normalised_substrings_over_all_pages() -> None:
    scores = passage_scores(
        ["Der  Text\nhier. Impressum", "", "Mehr Text"],
        [["Der Text hier."], ["fehlt"], ["Mehr", "anderes"]],
        [["Impressum"], [], ["Menü"]],
        ["a", "b", "c"],
    )
    # with present: 2 of 4; without present: 1.
    assert (scores.precision, scores.recall) == (2 / 3, 2 / 4)
    assert scores.f1 == pytest.approx(2 * (2 / 3) * 0.5 / (2 / 3 + 0.5))
    assert scores.empty_pages == ["b"]


# --- the real folders -----------------------------------------------------------------


@pytest.fixture(scope="module")
def readability() -> DatasetLoad:
    return load_readability(krdwrd_folder("readability", root=MODERN))


@pytest.fixture(scope="module")
def trafilatura() -> DatasetLoad:
    return load_trafilatura_eval(krdwrd_folder("trafilatura-eval", root=MODERN))


def check_page(page: LabelledPage) -> None:
    assert len(page.labels) == page.page.node_count > 0
    assert set(np.unique(page.labels)) <= {0, 1, 3}


def test_the_readability_pages_align_nearly_all(readability: DatasetLoad) -> None:
    """Measured: 130 pages, none failing, 128 with coverage >= 0.8, mean 0.99."""
    assert len(readability.pages) + len(readability.failures) == 130
    assert len(readability.failures) <= 3, readability.failures
    for page in readability.pages:
        check_page(page)
        assert (page.labels != 0).all()  # every node labelled
    covered = sum((p.alignment.coverage or 0) >= 0.8 for p in readability.pages)
    assert covered >= 0.9 * 130
    languages = {language_group(p.language) for p in readability.pages}
    assert languages >= {"en", "other"}


def test_the_trafilatura_pages_align_nearly_all(trafilatura: DatasetLoad) -> None:
    """Measured: 609 of 610 load, 99.7 % of the 'with' passages land, 68 % German."""
    assert len(trafilatura.pages) + len(trafilatura.failures) == 610
    assert len(trafilatura.failures) <= 10, trafilatura.failures
    found = [
        p.alignment.with_found for p in trafilatura.pages if p.alignment.with_found is not None
    ]
    assert sum(found) / len(found) >= 0.97
    german = sum(p.language == "de" for p in trafilatura.pages)
    assert german >= 0.4 * len(trafilatura.pages)
    for page in trafilatura.pages:
        check_page(page)
        assert (page.labels == 3).any() or not page.with_passages

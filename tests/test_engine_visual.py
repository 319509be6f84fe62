"""The rendered layout (kehr_engine.layout) and the visual feature group on known boxes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kehr_engine.features import NodeDocument, features
from kehr_engine.layout import STYLE_FIELDS, Layout, LayoutError
from kehr_engine.pipeline import EngineInputError, PageInput
from kehr_engine.segmenter import segment
from kehr_engine.visual import VISUAL_NAMES, visual_group

PAGE = (
    b"<html><body><div><a href='/'>Home</a> <a href='/n'>News</a></div>"
    b"<p>The cat sat on the mat and it was a happy cat all day long.</p>"
    b"<p>Another long paragraph of running text about the same cat today.</p>"
    b"<select><option>hidden</option></select></body></html>"
)
# Menu at the top left in bold, two paragraphs in a column x 300..900 below the fold
# line of a 1280x900 viewport for the second one, the option not laid out.
LAYOUT: dict[str, Any] = {  # the JSON a harvest stores
    "rects": [[10, 5, 40, 20], [60, 5, 40, 20], [300, 400, 600, 60], [300, 1000, 600, 40], None],
    "styles": [[14, 700, 1, 1, 0.2], [14, 700, 1, 1, 0.2], [16, 400, 3, 1, 0.0],
               [16, 400, 2, 1, 0.0], None],
    "viewport": [1280, 900],
    "document": [1280, 1800],
    "node_count": 5,
}  # fmt: skip


def doc_with(layout: dict | None) -> NodeDocument:
    page = segment(PAGE, "http://example.test/")
    assert len(page.node_texts) == 5
    parsed = Layout.from_json(layout, 5) if layout else None
    return NodeDocument(page.node_texts, page.document, PAGE.decode(), parsed)


def rows(doc: NodeDocument) -> list[dict[str, float]]:
    names, matrix = visual_group(doc)
    return [dict(zip(names, row.tolist(), strict=True)) for row in matrix]


def test_positions_sizes_and_styles_relative_to_the_page() -> None:
    menu, _, first, second, option = rows(doc_with(LAYOUT))
    assert menu["x_rel"] == pytest.approx(10 / 1280) and menu["y_rel"] == pytest.approx(5 / 1800)
    assert first["width_rel"] == pytest.approx(600 / 1280)
    assert first["area_log"] == pytest.approx(np.log1p(600 * 60))
    assert first["above_fold"] == 1.0 and second["above_fold"] == 0.0
    assert second["y_screens"] == pytest.approx(1000 / 900)
    assert menu["bold"] == 1.0 and first["bold"] == 0.0
    assert first["line_boxes"] == 3.0 and menu["luminance"] == pytest.approx(0.2)
    # The body text's size is the paragraphs' (most characters): the menu is smaller.
    assert first["font_rel"] == 1.0 and menu["font_rel"] == pytest.approx(14 / 16)
    # The main column is the paragraphs': they sit in it, the menu outside it.
    assert first["column_overlap"] == 1.0 and first["column_distance"] == 0.0
    assert menu["column_overlap"] == 0.0
    assert menu["column_distance"] == pytest.approx(abs(30 - 600) / 1280)
    # Page-level values are the same on every node, the option included.
    assert option["page_screens"] == menu["page_screens"] == 2.0
    assert option["page_rendered_share"] == pytest.approx(4 / 5)
    # A node the browser did not lay out has no other value.
    assert all(np.isnan(option[name]) for name in VISUAL_NAMES[:-2])


def test_a_page_without_a_layout_gets_missing_values_not_zeros() -> None:
    names, matrix = features(doc_with(None), ["visual"])
    assert names == [f"visual.{n}" for n in VISUAL_NAMES] and matrix.shape == (5, len(names))
    assert np.isnan(matrix).all()


def test_a_layout_measured_before_styles_existed_still_gives_positions() -> None:
    old = {k: v for k, v in LAYOUT.items() if k != "styles"}
    menu = rows(doc_with(old))[0]
    assert menu["x_rel"] == pytest.approx(10 / 1280)
    assert np.isnan(menu["font_px"]) and np.isnan(menu["bold"]) and np.isnan(menu["font_rel"])


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ([], "is not a layout"),
        ({"rects": [None] * 4}, r"4 rectangles, the page 5 text nodes: .*render the page again"),
        ({**LAYOUT, "rects": [[1, 2, 3]] * 5}, r"rects\[0\] is not null or a list of 4"),
        ({**LAYOUT, "rects": [[1, 2, 3, "x"]] * 5}, r"rects\[0\]\[3\] is not a finite"),
        ({**LAYOUT, "viewport": [0, 900]}, "viewport is not a"),
        ({**LAYOUT, "document": None}, "document is not a"),
    ],
)
def test_broken_layouts_are_refused_with_the_reason(broken: object, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        Layout.from_json(broken, 5)


def test_read_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "page.json"
    path.write_text(json.dumps(LAYOUT))
    assert Layout.read(path, 5).styles.shape == (5, len(STYLE_FIELDS))
    path.write_text("{not json")
    with pytest.raises(LayoutError, match=r"page\.json: cannot read the layout"):
        Layout.read(path, 5)


def test_a_page_input_with_another_segmentations_layout_is_refused() -> None:
    page = PageInput.from_html(PAGE, "http://example.test/")
    wrong = Layout.from_json({**LAYOUT, "rects": LAYOUT["rects"][:4],
                              "styles": LAYOUT["styles"][:4]}, 4)  # fmt: skip
    bad = PageInput(page.node_texts, page.document, page.html, page.url, wrong)
    with pytest.raises(EngineInputError, match="layout has 4 boxes for 5 nodes"):
        bad.node_document()


def test_template_method_groups_encode_what_each_method_said() -> None:
    """1 boilerplate, 0 content, NaN where the method said nothing or has no vector."""
    page = segment(PAGE, "http://example.test/")
    said = {"urltree:strict": np.array([1, 1, 3, 3, 0]), "dbce": np.array([1, 3, 0, 3, 3]),
            "urltree:strict-at-domain": np.array([1, 1])}  # fmt: skip
    doc = NodeDocument(page.node_texts, page.document, PAGE.decode(), None, said)
    names, matrix = features(doc, ["urltree", "dbce"])
    assert names[:2] == ["urltree.strict", "urltree.strict-support-100"]
    assert names[-1] == "dbce.boilerplate"
    strict = matrix[:, 0]
    assert strict[:4].tolist() == [1, 1, 0, 0] and np.isnan(strict[4])
    # No vector, or one of another segmentation (2 labels for 5 nodes): nothing known.
    assert np.isnan(matrix[:, 1]).all() and np.isnan(matrix[:, 2]).all()
    dbce = matrix[:, -1]
    assert dbce[[0, 1, 3, 4]].tolist() == [1, 0, 0, 0] and np.isnan(dbce[2])
    # Pages without any: all missing, never zeros.
    assert np.isnan(features(doc_with(None), ["urltree", "dbce"])[1]).all()

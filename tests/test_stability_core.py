"""Core sections and node stability (kehr_engine.stability.core, .nodes, the feature group)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from kehr_engine.features import NodeDocument, features
from kehr_engine.stability import (
    PageStability,
    StabilityMap,
    StabilityParams,
    core_sections,
    node_stability,
    stability_labels,
)
from kehr_engine.stability.blocks import pixels
from tests.stability_pages import AD, TEXT_COLUMN, capture

PARAMS = StabilityParams()


@pytest.fixture(scope="module")
def smap() -> StabilityMap:
    # Eight visits in one layout (other ads) and two with a banner: another layout.
    visits = [capture(v) for v in range(8)] + [capture(v, banner=True) for v in (8, 9)]
    return core_sections([pixels(v) for v in visits])


def test_the_ad_is_dynamic_and_the_text_static(smap):
    assert (smap.layouts, smap.captures, smap.total_captures) == (2, 8, 10)
    x, y, w, h = AD
    b = smap.block
    ad = smap.static[y // b : (y + h) // b, x // b : (x + w) // b]
    assert not ad.any()
    assert (smap.dynamic_share[y // b : (y + h) // b, x // b : (x + w) // b] > PARAMS.pde).all()
    column_x, column_w = TEXT_COLUMN
    text = smap.static[100 // b : 1000 // b, column_x // b : (column_x + column_w) // b]
    assert text.all()
    # Nothing else changes on this page.
    assert smap.static.sum() == smap.static.size - ad.size


def test_node_stability_is_the_static_share_of_the_node(smap):
    ax, ay, _aw, _ah = AD
    rects = np.array(
        [
            [500, 120, 400, 20],  # in the text column
            [ax + 10, ay + 10, 100, 50],  # in the ad
            [ax - 100, ay + 10, 200, 50],  # half text, half ad
            [500, 5000, 100, 20],  # below the captured region
            [np.nan] * 4,  # not laid out
            [1900, 300, 40, 20],  # half outside the capture, on the right
        ]
    )
    stability, covered = node_stability(rects, smap)
    assert stability[:3] == pytest.approx([1.0, 0.0, 0.5])
    assert covered[:3] == pytest.approx([1.0, 1.0, 1.0])
    assert np.isnan(stability[3]) and covered[3] == 0.0
    assert np.isnan(stability[4]) and np.isnan(covered[4])
    assert stability[5] == 1.0 and covered[5] == pytest.approx(0.5)
    assert stability_labels(rects, smap).tolist() == [3, 1, 3, 0, 0, 3]


def test_the_feature_group_reads_the_map_and_the_visits_rectangles(smap):
    rects = np.array([[500, 120, 400, 20], [AD[0] + 5, AD[1] + 5, 50, 20]], dtype=float)
    page = PageStability(smap, rects)
    doc = NodeDocument(["Running text here.", "Buy now"], "<html></html>", "", None, None, page)
    names, matrix = features(doc, ["visual_stability"])
    assert names == [
        "visual_stability.static_share",
        "visual_stability.covered",
        "visual_stability.layouts",
        "visual_stability.captures",
    ]
    assert matrix.tolist() == [[1.0, 1.0, 2.0, 8.0], [0.0, 1.0, 2.0, 8.0]]
    without = NodeDocument(["a", "b"], "<html></html>", "")
    assert np.isnan(features(without, ["visual_stability"])[1]).all()
    other = NodeDocument(["a"], "<html></html>", "", None, None, page)
    with pytest.raises(ValueError, match="another segmentation"):
        features(other, ["visual_stability"])


def test_a_map_survives_its_json_and_draws_its_mask(smap):
    again = StabilityMap.from_json(smap.as_json())
    assert (again.static == smap.static).all()
    assert (again.layouts, again.captures, again.block) == (2, 8, smap.block)
    with Image.open(io.BytesIO(smap.mask_png())) as mask:
        assert mask.size == smap.size
        x, y = AD[0] + 10, AD[1] + 10
        assert mask.getpixel((x, y)) == 0 and mask.getpixel((600, 150)) == 255


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("nope", "not a stability map"),
        ({"version": 99}, "version 99"),
        (
            {
                "version": 1,
                "shape": [2, 2],
                "dynamic_share": "AAA=",
                "pde": 0.6,
                "block": 10,
                "layouts": 1,
                "captures": 2,
                "total_captures": 2,
            },
            "has 2 blocks",
        ),
        ({"version": 1, "shape": [1, 1], "dynamic_share": "!!", "pde": 0.6}, "not a stability"),
    ],
)
def test_a_broken_map_is_refused(data, message):
    with pytest.raises(ValueError, match=message):
        StabilityMap.from_json(data)


def test_too_few_captures_or_layouts_say_what_to_do():
    with pytest.raises(ValueError, match="--visits 2 or more"):
        core_sections([pixels(capture(1))])
    # Two visits, two layouts, none seen twice.
    with pytest.raises(ValueError, match="none seen twice"):
        core_sections([pixels(capture(1)), pixels(capture(2, banner=True))])


def test_an_ad_shown_in_few_visits_stays_static_below_pde():
    # The same ad in 4 of 5 visits: only 4 of the 10 comparisons see the block change.
    visits = [capture(0)] * 4 + [capture(1)]
    smap = core_sections([pixels(v) for v in visits])
    x, y, w, h = AD
    b = smap.block
    shares = smap.dynamic_share[y // b : (y + h) // b, x // b : (x + w) // b]
    assert shares == pytest.approx(np.full(shares.shape, 0.4))
    assert smap.static.all()


def test_a_block_that_changed_in_exactly_pde_of_the_comparisons_is_static():
    """The boundary: "dynamic when it changed in *more* than pde of the comparisons". One
    ad in 3 visits and another in 2: 3 x 2 = 6 of the 10 comparisons see the block
    change, exactly the default pde of 0.6, so it is static; a hair lower pde makes it
    dynamic."""
    visits = [pixels(capture(0))] * 3 + [pixels(capture(1))] * 2
    x, y, w, h = AD
    for pde, static in ((PARAMS.pde, True), (np.nextafter(PARAMS.pde, 0.0), False)):
        smap = core_sections(visits, StabilityParams(pde=pde))
        b = smap.block
        region = (slice(y // b, (y + h) // b), slice(x // b, (x + w) // b))
        assert PARAMS.pde == 0.6 and (smap.dynamic_share[region] == 0.6).all()
        assert (smap.static[region] == static).all(), f"pde {pde!r}"
        assert smap.static.sum() > smap.static[region].size  # the rest of the page is static


def test_the_stability_reaches_the_features_of_the_evaluation(smap):
    # Through PageInput -> GoldPage -> the evaluation's feature matrices (what
    # cross-validation and the ablation bench train on).
    from kehr_engine.evaluation import page_features
    from kehr_engine.pipeline import PageInput, gold_pages

    html = "<html><body><p>Running text here.</p><aside>Buy now</aside></body></html>"
    page = PageInput.from_html(html, "http://example.org/")
    rects = np.array([[500, 120, 400, 20], [AD[0] + 5, AD[1] + 5, 50, 20]], dtype=float)
    with_map = PageInput(page.node_texts, page.document, page.html, page.url,
                         stability=PageStability(smap, rects))  # fmt: skip
    gold = gold_pages([with_map, page], [np.array([3, 1]), np.array([3, 1])], ["a", "b"])
    data = page_features(gold, ["text", "visual_stability"])
    column = data.names.index("visual_stability.static_share")
    assert data.matrices[0][:, column].tolist() == [1.0, 0.0]
    assert np.isnan(data.matrices[1][:, column]).all()

"""Layout grouping on real Firefox captures of fixture pages whose ads change on every
visit and whose banner pushes the content down on some (tests/fixture_site_server.py)."""

from __future__ import annotations

import pytest

from harvest.browser import VISIT_PREFS, VISIT_VIEWPORT, Browser
from kehr_engine.stability import cluster_captures, core_sections
from kehr_engine.stability.blocks import pixels
from kehr_engine.stability.layouts import grouping_scores
from tests.fixture_site_server import FixtureSite, pushed

pytestmark = pytest.mark.timeout(240)
VISITS = 8


@pytest.fixture(scope="module")
def captured():
    site = FixtureSite.start()
    browser = Browser(viewport=VISIT_VIEWPORT, prefs=VISIT_PREFS)
    browser.start()
    try:
        yield {
            design: [
                pixels(browser.visit(site.url(f"/layouts/{design}.html"), wait_ms=60))
                for _ in range(VISITS)
            ]
            for design in ("news", "shop", "inplace")
        }
    finally:
        browser.stop()
        site.stop()


@pytest.mark.parametrize("design", ["news", "shop", "inplace"])
def test_visits_group_by_layout_as_known(captured, design):
    images = captured[design]
    assert all(image.shape == (1080, 1920) for image in images)
    known = [int(pushed(design, visit)) for visit in range(VISITS)]
    clusters = cluster_captures(images)
    assert grouping_scores(clusters, known) == (1.0, 1.0), [c.members for c in clusters]


def test_core_sections_of_real_captures_keep_the_text_static(captured):
    smap = core_sections(captured["news"])
    assert smap.layouts == 2
    b = smap.block
    text = smap.static[400 // b : 1000 // b, 410 // b : 1450 // b]
    assert text.mean() > 0.99
    ad = smap.static[310 // b : 790 // b, 1570 // b : 1850 // b]
    assert ad.mean() < 0.05

"""The visual diff's colours as a real Firefox ESR paints them: visible also on nodes
inside elements with their own background, against the page's own ``!important`` rules
(CANOLA page 734: the photo credit "©Greenpeace/Walsh" in a box with its own colour).
Pixels of a screenshot are checked, not the computed style."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from comparison import render
from comparison.render import DiffHeader, render_pair_diff, render_reference_diff
from corpora.segmenter import segment

FIREFOX = "/usr/bin/firefox-esr"
B, G = 1, 3

# A box with its own dark background whose site stylesheet (coming after the diff's
# stylesheet, with an id and !important, as old sites did) paints every element in it.
PAGE = """<!DOCTYPE html>
<html><head><title>Pirates unmasked</title><style>
body { font: 16px/1.4 sans-serif; }
.update_picl { float: left; width: 170px; background: #1d3c6e; color: #fff; }
.photo { display: block; width: 160px; height: 60px; }
</style></head><body><div id="content">
<div class="update_picl"><span class="photo"></span>
<span class="credit">©Greenpeace/Walsh</span></div>
<p class="story">We have been working undercover off the coast of Guinea.</p>
</div>
<style>#content .update_picl * { background: #1d3c6e !important; color: #fff !important; }</style>
</body></html>
"""
HEADER = DiffHeader(
    page_title="Pirates unmasked", page_url="https://drafts.test/", a_name="A", b_name="B"
)


@pytest.fixture(scope="module")
def firefox():
    assert Path(FIREFOX).exists(), (
        f"{FIREFOX} not found: install the Debian package firefox-esr "
        "(apt-get install firefox-esr; ./dev test does), the suite needs a real Firefox ESR"
    )
    from harvest.browser import Browser

    browser = Browser(binary=FIREFOX)
    browser.start()
    yield browser
    browser.stop()


def hex_rgb(value: str) -> tuple[int, int, int]:
    red, green, blue = (int(value[i : i + 2], 16) for i in (1, 3, 5))
    return red, green, blue


def share_of_colour(firefox, document: str, tmp_path: Path, index: int, rgb) -> float:
    """The share of node ``index``'s painted pixels that are ``rgb``."""
    path = tmp_path / "diff.html"
    path.write_text(document, encoding="utf-8")
    firefox.client.navigate(path.as_uri())
    element = firefox.client.find_element("css selector", f'kehr-t[data-i="{index}"]')
    png = firefox.client.screenshot(element=element, format="binary")
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    return float((np.abs(pixels - np.array(rgb)) <= 6).all(axis=2).mean())


def test_reference_colours_show_inside_a_box_with_its_own_background(firefox, tmp_path):
    page = segment(PAGE, "https://drafts.test/")
    assert [t.strip() for t in page.node_texts] == [
        "©Greenpeace/Walsh",
        "We have been working undercover off the coast of Guinea.",
    ]
    # the credit wrongly tagged good (reference bad), the story right
    document, _ = render_reference_diff(page.document, [G, G], [B, G], page.node_tokens, HEADER)
    wrong = hex_rgb(render.colour(B, render.SATURATED))
    correct = hex_rgb(render.colour(G, render.LIGHT))
    assert share_of_colour(firefox, document, tmp_path, 0, wrong) > 0.4
    assert share_of_colour(firefox, document, tmp_path, 1, correct) > 0.4


def test_side_by_side_colours_show_inside_a_box_with_its_own_background(firefox, tmp_path):
    page = segment(PAGE, "https://drafts.test/")
    document, _ = render_pair_diff(page.document, [B, G], [B, G], page.node_tokens, HEADER)
    same_bad = hex_rgb(render.colour(B, render.LIGHT))
    assert share_of_colour(firefox, document, tmp_path, 0, same_bad) > 0.4

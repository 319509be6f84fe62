"""bench/template_eval.py's gold and figures, on hand-made pages (no Debian package needed).

The gold must call the second visit's rotating teaser boilerplate on every site, also
where the content container is the body (debian-reference) or a div under the body (the
handbook), since the server appends the teaser right before ``</body>``. The boilerplate
precision and recall the report prints beside content F1 are checked by hand counts.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
import urllib.request
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from kehr_engine.segmenter import segment

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def template_eval() -> ModuleType:
    sys.path[:0] = [str(REPO / "bench")]  # a script's folder, not a package
    try:
        return importlib.import_module("template_eval")
    finally:
        del sys.path[0]


PAGES = {
    # DocBook as debian-reference: the content is the body, minus the navigation.
    "debian-reference": "<html><body><div class='navheader'><a href='a.html'>Next</a></div>"
    "<h1>Network setup</h1><p>Edit the interfaces file and restart the service.</p>"
    "<div class='navfooter'><a href='b.html'>Prev</a></div></body></html>",
    # Publican as the handbook: the book is a div under the body, beside the banner.
    "debian-handbook": "<html><body><div id='banner'><a href='/'>Debian</a></div>"
    "<div class='book'><h1>Network setup</h1>"
    "<p>Edit the interfaces file and restart the service.</p></div></body></html>",
}


@pytest.mark.parametrize("site_name", sorted(PAGES))
def test_the_second_visits_teaser_is_boilerplate_where_the_content_is_the_body(
    template_eval: ModuleType, site_name: str, tmp_path: Path
) -> None:
    """Served as the second visit (the harness' own server, its own insertion), the
    teaser is boilerplate in the gold and the page's own text stays content."""
    (tmp_path / "page.html").write_text(PAGES[site_name], encoding="utf-8")
    site = next(s for s in template_eval.SITES if s.name == site_name)
    site = dataclasses.replace(site, root=tmp_path)
    with template_eval.served(site, capture=1) as base:
        with urllib.request.urlopen(base + "page.html", timeout=10) as response:
            body = response.read()
    template_eval.PORTS.pop(site.name, None)
    segmented = segment(body, base + "page.html")
    labels = template_eval.gold_labels(segmented.document, site)
    gold = dict(zip(segmented.node_texts, labels, strict=True))
    teasers = [text for text in gold if text.startswith("Also read:")]
    assert len(teasers) == 1, f"the second visit carries one teaser: {list(gold)}"
    assert gold[teasers[0]] == template_eval.BAD
    assert gold["Edit the interfaces file and restart the service."] == template_eval.GOOD
    assert gold["Network setup"] == template_eval.GOOD
    first_visit = template_eval.gold_labels(
        segment(PAGES[site_name].encode(), "http://x/page.html").document, site
    )
    assert (first_visit == template_eval.GOOD).any() and (first_visit == template_eval.BAD).any()


def _page(template_eval: ModuleType, texts: list[str], gold: list[int]) -> object:
    return template_eval.Page("http://x/", 0.0, "", "", texts, np.array(gold, dtype=np.uint8))


def test_boilerplate_precision_and_recall_count_tokens_over_the_labelled_pages(
    template_eval: ModuleType,
) -> None:
    good, bad = template_eval.GOOD, template_eval.BAD
    one = _page(template_eval, ["a b c", "d e", "f"], [good, bad, bad])
    two = _page(template_eval, ["g h", "i j k l"], [bad, good])
    skipped = _page(template_eval, ["m n o p q"], [bad])
    predicted = [
        np.array([bad, bad, good]),  # drops 3 content tokens and 2 of 3 boilerplate ones
        np.array([bad, good]),  # drops its 2 boilerplate tokens, keeps its content
        None,  # not labelled: left out of every figure
    ]
    figures = template_eval.score([one, two, skipped], predicted)
    # Dropped: 3 + 2 + 2 = 7 tokens, of which 2 + 2 = 4 boilerplate; 5 boilerplate in gold.
    assert figures["boilerplate_token"]["precision"] == pytest.approx(4 / 7)
    assert figures["boilerplate_token"]["recall"] == pytest.approx(4 / 5)
    assert figures["thesis"]["boilerplate_recall_node"] == pytest.approx(2 / 3)
    assert figures["thesis"]["boilerplate_precision_node"] == pytest.approx(2 / 3)
    assert figures["coverage"] == pytest.approx(2 / 3)
    assert "f1" in figures["token"]  # the content columns stay

    keep_all = template_eval.score([one, two], [np.full(3, good), np.full(2, good)])
    assert keep_all["boilerplate_token"] == {"precision": None, "recall": 0.0}
    assert template_eval._figure(None) == "-"
    assert template_eval._figure(4 / 7) == "0.571"

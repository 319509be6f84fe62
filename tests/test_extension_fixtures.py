"""The extension's unit tests run on annotation documents made by the real segmenter.

``extension/tests/fixtures/`` holds saved annotation documents (``NAME.html``) and what
the server knows about them (``NAME.json``: URL, node count, node texts). This test
proves they are exactly what ``corpora.segmenter`` makes of the source pages today, so
the JavaScript labelling logic is tested on the documents annotators really get.
Regenerate after a segmenter change with::

    KEHR_UPDATE_EXTENSION_FIXTURES=1 .venv/bin/pytest tests/test_extension_fixtures.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from corpora.segmenter import segment

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "extension" / "tests" / "fixtures"
DEMO = REPO / "backend" / "corpora" / "demo"

# name → (source file, URL the page is stored under)
SOURCES = {
    "demo-tram-line": (
        DEMO / "pages" / "01-tram-line.html",
        "https://www.riverton-courier.example/news/2026/tram-line-opens",
    ),
    "demo-gemeinschaftsgarten": (
        DEMO / "pages" / "07-gemeinschaftsgarten.html",
        "https://www.lindenblatt.example/aus-dem-viertel/gemeinschaftsgarten-weidenstrasse",
    ),
    "fixture-site-index": (REPO / "tests" / "fixture_site" / "index.html", "http://site.test/"),
    "edge-cases": (FIXTURES / "edge-cases.source.html", "https://edge.test/page"),
}


def expected(name: str) -> tuple[str, str]:
    source, url = SOURCES[name]
    page = segment(source.read_bytes(), url)
    info = {"url": url, "node_count": page.node_count, "node_texts": page.node_texts}
    return page.document, json.dumps(info, ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_fixture_is_the_segmenters_output(name):
    document, info = expected(name)
    html_path, json_path = FIXTURES / f"{name}.html", FIXTURES / f"{name}.json"
    if os.environ.get("KEHR_UPDATE_EXTENSION_FIXTURES"):
        html_path.write_text(document, encoding="utf-8")
        json_path.write_text(info, encoding="utf-8")
    assert html_path.read_text(encoding="utf-8") == document, (
        f"{html_path.name} is stale: regenerate (see this module's docstring)"
    )
    assert json_path.read_text(encoding="utf-8") == info

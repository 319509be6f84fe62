"""The visual_stability feature group's ablation (issue 14), on pages made for it.

No annotated pages with live visits exist here (CANOLA is from 2008; the Debian
documentation does not change between visits), so this ablation runs on fixture pages
whose ads look like the article: two "sponsored" paragraphs in the text column, with the
article's markup and prose, whose subject changes on every visit
(tests/fixture_site_server.py, sponsored_page). Gold by construction: sponsored
paragraphs (not about the page's own subject) and the header bad, the article good.
Each page is visited in real Firefox (1920x1080, the visits' settle sequence with a
short unit), its node rectangles are measured at that viewport, and page-grouped
cross-validation (one page per fold) trains the default groups with and
without ``visual_stability``; the stability source's own labels are scored too.

The pages are synthetic and made so that text and DOM cannot tell the sponsored
paragraphs apart: the figure shows what the group can add where only the visits tell,
not what it adds on the web.

--quick: 12 pages, 4 visits each (about 50 s); the full run 24 pages, 8 visits. Last line:
BENCH visual_ablation pages=… default_f1=… with_stability_f1=… stability_source_f1=…
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.request
from pathlib import Path

import lxml.html
import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO / "engine"), str(REPO / "proxy"), str(REPO)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")

from harvest.browser import VISIT_PREFS, VISIT_VIEWPORT, Browser  # noqa: E402
from kehr_engine.evaluation import score_source  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.layout import Layout  # noqa: E402
from kehr_engine.pipeline import PageInput, evaluate_pages, gold_pages  # noqa: E402
from kehr_engine.segmenter import segment  # noqa: E402
from kehr_engine.stability import PageStability, core_sections, stability_labels  # noqa: E402
from kehr_engine.stability.blocks import pixels  # noqa: E402
from tests.fixture_site_server import SPONSORED_PAGES, FixtureSite, sponsored_topic  # noqa: E402

BAD, GOOD = 1, 3


def gold_of(document: str, node_count: int, topic: str) -> np.ndarray:
    """Sponsored paragraphs (not about the page's topic) and the header bad, the rest good."""
    labels = np.full(node_count, GOOD, dtype=np.int8)
    root = lxml.html.document_fromstring(document)
    for node in root.iter("kehr-t"):
        in_header = any(a.tag == "header" for a in node.iterancestors())
        if in_header or f"The {topic} was" not in (node.text_content() or ""):
            labels[int(node.get("data-i"))] = BAD
    return labels


def visited_page(
    browser: Browser, url: str, visits: int, topic: str
) -> tuple[PageInput, np.ndarray]:
    html = urllib.request.urlopen(url, timeout=10).read()
    page = segment(html, url)
    captures = [pixels(browser.visit(url, wait_ms=60)) for _ in range(visits)]
    smap = core_sections(captures)
    rects = browser.node_rects(page.document, page.node_count)
    layout = Layout.from_json(rects, page.node_count)
    stability = PageStability(smap, layout.rects)
    page_input = PageInput(page.node_texts, page.document, html.decode(), url, None, None,
                           stability)  # fmt: skip
    return page_input, gold_of(page.document, page.node_count, topic)


def macro_f1(report: dict) -> float:
    return float(report["sources"][0]["macro"]["f1"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    count, visits = (3, 2) if args.smoke else (12, 4) if args.quick else (SPONSORED_PAGES, 8)
    started = time.perf_counter()
    site = FixtureSite.start()
    browser = Browser(viewport=VISIT_VIEWPORT, prefs=VISIT_PREFS)
    browser.start()
    try:
        visited = [
            visited_page(browser, site.url(f"/sponsored/{n}.html"), visits, sponsored_topic(n))
            for n in range(count)
        ]
    finally:
        browser.stop()
        site.stop()
    pages = [p for p, _ in visited]
    labels = [g for _, g in visited]
    ids = [f"sponsored-{n}" for n in range(count)]
    figures: dict[str, float] = {}
    for name, groups in (("default", DEFAULT_GROUPS),
                         ("with_stability", (*DEFAULT_GROUPS, "visual_stability"))):  # fmt: skip
        result = evaluate_pages(pages, labels, groups=groups, k=count, baselines=(),
                                page_ids=ids, max_iter=50)  # fmt: skip
        figures[f"{name}_f1"] = round(macro_f1(result), 4)
        print(f"{name:15s} macro token F1 of good text {figures[f'{name}_f1']:.4f}", flush=True)
    own = [stability_labels(p.stability.rects, p.stability.smap) for p in pages if p.stability]
    source = score_source("stability", gold_pages(pages, labels, ids), own, 0.0)
    figures["stability_source_f1"] = round(float(source.macro["f1"]), 4)
    print(f"stability source macro token F1 {figures['stability_source_f1']:.4f}", flush=True)
    out = {"pages": count, "visits": visits, **figures,
           "seconds": round(time.perf_counter() - started, 1)}  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    print("BENCH visual_ablation " + " ".join(f"{k}={v}" for k, v in out.items()))


if __name__ == "__main__":
    main()

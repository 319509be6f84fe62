"""Layout grouping against a known grouping (issue 14): the thesis' two figures.

Five fixture designs (tests/fixture_site_server.py, LAYOUT_DESIGNS): a news page whose
side ad changes on every visit and whose top banner pushes the text down on every fifth
visit; a blog with three rotating teasers and one layout; a shop with a side ad, a
rotating sticky bottom banner and a pushing banner on every fourth visit; a page whose
leaderboard ad changes in place (one layout); a cookie notice that pushes the text down
on every third visit. Each is visited in real Firefox (1920x1080, the visits' settle
sequence with a short unit), the captures are grouped by layout
(kehr_engine.stability.layouts) and compared with the known grouping: the share of
captures and of layouts grouped as known (the thesis reports 98.6 % and 95.1 % on ten
real sites grouped by hand).

--quick: 6 visits per design instead of 12 (about 30 s).
Last line: BENCH visual_layouts captures_share=… layouts_share=… visits=… seconds=…
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO / "engine"), str(REPO / "proxy"), str(REPO)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")

from harvest.browser import VISIT_PREFS, VISIT_VIEWPORT, Browser  # noqa: E402
from kehr_engine.stability import cluster_captures  # noqa: E402
from kehr_engine.stability.blocks import pixels  # noqa: E402
from kehr_engine.stability.layouts import grouping_scores  # noqa: E402
from tests.fixture_site_server import LAYOUT_DESIGNS, FixtureSite, pushed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    visits = 3 if args.smoke else 6 if args.quick else 12
    started = time.perf_counter()
    site = FixtureSite.start()
    browser = Browser(viewport=VISIT_VIEWPORT, prefs=VISIT_PREFS)
    browser.start()
    designs = {}
    captures_right = layouts_right = captures_total = layouts_total = 0
    try:
        for design in LAYOUT_DESIGNS:
            url = site.url(f"/layouts/{design}.html")
            images = [pixels(browser.visit(url, wait_ms=60)) for _ in range(visits)]
            known = [int(pushed(design, v)) for v in range(visits)]
            clusters = cluster_captures(images)
            captures_share, layouts_share = grouping_scores(clusters, known)
            n_layouts = len(set(known))
            captures_right += round(captures_share * visits)
            layouts_right += round(layouts_share * n_layouts)
            captures_total += visits
            layouts_total += n_layouts
            designs[design] = {
                "captures_share": captures_share, "layouts_share": layouts_share,
                "layouts_known": n_layouts, "layouts_found": len(clusters),
                "confidence": [round(c.confidence, 3) for c in clusters],
            }  # fmt: skip
            print(f"{design:8s} captures {captures_share:.3f} layouts {layouts_share:.3f} "
                  f"({len(clusters)} found, {n_layouts} known)", flush=True)  # fmt: skip
    finally:
        browser.stop()
        site.stop()
    seconds = time.perf_counter() - started
    figures = {
        "captures_share": round(captures_right / captures_total, 4),
        "layouts_share": round(layouts_right / layouts_total, 4),
        "visits": captures_total,
        "seconds": round(seconds, 1),
    }
    if args.out:
        args.out.write_text(json.dumps({**figures, "designs": designs}, indent=1) + "\n")
    print("BENCH visual_layouts " + " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()

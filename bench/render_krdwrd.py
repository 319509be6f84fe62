"""Measure the layouts of the KrdWrd pages (issue 12's visual features) without a database.

The CANOLA pages come without rendered boxes; the platform measures imported pages with
``manage.py render_pages``. This does the same for the engine's own evaluation
(bench/engine_model_report.py --layouts DIR): each page's annotation document is
rendered in the harvester's headless Firefox with outside requests blocked (the shared
data has no stylesheets or images, so pages render with their inline styles only), and
its layout is written to DIR/<folder>/<id>.json. Pages already measured are skipped.

  python bench/render_krdwrd.py [--out DIR] [--limit N]

The last line: ``BENCH render_krdwrd pages=... rendered=... failed=... pages_per_s=...``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO / "backend")]

from harvest.browser import Browser  # noqa: E402
from harvest.render_document import RenderError, measure_document, offline_proxy  # noqa: E402
from kehr_engine.krdwrd.corpus import iter_corpus  # noqa: E402
from kehr_engine.layout import LayoutError  # noqa: E402

DATA = REPO.parent / "shared/data/krdwrd"
DEFAULT_OUT = Path.home() / ".cache/kehr/krdwrd-layouts"
FOLDERS = ("canola-sample", "canola-train")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--limit", type=int, default=None, help="pages per folder")
    parser.add_argument("--quick", action="store_true", help="5 pages per folder")
    parser.add_argument(
        "--smoke", action="store_true",
        help="1 page per folder into a temporary folder: only checks that the bench runs",
    )  # fmt: skip
    args = parser.parse_args()
    if not (args.data / "canola-train").is_dir():
        sys.exit(f"KrdWrd data not found at {args.data} (see ../shared/data/krdwrd/README.md).")
    limit = 1 if args.smoke else 5 if args.quick else args.limit
    if args.smoke:  # a fresh folder: pages already rendered into --out are not rendered again
        args.out = Path(tempfile.mkdtemp(prefix="kehr-bench-render-"))
    browser = Browser(proxy=offline_proxy())
    browser.start()
    seen = rendered = 0
    failed: list[str] = []
    started = time.perf_counter()
    try:
        for folder in FOLDERS:
            for page in iter_corpus(args.data / folder, limit=limit):
                seen += 1
                path = args.out / f"{page.page_id}.json"
                if path.is_file():
                    continue
                try:
                    data = measure_document(
                        browser, page.page.document, len(page.node_texts), page.url
                    )
                except (RenderError, LayoutError) as error:
                    failed.append(f"{page.page_id}: {error}")
                    browser.start()  # a fresh browser for the next page
                    continue
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(data, separators=(",", ":")))
                rendered += 1
                if rendered % 20 == 0:
                    print(f"{rendered} rendered ({page.page_id})", file=sys.stderr, flush=True)
    finally:
        browser.stop()
    seconds = time.perf_counter() - started
    for line in failed:
        print(line, file=sys.stderr)
    if args.smoke:
        shutil.rmtree(args.out, ignore_errors=True)
    else:
        print(f"layouts in {args.out}")
    print(f"BENCH render_krdwrd pages={seen} rendered={rendered} failed={len(failed)} "
          f"pages_per_s={rendered / max(seconds, 1e-9):.2f}")  # fmt: skip


if __name__ == "__main__":
    main()

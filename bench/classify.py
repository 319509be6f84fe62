"""Classification speed: feature extraction + prediction per page, against trafilatura.

Times feature extraction + prediction page by page on canola-sample with the shipped
default model (docs/models.md; --train, or no shipped model, trains one here on
canola-train, with --quick on a few pages with few boosting rounds), and trafilatura's
extraction on the same pages in the same run. --quick times 3 pages (a few seconds).
Run it with OMP_NUM_THREADS=1 on a shared machine.

The headline times what issue 12 names, features + prediction of a segmented page (the
platform's pages are segmented once, when harvested or imported; parsing the annotation
document is in the figure). ``raw_pages_per_s`` times the whole way from a page's raw
HTML, segmentation included, as ``python -m kehr_engine extract`` goes: trafilatura
also starts from raw HTML, so ``raw_trafilatura_ratio`` is the like-for-like comparison.

Last line: BENCH classify pages_per_s=… p95_ms=… trafilatura_ratio=… peak_mb=…
raw_pages_per_s=… raw_trafilatura_ratio=…
(trafilatura_ratio = engine pages/s ÷ trafilatura pages/s; the goal is ≥ 1 at ≥ 50 pages/s.)
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine")]

from kehr_engine.baselines import trafilatura_text  # noqa: E402
from kehr_engine.default_model import DEFAULT_MODEL_PATH, load_default_model  # noqa: E402
from kehr_engine.evaluation import page_features  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS, NodeDocument, features  # noqa: E402
from kehr_engine.krdwrd.corpus import iter_corpus  # noqa: E402
from kehr_engine.model import MAX_ITER, train  # noqa: E402
from kehr_engine.pipeline import PageInput, predict  # noqa: E402

DATA = REPO.parent / "shared/data/krdwrd"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few pages, small model (< 60 s)")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument(
        "--train", action="store_true", help="train a model here instead of the shipped one"
    )
    args = parser.parse_args()
    if not (args.data / "canola-train").is_dir():
        sys.exit(f"KrdWrd data not found at {args.data} (see ../shared/data/krdwrd/README.md).")
    limit = 2 if args.smoke else 3 if args.quick else None
    test_pages = list(iter_corpus(args.data / "canola-sample", limit))
    if args.train or not DEFAULT_MODEL_PATH.is_file():
        quick = args.quick or args.smoke
        train_pages = list(iter_corpus(args.data / "canola-train", 4 if quick else None))
        data = page_features(train_pages, DEFAULT_GROUPS)
        model = train(
            data.matrices, [p.labels for p in train_pages], data.names, DEFAULT_GROUPS,
            max_iter=10 if quick else MAX_ITER, texts=[p.node_texts for p in train_pages],
        )  # fmt: skip
        source = f"trained here on {len(train_pages)} pages"
    else:
        model = load_default_model()  # docs/models.md
        source = "the shipped default model"

    def segmented(page) -> None:  # features + prediction of the segmented page
        _, matrix = features(NodeDocument(page.node_texts, page.page.document, page.html))
        model.predict(matrix, page.node_texts)

    def raw(page) -> None:  # the whole way from raw HTML, as extract runs
        predict(model, PageInput.from_html(page.html, page.url))

    def seconds_per_page(path) -> list[float]:
        times = []
        for page in test_pages:
            started = time.perf_counter()
            path(page)
            times.append(time.perf_counter() - started)
        return times

    # One untimed page through both paths first: lazy imports and first-call set-up
    # (stopword lists, regexes) would otherwise land on whichever path runs first.
    segmented(test_pages[0])
    raw(test_pages[0])
    per_page = seconds_per_page(segmented)
    raw_s = sum(seconds_per_page(raw))
    started = time.perf_counter()
    for page in test_pages:
        trafilatura_text(page.html)
    trafilatura_s = time.perf_counter() - started

    pages_per_s = len(test_pages) / sum(per_page)
    raw_pages_per_s = len(test_pages) / raw_s
    trafilatura_pages_per_s = len(test_pages) / trafilatura_s
    p95_ms = float(np.percentile(per_page, 95) * 1000)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"model: {source}; {len(test_pages)} timed pages; "
          f"trafilatura {trafilatura_pages_per_s:.1f} pages/s")  # fmt: skip
    print(
        f"BENCH classify pages_per_s={pages_per_s:.1f} p95_ms={p95_ms:.0f} "
        f"trafilatura_ratio={pages_per_s / trafilatura_pages_per_s:.2f} peak_mb={peak_mb:.0f} "
        f"raw_pages_per_s={raw_pages_per_s:.1f} "
        f"raw_trafilatura_ratio={raw_pages_per_s / trafilatura_pages_per_s:.2f}"
    )


if __name__ == "__main__":
    main()

"""How many nodes suggestions would save annotators (issue 15): a simulation on CANOLA.

Every 2008 CANOLA annotator's real vector (../shared/data/krdwrd, the 148 pages' stats
files) replays as a simulated annotator. Without suggestions the annotator starts from
nothing and touches every node they tagged. With suggestions (prefill mode) each node
starts with the model's label, and the annotator accepts it when it equals their own
and otherwise changes it (or clears it, where they left the node untagged): they touch
the nodes where their label and the suggestion differ. The suggestions come from the
default model's setup (text, dom, context) in page-grouped cross-validation, so no page
is suggested by a model that saw it; with ``--threshold P`` nodes whose top probability
is below P start untagged.

Nodes touched is the proxy for time (KrdWrd annotators tagged elements, not nodes, so
both figures overstate the clicks alike).

--quick: 60 pages, 5 folds, 40 boosting rounds (about 30 s). Last line:
BENCH suggestions touched_without=… touched_with=… saved_share=… pages=… annotator_pages=…
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine")]

from kehr_engine.evaluation import page_features  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.krdwrd.corpus import (  # noqa: E402
    load_page,
    page_ids,
    read_urls,
)
from kehr_engine.krdwrd.stats_file import read_stats  # noqa: E402
from kehr_engine.model import CLASSES, train  # noqa: E402
from kehr_engine.splits import page_folds  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "krdwrd"
FOLDERS = ("canola-sample", "canola-train")


def load(limit: int | None) -> tuple[list, list[dict[str, np.ndarray]]]:
    pages, annotators = [], []
    for folder_name in FOLDERS:
        folder = DATA / folder_name
        urls = read_urls(folder / "urls.tsv") if (folder / "urls.tsv").is_file() else {}
        for page_id in page_ids(folder):
            if limit and len(pages) >= limit:
                break  # the first pages only: reading all 148 takes a while
            page = load_page(folder, page_id, urls.get(page_id))
            stats = read_stats(folder / "stats" / f"{page_id}.stats")
            pages.append(page)
            annotators.append({a: np.asarray(v, dtype=np.int64) for a, v in stats.votes.items()})
    return pages, annotators


def suggestions(pages: list, k: int, max_iter: int, threshold: float) -> list[np.ndarray]:
    data = page_features(pages, DEFAULT_GROUPS)
    out: list[np.ndarray] = [np.zeros(0)] * len(pages)
    for train_idx, test_idx in page_folds([p.page_id for p in pages], k, seed=0):
        model = train([data.matrices[i] for i in train_idx], [pages[i].labels for i in train_idx],
                      data.names, DEFAULT_GROUPS, max_iter=max_iter,
                      texts=[pages[i].node_texts for i in train_idx])  # fmt: skip
        for i in test_idx:
            proba = model.predict_proba(data.matrices[i], pages[i].node_texts)
            suggested = CLASSES[proba.argmax(axis=1)]
            suggested[proba.max(axis=1) < threshold] = 0
            out[i] = suggested
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--threshold", type=float, default=0.0)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"bench/suggestions.py needs the KrdWrd data in {DATA}.")
    started = time.perf_counter()
    limit, k, max_iter = (
        (12, 3, 5) if args.smoke else (60, 5, 40) if args.quick else (None, 10, 100)
    )
    pages, annotators = load(limit)
    suggested = suggestions(pages, k, max_iter, args.threshold)
    nodes = without = with_ = annotator_pages = 0
    for votes, suggestion in zip(annotators, suggested, strict=True):
        for vector in votes.values():
            if not vector.any():
                continue  # the annotator did not submit this page
            annotator_pages += 1
            nodes += len(vector)
            without += int(np.count_nonzero(vector))
            with_ += int(np.count_nonzero(vector != suggestion))
    figures = {
        "touched_without": round(without / nodes, 4),
        "touched_with": round(with_ / nodes, 4),
        "saved_share": round(1 - with_ / without, 4),
        "pages": len(pages),
        "annotator_pages": annotator_pages,
        "threshold": args.threshold,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(f"{annotator_pages} annotator-pages over {len(pages)} pages: nodes touched "
          f"{figures['touched_without']:.3f} without suggestions, {figures['touched_with']:.3f} "
          f"with (saved {figures['saved_share']:.1%})", flush=True)  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")
    print("BENCH suggestions " + " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()

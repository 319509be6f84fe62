"""The suggestions bias page's figures over a synthetic corpus, against the plain loops.

The staff page /staff/models/corpora/<slug>/suggestions/ computes its report on every
request (learning.bias.corpus_report): per-submission agreement with the gold, the
groups' agreement per page, and a 2,000-resample bootstrap interval for each of eight
corpus figures and three figures per annotator. What is timed, in one run on the same
rows (the machine is noisy, so both are in the same run):

1. kehr — learning.bias as the page runs it after reading the rows: row_figures once,
   compare and per_annotator on them (agreements batched in gold.agreement, resamples
   vectorised in chunks).
2. baseline — the same functions with the two primitives replaced by plain loops, as
   they were written first: one page_agreement call per agreement, and per resample
   the drawn clusters' values joined into lists and np.mean / np.median over them.

Both draw the same resamples (one seeded generator each), so the run also checks that
every interval agrees. Reading the rows from the database (corpus_rows, one query per
table) is not timed.

Synthetic corpus: --pages pages of 300 nodes, 5 submissions each from 20 annotators,
each (page, annotator) pair drawn into the group with or without suggestions at random.

    python bench/suggestion_bias.py [--quick] [--pages N]

--quick: 300 pages (a few seconds). Last line:
BENCH suggestion_bias pages=… submissions=… report_s=… baseline_s=… speedup=… same=1
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO)]

NODES = 300
SUBMISSIONS = 5
ANNOTATORS = 20


def synthetic_rows(pages: int, seed: int = 11) -> list:
    """Rows as corpus_rows makes them: annotators right on 80 % of the nodes, and 60 %
    of the suggested tags taken by those shown them; 40-600 s a page, less when shown."""
    from learning.bias import Row

    rng = np.random.default_rng(seed)
    rows = []
    for page in range(pages):
        truth = rng.integers(1, 4, NODES).astype(np.uint8)
        suggested = np.where(rng.random(NODES) < 0.8, truth, rng.integers(1, 4, NODES))
        suggested = suggested.astype(np.uint8)
        for user in rng.choice(ANNOTATORS, SUBMISSIONS, replace=False):
            shown = bool(rng.random() < 0.5)
            own = np.where(rng.random(NODES) < 0.8, truth, rng.integers(1, 4, NODES))
            labels = np.where(shown & (rng.random(NODES) < 0.6), suggested, own)
            seconds = float(rng.integers(40, 600)) * (0.8 if shown else 1.0)
            rows.append(
                Row(page, int(user), shown, labels.astype(np.uint8), suggested, seconds, truth)
            )
    return rows


def report(rows: Sequence) -> tuple[list, list[dict]]:
    from learning import bias

    figures = bias.row_figures(rows)
    corpus = bias.compare(rows, figures=figures)
    return corpus.figures, bias.per_annotator(rows, figures=figures)


def loop_differences(groups: dict, statistic, picked: np.ndarray) -> np.ndarray:
    """Per resample, the drawn clusters' values joined into lists (the first version)."""
    clusters = list(groups.values())
    out = np.full(len(picked), np.nan)
    for n, drawn in enumerate(picked):
        with_values = [v for i in drawn for v in clusters[i][0]]
        without_values = [v for i in drawn for v in clusters[i][1]]
        if with_values and without_values:
            out[n] = statistic(with_values) - statistic(without_values)
    return out


def loop_pis(groups: Sequence[Sequence[np.ndarray]]) -> list[float | None]:
    """One page_agreement call per agreement (the first version)."""
    from gold.agreement import counts_from_vectors, page_agreement

    values = [page_agreement(counts_from_vectors(np.vstack(group))).pi for group in groups]
    return [None if np.isnan(value) else float(value) for value in values]


def intervals(figures: list, annotators: list[dict]) -> list[tuple]:
    out = [(f.key, f.low, f.high) for f in figures]
    for person in annotators:
        for key in ("seconds", "kept", "gold"):
            out.append((person["user"], key, person[key].low, person[key].high))
    return out


def same(a: list[tuple], b: list[tuple]) -> bool:
    for left, right in zip(a, b, strict=True):
        for x, y in zip(left, right, strict=True):
            if isinstance(x, float) and isinstance(y, float):
                if not np.isclose(x, y, rtol=1e-9, atol=1e-12):
                    return False
            elif x != y:
                return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="300 pages")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--pages", type=int, default=None, help="corpus size (default 2000)")
    args = parser.parse_args()
    pages = args.pages or (20 if args.smoke else 300 if args.quick else 2000)

    from bench.benchlib import setup_sqlite_django

    var_dir = tempfile.mkdtemp(prefix="kehr-bench-bias-")
    try:
        setup_sqlite_django(var_dir)  # learning.bias imports the models
        from learning import bias, bootstrap

        rows = synthetic_rows(pages)
        report(rows[: SUBMISSIONS * 5])  # warm-up: imports, first allocations

        start = time.perf_counter()
        ours = report(rows)
        ours_s = time.perf_counter() - start

        vectorised = (bootstrap.resampled_differences, bias._pis)
        bootstrap.resampled_differences, bias._pis = loop_differences, loop_pis
        try:
            start = time.perf_counter()
            theirs = report(rows)
            baseline_s = time.perf_counter() - start
        finally:
            bootstrap.resampled_differences, bias._pis = vectorised
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)

    agree = same(intervals(*ours), intervals(*theirs))
    print(
        f"{len(rows)} submissions on {pages} pages, {len(ours[1])} annotators: "
        f"report {ours_s:.2f} s, plain loops {baseline_s:.2f} s; intervals agree: {agree}",
        file=sys.stderr,
    )
    print(
        f"BENCH suggestion_bias pages={pages} submissions={len(rows)} "
        f"report_s={ours_s:.2f} baseline_s={baseline_s:.2f} "
        f"speedup={baseline_s / ours_s:.1f} same={int(agree)}"
    )
    if not agree:
        sys.exit("The vectorised figures differ from the plain loops' (see learning.bias).")


if __name__ == "__main__":
    main()

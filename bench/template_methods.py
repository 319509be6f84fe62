"""The template methods' speed and memory (issue 13): URL Tree on a synthetic stream.

URL Tree: documents/s and memory per 1,000 documents of the compact store on a synthetic
news stream (bench/template_stream.py: 400 Zipf-sized domains, CANOLA-sized pages) of
100,000 documents, beside the reference store (plain dictionaries, the paper's layout)
on the same stream's first 20,000 documents in the same run, and the paper's 6.5 MB per
1,000 documents. Memory is what tracemalloc counts as allocated by the URL Tree's own
modules (numpy arrays included) once the stream is through; speed is measured in a
separate pass without tracemalloc. Both stores give identical outcomes (checked here on
the reference's documents; tests/test_urltree_stream.py checks it exhaustively). The
macro F1 of content per heuristic on the stream's known boilerplate is printed as a
learning curve.

DBCE: pages/s over a synthetic archive of 5,000 pages with one worker and with two
sharing one Redis index (bench/dbce_parallel.py), identical labels checked.

--quick: 1,200 documents (reference 1,000) and 100 DBCE pages, under 60 s.
--only urltree|dbce measures one method (with --out, updating that method's figures).
Last line: BENCH template urltree_docs_per_s=… urltree_mb_per_1000=…
urltree_reference_docs_per_s=… urltree_reference_mb_per_1000=… dbce_pages_per_s_1w=…
dbce_pages_per_s_2w=…
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO / "bench")]

from dbce_parallel import measure as dbce_measure  # noqa: E402
from template_stream import SyntheticStream  # noqa: E402

from kehr_engine.urltree import QueryRules, UrlTreeStream  # noqa: E402

HEURISTICS = ["strict", "strict-support-100", "strict-at-domain", "relaxed-at-domain-500"]
PAPER_MB_PER_1000 = 6.5
RULES = QueryRules.parse(r"viewtopic\.php t")


def run(documents: list, store: str, measure_memory: bool) -> dict:
    if measure_memory:
        tracemalloc.start()
        before = _own_bytes()
    stream = UrlTreeStream(HEURISTICS, RULES, store=store)
    started = time.perf_counter()
    f1: dict[str, list[float]] = {h: [] for h in HEURISTICS}
    for gold in documents:
        outcome = stream.process(gold.document)
        if outcome.duplicate:
            continue
        content = ~gold.boilerplate
        for name, boilerplate in outcome.boilerplate.items():
            kept = ~boilerplate
            overlap = int((kept & content).sum())
            precision = overlap / max(int(kept.sum()), 1)
            recall = overlap / max(int(content.sum()), 1)
            f1[name].append(2 * precision * recall / (precision + recall) if overlap else 0.0)
    seconds = time.perf_counter() - started
    result = {"store": store, "documents": len(documents), "seconds": seconds,
              "stats": stream.stats.__dict__, "f1": f1}  # fmt: skip
    if measure_memory:
        result["bytes"] = _own_bytes() - before
        tracemalloc.stop()
        result["snapshot"] = stream.snapshot()
    del stream
    return result


def _own_bytes() -> int:
    """Bytes allocated from the URL Tree's modules (its Python objects and numpy arrays)."""
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(True, "*kehr_engine/urltree/*")]
    )
    return sum(stat.size for stat in snapshot.statistics("filename"))


def mb_per_1000(result: dict) -> float:
    """Megabytes per 1,000 documents the stream holds at the end (inserted - evicted)."""
    held = result["stats"]["documents"] - result["stats"]["evicted"]
    return result["bytes"] / 1e6 / (held / 1000)


def curve(f1: list[float], step: int) -> list[float]:
    return [round(float(np.mean(f1[i : i + step])), 3) for i in range(0, len(f1), step)]


def urltree_figures(total: int, reference_total: int) -> dict:
    started = time.perf_counter()
    documents = list(SyntheticStream(total, seed=0))
    print(f"{total} documents generated in {time.perf_counter() - started:.0f} s")

    speed = run(documents, "compact", measure_memory=False)
    memory = run(documents, "compact", measure_memory=True)
    reference_speed = run(documents[:reference_total], "reference", measure_memory=False)
    reference = run(documents[:reference_total], "reference", measure_memory=True)
    prefix = run(documents[:reference_total], "compact", measure_memory=True)
    same = prefix["snapshot"] == reference["snapshot"] and prefix["f1"] == reference["f1"]
    if not same:
        raise SystemExit("the compact and the reference store disagree: a bug, not a figure")

    inserted = memory["stats"]["documents"]
    return {
        "documents": total,
        "inserted": inserted,
        "duplicates": memory["stats"]["duplicates"],
        "evicted": memory["stats"]["evicted"],
        "compact_docs_per_s": total / speed["seconds"],
        "compact_mb_per_1000": memory["bytes"]
        / 1e6
        / ((inserted - memory["stats"]["evicted"]) / 1000),
        "reference_documents": reference_total,
        "reference_docs_per_s": reference_total / reference_speed["seconds"],
        "reference_mb_per_1000": reference["bytes"]
        / 1e6
        / ((reference["stats"]["documents"] - reference["stats"]["evicted"]) / 1000),
        "compact_mb_per_1000_same_prefix": prefix["bytes"]
        / 1e6
        / ((prefix["stats"]["documents"] - prefix["stats"]["evicted"]) / 1000),
        "paper_mb_per_1000": PAPER_MB_PER_1000,
        "macro_f1_content": {h: round(float(np.mean(v)), 3) for h, v in memory["f1"].items()},
        "learning_curve_step": max(total // 20, 1),
        "learning_curve": {h: curve(v, max(total // 20, 1)) for h, v in memory["f1"].items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (< 60 s)")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--documents", type=int, default=100_000)
    parser.add_argument("--reference-documents", type=int, default=20_000)
    parser.add_argument("--dbce-pages", type=int, default=5_000)
    parser.add_argument(
        "--only", choices=("urltree", "dbce"),
        help="measure one method; with --out, its figures replace that method's in the file",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    if args.smoke:
        args.documents, args.reference_documents, args.dbce_pages = 200, 100, 20
    figures: dict = {}
    if args.out and args.only and args.out.is_file():
        figures = json.loads(args.out.read_text())
    if args.only != "dbce":
        total = 1_200 if args.quick else args.documents
        reference_total = min(total, 1_000 if args.quick else args.reference_documents)
        figures.update(urltree_figures(total, reference_total))
    if args.only != "urltree":
        figures.update(dbce_measure(100 if args.quick else args.dbce_pages))
    for key, value in figures.items():
        print(f"{key}: {value}")
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")
    keys = [("urltree_docs_per_s", "compact_docs_per_s", "{:.0f}"),
            ("urltree_mb_per_1000", "compact_mb_per_1000", "{:.3f}"),
            ("urltree_reference_docs_per_s", "reference_docs_per_s", "{:.0f}"),
            ("urltree_reference_mb_per_1000", "reference_mb_per_1000", "{:.3f}"),
            ("dbce_pages_per_s_1w", "dbce_pages_per_s_1w", "{:.1f}"),
            ("dbce_pages_per_s_2w", "dbce_pages_per_s_2w", "{:.1f}")]  # fmt: skip
    print("BENCH template " + " ".join(
        f"{name}={fmt.format(figures[key])}" for name, key, fmt in keys if key in figures
    ))  # fmt: skip


if __name__ == "__main__":
    main()

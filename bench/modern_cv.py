"""Page-grouped cross-validation of the engine on today's web pages, with the extractors
people use today scored on the same pages by the same metrics (issue 27).

The pages: Mozilla Readability's test pages and trafilatura's evaluation set
(../shared/data/modern, loaded by kehr_engine.datasets, whose docstring states the
labelling rules). Folds are over pages (kehr_engine.splits.page_folds, k folds, seed);
both datasets share them. ``--with-canola`` adds the 148 CANOLA pages
(../shared/data/krdwrd) to every training fold, never to a test fold.

Each page's features are computed once (PageInput.feature_matrix, as
kehr_engine.evaluation.page_features does for the CANOLA CV) and every fold trains with
kehr_engine.model.train on them, the way pipeline.train_model would but without
recomputing features per fold. Each test page is predicted, turned into text by
Prediction.good_text and scored by its dataset's own metric
(kehr_engine.datasets.scoring): Readability's mean per-page token F1, trafilatura's
passage F1 over the totals, and pages empty by accident. The baselines
(trafilatura.extract, readability-lxml, jusText with the page's language stoplist when
jusText has one, English otherwise) run on the same pages through the same metrics.
Figures per source x dataset x language group (de, en, other).

Node level too ("node_level" in the JSON, the second Markdown table): the model's good
nodes and each baseline's text mapped onto the page's numbered nodes
(kehr_engine.node_mapping.kept_nodes, as the CANOLA report maps them), scored as token
P/R/F1 of the kept nodes' text against the aligned labels' good nodes, mean over pages
and pooled (kehr_engine.datasets.scoring.node_scores; trafilatura-eval's unlabelled
nodes are left out on both sides).

--quick: 15 pages of each dataset, 3 folds, 20 boosting rounds (< 60 s).
--smoke: 5 pages of each, 2 folds, 3 rounds: only checks that the bench runs.
Last line:
BENCH modern_cv readability_f1=… trafilatura_f1=… trafilatura_baseline_readability_f1=…
trafilatura_baseline_trafilatura_f1=… empty=…
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine")]

from kehr_engine.datasets import (  # noqa: E402
    alignment_report,
    load_readability,
    load_trafilatura_eval,
)
from kehr_engine.datasets.cross_validation import (  # noqa: E402
    BASELINE_NAMES,
    baseline_texts,
    cross_validated_predictions,
    mapped_nodes,
    markdown,
    node_markdown,
    node_score,
    score,
)
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.model import MAX_ITER  # noqa: E402

MODERN = REPO.parent / "shared" / "data" / "modern"
KRDWRD = REPO.parent / "shared" / "data" / "krdwrd"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def canola_training(groups: Sequence[str], limit: int | None) -> tuple[list, list, list]:
    """The CANOLA pages' feature matrices, labels and node texts (training folds only)."""
    from kehr_engine.krdwrd.corpus import load_canola

    gold = load_canola(KRDWRD, limit=limit)
    matrices, labels, texts = [], [], []
    for page in gold:
        _, matrix = page.page.feature_matrix(groups)
        matrices.append(matrix)
        labels.append(page.labels)
        texts.append(page.node_texts)
    return matrices, labels, texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few pages, folds and rounds")
    parser.add_argument("--smoke", action="store_true", help="tiniest: checks that it runs")
    parser.add_argument("--groups", default=",".join(DEFAULT_GROUPS), help="feature groups")
    parser.add_argument("--max-iter", type=int, default=None, help="boosting rounds")
    parser.add_argument("--folds", type=int, default=None, help="k (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--leaves", type=int, help="LightGBM leaves per tree")
    parser.add_argument("--learning-rate", type=float, help="LightGBM learning rate")
    parser.add_argument("--min-child-samples", type=int, help="LightGBM nodes per leaf")
    parser.add_argument("--feature-fraction", type=float, help="LightGBM features per tree")
    parser.add_argument("--limit", type=int, default=None, help="pages of each dataset")
    parser.add_argument("--with-canola", action="store_true", help="CANOLA in training folds")
    parser.add_argument(
        "--baselines",
        default=",".join(BASELINE_NAMES),
        help=f"comma-separated, of {', '.join(BASELINE_NAMES)}; '' for none",
    )
    parser.add_argument("--data", type=Path, default=MODERN, help="the modern data folder")
    parser.add_argument("--out", type=Path, help="write the JSON report here")
    parser.add_argument("--markdown", type=Path, help="write the Markdown table here")
    args = parser.parse_args()
    limit, folds, max_iter = args.limit, args.folds or 5, args.max_iter or MAX_ITER
    if args.smoke:
        limit, folds, max_iter = limit or 5, args.folds or 2, args.max_iter or 3
    elif args.quick:
        limit, folds, max_iter = limit or 15, args.folds or 3, args.max_iter or 20
    groups = [g for g in args.groups.split(",") if g]
    baselines = [b for b in args.baselines.split(",") if b]
    unknown = [b for b in baselines if b not in BASELINE_NAMES]
    if unknown:
        parser.error(f"unknown baselines {unknown}; choose from {', '.join(BASELINE_NAMES)}")

    started = time.perf_counter()
    load = load_readability(args.data / "readability", limit) + load_trafilatura_eval(
        args.data / "trafilatura-eval", limit
    )
    pages = load.pages
    load_s = time.perf_counter() - started
    for failure in load.failures:
        log(f"not loaded: {failure.reason}")
    log(f"{len(pages)} pages loaded in {load_s:.1f} s ({len(load.failures)} failed)")

    extra: tuple[list, list, list] = ([], [], [])
    if args.with_canola:
        extra = canola_training(groups, 5 if args.smoke else None)
        log(f"CANOLA: {len(extra[0])} pages in every training fold")
    train_options = {
        key: value
        for key, value in (
            ("num_leaves", args.leaves), ("learning_rate", args.learning_rate),
            ("min_child_samples", args.min_child_samples),
            ("feature_fraction", args.feature_fraction),
        )
        if value is not None
    }  # fmt: skip
    predicted = cross_validated_predictions(
        pages, groups, folds=folds, seed=args.seed, max_iter=max_iter, extra=extra,
        progress=log, train_options=train_options,
    )  # fmt: skip
    timing = dict(predicted.timing)
    label = "model[" + "+".join(groups) + ("+canola" if args.with_canola else "") + "]"
    sources = {label: score(pages, predicted.outputs)}
    node_level = {label: node_score(pages, predicted.good)}
    # The model's text through the baselines' mapping as well: the mapping loses what
    # an output glues across inline nodes ("Chai." for the nodes "Chai" and "."), so
    # this row is the like-for-like comparison with the baselines.
    begun = time.perf_counter()
    node_level[label + " text mapped"] = node_score(pages, mapped_nodes(pages, predicted.outputs))
    timing["model_mapping_s"] = time.perf_counter() - begun
    # The mapping's ceiling: the expected article itself mapped onto the nodes (the
    # Readability pages, whose labels come from the same alignment of its tokens).
    articles = [p for p in pages if p.dataset == "readability"]
    ceiling = node_score(articles, mapped_nodes(articles, [p.expected_text for p in articles]))
    texts, baseline_errors, baseline_timing = baseline_texts(pages, baselines, log)
    timing.update(baseline_timing)
    for name, found in texts.items():
        sources[name] = score(pages, found)
        begun = time.perf_counter()
        node_level[name] = node_score(pages, mapped_nodes(pages, found))
        timing[f"{name}_mapping_s"] = time.perf_counter() - begun
        log(f"{name}: mapped onto the nodes in {timing[name + '_mapping_s']:.0f} s")

    report = {
        "config": {
            "groups": groups, "folds": folds, "seed": args.seed, "max_iter": max_iter,
            "limit": limit, "with_canola": args.with_canola, "baselines": baselines,
            **train_options,
        },
        "pages": len(pages),
        "alignment": alignment_report(load, per_page=True),
        "sources": sources,
        "node_level": node_level,
        "node_mapping_ceiling": ceiling,
        "baseline_errors": baseline_errors,
        "timing_s": {k: round(v, 2) for k, v in {"load": load_s, **timing}.items()},
    }  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    # The dataset's own metric first (the table the test and docs/models.md read), then
    # the node level.
    table = (
        markdown(sources)
        + "\nNode level (token P/R/F1 of the kept nodes against the aligned labels, "
        + "mean over pages; micro: pooled):\n\n"
        + node_markdown(node_level)
        + "\nThe mapping's ceiling, the expected article as an output:\n\n"
        + node_markdown({"expected article": ceiling})
    )
    if args.markdown:
        args.markdown.write_text(table)
    print(table)

    def f1(source: str, dataset: str) -> str:
        figures = sources.get(source, {}).get(dataset, {}).get("all")
        return f"{figures['f1']:.4f}" if figures else "nan"

    empty = sum(g["all"]["empty_by_accident"] for g in sources[label].values())
    print(
        f"BENCH modern_cv readability_f1={f1(label, 'readability')} "
        f"trafilatura_f1={f1(label, 'trafilatura')} "
        f"trafilatura_baseline_readability_f1={f1('trafilatura', 'readability')} "
        f"trafilatura_baseline_trafilatura_f1={f1('trafilatura', 'trafilatura')} empty={empty}"
    )


if __name__ == "__main__":
    main()

"""The default model's evaluation report (issue 12): the data in
bench/reports/engine-model*.json, the report with its figures in docs/evaluation/.

Three steps, each runnable alone so the two heavy ones can run side by side:

  python bench/engine_model_report.py cv          # 10-fold CV of the default groups
                                                  # and every baseline in the same run
  python bench/engine_model_report.py ablations   # feature-group ablations (Table 4.1)
  python bench/engine_model_report.py markdown    # both JSON files -> the Markdown report
                                                  # and its figures (SVG, PNG)

Run with OMP_NUM_THREADS=1 on a shared machine: scikit-learn's OpenMP threads spin
against other processes and a fit that takes seconds can take minutes.
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

from kehr_engine.baselines import BASELINES  # noqa: E402
from kehr_engine.evaluation import cross_validate, evaluate_baselines, page_features  # noqa: E402
from kehr_engine.evaluation_report import markdown, report  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION  # noqa: E402
from kehr_engine.krdwrd.corpus import GOOD, load_canola, with_layouts  # noqa: E402
from kehr_engine.metrics import page_tokens, token_scores  # noqa: E402
from kehr_engine.plots import write_plots  # noqa: E402
from kehr_engine.splits import page_folds  # noqa: E402

DATA = REPO.parent / "shared/data/krdwrd"
REPORTS = REPO / "bench/reports"
PUBLISHED = REPO / "docs/evaluation"
SEED = 0
MAX_ITER = 100
# KrdWrd 2009, Table 4.1 (SVM, RBF kernel, 10-fold CV on 46,575 CANOLA nodes): the
# ranges over its feature sets as issue 12 quotes them (text 21, DOM 13, visual 8
# features); which set gave which figure is not recorded here, so only ranges are shown.
KRDWRD_2009 = {"accuracy": (0.65, 0.86), "precision": (0.61, 0.76), "recall": (0.56, 0.82)}
ABLATIONS = {
    "text": ("text",),
    "dom": ("dom",),
    "context": ("context",),
    "extractors": ("extractors",),
    "text+dom": ("text", "dom"),
    "text+dom+context (default groups)": DEFAULT_GROUPS,
    "all": (*DEFAULT_GROUPS, "extractors"),
}
# With --layouts (bench/render_krdwrd.py): the visual group alone and added.
VISUAL_ABLATIONS = {
    "visual": ("visual",),
    "text+dom+context+visual": (*DEFAULT_GROUPS, "visual"),
    "all+visual": (*DEFAULT_GROUPS, "extractors", "visual"),
}


def cv_step(pages: list, k: int) -> None:
    baselines = evaluate_baselines(pages, BASELINES, progress=print)
    data = page_features(pages, DEFAULT_GROUPS)
    results, timing = cross_validate(
        pages, DEFAULT_GROUPS, k=k, seed=SEED, cached=data, max_iter=MAX_ITER,
        smoothing=False, progress=print,
    )  # fmt: skip
    data_json = report(
        pages, [*results, *baselines], seed=SEED, folds=k, max_iter=MAX_ITER,
        groups="+".join(DEFAULT_GROUPS), feature_version=FEATURE_VERSION, **timing,
    )  # fmt: skip
    (REPORTS / "engine-model.json").write_text(json.dumps(data_json, indent=1) + "\n")


def ablation_step(pages: list, k: int) -> None:
    """Each group set's binary good-vs-rest view: node accuracy, good precision/recall
    (nodes and tokens), from a page-grouped k-fold CV of stage 1."""
    from kehr_engine.model import fit_trees

    started = time.perf_counter()
    with_visual = any(p.page.layout is not None for p in pages)
    ablations = {**ABLATIONS, **(VISUAL_ABLATIONS if with_visual else {})}
    everything = page_features(
        pages, (*DEFAULT_GROUPS, "extractors", *(("visual",) if with_visual else ()))
    )
    print(f"features in {time.perf_counter() - started:.0f} s")
    names_all, matrices_all = everything.names, everything.matrices
    folds = page_folds([p.page_id for p in pages], k, seed=SEED)
    rows = {}
    for label, groups in ablations.items():
        columns = [i for i, n in enumerate(names_all) if n.split(".")[0] in groups]
        predicted: list[np.ndarray] = [np.zeros(0)] * len(pages)
        for train_idx, test_idx in folds:
            x = np.vstack([matrices_all[i][:, columns] for i in train_idx])
            y = np.concatenate([pages[i].labels for i in train_idx])
            keep = y != 0
            trees = fit_trees(x[keep], np.where(y[keep] == GOOD, GOOD, 1), SEED, MAX_ITER)
            for i in test_idx:
                predicted[i] = trees.proba(matrices_all[i][:, columns])[:, 2] > 0.5
        gold = np.concatenate([p.labels == GOOD for p in pages])
        labelled = np.concatenate([p.labels != 0 for p in pages])
        guess = np.concatenate(predicted).astype(bool)
        pairs = zip(pages, predicted, strict=True)
        tokens = token_scores([page_tokens(p.node_texts, p.labels == GOOD, g) for p, g in pairs])
        true_positive = float((guess & gold & labelled).sum())
        rows[label] = {
            "features": len(columns),
            "accuracy": float((guess == gold)[labelled].mean()),
            "precision": true_positive / max(float((guess & labelled).sum()), 1.0),
            "recall": true_positive / max(float((gold & labelled).sum()), 1.0),
            "token_macro": tokens.macro.as_dict(),
            "token_micro_f1": tokens.micro.f1,
            "per_page_f1": [s.f1 for s in tokens.pages],
        }
        print(label, {k: v for k, v in rows[label].items() if k != "per_page_f1"}, flush=True)
    output = {"folds": k, "seed": SEED, "max_iter": MAX_ITER, "rows": rows,
              "krdwrd_2009": KRDWRD_2009}  # fmt: skip
    (REPORTS / "engine-model-ablations.json").write_text(json.dumps(output, indent=1) + "\n")


def markdown_step() -> None:
    data, ablations = _report_data()
    figures = write_plots(data, PUBLISHED, ablations["rows"] if ablations else None)
    images = [(p.stem.replace("-", " "), p.name) for p in figures if p.suffix == ".svg"]
    (PUBLISHED / "default-model.md").write_text(report_markdown(images))


def _report_data() -> tuple[dict, dict | None]:
    data = json.loads((REPORTS / "engine-model.json").read_text())
    ablations_path = REPORTS / "engine-model-ablations.json"
    ablations = json.loads(ablations_path.read_text()) if ablations_path.is_file() else None
    return data, ablations


def report_markdown(images: list[tuple[str, str]]) -> str:
    """The report's Markdown from the committed JSON files, showing these figures
    ((caption, file) pairs); tests/test_docs_figures.py compares it with the docs."""
    data, ablations = _report_data()
    text = markdown(data, images=images)
    text = text.replace("# Kehr engine evaluation", "# Kehr engine: the default model's evaluation")
    if ablations:
        text += (
            f"\n## Feature-group ablations (binary good vs rest; {ablations['folds']}-fold "
            "page-grouped CV of stage 1)\n\nLaid out like KrdWrd 2009, Table 4.1: node "
            "accuracy, precision and recall of good nodes. KrdWrd's own row is the range "
            "over its feature sets (SVM with RBF kernel, text/DOM/visual features).\n\n"
            "| features | # | node accuracy | node precision | node recall "
            "| token macro F1 |\n|---|---|---|---|---|---|\n"
        )
        for label, row in ablations["rows"].items():
            text += (
                f"| {label} | {row['features']} | {row['accuracy']:.3f} | {row['precision']:.3f} "
                f"| {row['recall']:.3f} | {row['token_macro']['f1']:.3f} |\n"
            )
        low_high = {k: f"{a:.2f}-{b:.2f}" for k, (a, b) in KRDWRD_2009.items()}
        text += (
            f"| KrdWrd 2009 (SVM RBF), range | 21/13/8 | {low_high['accuracy']} "
            f"| {low_high['precision']} | {low_high['recall']} | - |\n"
        )
        text += (
            "\nThe rows are stage 1 over the feature groups alone. The default model also "
            "learns a lexicon of good and bad words from its training pages "
            "(kehr_engine.lexicon, docs/engine.md); its figures with the lexicon are the "
            "first row of the table at the top.\n"
        )
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=("cv", "ablations", "markdown"))
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument(
        "--layouts", type=Path,
        help="rendered layouts (bench/render_krdwrd.py) for the visual rows of the ablations",
    )  # fmt: skip
    args = parser.parse_args()
    if args.step == "markdown":
        markdown_step()
        return
    if not (args.data / "canola-train").is_dir():
        sys.exit(f"KrdWrd data not found at {args.data} (see ../shared/data/krdwrd/README.md).")
    pages = load_canola(args.data)
    if args.layouts:
        pages, missing = with_layouts(pages, args.layouts)
        print(f"layouts for {len(pages) - missing} of {len(pages)} pages")
    (cv_step if args.step == "cv" else ablation_step)(pages, args.folds)


if __name__ == "__main__":
    main()

"""Smoothing over the node sequence: none, the stacked stage 2, or a linear-chain CRF.

Issue 12 asks for a smoothing step after stage 1 (a CRF, or a second stage on the
neighbours' predicted probabilities) and for both to be measured. This runs the three
side by side on the KrdWrd CANOLA pages (../shared/data/krdwrd) in one page-grouped
cross-validation with the default model's setup (text, dom, context and the lexicon):

- **none**: stage 1's own labels (the default model);
- **stacked**: kehr_engine.model's stage 2 (``train(smoothing=True)``), a second booster
  over each node's and its 3+3 neighbours' stage-1 probabilities;
- **crf**: a linear-chain CRF (python-crfsuite, L2-regularised) over each node's stage-1
  probabilities and those of its two previous and next nodes, with learned label
  transitions; labels by the marginal probability of good (``crf``) and by the most
  likely sequence (``crf_viterbi``).

Both smoothers learn from the same *out-of-fold* stage-1 probabilities of the training
pages (kehr_engine.model.out_of_fold_proba), so they see how stage 1 errs on pages it
has not seen. Scores: macro and micro token F1 of good text and 3-class node accuracy,
as in the evaluation report. The engine keeps what wins (docs/engine.md, "Model").

--quick: 45 pages, 5 folds, 20 boosting rounds (about 35 s). Last line:
BENCH smoothing macro_none=… macro_stacked=… macro_crf=… macro_crf_viterbi=… pages=… folds=…
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import pycrfsuite

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine")]

from kehr_engine.evaluation import page_features, score_source  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.krdwrd.corpus import CANOLA_FOLDERS, load_canola  # noqa: E402
from kehr_engine.metrics import node_accuracy  # noqa: E402
from kehr_engine.model import (  # noqa: E402
    CLASSES,
    Model,
    fit_booster,
    neighbour_features,
    out_of_fold_proba,
    with_lexicon,
)
from kehr_engine.splits import page_folds  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "krdwrd"
CRF_NEIGHBOURS = (-2, -1, 1, 2)
CRF_PARAMS = {"c1": 0.0, "c2": 1.0, "max_iterations": 200, "feature.possible_transitions": True}
SOURCES = ("none", "stacked", "crf", "crf_viterbi")


def crf_items(proba: np.ndarray) -> list[dict[str, float]]:
    """CRFsuite's attributes of each node: its stage-1 probabilities and its neighbours'
    P(bad) and P(good) (an edge marker past the page's ends)."""
    n = len(proba)
    items = []
    for i in range(n):
        item = {"bias": 1.0, "bad": proba[i, 0], "uncertain": proba[i, 1], "good": proba[i, 2]}
        for k in CRF_NEIGHBOURS:
            if 0 <= i + k < n:
                item[f"{k}:bad"] = proba[i + k, 0]
                item[f"{k}:good"] = proba[i + k, 2]
            else:
                item[f"{k}:edge"] = 1.0
        items.append({name: float(value) for name, value in item.items()})
    return items


def train_crf(probas: list[np.ndarray], labels: list[np.ndarray]) -> bytes:
    """The CRF's model file, trained on these pages (code 0, no gold, is a label of its
    own: CRFsuite needs one for every node of a sequence)."""
    trainer = pycrfsuite.Trainer(verbose=False)
    for proba, page_labels in zip(probas, labels, strict=True):
        if len(page_labels):
            trainer.append(crf_items(proba), [str(int(code)) for code in page_labels])
    trainer.set_params(CRF_PARAMS)
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"kehr-bench-crf-{os.getpid()}.crfsuite"
    try:
        trainer.train(str(path))
        return path.read_bytes()
    finally:
        path.unlink(missing_ok=True)


def crf_codes(tagger: pycrfsuite.Tagger, proba: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(codes by the marginal probabilities, codes by the most likely sequence)."""
    if not len(proba):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    tagger.set(crf_items(proba))
    viterbi = np.array([int(label) for label in tagger.tag()])
    labels = [str(code) for code in CLASSES]
    known = set(tagger.labels())
    marginals = np.array(
        [[tagger.marginal(y, i) if y in known else 0.0 for y in labels] for i in range(len(proba))]
    )
    return CLASSES[marginals.argmax(axis=1)], viterbi


def cross_validate(pages: list, k: int, max_iter: int) -> dict[str, list[np.ndarray]]:
    data = page_features(pages, DEFAULT_GROUPS)
    codes: dict[str, list[np.ndarray]] = {s: [np.zeros(0)] * len(pages) for s in SOURCES}
    for fold, (train_idx, test_idx) in enumerate(page_folds([p.page_id for p in pages], k, seed=0)):
        labels = [pages[i].labels for i in train_idx]
        inputs, lexicon = with_lexicon(
            [data.matrices[i] for i in train_idx], labels, [pages[i].node_texts for i in train_idx]
        )
        out_of_fold = out_of_fold_proba(inputs, labels, 0, max_iter)
        stage2 = fit_booster([neighbour_features(p) for p in out_of_fold], labels, 0, max_iter)
        model = Model(
            tuple(DEFAULT_GROUPS), data.names, fit_booster(inputs, labels, 0, max_iter), stage2,
            lexicon=lexicon,
        )  # fmt: skip
        crf_model = train_crf(out_of_fold, labels)  # the tagger reads it in place: keep it
        tagger = pycrfsuite.Tagger()
        tagger.open_inmemory(crf_model)
        for i in test_idx:
            stage1 = model.stage1_proba(data.matrices[i], pages[i].node_texts)
            codes["none"][i] = CLASSES[stage1.argmax(axis=1)]
            codes["stacked"][i] = model.predict(data.matrices[i], pages[i].node_texts)
            codes["crf"][i], codes["crf_viterbi"][i] = crf_codes(tagger, stage1)
        tagger.close()
        print(f"fold {fold + 1}/{k}", flush=True)
    return codes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    if not DATA.is_dir():
        raise SystemExit(f"bench/smoothing.py needs the KrdWrd data in {DATA}.")
    started = time.perf_counter()
    limit, k, max_iter = (
        (12, 3, 5) if args.smoke else (45, 5, 20) if args.quick else (None, 10, 100)
    )
    # --smoke reads 6 pages of each folder, not all of them.
    pages = load_canola(DATA, tuple(CANOLA_FOLDERS), 6 if args.smoke else None)[:limit]
    codes = cross_validate(pages, k, max_iter)
    gold = np.concatenate([p.labels for p in pages])
    figures: dict[str, object] = {}
    for source in SOURCES:
        result = score_source(source, pages, [c == 3 for c in codes[source]], 0.0)
        accuracy = node_accuracy(gold, np.concatenate(codes[source]))
        figures[f"macro_{source}"] = round(result.macro["f1"], 4)
        figures[f"micro_{source}"] = round(result.micro["f1"], 4)
        figures[f"accuracy_{source}"] = round(accuracy, 4)
        print(f"{source:12} macro F1 {result.macro['f1']:.4f}  micro F1 "
              f"{result.micro['f1']:.4f}  node accuracy {accuracy:.4f}", flush=True)  # fmt: skip
    figures |= {"pages": len(pages), "folds": k, "max_iter": max_iter,
                "seconds": round(time.perf_counter() - started, 1)}  # fmt: skip
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n")
    shown = [f"macro_{s}" for s in SOURCES] + ["pages", "folds"]
    print("BENCH smoothing " + " ".join(f"{key}={figures[key]}" for key in shown))


if __name__ == "__main__":
    main()

"""Scoring sources of node labels on gold pages: the protocol and cross-validation.

One protocol for every source (docs/engine.md, "Evaluation"): node accuracy, per-class
P/R/F1 and the 3x3 confusion matrix where a source gives three classes, and for every
source the token P/R/F1 of good text, micro and macro over pages
(:func:`score_source`). :func:`cross_validate` scores the model out of fold,
:func:`evaluate_baselines` the extractors. The report built from these figures (JSON
and Markdown) is :mod:`kehr_engine.evaluation_report`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kehr_engine.annotator_reference import annotator_reference
from kehr_engine.baselines import BASELINES, run_baseline
from kehr_engine.krdwrd.corpus import GOOD, GoldPage
from kehr_engine.metrics import (
    PageTokenIndex,
    PageTokens,
    confusion,
    node_accuracy,
    page_tokens,
    per_class,
    token_scores,
)
from kehr_engine.model import CLASSES, MAX_ITER, SMOOTHING, train
from kehr_engine.splits import page_folds, site_of


@dataclass
class SourceResult:
    """One source's figures over a set of pages."""

    name: str
    macro: dict[str, float]
    micro: dict[str, float]
    per_page_f1: dict[str, float]
    seconds: float
    errors: list[str] = field(default_factory=list)
    accuracy: float | None = None  # three-class sources only
    per_class: dict[str, dict[str, float]] | None = None
    confusion: list[list[int]] | None = None

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def score_source(
    name: str,
    pages: Sequence[GoldPage],
    predictions: Sequence[np.ndarray],
    seconds: float,
    errors: list[str] | None = None,
) -> SourceResult:
    """Figures of one source; ``predictions`` are KrdWrd codes or booleans (kept = good)."""
    tokens: list[PageTokens] = []
    for page, predicted in zip(pages, predictions, strict=True):
        good = predicted if predicted.dtype == bool else predicted == GOOD
        tokens.append(page_tokens(page.node_texts, page.labels == GOOD, good))
    scores = token_scores(tokens)
    result = SourceResult(
        name=name,
        macro=scores.macro.as_dict(),
        micro=scores.micro.as_dict(),
        per_page_f1={p.page_id: s.f1 for p, s in zip(pages, scores.pages, strict=True)},
        seconds=seconds,
        errors=errors or [],
    )
    if predictions and predictions[0].dtype != bool:
        gold = np.concatenate([p.labels for p in pages])
        predicted = np.concatenate(list(predictions))
        result.accuracy = node_accuracy(gold, predicted)
        result.per_class = {k: v.as_dict() for k, v in per_class(gold, predicted).items()}
        result.confusion = confusion(gold, predicted).tolist()
    return result


def evaluate_baselines(
    pages: Sequence[GoldPage],
    names: Sequence[str] = BASELINES,
    progress: Callable[[str], object] | None = None,
) -> list[SourceResult]:
    """Run each baseline over every page, mapped onto nodes, and score it."""
    results = []
    for name in names:
        started = time.perf_counter()
        kept, errors = [], []
        for page in pages:
            outcome = run_baseline(name, page.html, page.node_texts)
            kept.append(outcome.kept)
            if outcome.error:
                errors.append(f"{page.page_id}: {outcome.error}")
        results.append(score_source(name, pages, kept, time.perf_counter() - started, errors))
        if progress:
            progress(f"{name}: macro F1 {results[-1].macro['f1']:.3f}")
    return results


def token_pr_curve(
    pages: Sequence[GoldPage], good_proba: Sequence[np.ndarray], steps: int = 50
) -> list[dict[str, float]]:
    """Micro token precision and recall of good text when nodes with P(good) above each
    threshold are kept (out-of-fold probabilities: every page scored by a model that did
    not see it), up to the first threshold that keeps no good token."""
    curve = []
    indexed = [PageTokenIndex(p.node_texts, p.labels == GOOD) for p in pages]
    for threshold in np.linspace(0.0, 1.0, steps + 1)[:-1]:
        tokens = [
            index.tokens(proba > threshold)
            for index, proba in zip(indexed, good_proba, strict=True)
        ]
        micro = token_scores(tokens).micro
        if not micro.recall:
            break  # nothing kept: precision is undefined from here on
        curve.append({"threshold": round(float(threshold), 3), "precision": micro.precision,
                      "recall": micro.recall})  # fmt: skip
    return curve


@dataclass
class PageFeatures:
    names: list[str]
    matrices: list[np.ndarray]
    seconds: float  # feature extraction time over all pages


def page_features(pages: Sequence[GoldPage], groups: Sequence[str]) -> PageFeatures:
    """Each page's feature matrix, as training and prediction compute it
    (``PageInput.feature_matrix``: from the page alone, never its labels)."""
    started = time.perf_counter()
    names: list[str] = []
    matrices = []
    for page in pages:
        names, matrix = page.page.feature_matrix(groups)
        matrices.append(matrix)
    return PageFeatures(names, matrices, time.perf_counter() - started)


def cross_validate(
    pages: Sequence[GoldPage],
    groups: Sequence[str],
    *,
    k: int = 10,
    seed: int = 0,
    by_site: bool = False,
    progress: Callable[[str], object] | None = None,
    cached: PageFeatures | None = None,
    max_iter: int | None = None,
    smoothing: bool | None = None,
    lexicon: bool = True,
) -> tuple[list[SourceResult], dict[str, Any]]:
    """Page-grouped k-fold CV of the model, with and without its smoothing stage
    (``smoothing=False``: stage 1 only, a quarter of the training time; by default
    what :func:`kehr_engine.model.train` does by default; ``lexicon=False``: without the
    learned word lexicon, as the feature-group ablations). The second value holds the
    timings, ``pr_curve``, the token precision-recall curve of P(good) out of fold, and,
    where pages carry every annotator's tags (KrdWrd's stats files), ``annotator_reference``:
    the annotators and the first model row, each against the others' majority
    (:mod:`kehr_engine.annotator_reference`)."""
    if smoothing is None:
        smoothing = SMOOTHING
    data = cached or page_features(pages, groups)
    keys = [site_of(p.url) for p in pages] if by_site else None
    folds = page_folds([p.page_id for p in pages], k, groups=keys, seed=seed)
    plain: list[np.ndarray] = [np.zeros(0)] * len(pages)
    smoothed: list[np.ndarray] = [np.zeros(0)] * len(pages)
    good_proba: list[np.ndarray] = [np.zeros(0)] * len(pages)
    predict_seconds = stage1_seconds = 0.0
    for number, (train_idx, test_idx) in enumerate(folds, start=1):
        model = train(
            [data.matrices[i] for i in train_idx], [pages[i].labels for i in train_idx],
            data.names, groups, seed=seed, max_iter=max_iter or MAX_ITER, smoothing=smoothing,
            texts=[pages[i].node_texts for i in train_idx] if lexicon else None,
        )  # fmt: skip
        started = time.perf_counter()
        proba = {i: model.predict_proba(data.matrices[i], pages[i].node_texts) for i in test_idx}
        predict_seconds += time.perf_counter() - started
        for i in test_idx:
            smoothed[i] = codes_of(proba[i])
            good_proba[i] = proba[i][:, 2]
            # Without smoothing the model's probabilities are stage 1's already.
            started = time.perf_counter()
            stage1 = (
                model.stage1_proba(data.matrices[i], pages[i].node_texts) if smoothing else proba[i]
            )
            stage1_seconds += time.perf_counter() - started
            plain[i] = codes_of(stage1)
        if not smoothing:
            stage1_seconds = predict_seconds
        if progress:
            progress(f"fold {number}/{k} done")
    label = "+".join([*groups, *(["lexicon"] if lexicon else [])])
    reference = annotator_reference(
        [p.node_texts for p in pages],
        [p.votes for p in pages],
        [codes == GOOD for codes in (smoothed if smoothing else plain)],
    )
    # A model row's pages/s is features and prediction, as extract pays them (issue 27:
    # features alone made it look twice as fast as bench/classify.py measured).
    results = [
        score_source(f"model[{label}] no smoothing", pages, plain, data.seconds + stage1_seconds)
    ]
    if smoothing:
        results.insert(
            0,
            score_source(
                f"model[{label}] smoothed", pages, smoothed, data.seconds + predict_seconds
            ),
        )
    timing: dict[str, Any] = {
        "pr_curve": token_pr_curve(pages, good_proba),
        "feature_seconds": data.seconds,
        "predict_seconds": predict_seconds,
        "pages_per_s_features_and_prediction": len(pages) / (data.seconds + predict_seconds),
    }
    if reference is not None:
        timing["annotator_reference"] = reference.as_dict()
    return results, timing


def codes_of(proba: np.ndarray) -> np.ndarray:
    return CLASSES[proba.argmax(axis=1)] if len(proba) else np.zeros(0, dtype=np.int64)

"""The default model: gradient-boosted trees over the feature groups and a word lexicon.

Stage 1 is scikit-learn's HistGradientBoostingClassifier on each node's features
(three classes: bad, uncertain, good). Stage 2 smooths over the node sequence: a second
HistGradientBoostingClassifier sees a node's stage-1 probabilities and those of its
:data:`SMOOTH_K` previous and next nodes. Stage 2 is trained on *out-of-fold* stage-1
probabilities (inner page-grouped folds), so it learns how stage 1 errs on pages it
has not seen, not how it fits its own training pages.

With the pages' node texts, training also learns a lexicon of good and bad words
(kehr_engine.lexicon) whose features stage 1 sees beside the groups'; prediction then
needs the texts too.

Stage 2 is off by default (``smoothing=False``), and so is any smoothing: in page-grouped
10-fold CV on the 148 CANOLA pages (bench/smoothing.py) it lowered macro token F1 of
good text from 0.912 to 0.880, and a linear-chain CRF over the same out-of-fold
probabilities to 0.907; the context group already gives every node its neighbours'
features. It stays available for further measurement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION
from kehr_engine.lexicon import Lexicon, fit_lexicon, out_of_fold_features
from kehr_engine.splits import page_folds

CLASSES = np.array([1, 2, 3])
SMOOTH_K = 3
INNER_FOLDS = 3


# Boosting rounds: the figures in docs/evaluation/default-model.md were measured with 100.
MAX_ITER = 100


def _booster(seed: int, max_iter: int = MAX_ITER) -> HistGradientBoostingClassifier:
    return HistGradientBoostingClassifier(
        max_iter=max_iter, learning_rate=0.1, max_leaf_nodes=31, l2_regularization=1.0,
        early_stopping=False, random_state=seed,
    )  # fmt: skip


def neighbour_features(proba: np.ndarray) -> np.ndarray:
    """A node's probabilities beside its neighbours' (zeros past the page's ends)."""
    n = len(proba)
    columns = [proba]
    for offset in [*range(-SMOOTH_K, 0), *range(1, SMOOTH_K + 1)]:
        shifted = np.zeros_like(proba)
        if offset < 0 and n > -offset:
            shifted[-offset:] = proba[:offset]
        elif offset > 0 and n > offset:
            shifted[:-offset] = proba[offset:]
        columns.append(shifted)
    return np.hstack(columns)


@dataclass
class Model:
    groups: tuple[str, ...]
    feature_names: list[str]  # the groups' features, as kehr_engine.features names them
    stage1: HistGradientBoostingClassifier
    stage2: HistGradientBoostingClassifier | None
    feature_version: int = FEATURE_VERSION
    info: dict[str, object] = field(default_factory=dict)
    # Learned with the model from the training pages' texts (None: trained without them,
    # or a model file from before the lexicon).
    lexicon: Lexicon | None = None

    def _inputs(self, matrix: np.ndarray, texts: Sequence[str] | None) -> np.ndarray:
        if matrix.shape[1] != len(self.feature_names):
            raise ValueError(
                f"the model was trained on {len(self.feature_names)} features (feature version "
                f"{self.feature_version}, groups {', '.join(self.groups)}); this page has "
                f"{matrix.shape[1]}."
            )
        if self.lexicon is None:
            return matrix
        if texts is None or len(texts) != len(matrix):
            raise ValueError(
                "the model has a lexicon: give the page's node texts (one per row of the "
                f"features; {len(matrix)} rows, "
                f"{'no texts' if texts is None else f'{len(texts)} texts'})."
            )
        return np.hstack([matrix, self.lexicon.features(texts)])

    def stage1_proba(self, matrix: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        return _proba(self.stage1, self._inputs(matrix, texts))

    def predict_proba(self, matrix: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        """Class probabilities (bad, uncertain, good) for one page's nodes; ``texts``, the
        nodes' texts, when the model has a lexicon."""
        proba = self.stage1_proba(matrix, texts)
        if self.stage2 is None or not len(matrix):
            return proba
        return _proba(self.stage2, neighbour_features(proba))

    def predict(self, matrix: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        """KrdWrd codes (1 bad, 2 uncertain, 3 good) for one page's nodes."""
        proba = self.predict_proba(matrix, texts)
        return CLASSES[proba.argmax(axis=1)] if len(proba) else np.zeros(0, dtype=np.int64)


def _proba(booster: HistGradientBoostingClassifier, matrix: np.ndarray) -> np.ndarray:
    """Probabilities in CLASSES order, whichever classes the booster saw."""
    out = np.zeros((len(matrix), len(CLASSES)))
    if len(matrix):
        raw = booster.predict_proba(matrix)
        for j, label in enumerate(booster.classes_):
            out[:, int(np.searchsorted(CLASSES, label))] = raw[:, j]
    return out


def fit_booster(
    matrices: Sequence[np.ndarray], labels: Sequence[np.ndarray], seed: int, max_iter: int
) -> HistGradientBoostingClassifier:
    """One booster over these pages' labelled nodes (stage 1, or stage 2 on its inputs)."""
    x = np.vstack(matrices)
    y = np.concatenate(labels)
    keep = y != 0  # unsettled 2008 ties teach nothing
    if not keep.any():
        raise ValueError("no labelled nodes to train on.")
    x = x[keep]
    # A column with no value in the training data (a template method that labelled none
    # of these pages, visual features without layouts) breaks scikit-learn's binning;
    # a constant teaches the same (nothing), and prediction ignores the column.
    x[:, np.isnan(x).all(axis=0)] = 0.0
    return _booster(seed, max_iter).fit(x, y[keep])


# Whether train() adds the smoothing stage unless told (see the module's docstring).
SMOOTHING = False


def with_lexicon(
    matrices: Sequence[np.ndarray],
    labels: Sequence[np.ndarray],
    texts: Sequence[Sequence[str]],
    seed: int = 0,
) -> tuple[list[np.ndarray], Lexicon]:
    """Stage 1's training inputs with the lexicon's features beside the groups': each
    page's from a lexicon of the other pages (out-of-fold), and the lexicon of all the
    pages, which the model keeps for prediction."""
    if len(texts) != len(matrices) or any(
        len(t) != len(m) for t, m in zip(texts, matrices, strict=True)
    ):
        raise ValueError("texts must hold one text per node of every page's features.")
    extra = out_of_fold_features(texts, labels, seed=seed)
    inputs = [np.hstack([m, e]) for m, e in zip(matrices, extra, strict=True)]
    return inputs, fit_lexicon(texts, labels)


def out_of_fold_proba(
    inputs: Sequence[np.ndarray], labels: Sequence[np.ndarray], seed: int, max_iter: int
) -> list[np.ndarray]:
    """Each page's stage-1 probabilities from a booster trained without it (INNER_FOLDS
    page folds): what a smoothing stage learns from, so that it sees how stage 1 errs
    on pages it has not seen rather than how it fits its own training pages."""
    out: list[np.ndarray] = [np.zeros((0, len(CLASSES)))] * len(inputs)
    ids = [str(i) for i in range(len(inputs))]
    for inner_train, inner_test in page_folds(ids, INNER_FOLDS, seed=seed):
        booster = fit_booster(
            [inputs[i] for i in inner_train], [labels[i] for i in inner_train], seed, max_iter
        )
        for i in inner_test:
            out[i] = _proba(booster, inputs[i])
    return out


def train(
    matrices: Sequence[np.ndarray],
    labels: Sequence[np.ndarray],
    feature_names: list[str],
    groups: Sequence[str] = DEFAULT_GROUPS,
    *,
    smoothing: bool = SMOOTHING,
    seed: int = 0,
    max_iter: int = MAX_ITER,
    texts: Sequence[Sequence[str]] | None = None,
) -> Model:
    """Train on pages (one feature matrix and one label vector per page). With ``texts``
    (per page, its nodes' texts) the model also learns a lexicon (kehr_engine.lexicon)."""
    if len(matrices) != len(labels):
        raise ValueError(f"{len(matrices)} feature matrices but {len(labels)} label vectors.")
    lexicon = None
    inputs = list(matrices)
    if texts is not None:
        inputs, lexicon = with_lexicon(matrices, labels, texts, seed)
    stage1 = fit_booster(inputs, labels, seed, max_iter)
    stage2 = None
    if smoothing and len(inputs) >= INNER_FOLDS:
        out_of_fold = out_of_fold_proba(inputs, labels, seed, max_iter)
        stage2 = fit_booster([neighbour_features(p) for p in out_of_fold], labels, seed, max_iter)
    return Model(tuple(groups), list(feature_names), stage1, stage2, lexicon=lexicon)

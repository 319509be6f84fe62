"""The default model: gradient-boosted trees over the feature groups, then smoothing.

Stage 1 is scikit-learn's HistGradientBoostingClassifier on each node's features
(three classes: bad, uncertain, good). Stage 2 smooths over the node sequence: a second
HistGradientBoostingClassifier sees a node's stage-1 probabilities and those of its
:data:`SMOOTH_K` previous and next nodes. Stage 2 is trained on *out-of-fold* stage-1
probabilities (inner page-grouped folds), so it learns how stage 1 errs on pages it
has not seen, not how it fits its own training pages.

With the pages' node texts, training also learns a lexicon of good and bad words
(kehr_engine.lexicon) whose features stage 1 sees beside the groups'; prediction then
needs the texts too.

Stage 2 is off by default (``smoothing=False``): in the one page-grouped CV that could
be afforded with it (5 folds, 5 boosting rounds, text+dom+context) it lowered macro
token F1 of good text from 0.872 to 0.841, and the context group already gives every
node its neighbours' features. It stays available for further measurement.
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


def _fit(
    matrices: Sequence[np.ndarray], labels: Sequence[np.ndarray], seed: int, max_iter: int
) -> HistGradientBoostingClassifier:
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
    if texts is not None:
        if len(texts) != len(matrices) or any(
            len(t) != len(m) for t, m in zip(texts, matrices, strict=True)
        ):
            raise ValueError("texts must hold one text per node of every page's features.")
        # Out-of-fold lexicon features for the booster's own training rows; the lexicon
        # of all the pages for prediction.
        extra = out_of_fold_features(texts, labels, seed=seed)
        matrices = [np.hstack([m, e]) for m, e in zip(matrices, extra, strict=True)]
        lexicon = fit_lexicon(texts, labels)
    stage1 = _fit(matrices, labels, seed, max_iter)
    stage2 = None
    if smoothing and len(matrices) >= INNER_FOLDS:
        out_of_fold: list[np.ndarray] = [np.zeros(0)] * len(matrices)
        ids = [str(i) for i in range(len(matrices))]
        for inner_train, inner_test in page_folds(ids, INNER_FOLDS, seed=seed):
            booster = _fit(
                [matrices[i] for i in inner_train], [labels[i] for i in inner_train], seed, max_iter
            )
            for i in inner_test:
                out_of_fold[i] = neighbour_features(_proba(booster, matrices[i]))
        stage2 = _fit(out_of_fold, labels, seed, max_iter)
    return Model(tuple(groups), list(feature_names), stage1, stage2, lexicon=lexicon)

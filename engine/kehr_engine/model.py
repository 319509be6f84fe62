"""The default model: gradient-boosted trees over the feature groups and a word lexicon.

Stage 1 is a LightGBM booster on each node's features (three classes: bad, uncertain,
good). Stage 2 smooths over the node sequence: a second booster sees a node's stage-1
probabilities and those of its :data:`SMOOTH_K` previous and next nodes. Stage 2 is
trained on *out-of-fold* stage-1 probabilities (inner page-grouped folds), so it learns
how stage 1 errs on pages it has not seen, not how it fits its own training pages.

LightGBM replaced scikit-learn's HistGradientBoostingClassifier because its boosters
save to and load from a plain-text model (:meth:`Trees.as_dict`), so model files need
no pickle (kehr_engine.model_file). Training is deterministic: one thread, fixed seeds,
``deterministic=True``, so the same pages give the same text model byte for byte.

Settings: scikit-learn's (100 rounds, learning rate 0.1, 31 leaves, L2 1.0, 20 nodes
per leaf, 255 bins, every feature for every tree), chosen by page-grouped CV on the
CANOLA pages; what else was tried and how it scored is in docs/engine.md, "Model".

With the pages' node texts, training also learns a lexicon of good and bad words
(kehr_engine.lexicon) whose features stage 1 sees beside the groups'; prediction then
needs the texts too. Optional per-node ``weights`` (e.g. for partially labelled pages)
weigh the trees' training rows; a node of weight 0 counts as unlabelled, also for the
lexicon, which otherwise counts labelled nodes unweighted.

Stage 2 is off by default (``smoothing=False``), and so is any smoothing: it lowered
macro token F1 in page-grouped CV, and so did a linear-chain CRF over the same
out-of-fold probabilities (bench/smoothing.py, bench/reports/smoothing.json); the
context group already gives every node its neighbours' features. It stays available
for further measurement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION
from kehr_engine.lexicon import Lexicon, fit_lexicon, out_of_fold_features
from kehr_engine.lightgbm_import import lgb
from kehr_engine.limits import EngineInputError
from kehr_engine.splits import page_folds
from kehr_engine.targets import DEFAULT_TARGET, TARGETS

CLASSES = np.array([1, 2, 3])
SMOOTH_K = 3
INNER_FOLDS = 3

# Boosting rounds and the share of features each tree may split on (docs/engine.md,
# "Model": what page-grouped CV on the CANOLA pages found). The figures in
# docs/evaluation/default-model.md were measured with 100 rounds.
MAX_ITER = 100
FEATURE_FRACTION = 1.0
LEARNING_RATE = 0.1
NUM_LEAVES = 31
MIN_CHILD_SAMPLES = 20


def booster_params(
    seed: int,
    *,
    learning_rate: float = LEARNING_RATE,
    num_leaves: int = NUM_LEAVES,
    min_child_samples: int = MIN_CHILD_SAMPLES,
    feature_fraction: float = FEATURE_FRACTION,
) -> dict[str, Any]:
    """LightGBM's training parameters (the objective is set per class count)."""
    return {
        "learning_rate": learning_rate,
        "num_leaves": num_leaves,
        "min_data_in_leaf": min_child_samples,
        "lambda_l2": 1.0,
        "feature_fraction": feature_fraction,
        "max_bin": 255,
        # Reproducible bytes: one thread, fixed seeds, and LightGBM's deterministic mode
        # (more threads sum histograms in another order, and the file would differ).
        "num_threads": 1,
        "deterministic": True,
        "force_col_wise": True,
        "seed": seed,
        "verbosity": -1,
    }


@dataclass
class Trees:
    """One LightGBM booster and the classes (KrdWrd codes) it was trained on.

    A class that training never saw gets probability 0, as scikit-learn's boosters gave
    it; with one class seen there is no booster (``booster`` None) and it gets 1.
    """

    classes: tuple[int, ...]
    booster: lgb.Booster | None

    @property
    def n_features(self) -> int:
        return self.booster.num_feature() if self.booster is not None else 0

    def proba(self, matrix: np.ndarray) -> np.ndarray:
        """Probabilities in CLASSES order (one row per node)."""
        out = np.zeros((len(matrix), len(CLASSES)))
        if not len(matrix):
            return out
        columns = [int(np.searchsorted(CLASSES, label)) for label in self.classes]
        if self.booster is None:
            out[:, columns[0]] = 1.0
            return out
        raw = np.asarray(self.booster.predict(_as_input(matrix), num_threads=1))
        if raw.ndim == 1:  # binary: P(the second class)
            out[:, columns[0]] = 1.0 - raw
            out[:, columns[1]] = raw
        else:
            out[:, columns] = raw
        return out

    def as_dict(self) -> dict[str, Any]:
        """Plain data for a model file: the classes and LightGBM's text model."""
        text = self.booster.model_to_string() if self.booster is not None else None
        return {"classes": list(self.classes), "booster": text}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Trees:
        """The inverse of :meth:`as_dict`; parsing a text model runs no code."""
        classes = tuple(int(c) for c in data["classes"])
        if not classes or any(c not in CLASSES for c in classes):
            raise ValueError(f"classes {list(classes)} are not KrdWrd codes 1-3.")
        text = data["booster"]
        booster = None if text is None else lgb.Booster(model_str=str(text))
        if booster is None and len(classes) != 1:
            raise ValueError(f"{len(classes)} classes but no booster.")
        return cls(classes, booster)


def _as_input(matrix: np.ndarray) -> np.ndarray:
    # LightGBM copies anything that is not C-ordered float64 or float32.
    return np.ascontiguousarray(matrix, dtype=np.float64)


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
    stage1: Trees
    stage2: Trees | None
    feature_version: int = FEATURE_VERSION
    info: dict[str, object] = field(default_factory=dict)
    # Learned with the model from the training pages' texts (None: trained without them).
    lexicon: Lexicon | None = None
    # What "good" means to this model: one of TARGETS (model files and `info` show it).
    target: str = DEFAULT_TARGET

    def _inputs(self, matrix: np.ndarray, texts: Sequence[str] | None) -> np.ndarray:
        if matrix.shape[1] != len(self.feature_names):
            # EngineInputError: the platform reports it as a refused page with the message.
            raise EngineInputError(
                f"the model was trained on {len(self.feature_names)} features (feature version "
                f"{self.feature_version}, groups {', '.join(self.groups)}); this page has "
                f"{matrix.shape[1]}: a group's columns changed since (e.g. a template "
                "method's heuristic added to the urltree group), so train the model again."
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
        return self.stage1.proba(self._inputs(matrix, texts))

    def predict_proba(self, matrix: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        """Class probabilities (bad, uncertain, good) for one page's nodes; ``texts``, the
        nodes' texts, when the model has a lexicon."""
        proba = self.stage1_proba(matrix, texts)
        if self.stage2 is None or not len(matrix):
            return proba
        return self.stage2.proba(neighbour_features(proba))

    def predict(self, matrix: np.ndarray, texts: Sequence[str] | None = None) -> np.ndarray:
        """KrdWrd codes (1 bad, 2 uncertain, 3 good) for one page's nodes."""
        proba = self.predict_proba(matrix, texts)
        return CLASSES[proba.argmax(axis=1)] if len(proba) else np.zeros(0, dtype=np.int64)


def fit_trees(
    x: np.ndarray,
    y: np.ndarray,
    seed: int,
    max_iter: int = MAX_ITER,
    weight: np.ndarray | None = None,
    **params: Any,
) -> Trees:
    """A booster on these rows (labels: KrdWrd codes 1-3, all of them labelled);
    ``params``: :func:`booster_params`' keywords."""
    classes = tuple(int(c) for c in np.unique(y))
    if len(classes) == 1:
        return Trees(classes, None)
    index = np.searchsorted(np.asarray(classes), y)
    settings = booster_params(seed, **params)
    if len(classes) == 2:
        settings["objective"] = "binary"
    else:
        settings.update(objective="multiclass", num_class=len(classes))
    data = lgb.Dataset(_as_input(x), label=index, weight=weight, params=settings)
    return Trees(classes, lgb.train(settings, data, num_boost_round=max_iter))


def fit_booster(
    matrices: Sequence[np.ndarray],
    labels: Sequence[np.ndarray],
    seed: int,
    max_iter: int,
    weights: Sequence[np.ndarray] | None = None,
    **params: Any,
) -> Trees:
    """One booster over these pages' labelled nodes (stage 1, or stage 2 on its inputs);
    nodes of label 0 or weight 0 are left out."""
    x = np.vstack(matrices)
    y = np.concatenate(labels)
    keep = y != 0  # unsettled 2008 ties teach nothing
    w = None
    if weights is not None:
        w = np.concatenate(weights).astype(np.float64)
        keep &= w > 0
    if not keep.any():
        raise ValueError("no labelled nodes to train on.")
    x = x[keep]
    # A column with no value in the training data (a template method that labelled none
    # of these pages, visual features without layouts): a constant teaches the same
    # (nothing), and LightGBM then never splits on it, so prediction ignores the column.
    x[:, np.isnan(x).all(axis=0)] = 0.0
    return fit_trees(x, y[keep], seed, max_iter, None if w is None else w[keep], **params)


def checked_weights(
    weights: Sequence[np.ndarray] | None, labels: Sequence[np.ndarray]
) -> list[np.ndarray] | None:
    """Per-page node weights as float arrays, checked against the labels' shapes."""
    if weights is None:
        return None
    if len(weights) != len(labels):
        raise ValueError(f"{len(weights)} weight vectors for {len(labels)} pages: one per page.")
    out = []
    for number, (w, y) in enumerate(zip(weights, labels, strict=True), start=1):
        array = np.asarray(w, dtype=np.float64)
        if array.shape != np.shape(y):
            raise ValueError(
                f"page {number}: {array.size} weights for {np.size(y)} nodes: one per node."
            )
        if not np.isfinite(array).all() or (array < 0).any():
            raise ValueError(f"page {number}: weights must be finite and not negative.")
        out.append(array)
    return out


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
    inputs: Sequence[np.ndarray],
    labels: Sequence[np.ndarray],
    seed: int,
    max_iter: int,
    weights: Sequence[np.ndarray] | None = None,
    **params: Any,
) -> list[np.ndarray]:
    """Each page's stage-1 probabilities from a booster trained without it (INNER_FOLDS
    page folds): what a smoothing stage learns from, so that it sees how stage 1 errs
    on pages it has not seen rather than how it fits its own training pages."""
    out: list[np.ndarray] = [np.zeros((0, len(CLASSES)))] * len(inputs)
    ids = [str(i) for i in range(len(inputs))]
    for inner_train, inner_test in page_folds(ids, INNER_FOLDS, seed=seed):
        booster = fit_booster(
            [inputs[i] for i in inner_train], [labels[i] for i in inner_train], seed, max_iter,
            None if weights is None else [weights[i] for i in inner_train], **params,
        )  # fmt: skip
        for i in inner_test:
            out[i] = booster.proba(inputs[i])
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
    weights: Sequence[np.ndarray] | None = None,
    target: str = DEFAULT_TARGET,
    learning_rate: float = LEARNING_RATE,
    num_leaves: int = NUM_LEAVES,
    min_child_samples: int = MIN_CHILD_SAMPLES,
    feature_fraction: float = FEATURE_FRACTION,
) -> Model:
    """Train on pages (one feature matrix and one label vector per page). With ``texts``
    (per page, its nodes' texts) the model also learns a lexicon (kehr_engine.lexicon);
    ``weights`` (per page, one weight per node) weigh the nodes (module docstring)."""
    if len(matrices) != len(labels):
        raise ValueError(f"{len(matrices)} feature matrices but {len(labels)} label vectors.")
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; the engine knows {', '.join(TARGETS)}.")
    node_weights = checked_weights(weights, labels)
    params: dict[str, Any] = {
        "learning_rate": learning_rate,
        "num_leaves": num_leaves,
        "min_child_samples": min_child_samples,
        "feature_fraction": feature_fraction,
    }
    lexicon = None
    inputs = list(matrices)
    if texts is not None:
        # A node of weight 0 is no evidence for the lexicon either.
        counted = (
            list(labels)
            if node_weights is None
            else [np.where(w > 0, y, 0) for w, y in zip(node_weights, labels, strict=True)]
        )
        inputs, lexicon = with_lexicon(matrices, counted, texts, seed)
    stage1 = fit_booster(inputs, labels, seed, max_iter, node_weights, **params)
    stage2 = None
    if smoothing and len(inputs) >= INNER_FOLDS:
        out_of_fold = out_of_fold_proba(inputs, labels, seed, max_iter, node_weights, **params)
        stage2 = fit_booster(
            [neighbour_features(p) for p in out_of_fold], labels, seed, max_iter, node_weights,
            **params,
        )  # fmt: skip
    return Model(tuple(groups), list(feature_names), stage1, stage2, lexicon=lexicon, target=target)

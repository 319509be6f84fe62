"""The model as a scikit-learn estimator over pages, for scikit-learn's CV and searches.

A sample is a *page* (:class:`kehr_engine.pipeline.PageInput`) and its target the
page's label vector (one KrdWrd code per node), so scikit-learn's page-grouped tools
work unchanged on the engine::

    from sklearn.model_selection import GridSearchCV, GroupKFold, cross_validate

    scores = cross_validate(PageClassifier(), pages, labels, groups=page_ids,
                            cv=GroupKFold(10), scoring=good_text_f1)
    search = GridSearchCV(PageClassifier(), {"num_leaves": [15, 31]},
                          cv=GroupKFold(5), scoring=good_text_f1)
    search.fit(pages, labels, groups=page_ids)

Each fit computes the pages' features (kehr_engine.features) and trains
:func:`kehr_engine.model.train` on them, so every fold trains on its training pages
alone, lexicon included. ``predict`` and ``predict_proba`` give one array per page;
``score`` (and :func:`good_text_f1`, the scorer) is the engine's headline figure:
macro token F1 of good text (kehr_engine.metrics). ``sample_weight`` (per page, one
weight per node) weighs nodes as :func:`kehr_engine.model.train` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from kehr_engine.features import DEFAULT_GROUPS, GROUPS
from kehr_engine.limits import EngineInputError
from kehr_engine.metrics import GOOD, page_tokens, token_scores
from kehr_engine.model import (
    CLASSES,
    FEATURE_FRACTION,
    LEARNING_RATE,
    MAX_ITER,
    MIN_CHILD_SAMPLES,
    NUM_LEAVES,
    SMOOTHING,
    Model,
    train,
)
from kehr_engine.pipeline import PageInput, checked_labels, decide
from kehr_engine.targets import DEFAULT_TARGET


class PageClassifier(ClassifierMixin, BaseEstimator):
    """Node labels of whole pages: fit(pages, labels), predict(pages) -> one code array
    per page. The parameters are :func:`kehr_engine.model.train`'s."""

    def __init__(
        self,
        groups: Sequence[str] = DEFAULT_GROUPS,
        max_iter: int = MAX_ITER,
        seed: int = 0,
        learning_rate: float = LEARNING_RATE,
        num_leaves: int = NUM_LEAVES,
        min_child_samples: int = MIN_CHILD_SAMPLES,
        feature_fraction: float = FEATURE_FRACTION,
        lexicon: bool = True,
        smoothing: bool = SMOOTHING,
        target: str = DEFAULT_TARGET,
    ) -> None:
        self.groups = groups
        self.max_iter = max_iter
        self.seed = seed
        self.learning_rate = learning_rate
        self.num_leaves = num_leaves
        self.min_child_samples = min_child_samples
        self.feature_fraction = feature_fraction
        self.lexicon = lexicon
        self.smoothing = smoothing
        self.target = target

    def fit(
        self,
        X: Sequence[PageInput],
        y: Sequence[Any],
        sample_weight: Sequence[Any] | None = None,
    ) -> PageClassifier:
        """Train on these pages; ``y`` holds each page's labels (codes 0-3, 0 unlabelled)."""
        pages = _pages(X)
        if len(y) != len(pages):
            raise EngineInputError(f"{len(pages)} pages but {len(y)} label vectors: one per page.")
        labels = [checked_labels(page, v, f"page {i + 1}") for i, (page, v) in
                  enumerate(zip(pages, y, strict=True))]  # fmt: skip
        names, matrices = self._features(pages)
        self.model_: Model = train(
            matrices, labels, names, tuple(self.groups), smoothing=self.smoothing,
            seed=self.seed, max_iter=self.max_iter,
            texts=[p.node_texts for p in pages] if self.lexicon else None,
            weights=None if sample_weight is None else list(sample_weight),
            target=self.target, learning_rate=self.learning_rate, num_leaves=self.num_leaves,
            min_child_samples=self.min_child_samples, feature_fraction=self.feature_fraction,
        )  # fmt: skip
        self.classes_ = CLASSES
        self.n_pages_ = len(pages)
        return self

    def _features(self, pages: Sequence[PageInput]) -> tuple[list[str], list[np.ndarray]]:
        unknown = [g for g in self.groups if g not in GROUPS]
        if unknown:
            raise EngineInputError(
                f"unknown feature groups {unknown}; choose from {sorted(GROUPS)}."
            )
        names: list[str] = []
        matrices = []
        for page in pages:
            names, matrix = page.feature_matrix(tuple(self.groups))
            matrices.append(matrix)
        return names, matrices

    def _fitted(self) -> Model:
        model = getattr(self, "model_", None)
        if model is None:
            from sklearn.exceptions import NotFittedError

            raise NotFittedError("this PageClassifier is not fitted yet: call fit(pages, labels).")
        return model

    def predict_proba(self, X: Sequence[PageInput]) -> list[np.ndarray]:
        """Per page, the nodes' probabilities of bad, uncertain and good (n_nodes x 3)."""
        model = self._fitted()
        pages = _pages(X)
        _, matrices = self._features(pages)
        return [model.predict_proba(m, p.node_texts) for m, p in zip(matrices, pages, strict=True)]

    def predict(self, X: Sequence[PageInput]) -> list[np.ndarray]:
        """Per page, the nodes' KrdWrd codes (1 bad, 2 uncertain, 3 good), decided as
        kehr_engine.pipeline.predict decides (an article model is never empty by accident)."""
        pages = _pages(X)
        target = self._fitted().target
        return [
            decide(target, proba, page.node_texts).astype(CLASSES.dtype)
            for proba, page in zip(self.predict_proba(pages), pages, strict=True)
        ]

    def score(
        self, X: Sequence[PageInput], y: Sequence[Any], sample_weight: object = None
    ) -> float:
        """Macro token F1 of good text over these pages (the engine's headline figure)."""
        return good_text_f1(self, X, y)


def good_text_f1(estimator: PageClassifier, X: Sequence[PageInput], y: Sequence[Any]) -> float:
    """A scikit-learn scorer: macro token F1 of good text (mean over the pages of the F1
    of the predicted-good nodes' tokens against the gold-good ones, kehr_engine.metrics)."""
    pages = _pages(X)
    predicted = estimator.predict(pages)
    tokens = [
        page_tokens(page.node_texts, np.asarray(gold) == GOOD, codes == GOOD)
        for page, gold, codes in zip(pages, y, predicted, strict=True)
    ]
    return token_scores(tokens).macro.f1


def _pages(X: Sequence[PageInput]) -> list[PageInput]:
    pages = list(X)
    wrong = next((p for p in pages if not isinstance(p, PageInput)), None)
    if wrong is not None:
        raise EngineInputError(
            f"PageClassifier takes kehr_engine PageInput pages, not {type(wrong).__name__} "
            "(make them with PageInput.from_html, or take a GoldPage's .page)."
        )
    return pages

"""The engine's public facade: pages in, a model, labels and clean text out.

Everything a user of the engine (the shell, ``backend/learning/``, a script) needs:
:class:`PageInput` (what the engine knows of a page: never its labels),
:func:`train_model`, :func:`predict` with its :class:`Prediction`, and
:func:`evaluate_pages`. Model files are in :mod:`kehr_engine.model_file`. Bad input
raises :class:`EngineInputError`, whose message says what was wrong and what to do.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import numpy as np

from kehr_engine.annotator_reference import annotator_reference
from kehr_engine.baselines import BASELINES
from kehr_engine.clean_text import kept_text
from kehr_engine.evaluation import PageFeatures, SourceResult, cross_validate, evaluate_baselines
from kehr_engine.evaluation_report import environment, report
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION, GROUPS
from kehr_engine.krdwrd.corpus import GOOD, GoldPage
from kehr_engine.limits import EngineInputError, check_node_count
from kehr_engine.model import (
    CLASSES,
    FEATURE_FRACTION,
    LEARNING_RATE,
    MAX_ITER,
    NUM_LEAVES,
    SMOOTHING,
    Model,
    train,
)
from kehr_engine.never_empty import fill_if_empty
from kehr_engine.page_input import PageInput
from kehr_engine.splits import site_of
from kehr_engine.targets import DEFAULT_TARGET, target_named

__all__ = [
    "EngineInputError",
    "PageInput",
    "Prediction",
    "evaluate_pages",
    "predict",
    "train_model",
]

LABEL_CODES = (0, 1, 2, 3)  # 0 = no gold for the node (ignored), then bad, uncertain, good
Progress = Callable[[str], object] | None


@dataclass(frozen=True)
class Prediction:
    """A model's labels for one page's nodes."""

    labels: np.ndarray  # int8 KrdWrd codes per node: 1 bad, 2 uncertain, 3 good
    proba: np.ndarray  # float32 (n_nodes, 3): bad, uncertain, good

    def good_text(self, page: PageInput) -> str:
        """The good nodes' text in document order, one block per line.

        Rule (kehr_engine.clean_text): consecutive good nodes with no block boundary
        (start or end of p, div, li, td, h1, ..., or a <br>) between them share a line.
        """
        if len(self.labels) != page.node_count:
            raise EngineInputError(
                f"{page.url or 'the page'} has {page.node_count} nodes, the prediction "
                f"{len(self.labels)}: predict this page and use its own prediction."
            )
        return kept_text(page.node_texts, self.labels == GOOD, page.document)


def checked_labels(page: PageInput, labels: object, name: str) -> np.ndarray:
    """One page's labels as int8 codes, refusing a wrong length or unknown codes."""
    vector = np.asarray(labels)
    if vector.ndim != 1:
        raise EngineInputError(
            f"{name}: labels must be one code per node, got shape {vector.shape}."
        )
    if len(vector) != page.node_count:
        raise EngineInputError(
            f"{name} has {page.node_count} nodes, labels have {len(vector)}: give one code "
            "(0-3) per text node, in the segmenter's node order."
        )
    if vector.size and not np.issubdtype(vector.dtype, np.integer):
        raise EngineInputError(
            f"{name}: labels must be whole-number KrdWrd codes (0-3), got {vector.dtype} values."
        )
    if not np.isin(vector, LABEL_CODES).all():
        bad = sorted({int(v) for v in vector.tolist() if v not in LABEL_CODES})[:5]
        raise EngineInputError(
            f"{name}: labels must be KrdWrd codes 0 (none), 1 bad, 2 uncertain, 3 good; "
            f"found {', '.join(map(str, bad))}."
        )
    return vector.astype(np.int8)


def training_fingerprint(pages: Sequence[PageInput], labels: Sequence[np.ndarray]) -> str:
    """SHA-256 over every page's node texts and labels: which data a model learned from."""
    digest = hashlib.sha256()
    for page, vector in zip(pages, labels, strict=True):
        digest.update("\x00".join(page.node_texts).encode())
        digest.update(b"\x01")
        digest.update(np.asarray(vector, dtype=np.int8).tobytes())
        digest.update(b"\x02")
    return digest.hexdigest()


def _page_name(page: PageInput, index: int) -> str:
    return f"page {index} ({page.url})" if page.url else f"page {index}"


def _check_groups(groups: Sequence[str]) -> tuple[str, ...]:
    unknown = [g for g in groups if g not in GROUPS]
    if unknown or not groups:
        raise EngineInputError(
            f"unknown feature groups {unknown}; choose from {sorted(GROUPS)}."
            if unknown
            else f"no feature groups given; choose from {sorted(GROUPS)}."
        )
    return tuple(groups)


def _checked_pages(pages: Sequence[PageInput], labels: Sequence[object]) -> list[np.ndarray]:
    if len(pages) != len(labels):
        raise EngineInputError(
            f"{len(pages)} pages but {len(labels)} label vectors: give one vector per page."
        )
    vectors = []
    for i, (page, vector) in enumerate(zip(pages, labels, strict=True)):
        name = _page_name(page, i)
        check_node_count(page.node_count, name)
        vectors.append(checked_labels(page, vector, name))
    return vectors


def train_model(
    pages: Sequence[PageInput],
    labels: Sequence[np.ndarray],
    *,
    groups: Sequence[str] = DEFAULT_GROUPS,
    seed: int = 0,
    progress: Progress = None,
    info: dict[str, Any] | None = None,
    max_iter: int = MAX_ITER,
    smoothing: bool = SMOOTHING,
    target: str = DEFAULT_TARGET,
    num_leaves: int = NUM_LEAVES,
    feature_fraction: float = FEATURE_FRACTION,
    learning_rate: float = LEARNING_RATE,
) -> Model:
    """Train a model on pages and their labels (per page, one code 0-3 per node).

    Label 0 (no gold for the node) is ignored. ``target`` (kehr_engine.targets) says what
    the labels mean, and so how the model decides (an ``article`` model is never empty
    by accident). ``model.info`` records the training
    data's fingerprint, page and node counts, library versions, groups, feature version,
    creation time and anything in ``info``. ``max_iter`` (boosting rounds) is for quick
    tests and benches; the default is the model's.
    """
    groups = _check_groups(groups)
    try:
        target_named(target)
    except ValueError as error:
        raise EngineInputError(str(error)) from None
    vectors = _checked_pages(pages, labels)
    labelled = int(sum(int((v != 0).sum()) for v in vectors))
    if not labelled:
        raise EngineInputError(
            f"the {len(pages)} pages have no labelled nodes (every label is 0): training "
            "needs gold labels 1 (bad), 2 (uncertain) or 3 (good)."
        )
    names: list[str] = []
    matrices = []
    for i, page in enumerate(pages):
        names, matrix = page.feature_matrix(groups)
        matrices.append(matrix)
        if progress and (i + 1) % 10 == 0:
            progress(f"features: {i + 1}/{len(pages)} pages")
    if progress:
        progress(f"training on {len(pages)} pages, {labelled} labelled nodes")
    model = train(
        matrices, vectors, names, groups, smoothing=smoothing, seed=seed, max_iter=max_iter,
        texts=[page.node_texts for page in pages], target=target, num_leaves=num_leaves,
        feature_fraction=feature_fraction, learning_rate=learning_rate,
    )  # fmt: skip
    model.info = {
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "training_data": {
            "fingerprint": training_fingerprint(pages, vectors),
            "pages": len(pages),
            "nodes": int(sum(len(v) for v in vectors)),
            "labelled_nodes": labelled,
        },
        "groups": list(groups),
        "feature_version": FEATURE_VERSION,
        "seed": seed,
        "max_iter": max_iter,
        "num_leaves": num_leaves,
        "feature_fraction": feature_fraction,
        "learning_rate": learning_rate,
        "smoothing": smoothing,
        "target": target,
        "libraries": environment(),
        **(info or {}),
    }
    return model


def check_model(model: Model) -> None:
    """Refuse a model the engine's features cannot feed (another feature version)."""
    if model.feature_version != FEATURE_VERSION:
        raise EngineInputError(
            f"the model was trained with feature version {model.feature_version}, this "
            f"engine computes feature version {FEATURE_VERSION}: retrain the model with "
            "this engine (python -m kehr_engine train) or use the engine it came from."
        )
    _check_groups(model.groups)


def predict(model: Model, page: PageInput, *, max_nodes: int | None = None) -> Prediction:
    """The model's label and class probabilities for every node of ``page``.

    A page without text nodes gets empty vectors. ``max_nodes`` overrides the node
    limit (kehr_engine.limits) for this call. A model whose target promises main content
    (``article``) never answers a page with real text with nothing
    (kehr_engine.never_empty): the most likely good nodes are then labelled good.
    """
    check_model(model)
    check_node_count(page.node_count, page.url or "the page", max_nodes)
    if not page.node_count:
        return Prediction(np.zeros(0, dtype=np.int8), np.zeros((0, len(CLASSES)), np.float32))
    names, matrix = page.feature_matrix(model.groups)
    if names != model.feature_names:
        raise EngineInputError(
            f"the model expects {len(model.feature_names)} features, the engine computes "
            f"{len(names)} for groups {', '.join(model.groups)} (feature version "
            f"{FEATURE_VERSION}): retrain the model with this engine."
        )
    proba = model.predict_proba(matrix, page.node_texts).astype(np.float32)
    return Prediction(decide(model.target, proba, page.node_texts), proba)


def decide(target: str, proba: np.ndarray, node_texts: Sequence[str]) -> np.ndarray:
    """Labels (int8 KrdWrd codes) from one page's class probabilities: the likeliest
    class, and for a target that promises main content never nothing on a page with
    real text (kehr_engine.never_empty). Cross-validation decides the same way."""
    labels = CLASSES[proba.argmax(axis=1)].astype(np.int8) if len(proba) else np.zeros(0, np.int8)
    if target_named(target).never_empty:
        labels[fill_if_empty(labels == GOOD, proba, node_texts)] = GOOD
    return labels


def gold_pages(
    pages: Sequence[PageInput],
    labels: Sequence[np.ndarray],
    page_ids: Sequence[str] | None,
    votes: Sequence[np.ndarray | None] | None = None,
) -> list[GoldPage]:
    """Pages with labels in the shape the evaluation protocol scores; ``votes``: per page,
    every annotator's tags (nodes x annotators, 0 = none) where known."""
    vectors = _checked_pages(pages, labels)
    ids = list(page_ids) if page_ids is not None else [f"page-{i}" for i in range(len(pages))]
    if len(ids) != len(pages) or len(set(ids)) != len(ids):
        raise EngineInputError(f"page ids must be {len(pages)} distinct names, one per page.")
    if votes is None:
        votes = [None] * len(pages)
    if len(votes) != len(pages):
        raise EngineInputError(f"{len(votes)} vote matrices for {len(pages)} pages: one each.")
    for page_id, page, matrix in zip(ids, pages, votes, strict=True):
        if matrix is not None and (matrix.ndim != 2 or matrix.shape[0] != page.node_count):
            raise EngineInputError(
                f"{page_id}: the annotators' tags have shape {matrix.shape}; the page has "
                f"{page.node_count} text nodes (expected {page.node_count} rows)."
            )
    return [
        GoldPage(page_id, page, vector, matrix)
        for page_id, page, vector, matrix in zip(ids, pages, vectors, votes, strict=True)
    ]


def evaluate_pages(
    pages: Sequence[PageInput],
    labels: Sequence[np.ndarray],
    *,
    groups: Sequence[str] = DEFAULT_GROUPS,
    k: int = 10,
    seed: int = 0,
    progress: Progress = None,
    baselines: Sequence[str] = BASELINES,
    model: bool = True,
    by_site: bool = False,
    max_iter: int | None = None,
    page_ids: Sequence[str] | None = None,
    cached: PageFeatures | None = None,
    votes: Sequence[np.ndarray | None] | None = None,
) -> dict[str, Any]:
    """The JSON-able evaluation report: page-grouped k-fold CV of the model and the baselines.

    Every source is scored by one protocol (kehr_engine.evaluation). ``model=False``
    scores the baselines only; ``baselines=()`` the model only. ``votes`` (per page, every
    annotator's tags, nodes x annotators) adds the annotators' own agreement as a reference.
    """
    groups = _check_groups(groups)
    unknown = [b for b in baselines if b not in BASELINES]
    if unknown:
        raise EngineInputError(f"unknown baselines {unknown}; choose from {list(BASELINES)}.")
    scored = gold_pages(pages, labels, page_ids, votes)
    results: list[SourceResult] = []
    extra: dict[str, Any] = {}
    if model:
        unit = "sites" if by_site else "pages"
        distinct = len({site_of(p.url) for p in scored}) if by_site else len(scored)
        if not 2 <= k <= distinct:
            raise EngineInputError(
                f"{k}-fold cross-validation needs at least {k} {unit} (and k >= 2); there are "
                f"{distinct}: pass a smaller k or more {unit}."
            )
        results, timing = cross_validate(
            scored, groups, k=k, seed=seed, by_site=by_site, progress=progress,
            cached=cached, max_iter=max_iter,
        )  # fmt: skip
        extra = {"seed": seed, "folds": k, "by_site": by_site, "groups": list(groups), **timing}
    results += evaluate_baselines(scored, baselines, progress)
    if "annotator_reference" not in extra:  # without the model: the annotators' row alone
        reference = annotator_reference([p.node_texts for p in scored], [p.votes for p in scored])
        if reference is not None:
            extra["annotator_reference"] = reference.as_dict()
    return report(scored, results, **extra)

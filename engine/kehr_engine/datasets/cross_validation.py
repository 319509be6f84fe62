"""Cross-validating the engine on the modern pages, scored by each dataset's own metric.

Shared by ``python -m kehr_engine evaluate --target article`` and bench/modern_cv.py.
Folds are over pages (kehr_engine.splits.page_folds, k folds, seed); both datasets share
them, and extra training pages (the CANOLA pages, say) only ever join training folds.
Each page's features are computed once and every fold trains kehr_engine.model.train on
them, as pipeline.train_model would; each test page is decided as pipeline.predict
decides (:func:`kehr_engine.pipeline.decide`, never empty by accident for ``article``),
turned into text by Prediction.good_text, and scored by its dataset's metric
(kehr_engine.datasets.scoring) per dataset and language group (de, en, other). The
baselines (trafilatura.extract, readability-lxml, jusText with the page's language
stoplist when jusText has one, English otherwise) run on the same pages through the
same metrics, and through the node level as well (:func:`node_score`): the model's good
nodes, and each baseline's text mapped onto the page's nodes by
kehr_engine.node_mapping.kept_nodes (as the CANOLA report maps them), scored against the
aligned labels by :func:`kehr_engine.datasets.scoring.node_scores`.

Learning curves (bench/learning_curve.py) train every fold on a share of its training
pages (:func:`training_share`), the test pages staying the whole fold.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kehr_engine.baselines import justext_text, readability_text, trafilatura_text
from kehr_engine.datasets.page_language import language_group
from kehr_engine.datasets.pages import LabelledPage
from kehr_engine.datasets.scoring import (
    DatasetScores,
    node_scores,
    passage_scores,
    readability_scores,
)
from kehr_engine.metrics import GOOD
from kehr_engine.model import train
from kehr_engine.node_mapping import kept_nodes
from kehr_engine.pipeline import Prediction, decide
from kehr_engine.splits import page_folds

DATASETS = ("readability", "trafilatura")
LANGUAGE_GROUPS = ("all", "de", "en", "other")
BASELINE_NAMES = ("trafilatura", "readability", "justext")


Progress = Callable[[str], object] | None


def justext_names() -> dict[str, str]:
    """ISO 639-1 code -> jusText stoplist name (the first name with that code)."""
    try:
        from kehr_engine.language import ISO_CODES
    except ImportError:  # the language module is optional here
        return {"en": "English", "de": "German"}
    names: dict[str, str] = {}
    for name, code in ISO_CODES.items():
        names.setdefault(code, name)
    return names


def baseline_extractors() -> dict[str, Callable[[LabelledPage], str]]:
    stoplists = justext_names()

    def justext_page(page: LabelledPage) -> str:
        return justext_text(page.page.html, stoplists.get(page.language, "English"))

    return {
        "trafilatura": lambda page: trafilatura_text(page.page.html),
        "readability": lambda page: readability_text(page.page.html),
        "justext": justext_page,
    }


def _groups(pages: Sequence[LabelledPage]) -> Iterator[tuple[str, str, list[int]]]:
    """(dataset, language group, page indices) for every non-empty cell of the report."""
    for dataset in DATASETS:
        for group in LANGUAGE_GROUPS:
            chosen = [
                i
                for i, p in enumerate(pages)
                if p.dataset == dataset and group in ("all", language_group(p.language))
            ]
            if chosen:
                yield dataset, group, chosen


def score(pages: Sequence[LabelledPage], outputs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """dataset -> language group -> the dataset's own figures."""
    figures: dict[str, dict[str, Any]] = {}
    for dataset, group, chosen in _groups(pages):
        ids = [pages[i].page_id for i in chosen]
        result: DatasetScores
        if dataset == "readability":
            result = readability_scores(
                [outputs[i] for i in chosen], [pages[i].expected_text for i in chosen], ids
            )
        else:
            result = passage_scores(
                [outputs[i] for i in chosen],
                [pages[i].with_passages for i in chosen],
                [pages[i].without_passages for i in chosen],
                ids,
            )
        figures.setdefault(dataset, {})[group] = result.as_dict()
    return figures


def node_score(
    pages: Sequence[LabelledPage], kept: Sequence[np.ndarray]
) -> dict[str, dict[str, Any]]:
    """dataset -> language group -> node-level figures (token P/R/F1 of the kept nodes
    against the aligned labels, :func:`kehr_engine.datasets.scoring.node_scores`)."""
    if len(kept) != len(pages):
        raise ValueError(f"{len(kept)} kept-node vectors for {len(pages)} pages: one each.")
    figures: dict[str, dict[str, Any]] = {}
    for dataset, group, chosen in _groups(pages):
        result = node_scores(
            [pages[i].page.node_texts for i in chosen],
            [pages[i].labels for i in chosen],
            [kept[i] for i in chosen],
            [pages[i].page_id for i in chosen],
        )
        figures.setdefault(dataset, {})[group] = result.as_dict()
    return figures


def mapped_nodes(pages: Sequence[LabelledPage], outputs: Sequence[str]) -> list[np.ndarray]:
    """Each page's nodes an extractor kept, from its text output (node_mapping.kept_nodes)."""
    if len(outputs) != len(pages):
        raise ValueError(f"{len(outputs)} outputs for {len(pages)} pages: one each.")
    return [kept_nodes(p.page.node_texts, out) for p, out in zip(pages, outputs, strict=True)]


@dataclass
class PageMatrices:
    """Every page's feature matrix, computed once for all folds (and all shares)."""

    names: list[str]
    matrices: list[np.ndarray]
    seconds: float


def page_matrices(
    pages: Sequence[LabelledPage], groups: Sequence[str], progress: Progress = None
) -> PageMatrices:
    """Each page's features, as PageInput.feature_matrix computes them for prediction."""
    started = time.perf_counter()
    names: list[str] = []
    matrices = []
    for i, page in enumerate(pages, start=1):
        names, matrix = page.page.feature_matrix(groups)  # the engine's one feature path
        matrices.append(matrix)
        if i % 100 == 0 and progress:
            progress(f"features: {i}/{len(pages)} pages")
    return PageMatrices(names, matrices, time.perf_counter() - started)


def training_share(
    train_idx: Sequence[int] | np.ndarray, share: float, rng: np.random.Generator
) -> list[int]:
    """``share`` of a fold's training pages, drawn without replacement (sorted): at
    least 2 pages, all of them at share 1. Only ever a subset of ``train_idx``, so a
    test page cannot slip in."""
    if not 0 < share <= 1:
        raise ValueError(f"share {share}: a training share is in (0, 1].")
    chosen = [int(i) for i in train_idx]
    if share == 1:
        return chosen
    kept = min(len(chosen), max(2, round(share * len(chosen))))
    return sorted(int(i) for i in rng.choice(chosen, kept, replace=False))


@dataclass
class CVPredictions:
    """Out-of-fold predictions: each page's good text and good nodes, and the seconds."""

    outputs: list[str]
    good: list[np.ndarray]  # bool per node
    timing: dict[str, float]
    train_pages: list[int] = field(default_factory=list)  # per fold, pages trained on


def cross_validated_predictions(
    pages: Sequence[LabelledPage],
    groups: Sequence[str],
    *,
    folds: int,
    seed: int,
    max_iter: int,
    extra: tuple[list, list, list] = ([], [], []),
    target: str = "article",
    progress: Progress = None,
    train_options: dict[str, Any] | None = None,
    cached: PageMatrices | None = None,
    share: float = 1.0,
    draw: int = 0,
) -> CVPredictions:
    """Every page's good text and nodes, predicted by a model that never saw it; with
    ``share`` < 1 each fold's model trains on that share of the fold's training pages
    (drawn with seed 1000 + ``draw``; extra pages are always all there)."""
    data = cached or page_matrices(pages, groups, progress)
    outputs = [""] * len(pages)
    good = [np.zeros(0, dtype=bool)] * len(pages)
    train_s = predict_s = 0.0
    trained: list[int] = []
    rng = np.random.default_rng(1000 + draw)
    extra_matrices, extra_labels, extra_texts = extra
    for number, (fold_train, test_idx) in enumerate(
        page_folds([p.page_id for p in pages], folds, seed=seed), start=1
    ):
        train_idx = training_share(fold_train, share, rng)
        trained.append(len(train_idx))
        started = time.perf_counter()
        model = train(
            [data.matrices[i] for i in train_idx] + extra_matrices,
            [pages[i].labels for i in train_idx] + extra_labels,
            data.names,
            groups,
            seed=seed,
            max_iter=max_iter,
            texts=[pages[i].page.node_texts for i in train_idx] + extra_texts,
            target=target,
            **(train_options or {}),
        )
        train_s += time.perf_counter() - started
        started = time.perf_counter()
        for i in test_idx:
            proba = model.predict_proba(data.matrices[i], pages[i].page.node_texts)
            labels = decide(model.target, proba, pages[i].page.node_texts)
            outputs[i] = Prediction(labels, proba).good_text(pages[i].page)
            good[i] = labels == GOOD
        predict_s += time.perf_counter() - started
        if progress:
            progress(f"fold {number}/{folds} done ({train_s:.0f} s training so far)")
    timing = {"features_s": data.seconds, "train_s": train_s, "predict_s": predict_s}
    return CVPredictions(outputs, good, timing, trained)


def cross_validated_outputs(
    pages: Sequence[LabelledPage],
    groups: Sequence[str],
    *,
    folds: int,
    seed: int,
    max_iter: int,
    extra: tuple[list, list, list] = ([], [], []),
    target: str = "article",
    progress: Progress = None,
    train_options: dict[str, Any] | None = None,
) -> tuple[list[str], dict[str, float]]:
    """Every page's good text, predicted by a model that never saw it."""
    found = cross_validated_predictions(
        pages, groups, folds=folds, seed=seed, max_iter=max_iter, extra=extra,
        target=target, progress=progress, train_options=train_options,
    )  # fmt: skip
    return found.outputs, found.timing


def baseline_texts(
    pages: Sequence[LabelledPage], names: Sequence[str], progress: Progress = None
) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, float]]:
    """The named baselines' text output on every page, their crashes (each an empty
    output) and their seconds."""
    texts: dict[str, list[str]] = {}
    errors: dict[str, list[str]] = {}
    timing: dict[str, float] = {}
    for name, extract in baseline_extractors().items():
        if name not in names:
            continue
        begun = time.perf_counter()
        found = []
        for page in pages:
            try:
                found.append(extract(page))
            except Exception as error:  # an extractor's crash is its empty output
                found.append("")
                errors.setdefault(name, []).append(f"{page.page_id}: {error!r}")
        timing[f"{name}_s"] = time.perf_counter() - begun
        texts[name] = found
        if progress:
            progress(f"{name}: done in {timing[name + '_s']:.0f} s")
    return texts, errors, timing


def baseline_outputs(
    pages: Sequence[LabelledPage], names: Sequence[str], progress: Progress = None
) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, list[str]], dict[str, float]]:
    """The named baselines' figures on ``pages`` (each dataset's own metric), their
    crashes (each an empty output) and their seconds."""
    texts, errors, timing = baseline_texts(pages, names, progress)
    return {name: score(pages, found) for name, found in texts.items()}, errors, timing


def markdown(sources: dict[str, dict[str, dict[str, Any]]], *, micro: bool = False) -> str:
    """The figures table: P/R/F1 (macro over pages), with ``micro`` the micro F1 too,
    and the pages empty by accident."""
    head = "| source | dataset | language | pages | P | R | F1 |" + (" micro F1 |" if micro else "")
    lines = [head + " empty |", "|---|---|---|" + "---:|" * (6 if micro else 5)]
    for source, by_dataset in sources.items():
        for dataset, by_group in by_dataset.items():
            for group, f in by_group.items():
                micro_cell = f" {f.get('micro_f1', 0.0):.3f} |" if micro else ""
                lines.append(
                    f"| {source} | {dataset} | {group} | {f['pages']} | {f['precision']:.3f} "
                    f"| {f['recall']:.3f} | {f['f1']:.3f} |{micro_cell} {f['empty_by_accident']} |"
                )
    return "\n".join(lines) + "\n"


def node_markdown(sources: dict[str, dict[str, dict[str, Any]]]) -> str:
    """The node-level table: macro P/R/F1 over pages, micro F1, pages empty by accident."""
    return markdown(sources, micro=True)

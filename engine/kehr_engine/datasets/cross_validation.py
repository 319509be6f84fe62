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
same metrics.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from kehr_engine.baselines import justext_text, readability_text, trafilatura_text
from kehr_engine.datasets.page_language import language_group
from kehr_engine.datasets.pages import LabelledPage
from kehr_engine.datasets.scoring import DatasetScores, passage_scores, readability_scores
from kehr_engine.features import features
from kehr_engine.model import train
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


def score(pages: Sequence[LabelledPage], outputs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """dataset -> language group -> the dataset's own figures."""
    figures: dict[str, dict[str, Any]] = {}
    for dataset in DATASETS:
        for group in LANGUAGE_GROUPS:
            chosen = [
                i
                for i, p in enumerate(pages)
                if p.dataset == dataset and group in ("all", language_group(p.language))
            ]
            if not chosen:
                continue
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
    started = time.perf_counter()
    names: list[str] = []
    matrices = []
    for i, page in enumerate(pages, start=1):
        names, matrix = features(page.page.node_document(), groups)
        matrices.append(matrix)
        if i % 100 == 0:
            if progress:
                progress(f"features: {i}/{len(pages)} pages")
    feature_s = time.perf_counter() - started
    outputs = [""] * len(pages)
    train_s = predict_s = 0.0
    extra_matrices, extra_labels, extra_texts = extra
    for number, (train_idx, test_idx) in enumerate(
        page_folds([p.page_id for p in pages], folds, seed=seed), start=1
    ):
        started = time.perf_counter()
        model = train(
            [matrices[i] for i in train_idx] + extra_matrices,
            [pages[i].labels for i in train_idx] + extra_labels,
            names,
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
            proba = model.predict_proba(matrices[i], pages[i].page.node_texts)
            labels = decide(model.target, proba, pages[i].page.node_texts)
            outputs[i] = Prediction(labels, proba).good_text(pages[i].page)
        predict_s += time.perf_counter() - started
        if progress:
            progress(f"fold {number}/{folds} done ({train_s:.0f} s training so far)")
    return outputs, {"features_s": feature_s, "train_s": train_s, "predict_s": predict_s}


def baseline_outputs(
    pages: Sequence[LabelledPage], names: Sequence[str], progress: Progress = None
) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, list[str]], dict[str, float]]:
    """The named baselines' figures on ``pages``, their crashes (each an empty output)
    and their seconds."""
    sources: dict[str, dict[str, dict[str, Any]]] = {}
    errors: dict[str, list[str]] = {}
    timing: dict[str, float] = {}
    for name, extract in baseline_extractors().items():
        if name not in names:
            continue
        begun = time.perf_counter()
        texts = []
        for page in pages:
            try:
                texts.append(extract(page))
            except Exception as error:  # an extractor's crash is its empty output
                texts.append("")
                errors.setdefault(name, []).append(f"{page.page_id}: {error!r}")
        timing[f"{name}_s"] = time.perf_counter() - begun
        sources[name] = score(pages, texts)
        if progress:
            progress(f"{name}: done in {timing[name + '_s']:.0f} s")
    return sources, errors, timing


def markdown(sources: dict[str, dict[str, dict[str, Any]]]) -> str:
    lines = [
        "| source | dataset | language | pages | P | R | F1 | empty |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    for source, by_dataset in sources.items():
        for dataset, by_group in by_dataset.items():
            for group, f in by_group.items():
                lines.append(
                    f"| {source} | {dataset} | {group} | {f['pages']} | {f['precision']:.3f} "
                    f"| {f['recall']:.3f} | {f['f1']:.3f} | {f['empty_by_accident']} |"
                )
    return "\n".join(lines) + "\n"

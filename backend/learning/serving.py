"""Which model serves a corpus, and that model's labels for one page.

A leaf of the learning app: services, suggestions, retraining and the API import it, and
it imports none of them (the ``apps-acyclic`` and ``learning-layers`` contracts in
pyproject.toml keep it so). These functions used to live in services and suggestions,
which imported each other inside functions, hiding a cycle.

The engine is imported inside :func:`load_version_model` and :func:`predict_page`: a web
worker asks :func:`current_model` on every suggestions request, and loads the engine
(LightGBM, scikit-learn, the extractors) only when it must label a page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

from corpora.models import Corpus, Page
from learning.models import CorpusLearning, ModelVersion

if TYPE_CHECKING:
    from kehr_engine.model import Model
    from kehr_engine.pipeline import Prediction


class ModelLookupError(LookupError):
    """A model name that names no usable model; the message lists what there is."""


def settings_of(corpus: Corpus) -> CorpusLearning | None:
    """The corpus' learning settings, or None when staff never set any."""
    return (
        CorpusLearning.objects.filter(corpus=corpus)
        .select_related("suggestion_model", "current_model")
        .first()
    )


def current_model(
    corpus: Corpus, corpus_settings: CorpusLearning | None = None
) -> ModelVersion | None:
    """The model that serves the corpus: the one staff or retraining made current, else
    the newest ready model trained on the corpus. ``corpus_settings``: its settings row
    when the caller has read it already (None: read here)."""
    if corpus_settings is None:
        corpus_settings = settings_of(corpus)
    chosen = corpus_settings.current_model if corpus_settings is not None else None
    if chosen is not None and chosen.status == ModelVersion.Status.READY:
        return chosen
    return (
        ModelVersion.objects.filter(corpus=corpus, status=ModelVersion.Status.READY)
        .order_by("-created_at", "-id")
        .first()
    )


@dataclass(frozen=True)
class _Loaded:
    key: tuple[str, int, int]
    model: Model


_loaded: dict[int, _Loaded] = {}


def load_version_model(version: ModelVersion) -> Model:
    """The version's model, loaded once per process (again when its file changed)."""
    from kehr_engine.model_file import ModelFileError, load_model

    if version.status != ModelVersion.Status.READY or version.path is None:
        raise ModelLookupError(
            f"Model {version.name} is not ready ({version.get_status_display().lower()}): "
            "only a trained model can label pages."
        )
    path = version.path
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        raise ModelFileError(
            f"The file of model {version.name} is missing ({path}): train the model again."
        ) from None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    cached = _loaded.get(version.pk)
    if cached is None or cached.key != key:
        cached = _Loaded(key, load_model(path))
        _loaded[version.pk] = cached
    return cached.model


def predict_page(version: ModelVersion, page: Page) -> Prediction:
    """The version's labels of one page; raises ModelLookupError (not ready),
    kehr_engine's ModelFileError (file missing or unreadable) or EngineInputError (a
    page the engine refuses), each saying what to do."""
    from kehr_engine.pipeline import predict
    from learning.data import page_input

    return predict(load_version_model(version), page_input(page))

"""Kehr's classification engine: numbered text nodes of web pages labelled good/bad/uncertain.

A standalone package (lxml, numpy, scikit-learn, LightGBM; never Django) so that people who only
want clean text from HTML can use it without the annotation platform. It numbers nodes
with the platform's own segmenter (:mod:`kehr_engine.segmenter`), so its label vectors
line up with the platform's pages node for node. See docs/engine.md.

The facade is importable from here::

    from kehr_engine import PageInput, load_model, predict

    model = load_model(Path("model.kehr-model"))  # JSON and LightGBM text: runs no code
    page = PageInput.from_html(Path("page.html").read_bytes(), "https://example.org/")
    print(predict(model, page).good_text(page))

The names load on first use, so ``import kehr_engine`` (and the segmenter, which the
platform imports on every request) does not pay for scikit-learn or LightGBM.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kehr_engine.limits import EngineInputError
    from kehr_engine.model_file import ModelFileError, load_model, read_header, save_model
    from kehr_engine.pipeline import (
        PageInput,
        Prediction,
        evaluate_pages,
        predict,
        train_model,
    )

__version__ = "0.1.0"

_EXPORTS = {
    "EngineInputError": "kehr_engine.limits",
    "ModelFileError": "kehr_engine.model_file",
    "load_model": "kehr_engine.model_file",
    "read_header": "kehr_engine.model_file",
    "save_model": "kehr_engine.model_file",
    "PageInput": "kehr_engine.pipeline",
    "Prediction": "kehr_engine.pipeline",
    "evaluate_pages": "kehr_engine.pipeline",
    "predict": "kehr_engine.pipeline",
    "train_model": "kehr_engine.pipeline",
}
__all__ = [
    "EngineInputError",
    "ModelFileError",
    "PageInput",
    "Prediction",
    "__version__",
    "evaluate_pages",
    "load_model",
    "predict",
    "read_header",
    "save_model",
    "train_model",
]


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'kehr_engine' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)

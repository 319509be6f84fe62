"""The model Kehr ships: where it lives and how to load it.

Trained on the 148 KrdWrd CANOLA pages of ../shared/data/krdwrd and Kehr's own shipped
tutorial pages by one command (``python manage.py train_default_model``, docs/models.md),
and committed with the engine, so ``python -m kehr_engine extract --model default`` and
``manage.py extract --model default`` work without training anything. Its model card is
docs/models.md; the data is CC BY-SA 4.0 (The KrdWrd Project).
"""

from __future__ import annotations

from pathlib import Path

from kehr_engine.model import Model

DEFAULT_MODEL_NAME = "default"
DEFAULT_MODEL_PATH = Path(__file__).resolve().parent / "data" / "default.kehr-model"


def model_path(name_or_path: str | Path) -> Path:
    """``default`` names the shipped model; anything else is a model file's path."""
    if str(name_or_path) == DEFAULT_MODEL_NAME:
        return DEFAULT_MODEL_PATH
    return Path(name_or_path)


def load_default_model() -> Model:
    """The shipped model (model_file.load_model's errors if it is missing or stale)."""
    from kehr_engine.model_file import load_model

    return load_model(DEFAULT_MODEL_PATH)

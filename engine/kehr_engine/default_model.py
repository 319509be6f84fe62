"""The models Kehr ships, by name: ``article`` and ``krdwrd``, and where their files live.

Two targets, one engine (docs/engine.md, "Targets"; model cards in docs/models.md):

- ``article``: a page's main content as Mozilla Readability's and trafilatura's test
  annotations define it (the article, post or product text; no comments, menus, related
  links). Trained on ../shared/data/modern (Apache-2.0 test data). ``extract`` uses it
  unless told otherwise: it is what people who want clean text of today's pages expect.
- ``krdwrd``: the running text of the KrdWrd annotation guidelines (everything a reader
  would read as text, comments included), trained on the 148 KrdWrd CANOLA pages
  (CC BY-SA 4.0) and Kehr's tutorial pages. Corpora annotated after the KrdWrd
  guidelines get their suggestions from it.

``default`` is the name of the one shipped model before there were two: it still names
the ``krdwrd`` model, so commands and scripts written then keep their meaning.

Both files are committed with the engine and rebuilt, byte for byte, by one command
(``./dev build-models``, docs/models.md), so ``python -m kehr_engine extract`` works
without training anything.
"""

from __future__ import annotations

from pathlib import Path

from kehr_engine.model import Model

SHIPPED_DIR = Path(__file__).resolve().parent / "data"
SHIPPED_MODELS: dict[str, Path] = {
    "article": SHIPPED_DIR / "article.kehr-model",
    "krdwrd": SHIPPED_DIR / "krdwrd.kehr-model",
}
# Older names of shipped models (still accepted, documented in docs/models.md).
ALIASES = {"default": "krdwrd"}
# What `extract` uses when no --model is given.
EXTRACT_MODEL_NAME = "article"
# The KrdWrd model keeps its old constant names: the platform's suggestions use it.
DEFAULT_MODEL_NAME = "default"
DEFAULT_MODEL_PATH = SHIPPED_MODELS["krdwrd"]


def shipped_names() -> tuple[str, ...]:
    """Every name that means a shipped model (a model version may not take one)."""
    return (*SHIPPED_MODELS, *ALIASES)


def is_shipped_name(name: str) -> bool:
    return str(name) in SHIPPED_MODELS or str(name) in ALIASES


def model_path(name_or_path: str | Path) -> Path:
    """A shipped model's file for its name (``article``, ``krdwrd``, ``default``); anything
    else is taken as a model file's path."""
    name = ALIASES.get(str(name_or_path), str(name_or_path))
    if name in SHIPPED_MODELS:
        return SHIPPED_MODELS[name]
    return Path(name_or_path)


def load_shipped_model(name: str) -> Model:
    """A shipped model by name (model_file.load_model's errors if it is missing or stale)."""
    from kehr_engine.model_file import load_model

    if not is_shipped_name(name):
        names = ", ".join(shipped_names())
        raise ValueError(f"{name!r} is not a shipped model; choose from {names}.")
    return load_model(model_path(name))


def load_default_model() -> Model:
    """The shipped ``krdwrd`` model (the platform's default for suggestions)."""
    return load_shipped_model("krdwrd")

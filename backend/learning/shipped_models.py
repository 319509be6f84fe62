"""Building the models Kehr ships (kehr_engine.default_model), byte for byte reproducibly.

``./dev build-models`` (or ``python -m learning.shipped_models`` with backend/ and
engine/ on the path) rebuilds both; no Django is set up, no database touched.

- ``krdwrd``: the KrdWrd CANOLA pages with their 2008 gold (canola-sample and
  canola-train of ../shared/data/krdwrd, 148 pages) and the eleven pages of Kehr's
  shipped tutorial with their reference labels.
- ``article``: today's pages with known main content (../shared/data/modern: Mozilla
  Readability's 130 test pages, fully labelled, and trafilatura's 610 evaluation pages,
  partly labelled: nodes holding no passage stay out of training), through the loaders
  of kehr_engine.datasets.

The data, the seed and the settings are fixed, and the model file keeps the creation
time out (kehr_engine.model_file), so the same data and library versions give the same
bytes; ``--check`` rebuilds into a temporary folder and compares. Nothing else (in
particular no held-out page) is looked at.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kehr.progress import Say
from kehr_engine.datasets import load_readability, load_trafilatura_eval
from kehr_engine.default_model import SHIPPED_MODELS
from kehr_engine.krdwrd.corpus import CANOLA_FOLDERS, load_canola
from kehr_engine.model_file import save_model
from kehr_engine.pipeline import PageInput, train_model
from tutorial.references import load_shipped_tutorial

SEED = 0
# The article model's trees, by page-grouped 5-fold CV on the modern pages
# (bench/modern_cv.py; docs/models.md has the figures): more rounds than the krdwrd
# model (100: 0.914 / 0.916, 300: 0.924 / 0.922, 600: 0.927 / 0.924), 63 leaves (0.928 /
# 0.923 at 300 rounds), half the features per tree (0.930 / 0.927), and 150 rounds at
# learning rate 0.2 (0.931 / 0.923): as good within the folds' noise, and half the
# trees to walk for every node, which is what extract's speed needed.
ARTICLE_MAX_ITER = 150
ARTICLE_LEARNING_RATE = 0.2
ARTICLE_LEAVES = 63
ARTICLE_FEATURE_FRACTION = 0.5
KRDWRD_CREDIT = (
    "Trained on the KrdWrd CANOLA gold standard (CC BY-SA 4.0, The KrdWrd Project) and "
    "Kehr's shipped tutorial pages (Apache-2.0)."
)
ARTICLE_CREDIT = (
    "Trained on Mozilla Readability's test pages and trafilatura's evaluation set "
    "(Apache-2.0; each page's content belongs to its site)."
)
SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@dataclass(frozen=True)
class TrainingSet:
    pages: list[PageInput]
    labels: list[np.ndarray]
    counts: dict[str, int]  # pages per source


def training_set(krdwrd_data: Path) -> TrainingSet:
    """The CANOLA pages (gold) and the shipped tutorial pages (references), in that order."""
    canola = load_canola(krdwrd_data, tuple(CANOLA_FOLDERS))
    tutorial = load_shipped_tutorial()
    pages = [page.page for page in canola] + [
        PageInput(
            node_texts=list(step.segmented.node_texts),
            document=step.segmented.document,
            html=step.html,
            url=step.url,
        )
        for step in tutorial
    ]
    labels = [np.asarray(page.labels, dtype=np.int8) for page in canola] + [
        np.asarray(step.labels, dtype=np.int8) for step in tutorial
    ]
    return TrainingSet(pages, labels, {"canola": len(canola), "tutorial": len(tutorial)})


def article_training_set(modern_data: Path, say: Say | None = None) -> TrainingSet:
    """Readability's and trafilatura's test pages; pages that fail to load are named."""
    load = load_readability(modern_data / "readability") + load_trafilatura_eval(
        modern_data / "trafilatura-eval"
    )
    for failure in load.failures:
        if say:
            say(f"left out {failure.page_id}: {failure.reason}")
    counts = {
        dataset: sum(p.dataset == dataset for p in load.pages)
        for dataset in ("readability", "trafilatura")
    }
    return TrainingSet([p.page for p in load.pages], [p.labels for p in load.pages], counts)


def train_default_model(
    krdwrd_data: Path, out: Path = SHIPPED_MODELS["krdwrd"], say: Say | None = None
) -> TrainingSet:
    """Train the ``krdwrd`` model with the engine's default groups and write it to ``out``."""
    data = training_set(krdwrd_data)
    model = train_model(
        data.pages, data.labels, seed=SEED, progress=say, target="krdwrd",
        info={"name": "kehr-krdwrd", "training_pages": data.counts, "credit": KRDWRD_CREDIT},
    )  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    save_model(model, out)
    return data


def train_article_model(
    modern_data: Path, out: Path = SHIPPED_MODELS["article"], say: Say | None = None
) -> TrainingSet:
    """Train the ``article`` model on the modern pages and write it to ``out``."""
    data = article_training_set(modern_data, say)
    model = train_model(
        data.pages, data.labels, seed=SEED, progress=say, target="article",
        max_iter=ARTICLE_MAX_ITER, num_leaves=ARTICLE_LEAVES,
        feature_fraction=ARTICLE_FEATURE_FRACTION, learning_rate=ARTICLE_LEARNING_RATE,
        info={"name": "kehr-article", "training_pages": data.counts, "credit": ARTICLE_CREDIT},
    )  # fmt: skip
    out.parent.mkdir(parents=True, exist_ok=True)
    save_model(model, out)
    return data


def build(name: str, data: Path, out: Path, say: Say | None = None) -> TrainingSet:
    """Build the shipped model ``name`` from the shared data folder ``data``."""
    if name == "krdwrd":
        return train_default_model(data / "krdwrd", out, say)
    return train_article_model(data / "modern", out, say)


# Pages written for the tests (tests/engine_fixtures): each shipped model's labels and
# probabilities on them are committed beside them, so a change to the features or the
# model code that changes a shipped model's answers fails tests/test_shipped_models.py
# until the models are rebuilt (and the feature version bumped where features changed).
REPO = Path(__file__).resolve().parents[2]
GOLDEN_PAGES = ("article.html", "noticia-es.html", "news-zh.html")
GOLDEN_DIR = REPO / "tests" / "engine_fixtures" / "golden"


def golden_answers(model_file: Path) -> dict[str, dict[str, list]]:
    """The model's labels and probabilities (rounded to 6 places) on the golden pages."""
    from kehr_engine.model_file import load_model
    from kehr_engine.pipeline import predict

    model = load_model(model_file)
    answers = {}
    for name in GOLDEN_PAGES:
        path = REPO / "tests" / "engine_fixtures" / name
        page = PageInput.from_html(path.read_bytes(), path.resolve().as_uri())
        prediction = predict(model, page)
        answers[name] = {
            "labels": prediction.labels.tolist(),
            "proba": np.round(prediction.proba.astype(np.float64), 6).tolist(),
        }
    return answers


def write_golden(name: str, model_file: Path) -> Path:
    out = GOLDEN_DIR / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(golden_answers(model_file), indent=0) + "\n", encoding="utf-8")
    return out


def missing_data(data: Path, names: Sequence[str]) -> list[str]:
    needs = {"krdwrd": data / "krdwrd" / "canola-train", "article": data / "modern" / "readability"}
    return [f"{name}: {needs[name]}" for name in names if not needs[name].is_dir()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="./dev build-models", description="Rebuild the models Kehr ships (docs/models.md)."
    )
    parser.add_argument("names", nargs="*", help=f"of {', '.join(SHIPPED_MODELS)} (default: all)")
    parser.add_argument("--data", type=Path, default=SHARED_DATA, help="the shared data folder")
    parser.add_argument(
        "--check", action="store_true",
        help="rebuild into a temporary folder and compare with the committed files",
    )  # fmt: skip
    args = parser.parse_args(argv)
    names = args.names or list(SHIPPED_MODELS)
    unknown = [n for n in names if n not in SHIPPED_MODELS]
    if unknown:
        known = ", ".join(SHIPPED_MODELS)
        parser.error(f"unknown models {', '.join(unknown)}; choose from {known}")
    missing = missing_data(args.data, names)
    if missing:
        print(f"build-models: no data for {'; '.join(missing)} (pass --data)", file=sys.stderr)
        return 2

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    differ = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            out = Path(scratch) / f"{name}.kehr-model" if args.check else SHIPPED_MODELS[name]
            say(f"building {name} -> {out}")
            data = build(name, args.data, out, say)
            size = out.stat().st_size / 1e6
            say(f"{name}: {data.counts}, {size:.2f} MB")
            if args.check and not filecmp.cmp(out, SHIPPED_MODELS[name], shallow=False):
                differ.append(name)
            if not args.check:
                say(f"golden answers: {write_golden(name, out)}")
    if differ:
        say(f"differs from the committed file: {', '.join(differ)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

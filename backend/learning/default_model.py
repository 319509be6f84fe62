"""Training the model Kehr ships (kehr_engine.default_model), reproducibly.

The training data is fixed: the KrdWrd CANOLA pages with their 2008 gold
(canola-sample and canola-train of ../shared/data/krdwrd, 148 pages) and the eleven
pages of Kehr's shipped tutorial with their reference labels. The seed is fixed too, so
the same data and library versions give the same model; only the file's creation time
differs. Nothing else (in particular no held-out page) is looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from kehr_engine.default_model import DEFAULT_MODEL_PATH
from kehr_engine.krdwrd.corpus import CANOLA_FOLDERS, load_canola
from kehr_engine.model_file import save_model
from kehr_engine.pipeline import PageInput, train_model
from tutorial.references import load_shipped_tutorial

SEED = 0
CREDIT = (
    "Trained on the KrdWrd CANOLA gold standard (CC BY-SA 4.0, The KrdWrd Project) and "
    "Kehr's shipped tutorial pages (Apache-2.0)."
)


@dataclass(frozen=True)
class TrainingSet:
    pages: list[PageInput]
    labels: list[np.ndarray]
    canola_pages: int
    tutorial_pages: int


def training_set(krdwrd_data: Path) -> TrainingSet:
    """The CANOLA pages (gold) and the shipped tutorial pages (references), in that order."""
    canola = load_canola(krdwrd_data, tuple(CANOLA_FOLDERS))
    tutorial = load_shipped_tutorial()
    pages = [PageInput.from_gold(page) for page in canola] + [
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
    return TrainingSet(pages, labels, len(canola), len(tutorial))


def train_default_model(
    krdwrd_data: Path,
    out: Path = DEFAULT_MODEL_PATH,
    progress: Callable[[str], object] | None = None,
) -> TrainingSet:
    """Train the default model with the engine's default groups and write it to ``out``."""
    data = training_set(krdwrd_data)
    model = train_model(
        data.pages,
        data.labels,
        seed=SEED,
        progress=progress,
        info={
            "name": "kehr-default",
            "training_pages": {"canola": data.canola_pages, "tutorial": data.tutorial_pages},
            "credit": CREDIT,
        },
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    save_model(model, out)
    return data

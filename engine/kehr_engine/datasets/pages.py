"""The loaders' result types: a labelled page, a failure, and one dataset's load."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from kehr_engine.datasets.alignment import Alignment
from kehr_engine.pipeline import PageInput


@dataclass(frozen=True)
class LabelledPage:
    """One dataset page on the platform's numbered nodes, with labels and its own truth.

    ``labels``: int8 per node, 3 good, 1 bad, 0 unlabelled (the engine ignores 0 in
    training). ``expected_text`` (Readability) or ``with_passages`` / ``without_passages``
    (trafilatura) is what the dataset's own metric (:mod:`kehr_engine.datasets.scoring`)
    scores an output against.
    """

    page_id: str  # "readability/NAME" or "trafilatura/FILE"
    dataset: str  # "readability" | "trafilatura"
    language: str  # ISO 639-1 (primary subtag) or "" when unknown
    page: PageInput
    labels: np.ndarray
    alignment: Alignment
    expected_text: str = ""
    with_passages: tuple[str, ...] = ()
    without_passages: tuple[str, ...] = ()


@dataclass(frozen=True)
class LoadFailure:
    """A page that could not be loaded or aligned, and why."""

    page_id: str
    reason: str


@dataclass
class DatasetLoad:
    """The pages that loaded and the ones that did not (never silently dropped)."""

    pages: list[LabelledPage] = field(default_factory=list)
    failures: list[LoadFailure] = field(default_factory=list)

    def __iter__(self) -> Iterator[LabelledPage]:
        return iter(self.pages)

    def __len__(self) -> int:
        return len(self.pages)

    def __add__(self, other: DatasetLoad) -> DatasetLoad:
        return DatasetLoad(self.pages + other.pages, self.failures + other.failures)

"""trafilatura's evaluation set: ``evaldata.json`` with passages, and ``pages/FILE``.

The pages are bytes as served; PageInput.from_html decodes them as the segmenter does
(charset detection included). Only nodes holding a passage get a label
(:func:`kehr_engine.datasets.alignment.passage_labels`).
"""

from __future__ import annotations

import json
from pathlib import Path

from kehr_engine.datasets.alignment import passage_labels
from kehr_engine.datasets.page_language import page_language
from kehr_engine.datasets.pages import DatasetLoad, LabelledPage, LoadFailure
from kehr_engine.limits import EngineInputError
from kehr_engine.pipeline import PageInput

DATASET = "trafilatura"


def read_evaldata(folder: Path) -> list[tuple[str, dict]]:
    """(URL, entry) pairs of evaldata.json, sorted by file name."""
    path = folder / "evaldata.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EngineInputError(
            f"{path} is missing: give the trafilatura-eval/ folder of the modern data "
            "(../shared/data/modern/trafilatura-eval), with evaldata.json and pages/."
        ) from None
    except json.JSONDecodeError as error:
        raise EngineInputError(f"{path} is not JSON: {error}.") from None
    if not isinstance(data, dict):
        raise EngineInputError(f"{path} must map URLs to entries, got {type(data).__name__}.")
    return sorted(data.items(), key=lambda item: str(item[1].get("file", "")))


def _passages(entry: dict, key: str, page_id: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise EngineInputError(f"{page_id}: '{key}' must be a list of strings.")
    return tuple(value)


def load_page(folder: Path, url: str, entry: dict) -> LabelledPage:
    """One page, labelled; raises EngineInputError (naming the page) when it cannot be."""
    file = entry.get("file")
    if not isinstance(file, str) or not file:
        raise EngineInputError(f"{DATASET}/{url}: the entry has no 'file'.")
    page_id = f"{DATASET}/{file}"
    path = folder / "pages" / file
    if not path.is_file():
        raise EngineInputError(f"{page_id}: pages/{file} is missing.")
    with_passages = _passages(entry, "with", page_id)
    without_passages = _passages(entry, "without", page_id)
    page = PageInput.from_html(path.read_bytes(), url, name=page_id)
    labels, alignment = passage_labels(page.node_texts, with_passages, without_passages)
    if with_passages and not alignment.with_found:
        raise EngineInputError(
            f"{page_id}: none of its {len(with_passages)} 'with' passages is in the "
            f"page's {page.node_count} nodes."
        )
    if not labels.any():
        raise EngineInputError(f"{page_id}: no passage lands on a node; nothing to learn.")
    return LabelledPage(
        page_id=page_id,
        dataset=DATASET,
        language=page_language(page.html, page.node_texts),
        page=page,
        labels=labels,
        alignment=alignment,
        with_passages=with_passages,
        without_passages=without_passages,
    )


def load_trafilatura_eval(folder: Path, limit: int | None = None) -> DatasetLoad:
    """Every page of the trafilatura-eval/ folder (``limit``: the first ones by file name)."""
    load = DatasetLoad()
    for url, entry in read_evaldata(folder)[:limit]:
        try:
            load.pages.append(load_page(folder, url, entry))
        except EngineInputError as error:
            load.failures.append(LoadFailure(f"{DATASET}/{entry.get('file', url)}", str(error)))
    return load

"""The engine's gold data: the shared CANOLA pages, segmented, with their merged 2008 tags."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from kehr_engine.krdwrd.corpus import GOOD, CorpusError, gold_labels, load_canola, load_page
from tests.krdwrd_data import krdwrd_folder


@pytest.fixture(scope="module")
def canola() -> list:
    return load_canola(krdwrd_folder())


def test_all_148_canola_pages_load_with_one_label_per_node(canola: list) -> None:
    assert len(canola) == 148
    assert len({page.page_id for page in canola}) == 148
    for page in canola:
        assert page.page.node_count > 0
        assert len(page.labels) == len(page.node_texts) == len(page.node_tokens)
        assert set(np.unique(page.labels)) <= {0, 1, 2, 3}


def test_canola_gold_is_what_the_2008_study_measured(canola: list) -> None:
    """Nearly every node has a gold tag, and good text is about 73 % of all tokens."""
    labels = np.concatenate([page.labels for page in canola])
    tokens = np.concatenate([page.node_tokens for page in canola])
    assert (labels == 0).sum() < 10
    good_share = tokens[labels == GOOD].sum() / tokens.sum()
    assert 0.70 < good_share < 0.76


def test_the_final_merged_tag_wins_and_the_majority_fills_its_gaps() -> None:
    merged = ["3", "undefined", "7", None, "1"]
    majority = [1, 3, None, 2, None]
    assert gold_labels(merged, majority).tolist() == [3, 3, 0, 2, 1]
    with pytest.raises(CorpusError, match="the merged page has 1 text nodes, the stats file 2"):
        gold_labels(["1"], [1, 1])


def copy_page(tmp_path: Path, page_id: str = "1000") -> Path:
    source = krdwrd_folder("canola-sample")
    target = tmp_path / "canola-sample"
    for sub in ("pages", "stats", "merged"):
        (target / sub).mkdir(parents=True)
    first = sorted((source / "pages").glob("*.html"))[0].stem
    shutil.copy(source / "pages" / f"{first}.html", target / "pages" / f"{page_id}.html")
    shutil.copy(source / "stats" / f"{first}.stats", target / "stats" / f"{page_id}.stats")
    shutil.copy(source / "merged" / f"{first}.html", target / "merged" / f"{page_id}.html")
    return target


def test_a_page_without_its_stats_file_is_refused_saying_which_file(tmp_path: Path) -> None:
    folder = copy_page(tmp_path)
    (folder / "stats" / "1000.stats").unlink()
    with pytest.raises(CorpusError, match=r"canola-sample/1000: .*1000\.stats is missing"):
        load_page(folder, "1000")


def test_stats_that_do_not_line_up_with_the_nodes_are_refused(tmp_path: Path) -> None:
    folder = copy_page(tmp_path)
    stats = folder / "stats" / "1000.stats"
    stats.write_text(stats.read_text(encoding="utf-8").rstrip("\n").rsplit("\n", 1)[0] + "\n")
    with pytest.raises(CorpusError, match="the labels would not line up"):
        load_page(folder, "1000")
    assert load_page(copy_page(tmp_path / "ok"), "1000").labels.size > 0

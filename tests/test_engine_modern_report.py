"""The modern evaluation report's node level and learning curves (issue 27):
kehr_engine.datasets.scoring.node_scores, kehr_engine.datasets.cross_validation's
node_score / mapped_nodes / training_share / cross_validated_predictions, and
bench/learning_curve.py --dataset.

Synthetic Readability folders in tmp_path check the rules; the data tests read
../shared/data/modern and follow the KrdWrd rule (skip locally with the reason, fail
when CI=true: tests/krdwrd_data.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import kehr_engine.datasets.cross_validation as cv
from kehr_engine.datasets import load_readability
from kehr_engine.datasets.pages import LabelledPage
from kehr_engine.datasets.scoring import node_scores
from kehr_engine.splits import page_folds
from tests.krdwrd_data import krdwrd_folder

REPO = Path(__file__).resolve().parents[1]
MODERN = REPO.parent / "shared/data/modern"

ARTICLE = (
    "The {word} river flows past the old mill every spring and the villagers gather "
    "on its banks to watch the boats of {word} sail by in long slow lines. Later in the "
    "year the water runs low, the mill falls quiet and the children of {word} wade "
    "across to the island to pick berries."
)  # more than 50 words with the heading and the second paragraph: "substantial"


def source(word: str) -> str:
    return (
        '<html lang="en"><head><title>T</title></head><body>'
        "<nav><a href='/'>Home</a> <a href='/n'>News</a> <a href='/c'>Contact us</a></nav>"
        f"<div><h1>About {word}</h1><p>{ARTICLE.format(word=word)}</p>"
        f"<p>Second paragraph on {word} with a few more words to read.</p></div>"
        "<footer>Copyright 2024 all rights reserved</footer></body></html>"
    )


def expected(word: str) -> str:
    return (
        f"<div><h1>About {word}</h1><p>{ARTICLE.format(word=word)}</p>"
        f"<p>Second paragraph on {word} with a few more words to read.</p></div>"
    )


def readability_pages(tmp_path: Path, count: int) -> list[LabelledPage]:
    folder = tmp_path / "readability"
    for n in range(count):
        page = folder / f"page{n}"
        page.mkdir(parents=True)
        (page / "source.html").write_text(source(f"word{n}"), encoding="utf-8")
        (page / "expected.html").write_text(expected(f"word{n}"), encoding="utf-8")
    load = load_readability(folder)
    assert not load.failures, load.failures
    return load.pages


def good_text(page: LabelledPage) -> str:
    return " ".join(t for t, g in zip(page.page.node_texts, page.labels, strict=True) if g == 3)


def test_node_scores_reward_the_gold_nodes_and_nothing_else() -> None:
    texts = [["Home News", "the long article text " * 20, "Copyright"]]
    labels = [np.array([1, 3, 1], dtype=np.int8)]
    exact = node_scores(texts, labels, [np.array([False, True, False])], ["p"])
    assert (exact.f1, exact.micro_f1, exact.empty_by_accident) == (1.0, 1.0, 0)
    everything = node_scores(texts, labels, [np.ones(3, dtype=bool)])
    assert everything.recall == 1.0 and 0.9 < everything.precision < 1.0
    nothing = node_scores(texts, labels, [np.zeros(3, dtype=bool)], ["p"])
    assert (nothing.f1, nothing.micro_f1) == (0.0, 0.0)
    assert nothing.empty_by_accident == 1 and nothing.empty_pages == ["p"]


def test_node_scores_leave_unlabelled_nodes_out_on_both_sides() -> None:
    """trafilatura-eval's nodes without a passage (0) neither help nor hurt."""
    texts = [["menu words here", "the passage text", "unlabelled comment text", "ad"]]
    labels = [np.array([1, 3, 0, 0], dtype=np.int8)]
    with_unlabelled = node_scores(texts, labels, [np.array([False, True, True, True])])
    assert with_unlabelled.f1 == 1.0
    with_bad = node_scores(texts, labels, [np.array([True, True, False, False])])
    assert with_bad.precision == pytest.approx(3 / 6)


def test_node_scores_refuse_mismatched_lengths() -> None:
    with pytest.raises(ValueError, match="one per node"):
        node_scores([["a", "b"]], [np.array([3, 1])], [np.array([True])], ["p"])
    with pytest.raises(ValueError, match="outputs for"):
        node_scores([["a"]], [np.array([3]), np.array([1])], [np.array([True])])


def test_a_baseline_giving_the_expected_text_maps_to_f1_1_and_an_empty_one_to_0(
    tmp_path: Path,
) -> None:
    pages = readability_pages(tmp_path, 2)
    exact = cv.node_score(pages, cv.mapped_nodes(pages, [good_text(p) for p in pages]))
    assert exact["readability"]["all"]["f1"] == 1.0
    assert exact["readability"]["en"]["pages"] == 2
    empty = cv.node_score(pages, cv.mapped_nodes(pages, ["", ""]))
    assert empty["readability"]["all"]["f1"] == 0.0
    assert empty["readability"]["all"]["empty_by_accident"] == 2
    everything = [" ".join(p.page.node_texts) for p in pages]
    kept_all = cv.node_score(pages, cv.mapped_nodes(pages, everything))["readability"]["all"]
    assert kept_all["recall"] == 1.0 and kept_all["precision"] < 1.0
    with pytest.raises(ValueError, match="1 outputs for 2 pages"):
        cv.mapped_nodes(pages, [""])


@pytest.mark.parametrize("share", [0.25, 0.5, 0.75, 1.0])
def test_a_training_share_keeps_that_many_pages_of_the_fold_and_no_test_page(
    share: float,
) -> None:
    ids = [f"p{i}" for i in range(40)]
    rng = np.random.default_rng(0)
    for train_idx, test_idx in page_folds(ids, 5, seed=0):
        chosen = cv.training_share(train_idx, share, rng)
        assert len(chosen) == (len(train_idx) if share == 1 else round(share * len(train_idx)))
        assert len(set(chosen)) == len(chosen)
        assert set(chosen) <= set(train_idx.tolist())
        assert not set(chosen) & set(test_idx.tolist())
    assert len(cv.training_share([1, 2, 3], 0.1, rng)) == 2  # never fewer than 2 pages
    with pytest.raises(ValueError, match="share 0"):
        cv.training_share([1, 2, 3], 0, rng)


def test_cross_validation_with_a_share_trains_each_fold_on_that_many_training_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = readability_pages(tmp_path, 8)
    folds = page_folds([p.page_id for p in pages], 4, seed=0)
    words = {f"word{n}" for n in range(8)}
    seen: list[set[str]] = []
    original = cv.train

    def capture(matrices, labels, names, groups, *, texts, **options):
        seen.append({w for node_texts in texts for t in node_texts for w in t.split()} & words)
        return original(matrices, labels, names, groups, texts=texts, **options)

    monkeypatch.setattr(cv, "train", capture)
    found = cv.cross_validated_predictions(
        pages, ("text", "dom", "context"), folds=4, seed=0, max_iter=3, share=0.5
    )
    assert found.train_pages == [3, 3, 3, 3]  # half of each fold's 6 training pages
    for trained, (_, test_idx) in zip(seen, folds, strict=True):
        assert len(trained) == 3
        assert not trained & {f"word{int(i[-1])}" for i in (pages[j].page_id for j in test_idx)}
    assert len(found.outputs) == len(found.good) == 8
    assert all(len(g) == len(p.page.node_texts) for g, p in zip(found.good, pages, strict=True))


def test_on_real_pages_the_good_nodes_text_maps_back_to_its_own_labels() -> None:
    """The Readability labels come from the same token alignment as the baselines'
    mapping, so the good nodes' text as an extractor's output scores node F1 1 on every
    page (the expected article as rendered text does not quite: it glues inline nodes,
    "Chai" and "." into "Chai.", which modern_cv reports as the mapping's ceiling)."""
    folder = krdwrd_folder("readability", root=MODERN)
    pages = load_readability(folder, 6).pages
    outputs = [good_text(p) for p in pages]
    figures = cv.node_score(pages, cv.mapped_nodes(pages, outputs))["readability"]["all"]
    assert figures["pages"] == len(pages) == 6
    assert figures["f1"] == 1.0


def test_learning_curve_runs_on_a_modern_dataset(tmp_path: Path) -> None:
    """bench/learning_curve.py --smoke --dataset readability: the curve per share, its
    JSON and its last line (a few seconds)."""
    krdwrd_folder("readability", root=MODERN)
    out, table = tmp_path / "curve.json", tmp_path / "curve.md"
    result = subprocess.run(
        [sys.executable, str(REPO / "bench/learning_curve.py"), "--smoke",
         "--dataset", "readability", "--out", str(out), "--markdown", str(table)],
        cwd=REPO, env={**os.environ, "OMP_NUM_THREADS": "1"}, capture_output=True,
        text=True, timeout=240,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    last = result.stdout.strip().splitlines()[-1]
    keys = [pair.split("=", 1)[0] for pair in last.split()[2:]]
    assert keys == [
        "readability_0.5", "readability_1", "readability_per_doubling",
        "readability_train_pages",
    ]  # fmt: skip
    figures = json.loads(out.read_text())["datasets"]["readability"]
    assert figures["trained_per_fold"]["0.5"] == [[4, 4, 4]]  # 12 pages, 3 folds
    assert figures["trained_per_fold"]["1"] == [[8, 8, 8]]
    assert set(figures["node_f1"]) == {"0.5", "1"}
    assert table.read_text().startswith("| dataset | language | pages |")

"""Features never read the gold; the model trains and predicts on a small CANOLA slice."""

from __future__ import annotations

from dataclasses import fields

import numpy as np
import pytest

from kehr_engine.decoding import decode_html
from kehr_engine.evaluation import cross_validate, evaluate_baselines, page_features
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION, GROUPS, NodeDocument, features
from kehr_engine.krdwrd.corpus import iter_corpus
from kehr_engine.limits import EngineInputError
from kehr_engine.model import out_of_fold_proba, train
from kehr_engine.segmenter import segment
from tests.krdwrd_data import krdwrd_folder

FAST_GROUPS = ("text", "dom", "context")


@pytest.fixture(scope="module")
def slice_pages() -> list:
    return list(iter_corpus(krdwrd_folder("canola-sample"), limit=6))


def test_features_come_from_the_html_alone(slice_pages: list, tmp_path) -> None:
    """The same page segmented from its bytes, with no gold anywhere, gets the same rows."""
    assert "labels" not in {f.name for f in fields(NodeDocument)}
    page = slice_pages[0]
    raw = krdwrd_folder("canola-sample") / "pages" / f"{page.page_id.split('/')[1]}.html"
    copy = tmp_path / "page.html"
    copy.write_bytes(raw.read_bytes())
    alone = segment(copy.read_bytes(), page.url)
    names, with_gold = page.page.feature_matrix(DEFAULT_GROUPS)
    _, without = features(
        NodeDocument(alone.node_texts, alone.document, decode_html(copy.read_bytes())[0]),
        DEFAULT_GROUPS,
    )
    assert with_gold.shape == (page.page.node_count, len(names))
    assert np.array_equal(with_gold, without)
    assert {name.split(".")[0] for name in names} == set(DEFAULT_GROUPS)


def test_unknown_feature_groups_are_named() -> None:
    doc = NodeDocument(["a"], "<html><body><kehr-t data-i='0'>a</kehr-t></body></html>", "")
    with pytest.raises(ValueError, match=r"unknown feature groups \['tarot'\]; registered"):
        features(doc, ("text", "tarot"))
    assert set(DEFAULT_GROUPS) <= set(GROUPS)


def test_the_model_learns_good_text_better_than_chance(slice_pages: list) -> None:
    results, timing = cross_validate(
        slice_pages, FAST_GROUPS, k=3, seed=1, max_iter=60, smoothing=True
    )
    smoothed, plain = results
    assert smoothed.accuracy is not None and plain.accuracy is not None
    # A model that learned nothing from three folds of two pages would not beat keeping
    # all text on the same pages. (60 rounds: with LightGBM's 30 the stacked stage, trained
    # on inner folds of these few pages, tied keep-all's micro F1, 0.742.)
    (keep_all,) = evaluate_baselines(slice_pages, ["keep-all"])
    assert smoothed.micro["f1"] > keep_all.micro["f1"]
    assert smoothed.macro["f1"] > keep_all.macro["f1"]
    assert smoothed.confusion is not None
    assert sum(sum(row) for row in smoothed.confusion) == sum(
        int((p.labels != 0).sum()) for p in slice_pages
    )
    assert timing["pages_per_s_features_and_prediction"] > 0
    # Each model row's time is features and its own prediction, never features alone.
    assert smoothed.seconds == timing["feature_seconds"] + timing["predict_seconds"]
    assert plain.seconds > timing["feature_seconds"]
    # The pages carry every annotator's tags: the model (the smoothed row, the report's
    # first) is scored against the same majorities as the annotators themselves.
    reference = timing["annotator_reference"]
    assert reference["pages"] == len(slice_pages) and reference["pairs"] > 2 * len(slice_pages)
    assert 0 < reference["model"]["macro"]["f1"] <= 1
    assert 0 < reference["annotators"]["macro"]["f1"] <= 1


def test_a_page_with_other_features_is_refused_naming_both_versions(slice_pages: list) -> None:
    data = page_features(slice_pages[:3], FAST_GROUPS)
    model = train(
        data.matrices, [p.labels for p in slice_pages[:3]], data.names, FAST_GROUPS, max_iter=20
    )
    assert model.predict(data.matrices[0]).shape == (slice_pages[0].page.node_count,)
    expected = rf"trained on \d+ features \(feature version {FEATURE_VERSION}.*train the model"
    # An EngineInputError: the platform's jobs and API report it as a refused page.
    with pytest.raises(EngineInputError, match=expected):
        model.predict(data.matrices[0][:, :5])


def test_a_feature_column_without_any_value_in_training_does_not_stop_it() -> None:
    """DBCE that labelled none of the training pages (or visual features without layouts)
    leaves a column all NaN; the model trains and predicts, and the column changes nothing."""
    rng = np.random.default_rng(0)
    matrices = [rng.normal(size=(30, 2)) for _ in range(4)]
    labels = [np.where(m[:, 0] > 0, 3, 1) for m in matrices]
    with_silent = [np.c_[m, np.full(len(m), np.nan)] for m in matrices]
    model = train(with_silent, labels, ["a", "b", "dbce"], ("text",), max_iter=10)
    plain = train(matrices, labels, ["a", "b"], ("text",), max_iter=10)
    probe = rng.normal(size=(20, 2))
    said = np.c_[probe, rng.integers(0, 2, size=20)]  # where the method says something
    np.testing.assert_allclose(model.predict_proba(said), plain.predict_proba(probe))
    assert (model.predict(said) == plain.predict(probe)).all()


def test_smoothing_learns_from_pages_stage_1_did_not_see() -> None:
    """A page's out-of-fold stage-1 probabilities (what stage 2 and bench/smoothing.py's
    CRF learn from) come from a booster that never saw its labels: flipping them changes
    nothing there, and changes the other pages' (whose boosters learned from it)."""
    rng = np.random.default_rng(1)
    matrices = [rng.normal(size=(40, 2)) for _ in range(6)]
    labels = [np.where(m[:, 0] > 0, 3, 1) for m in matrices]
    before = out_of_fold_proba(matrices, labels, seed=0, max_iter=10)
    flipped = [np.where(labels[0] == 3, 1, 3), *labels[1:]]
    after = out_of_fold_proba(matrices, flipped, seed=0, max_iter=10)
    np.testing.assert_array_equal(before[0], after[0])
    changed = [not np.array_equal(b, a) for b, a in zip(before[1:], after[1:], strict=True)]
    assert any(changed)
    # And they are probabilities of the three classes that follow the rule learned.
    assert all(p.shape == (40, 3) and np.allclose(p.sum(axis=1), 1) for p in before)
    good = np.concatenate([p[:, 2] for p in before]) > 0.5
    assert (good == (np.concatenate(matrices)[:, 0] > 0)).mean() > 0.9
    # The model trained with smoothing stacks stage 2 on exactly such inputs.
    model = train(matrices, labels, ["a", "b"], ("text",), max_iter=10, smoothing=True)
    assert model.stage2 is not None and model.stage2.n_features == 3 * 7


def test_node_weights_weigh_the_trees_and_weight_0_is_no_evidence() -> None:
    """Partially labelled pages: a node of weight 0 teaches the trees and the lexicon as
    little as an unlabelled one; other weights change what the trees learn."""
    rng = np.random.default_rng(2)
    matrices = [rng.normal(size=(30, 2)) for _ in range(6)]
    labels = [np.where(m[:, 0] > 0, 3, 1) for m in matrices]
    texts = [[("story" if y == 3 else "menu") + f" {j}" for j, y in enumerate(v)] for v in labels]
    # Half the nodes of each page unlabelled, or labelled with weight 0: the same model.
    half = [np.arange(30) % 2 == 0 for _ in matrices]
    unlabelled = [np.where(h, y, 0) for h, y in zip(half, labels, strict=True)]
    zero = [h.astype(float) for h in half]
    a = train(matrices, unlabelled, ["a", "b"], ("text",), max_iter=8, texts=texts)
    b = train(matrices, labels, ["a", "b"], ("text",), max_iter=8, texts=texts, weights=zero)
    probe = rng.normal(size=(15, 2))
    words = [f"story {j}" for j in range(15)]
    np.testing.assert_array_equal(a.predict_proba(probe, words), b.predict_proba(probe, words))
    assert a.lexicon == b.lexicon
    # Good nodes weighed 10 times more: more of the probe is called good.
    heavy = [np.where(y == 3, 10.0, 1.0) for y in labels]
    c = train(matrices, labels, ["a", "b"], ("text",), max_iter=8, weights=heavy)
    d = train(matrices, labels, ["a", "b"], ("text",), max_iter=8)
    assert c.predict_proba(probe)[:, 2].mean() > d.predict_proba(probe)[:, 2].mean()
    with pytest.raises(ValueError, match="page 1: 29 weights for 30 nodes"):
        train(matrices, labels, ["a", "b"], ("text",), weights=[w[:-1] for w in zero])
    with pytest.raises(ValueError, match="finite and not negative"):
        train(matrices, labels, ["a", "b"], ("text",), weights=[-w for w in heavy])
    with pytest.raises(ValueError, match="unknown target 'poetry'"):
        train(matrices, labels, ["a", "b"], ("text",), target="poetry")

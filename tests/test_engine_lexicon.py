"""The lexicon of good and bad words the model learns (kehr_engine.lexicon)."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

from kehr_engine.evaluation import page_features
from kehr_engine.features import DEFAULT_GROUPS
from kehr_engine.krdwrd.corpus import iter_corpus
from kehr_engine.lexicon import (
    ALPHA,
    FEATURE_NAMES,
    Lexicon,
    fit_lexicon,
    out_of_fold_features,
)
from kehr_engine.model import train
from kehr_engine.pipeline import predict, train_model
from tests.krdwrd_data import krdwrd_folder

# Three pages: "story" words in good nodes, "menu" words in bad ones.
TEXTS = [
    ["Home About Contact", "The story of the river begins here.", "Copyright menu"],
    ["Home menu", "A story about the river and the town.", "Copyright 2008"],
    ["About menu Contact", "The river story goes on.", "Copyright menu"],
]
LABELS = [np.array([1, 3, 1]), np.array([1, 3, 1]), np.array([1, 3, 1])]


def test_log_odds_worked_by_hand() -> None:
    lexicon = fit_lexicon(TEXTS, LABELS)
    good_nodes, rest_nodes = 3, 6
    # "story": in 3 good nodes, no other; "copyright": in 3 bad nodes.
    expected = math.log((3 + ALPHA) / (good_nodes + 2 * ALPHA)) - math.log(
        (0 + ALPHA) / (rest_nodes + 2 * ALPHA)
    )
    assert lexicon.log_odds["story"] == pytest.approx(expected)
    assert lexicon.log_odds["copyright"] < 0 < lexicon.log_odds["river"]
    # "begins" is in one node only: below MIN_COUNT, unknown.
    assert "begins" not in lexicon.log_odds


def test_unlabelled_nodes_teach_nothing() -> None:
    lexicon = fit_lexicon(TEXTS, [np.array([1, 0, 1]) for _ in TEXTS])
    assert "story" not in lexicon.log_odds and "copyright" in lexicon.log_odds


def test_features_worked_by_hand() -> None:
    rows = Lexicon({"a": 1.0, "b": -2.0}).features(["A b c", "c", "a"])
    assert rows.shape == (3, len(FEATURE_NAMES))
    column = {name: rows[:, i] for i, name in enumerate(FEATURE_NAMES)}
    np.testing.assert_allclose(column["lexicon.mean"], [-0.5, np.nan, 1.0])
    np.testing.assert_allclose(column["lexicon.sum"], [-1.0, 0.0, 1.0])
    np.testing.assert_allclose(column["lexicon.min"], [-2.0, np.nan, 1.0])
    np.testing.assert_allclose(column["lexicon.max"], [1.0, np.nan, 1.0])
    np.testing.assert_allclose(column["lexicon.known_share"], [2 / 3, 0.0, 1.0])
    # Neighbours see each node's mean (0 where it knows no word), NaN past the ends.
    np.testing.assert_allclose(column["lexicon.prev1.mean"], [np.nan, -0.5, 0.0])
    np.testing.assert_allclose(column["lexicon.next1.mean"], [0.0, 1.0, np.nan])
    np.testing.assert_allclose(column["lexicon.prev2.mean"], [np.nan, np.nan, -0.5])
    np.testing.assert_allclose(column["lexicon.next3.mean"], [np.nan] * 3)
    np.testing.assert_allclose(column["lexicon.window.mean"], [1 / 6] * 3)
    np.testing.assert_allclose(column["lexicon.page.mean"], [1 / 6] * 3)
    assert Lexicon({"a": 1.0}).features([]).shape == (0, len(FEATURE_NAMES))


def test_training_rows_never_see_their_own_page_labels() -> None:
    before = out_of_fold_features(TEXTS, LABELS)
    flipped = [np.array([3, 1, 3]), *LABELS[1:]]  # page 0's labels turned around
    after = out_of_fold_features(TEXTS, flipped)
    np.testing.assert_array_equal(before[0], after[0])
    # ... while the other pages' features, learned partly from page 0, change.
    assert not np.array_equal(np.nan_to_num(before[1]), np.nan_to_num(after[1]))
    # A lone page has no other pages to learn from: it knows no word.
    (alone,) = out_of_fold_features(TEXTS[:1], LABELS[:1])
    assert np.isnan(alone[:, 0]).all() and (alone[:, 4] == 0).all()


def test_a_model_with_a_lexicon_needs_the_texts() -> None:
    matrices = [np.arange(len(t), dtype=float)[:, None] for t in TEXTS]
    model = train(matrices, LABELS, ["x"], ("text",), max_iter=5, texts=TEXTS)
    assert model.lexicon is not None and "story" in model.lexicon.log_odds
    with pytest.raises(ValueError, match="the model has a lexicon: give the page's node texts"):
        model.predict(matrices[0])
    with pytest.raises(ValueError, match="3 rows, 2 texts"):
        model.predict(matrices[0], TEXTS[0][:2])
    assert model.predict(matrices[0], TEXTS[0]).shape == (3,)
    # The lexicon travels with the model.
    copy = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(copy.predict_proba(matrices[1], TEXTS[1]),
                                  model.predict_proba(matrices[1], TEXTS[1]))  # fmt: skip
    # Trained without texts: no lexicon, and the features alone predict.
    plain = train(matrices, LABELS, ["x"], ("text",), max_iter=5)
    assert plain.lexicon is None and plain.predict(matrices[0]).shape == (3,)
    with pytest.raises(ValueError, match="one text per node"):
        train(matrices, LABELS, ["x"], ("text",), max_iter=5, texts=[t[:2] for t in TEXTS])


def test_the_pipeline_learns_and_uses_the_lexicon_on_real_pages(tmp_path) -> None:
    from kehr_engine.model_file import load_model, read_header, save_model

    pages = list(iter_corpus(krdwrd_folder("canola-sample"), limit=4))
    inputs = [p.page for p in pages]
    model = train_model(inputs[:3], [p.labels for p in pages[:3]], max_iter=10)
    assert model.lexicon is not None and len(model.lexicon) > 100
    path = tmp_path / "m.kehr-model"
    save_model(model, path)
    assert read_header(path)["lexicon_words"] == len(model.lexicon)
    loaded = load_model(path)
    first = predict(model, inputs[3])
    again = predict(loaded, inputs[3])
    np.testing.assert_array_equal(first.labels, again.labels)
    # The lexicon is part of the prediction: without it the same boosters cannot run.
    data = page_features(pages[3:], DEFAULT_GROUPS)
    with pytest.raises(ValueError, match="has a lexicon"):
        loaded.predict(data.matrices[0])

"""kehr_engine.never_empty: an empty answer on a page with real text is filled, else kept."""

from __future__ import annotations

import numpy as np

from kehr_engine.never_empty import MIN_CHARS, MIN_WORDS, RELATIVE, fill_if_empty, has_real_text


def proba_with_good(good: list[float]) -> np.ndarray:
    good_column = np.array(good)
    return np.column_stack([1 - good_column, np.zeros_like(good_column), good_column])


def test_real_text_counts_words_or_characters_of_scripts_without_spaces() -> None:
    assert has_real_text(["word " * MIN_WORDS])
    assert not has_real_text(["word " * (MIN_WORDS - 1)])
    # Chinese has no spaces: a long paragraph is one "word" of split().
    assert has_real_text(["中" * MIN_CHARS])
    assert not has_real_text(["中" * (MIN_CHARS - 1)])
    assert has_real_text(["日本語" * (MIN_CHARS // 3 + 1)])


def test_an_empty_answer_on_a_long_page_takes_the_most_likely_nodes() -> None:
    texts = ["Menu", "word " * 40, "more words " * 20, "Footer"]
    proba = proba_with_good([0.05, 0.40, 0.40 * RELATIVE, 0.40 * RELATIVE - 0.01])
    filled = fill_if_empty(np.zeros(4, dtype=bool), proba, texts)
    assert filled.tolist() == [False, True, True, False]


def test_an_answer_that_keeps_something_is_left_alone() -> None:
    texts = ["Menu", "word " * 60]
    good = np.array([True, False])
    assert fill_if_empty(good, proba_with_good([0.6, 0.3]), texts).tolist() == [True, False]


def test_a_short_page_may_stay_empty() -> None:
    texts = ["Home", "About us", "Contact"]
    filled = fill_if_empty(np.zeros(3, dtype=bool), proba_with_good([0.3, 0.2, 0.1]), texts)
    assert not filled.any()


def test_whitespace_nodes_are_never_taken() -> None:
    texts = ["word " * 60, "   "]
    filled = fill_if_empty(np.zeros(2, dtype=bool), proba_with_good([0.3, 0.3]), texts)
    assert filled.tolist() == [True, False]


def test_only_a_target_that_promises_main_content_fills_an_empty_answer() -> None:
    from kehr_engine.pipeline import decide

    texts = ["Menu", "word " * 60]
    proba = np.array([[0.9, 0.0, 0.1], [0.6, 0.0, 0.4]])  # argmax: bad, bad
    assert decide("krdwrd", proba, texts).tolist() == [1, 1]
    assert decide("article", proba, texts).tolist() == [1, 3]

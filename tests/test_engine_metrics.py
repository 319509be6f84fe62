"""The engine's metrics agree with scikit-learn's; CV folds never split a page."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support

from kehr_engine.metrics import (
    PageTokenIndex,
    confusion,
    node_accuracy,
    page_tokens,
    per_class,
    token_scores,
)
from kehr_engine.splits import page_folds, site_of

labels = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3)), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(labels)
def test_node_metrics_agree_with_scikit_learn(pairs: list[tuple[int, int]]) -> None:
    gold = np.array([g for g, _ in pairs])
    predicted = np.array([p for _, p in pairs])
    keep = gold != 0
    if not keep.any():
        return
    assert node_accuracy(gold, predicted) == pytest.approx(
        accuracy_score(gold[keep], predicted[keep])
    )
    expected = confusion_matrix(gold[keep], predicted[keep], labels=[1, 2, 3])
    assert confusion(gold, predicted).tolist() == expected.tolist()
    p, r, f, _ = precision_recall_fscore_support(
        gold[keep], predicted[keep], labels=[1, 2, 3], zero_division=0
    )
    scores = per_class(gold, predicted)
    for i, name in enumerate(("bad", "uncertain", "good")):
        # scikit-learn gives 0 where a class is neither in gold nor predicted; we give 1
        # (nothing to find, nothing wrongly found), so compare only where it is present.
        if (gold[keep] == i + 1).any() or (predicted[keep] == i + 1).any():
            assert scores[name].precision == pytest.approx(p[i])
            assert scores[name].recall == pytest.approx(r[i])
            assert scores[name].f1 == pytest.approx(f[i])


pages = st.lists(
    st.lists(st.tuples(st.integers(1, 4), st.booleans(), st.booleans()), min_size=1, max_size=12),
    min_size=1,
    max_size=6,
)


@settings(max_examples=150, deadline=None)
@given(pages)
def test_token_scores_are_token_weighted_binary_scores_when_words_are_distinct(
    page_nodes: list[list[tuple[int, bool, bool]]],
) -> None:
    """With no word repeated, the bag overlap is scikit-learn's token-weighted score."""
    counted, all_gold, all_predicted, weights = [], [], [], []
    word = 0
    for nodes in page_nodes:
        texts = []
        for tokens, _, _ in nodes:
            texts.append(" ".join(f"w{word + j}" for j in range(tokens)))
            word += tokens
        gold = np.array([g for _, g, _ in nodes])
        predicted = np.array([p for _, _, p in nodes])
        counted.append(page_tokens(texts, gold, predicted))
        all_gold += list(gold)
        all_predicted += list(predicted)
        weights += [t for t, _, _ in nodes]
        if gold.any() or predicted.any():
            p, r, f, _ = precision_recall_fscore_support(
                gold, predicted, sample_weight=[t for t, _, _ in nodes], average="binary",
                zero_division=0,
            )  # fmt: skip
            assert counted[-1].scores.f1 == pytest.approx(f)
            assert counted[-1].scores.precision == pytest.approx(p)
            assert counted[-1].scores.recall == pytest.approx(r)
    if any(all_gold) or any(all_predicted):
        p, r, f, _ = precision_recall_fscore_support(
            all_gold, all_predicted, sample_weight=weights, average="binary", zero_division=0
        )
        micro = token_scores(counted).micro
        assert (micro.precision, micro.recall, micro.f1) == pytest.approx((p, r, f))


def test_token_bags_count_words_not_positions_and_macro_averages_pages() -> None:
    """The same words kept from another node still count (bags, as the 2009 figures)."""
    texts = ["the cat sat", "the cat", "menu"]
    page = page_tokens(texts, np.array([1, 0, 0]), np.array([0, 1, 1]))
    assert (page.overlap, page.predicted, page.gold) == (2, 3, 3)
    empty = page_tokens(["nav"], np.array([0]), np.array([0]))
    assert empty.scores.f1 == 1.0
    scores = token_scores([page, empty])
    assert scores.macro.f1 == pytest.approx((2 / 3 + 1.0) / 2)
    assert scores.micro.f1 == pytest.approx(2 / 3)


words = st.sampled_from(["the", "cat", "sat", "menu", "home", "Home", "a.b"])
nodes = st.lists(st.tuples(st.lists(words, max_size=6).map(" ".join), st.booleans()), max_size=12)


@settings(max_examples=150, deadline=None)
@given(nodes, st.lists(st.lists(st.booleans(), min_size=12, max_size=12), max_size=4))
def test_the_token_index_scores_exactly_as_the_token_bags(
    page: list[tuple[str, bool]], predictions: list[list[bool]]
) -> None:
    """The index the precision-recall curve reuses gives page_tokens' figures."""
    texts = [text for text, _good in page]
    gold = np.array([good for _text, good in page], dtype=bool)
    index = PageTokenIndex(texts, gold)
    # The same tokens against another gold (here: the predictions' complement).
    other = index.with_gold(~gold)
    for predicted in predictions:
        kept = np.array(predicted[: len(texts)], dtype=bool)
        assert index.tokens(kept) == page_tokens(texts, gold, kept)
        assert other.tokens(kept) == page_tokens(texts, ~gold, kept)
    assert index.tokens(gold) == page_tokens(texts, gold, gold)  # the original is untouched
    with pytest.raises(ValueError, match="for 2 nodes"):
        PageTokenIndex(["a", "b"], np.array([True, False])).tokens(np.array([True]))
    with pytest.raises(ValueError, match="2 node texts, 1 gold labels"):
        PageTokenIndex(["a", "b"], np.array([True, False])).with_gold(np.array([True]))


def test_mismatched_lengths_are_refused_with_the_counts() -> None:
    with pytest.raises(ValueError, match="gold has 2 labels, the prediction 3"):
        node_accuracy(np.array([1, 3]), np.array([1, 3, 3]))
    with pytest.raises(ValueError, match="2 node texts, 1 gold and 2 predicted"):
        page_tokens(["a", "b"], np.array([1]), np.array([1, 0]))


def test_folds_put_every_page_in_exactly_one_test_fold() -> None:
    ids = [f"canola/{i}" for i in range(148)]
    folds = page_folds(ids, k=10, seed=3)
    assert len(folds) == 10
    tested = np.concatenate([test for _, test in folds])
    assert sorted(tested.tolist()) == list(range(148))
    for train, test in folds:
        assert not set(train) & set(test)
        assert len(train) + len(test) == 148
    assert page_folds(ids, k=10, seed=3)[0][1].tolist() == folds[0][1].tolist()


def test_site_grouping_keeps_a_site_on_one_side() -> None:
    urls = [f"https://{'www.' if i % 2 else ''}site{i % 7}.example/p{i}" for i in range(40)]
    sites = [site_of(url) for url in urls]
    assert len(set(sites)) == 7
    for train, test in page_folds([str(i) for i in range(40)], k=5, groups=sites):
        assert not {sites[i] for i in train} & {sites[i] for i in test}


def test_bad_fold_requests_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="a page id appears twice"):
        page_folds(["a", "a", "b"], k=2)
    with pytest.raises(ValueError, match="k=5 folds need 2 to 3 groups"):
        page_folds(["a", "b", "c"], k=5)

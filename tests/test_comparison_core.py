"""comparison.core: result codes, node and token scores, unscored nodes, side-by-side diffs.

Pure tests (no database) on hand-made vectors whose answers are worked out by hand.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from comparison.core import (
    CORRECT,
    MISSED,
    UNSCORED,
    WRONG,
    ComparisonError,
    compare,
    compare_many,
    diff,
)

B, U, G = 1, 2, 3

#        node:      0  1  2  3  4  5  6
LEARNER = [G, B, 0, U, G, B, G]
REFERENCE = [G, G, B, U, 0, 0, B]
TOKENS = [10, 2, 3, 5, 50, 7, 1]


def test_every_node_gets_its_result_code():
    result = compare(LEARNER, REFERENCE)
    assert result.result_list() == [CORRECT, WRONG, MISSED, CORRECT, UNSCORED, UNSCORED, WRONG]
    assert result.result_list() == [0, 1, 2, 0, -1, -1, 1]  # the API's numbers
    assert result.counts() == {"scored": 5, "correct": 2, "wrong": 2, "missed": 1, "unscored": 2}


def test_node_score_is_the_share_of_scored_nodes_correct():
    assert compare(LEARNER, REFERENCE).score_nodes == pytest.approx(2 / 5)


def test_token_score_weighs_each_node_by_its_tokens():
    result = compare(LEARNER, REFERENCE, TOKENS)
    # scored nodes 0,1,2,3,6 carry 10+2+3+5+1 = 21 tokens; correct 0 and 3 carry 15.
    assert result.tokens_scored == 21
    assert result.tokens_correct == 15
    assert result.score_tokens == pytest.approx(15 / 21)
    assert result.score_nodes == pytest.approx(2 / 5)  # unchanged by weights


def test_without_token_counts_every_node_weighs_one():
    result = compare(LEARNER, REFERENCE)
    assert result.score_tokens == result.score_nodes


def test_unscored_nodes_never_change_the_score():
    other = list(LEARNER)
    other[4], other[5] = 0, G  # nodes the reference leaves untagged
    assert (
        compare(other, REFERENCE, TOKENS).score_tokens
        == compare(LEARNER, REFERENCE, TOKENS).score_tokens
    )
    assert compare(other, REFERENCE).result_list()[4:6] == [UNSCORED, UNSCORED]


def test_a_perfect_and_an_empty_annotation():
    assert compare(REFERENCE, REFERENCE, TOKENS).score_nodes == 1.0
    empty = compare([0] * 7, REFERENCE, TOKENS)
    assert empty.score_nodes == 0.0
    assert empty.missed == 5


def test_nothing_scored_gives_no_score():
    result = compare([G, B], [0, 0], [3, 4])
    assert result.scored == 0
    assert result.score_nodes is None
    assert result.score_tokens is None


def test_stored_bytes_compare_like_lists():
    stored = compare(bytes(LEARNER), bytes(REFERENCE), TOKENS)
    listed = compare(LEARNER, REFERENCE, TOKENS)
    assert stored.result_list() == listed.result_list()
    assert (stored.counts(), stored.score_tokens) == (listed.counts(), listed.score_tokens)


@pytest.mark.parametrize(
    ("labels", "reference", "tokens", "message"),
    [
        ([G, G], [G], None, "different pages"),
        ([G, 4], [G, G], None, "outside 0..3"),
        ([G, -1], [G, G], None, "outside 0..3"),
        ([G, G], [G, G], [1], "one token count per node"),
        ([G, G], [G, G], [1, -2], "negative"),
    ],
)
def test_vectors_that_do_not_fit_are_refused(labels, reference, tokens, message):
    with pytest.raises(ComparisonError, match=message):
        compare(labels, reference, tokens)


def test_compare_many_scores_each_vector_like_compare():
    vectors = [LEARNER, REFERENCE, [0] * 7, [B] * 7]
    scores = compare_many(vectors, REFERENCE, TOKENS)
    expected = [compare(v, REFERENCE, TOKENS) for v in vectors]
    assert scores.score_nodes is not None and scores.score_tokens is not None
    assert scores.score_nodes.tolist() == pytest.approx([e.score_nodes for e in expected])
    assert scores.score_tokens.tolist() == pytest.approx([e.score_tokens for e in expected])
    assert scores.correct.tolist() == [2, 5, 0, 2]  # all-bad is right on nodes 2 and 6


def test_compare_many_of_nothing():
    scores = compare_many([], REFERENCE, TOKENS)
    assert scores.correct.tolist() == []
    with pytest.raises(ComparisonError, match="label vector 1"):
        compare_many([REFERENCE, [G]], REFERENCE)


vectors = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
        st.lists(st.integers(0, 20), min_size=n, max_size=n),
    )
)


@settings(max_examples=200, deadline=None)
@given(vectors)
def test_scores_match_a_node_by_node_count(case):
    labels, reference, tokens = case
    result = compare(labels, reference, tokens)
    scored = [i for i, r in enumerate(reference) if r]
    correct = [i for i in scored if labels[i] == reference[i]]
    assert result.scored == len(scored)
    assert result.correct == len(correct)
    assert result.missed == sum(1 for i in scored if labels[i] == 0)
    assert result.tokens_correct == sum(tokens[i] for i in correct)
    if scored:
        assert result.score_nodes == pytest.approx(len(correct) / len(scored))
    many = compare_many([labels], reference, tokens)
    assert many.correct.tolist() == [result.correct]


# --------------------------------------------------------------------------- side by side


def test_diff_sets_two_vectors_side_by_side():
    a = [G, B, 0, U, G, 0, 0]
    b = [G, G, B, U, 0, 0, B]
    pair = diff(a, b, TOKENS)
    assert pair.outcomes.tolist() == [0, 1, 3, 0, 2, 4, 3]  # same, different, only B, …
    assert pair.counts() == {"same": 2, "different": 1, "only_a": 1, "only_b": 2, "neither": 1}
    assert pair.both_tagged == 3
    assert pair.agreement_nodes == pytest.approx(2 / 3)
    # tagged by both: nodes 0, 1, 3 with 10 + 2 + 5 tokens, agreeing 0 and 3.
    assert pair.agreement_tokens == pytest.approx(15 / 17)


def test_diff_is_symmetric_in_its_counts():
    a, b = [G, B, 0, U, 0], [B, B, G, 0, 0]
    forward, backward = diff(a, b), diff(b, a)
    assert (forward.same, forward.different, forward.neither) == (
        backward.same,
        backward.different,
        backward.neither,
    )
    assert (forward.only_a, forward.only_b) == (backward.only_b, backward.only_a)


def test_diff_without_common_tags_has_no_agreement():
    pair = diff([G, 0], [0, B])
    assert pair.agreement_nodes is None
    assert pair.agreement_tokens is None
    with pytest.raises(ComparisonError, match="vector A has 2 nodes"):
        diff([G, 0], [G])


def test_results_are_small_integer_arrays():
    assert compare(LEARNER, REFERENCE).results.dtype == np.int8
    assert diff(LEARNER, REFERENCE).outcomes.dtype == np.int8

"""gold.quality: IQR outliers, per-user tag bias against the gold standard, timings."""

from __future__ import annotations

import datetime as dt
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gold.quality import (
    MIN_BIAS_DISTANCE,
    TagBias,
    annotation_minutes,
    bias_outliers,
    confusion_tables,
    flatten_user_gold,
    iqr_fences,
    iqr_outliers,
    tag_bias,
    tag_bias_from_tables,
)

# --- IQR ----------------------------------------------------------------------------


def test_iqr_by_hand() -> None:
    # Linear quartiles of 1..9, 100: positions 2.25 and 6.75 -> 3.25 and 7.75, IQR 4.5.
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100]
    assert iqr_fences(values) == (3.25 - 6.75, 7.75 + 6.75)
    assert iqr_outliers(values).tolist() == [False] * 9 + [True]
    assert iqr_outliers(values, side="low").tolist() == [False] * 10
    assert iqr_outliers([-50, *values[:9]], side="low").tolist() == [True] + [False] * 9


def test_iqr_fence_itself_is_not_an_outlier() -> None:
    # The last value does not move Q3 (between 7 and 8), so the high fence stays 14.5.
    assert iqr_outliers([1, 2, 3, 4, 5, 6, 7, 8, 9, 14.5])[-1] == np.False_
    assert iqr_outliers([1, 2, 3, 4, 5, 6, 7, 8, 9, 14.6])[-1] == np.True_


def test_iqr_small_samples_and_missing_values() -> None:
    assert not iqr_outliers([0, 0, 0, 100]).any()  # four values: no quartiles
    assert iqr_fences([0, 0, 0, 100]) is None
    assert iqr_outliers([0, 0, 0, 100], min_count=4).tolist() == [False, False, False, True]
    values = [math.nan] * 10 + [1, 2, 3, 4, 50] + [math.inf]
    mask = iqr_outliers(values)
    assert mask.tolist() == [False] * 14 + [True, False]
    assert not iqr_outliers([]).any()


def test_iqr_zero_spread_flags_everything_off_the_bulk() -> None:
    assert iqr_outliers([0, 0, 0, 0, 0, 0, 5]).tolist() == [False] * 6 + [True]


def test_iqr_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="1-D"):
        iqr_outliers(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="side"):
        iqr_outliers([1, 2, 3], side="up")  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=5, max_size=60),
    st.sampled_from([1.5, 3.0]),
)
def test_iqr_matches_the_rule_with_numpy_percentiles(values, factor) -> None:
    array = np.array(values)
    q1, q3 = np.percentile(array, [25, 75])
    expected = (array < q1 - factor * (q3 - q1)) | (array > q3 + factor * (q3 - q1))
    np.testing.assert_array_equal(iqr_outliers(array, factor), expected)


# --- tag bias -----------------------------------------------------------------------


def test_tag_bias_by_hand() -> None:
    # user 0: tags bad, good, good, (untagged) where gold says bad, bad, good, good
    # user 1: tags uncertain twice; gold has no label for the first node
    # user 2: nothing
    labels, gold, users = flatten_user_gold(
        [(0, bytes([1, 3, 3, 0]), bytes([1, 1, 3, 3])), (1, bytes([2, 2]), bytes([0, 2]))]
    )
    result = tag_bias(labels, gold, users, 3, min_nodes=1)
    assert result.nodes.tolist() == [3, 1, 0]
    np.testing.assert_allclose(result.user_distribution[0], [1 / 3, 0, 2 / 3])
    np.testing.assert_allclose(result.gold_distribution[0], [2 / 3, 0, 1 / 3])
    np.testing.assert_allclose(result.bias[0], [-1 / 3, 0, 1 / 3])
    np.testing.assert_allclose(result.distance[:2], [1 / 3, 0])
    np.testing.assert_allclose(result.disagreement[:2], [1 / 3, 0])
    np.testing.assert_allclose(result.untagged[:2], [1 / 4, 0])
    np.testing.assert_allclose(result.dominant_share[:2], [2 / 3, 1])
    assert result.judged.tolist() == [True, True, False]
    assert np.isnan(result.distance[2]) and np.isnan(result.user_distribution[2]).all()
    # Three users are too few for quartiles: no fence, nobody flagged.
    assert math.isnan(result.fence) and not result.outlier.any()
    tables = confusion_tables(labels, gold, users, 3)
    assert tables.shape == (3, 4, 4)
    expected = np.zeros((3, 4, 4), dtype=np.int64)
    expected[0, 1, 1] = expected[0, 3, 1] = expected[0, 3, 3] = expected[0, 0, 3] = 1
    expected[1, 2, 0] = expected[1, 2, 2] = 1
    np.testing.assert_array_equal(tables, expected)


def assert_same_bias(left: TagBias, right: TagBias) -> None:
    for name, value in vars(left).items():
        np.testing.assert_array_equal(value, getattr(right, name), err_msg=name)


def test_bias_outliers_rule() -> None:
    distance = np.array([0.04, 0.05, 0.05, 0.06, 0.05, 0.04, 0.06, 0.05, 0.15, 0.5, 0.9, math.nan])
    judged = np.array([True] * 10 + [False, False])
    fence, outlier = bias_outliers(distance, judged)
    assert fence == pytest.approx(0.06 + 1.5 * 0.01)  # Q1 0.05, Q3 0.06
    # 0.15 is beyond the fence but under the absolute minimum; 0.9 is not judged.
    assert distance[8] > fence and distance[8] < MIN_BIAS_DISTANCE
    assert outlier.tolist() == [False] * 9 + [True, False, False]
    fence, outlier = bias_outliers(distance, judged, min_users=11)
    assert math.isnan(fence) and not outlier.any()


def simulated_population(
    seed: int, n_users: int = 20, nodes: int = 600
) -> tuple[list[tuple[int, np.ndarray, np.ndarray]], np.random.Generator]:
    """Careful annotators: the gold label 85 % of the time, a random tag otherwise."""
    rng = np.random.default_rng(seed)
    rows = []
    for user in range(n_users):
        gold = rng.choice([1, 2, 3], size=nodes, p=[0.5, 0.05, 0.45]).astype(np.uint8)
        noise = rng.integers(1, 4, size=nodes).astype(np.uint8)
        labels = np.where(rng.random(nodes) < 0.85, gold, noise).astype(np.uint8)
        rows.append((user, labels, gold))
    return rows, rng


@pytest.mark.parametrize("seed", range(5))
def test_tag_bias_flags_the_annotator_who_let_everything_propagate(seed: int) -> None:
    rows, rng = simulated_population(seed)
    n = len(rows)
    gold = rng.choice([1, 2, 3], size=900, p=[0.5, 0.05, 0.45]).astype(np.uint8)
    # Tagged <body> good and a navigation bar bad, then submitted.
    lazy = np.full(900, 3, dtype=np.uint8)
    lazy[:40] = 1
    # Over-uses "uncertain" a little: biased, but not a strong outlier.
    cautious = np.where(rng.random(900) < 0.12, 2, gold).astype(np.uint8)
    # Propagates too, but after only 50 nodes there is not enough to judge.
    newcomer = np.full(50, 3, dtype=np.uint8)
    rows += [(n, lazy, gold), (n + 1, cautious, gold), (n + 2, newcomer, gold[:50])]
    result = tag_bias(*flatten_user_gold(rows), n + 3)
    assert result.outlier.tolist() == [False] * n + [True, False, False]
    assert result.distance[n] > 0.4 and result.dominant_share[n] > 0.95
    assert result.distance[n + 1] > result.fence  # beyond the fence, below the minimum
    assert result.distance[n + 1] < MIN_BIAS_DISTANCE
    assert result.distance[n + 2] > 0.4 and not result.judged[n + 2]
    assert result.bias[n, 2] > 0.4  # it is "good" that the lazy user over-uses


def test_tag_bias_flags_nobody_in_a_careful_population() -> None:
    rows, _ = simulated_population(11, n_users=40)
    result = tag_bias(*flatten_user_gold(rows), 40)
    assert result.judged.all() and not math.isnan(result.fence)
    assert not result.outlier.any()


@st.composite
def submissions(draw: st.DrawFn) -> tuple[list[tuple[int, bytes, bytes]], int]:
    n_users = draw(st.integers(1, 5))
    rows = []
    for _ in range(draw(st.integers(0, 8))):
        size = draw(st.integers(0, 15))
        codes = st.lists(st.integers(0, 3), min_size=size, max_size=size)
        rows.append((draw(st.integers(0, n_users - 1)), bytes(draw(codes)), bytes(draw(codes))))
    return rows, n_users


@settings(max_examples=200, deadline=None)
@given(submissions())
def test_tag_bias_matches_a_plain_loop(data) -> None:
    rows, n_users = data
    flat = flatten_user_gold(rows)
    result = tag_bias(*flat, n_users, min_nodes=1)
    assert_same_bias(result, tag_bias_from_tables(confusion_tables(*flat, n_users), min_nodes=1))
    for user in range(n_users):
        pairs = [
            (mine, theirs)
            for who, labels, gold in rows
            if who == user
            for mine, theirs in zip(labels, gold, strict=True)
            if theirs
        ]
        tagged = [(mine, theirs) for mine, theirs in pairs if mine]
        assert result.nodes[user] == len(tagged)
        if not tagged:
            assert math.isnan(result.distance[user])
            continue
        mine_counts = Counter(mine for mine, _ in tagged)
        gold_counts = Counter(theirs for _, theirs in tagged)
        distance = 0.5 * sum(abs(mine_counts[k] - gold_counts[k]) for k in (1, 2, 3))
        assert result.distance[user] == pytest.approx(distance / len(tagged))
        assert 0 <= result.distance[user] <= 1
        assert result.user_distribution[user].sum() == pytest.approx(1)
        assert result.disagreement[user] == pytest.approx(
            sum(mine != theirs for mine, theirs in tagged) / len(tagged)
        )
        assert result.untagged[user] == pytest.approx(1 - len(tagged) / len(pairs))


def test_tag_bias_refuses_misaligned_input() -> None:
    with pytest.raises(ValueError, match="parallel"):
        tag_bias(np.array([1, 2], np.uint8), np.array([1], np.uint8), np.array([0, 0]), 1)
    with pytest.raises(ValueError, match="0 \\(untagged\\) to 3"):
        tag_bias(np.array([4], np.uint8), np.array([1], np.uint8), np.array([0]), 1)
    with pytest.raises(ValueError, match=r"0 \.\. 0"):
        tag_bias(np.array([1], np.uint8), np.array([1], np.uint8), np.array([1]), 1)
    with pytest.raises(ValueError, match="Submission 0: 2 labels against a gold vector of 3"):
        flatten_user_gold([(0, bytes([1, 2]), bytes([1, 2, 3]))])


def test_tag_bias_from_tables_refuses_bad_tables() -> None:
    with pytest.raises(ValueError, match="codes, codes"):
        tag_bias_from_tables(np.zeros((2, 4, 3), dtype=np.int64))
    with pytest.raises(ValueError, match="non-negative integer"):
        tag_bias_from_tables(-np.ones((2, 4, 4), dtype=np.int64))


def test_flatten_user_gold_of_nothing() -> None:
    labels, gold, users = flatten_user_gold([])
    result = tag_bias(labels, gold, users, 2)
    assert result.nodes.tolist() == [0, 0] and not result.outlier.any()


# --- annotation time ----------------------------------------------------------------


def test_annotation_minutes_from_aware_datetimes() -> None:
    utc = dt.UTC
    start = dt.datetime(2026, 3, 29, 0, 50, tzinfo=utc)
    berlin = dt.timezone(dt.timedelta(hours=2))
    minutes = annotation_minutes(
        [start, start, None, start],
        [
            start + dt.timedelta(minutes=4, seconds=30),
            dt.datetime(2026, 3, 29, 3, 0, tzinfo=berlin),  # 01:00 UTC: ten minutes
            start,
            start - dt.timedelta(seconds=1),  # clock jumped back: not measurable
        ],
    )
    assert minutes[:2].tolist() == [4.5, 10.0]
    assert np.isnan(minutes[2:]).all()


def test_annotation_minutes_from_datetime64_and_numbers() -> None:
    start = np.array(["2026-01-01T10:00", "NaT"], dtype="datetime64[s]")
    end = np.array(["2026-01-01T10:03:15", "2026-01-01T10:00"], dtype="datetime64[ms]")
    minutes = annotation_minutes(start, end)
    assert minutes[0] == 3.25 and np.isnan(minutes[1])
    assert annotation_minutes([0.0, 60.0], [90.0, 30.0])[0] == 1.5
    with pytest.raises(ValueError, match="same length"):
        annotation_minutes([0.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="Not a time"):
        annotation_minutes(["yesterday"], [None])

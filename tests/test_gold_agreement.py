"""gold.agreement against reference implementations and published worked examples.

References: statsmodels' ``fleiss_kappa`` (Fleiss' multi-pi with a constant number of
coders) and the ``krippendorff`` package (nominal alpha, missing values allowed).
Both are required test dependencies, on purpose not skipped when absent.
"""

from __future__ import annotations

import json
import math
import warnings
from fractions import Fraction
from unittest import mock

import krippendorff
import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from statsmodels.stats.inter_rater import fleiss_kappa

from gold import agreement
from gold.agreement import (
    BATCH_FIELDS,
    Agreement,
    batch_agreement,
    corpus_summary,
    counts_from_vectors,
    page_agreement,
    vectors_from_bytes,
)

TOLERANCE = 1e-9
PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


def reference_fleiss(counts: np.ndarray) -> float:
    """statsmodels' kappa; nan (not a warning) where it divides 0 by 0."""
    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(fleiss_kappa(counts, method="fleiss"))


def reference_alpha(reliability_data: np.ndarray) -> float:
    """The krippendorff package's nominal alpha; nan where it refuses the data.

    It raises ValueError when fewer than two values occur at all or no unit has two
    values: exactly the pages gold.agreement calls undefined.
    """
    try:
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(krippendorff.alpha(reliability_data, level_of_measurement="nominal"))
    except ValueError:
        return math.nan


def assert_close_or_both_nan(actual: float, expected: float) -> None:
    if math.isnan(expected):
        assert math.isnan(actual), f"expected undefined, got {actual}"
    else:
        assert actual == pytest.approx(expected, abs=TOLERANCE, rel=TOLERANCE)


def reliability_from_vectors(vectors: np.ndarray) -> np.ndarray:
    """(coders, units) label codes with 0 as missing, as the krippendorff package wants."""
    data = vectors.astype(np.float64)
    data[vectors == 0] = np.nan
    return data


# --- strategies ---------------------------------------------------------------------


@st.composite
def constant_coder_tables(draw: st.DrawFn) -> tuple[np.ndarray, int]:
    """Counts with the same number (>= 2) of coders on every item: Fleiss' setting."""
    n_categories = draw(st.integers(2, 5))
    n_coders = draw(st.integers(2, 10))
    n_items = draw(st.integers(1, 30))
    labels = draw(
        st.lists(
            st.lists(st.integers(1, n_categories), min_size=n_coders, max_size=n_coders),
            min_size=n_items,
            max_size=n_items,
        )
    )
    vectors = np.array(labels, dtype=np.uint8).T  # (coders, items)
    return counts_from_vectors(vectors, n_categories=n_categories), n_categories


@st.composite
def label_vectors(
    draw: st.DrawFn, max_coders: int = 8, max_nodes: int = 30, n_categories: int = 3
) -> np.ndarray:
    """(coders, nodes) codes 0..n_categories, 0 (untagged) mixed in freely."""
    n_coders = draw(st.integers(1, max_coders))
    n_nodes = draw(st.integers(0, max_nodes))
    codes = st.integers(0, n_categories)
    rows = draw(
        st.lists(
            st.lists(codes, min_size=n_nodes, max_size=n_nodes),
            min_size=n_coders,
            max_size=n_coders,
        )
    )
    return np.array(rows, dtype=np.uint8).reshape(n_coders, n_nodes)


# --- reference implementations ------------------------------------------------------


@PROPERTY_SETTINGS
@given(constant_coder_tables())
def test_pi_equals_statsmodels_fleiss_kappa_with_constant_coders(table) -> None:
    counts, n_categories = table
    result = page_agreement(counts, n_categories=n_categories)
    expected = reference_fleiss(counts)
    event("defined" if result.defined else "undefined")
    assert_close_or_both_nan(result.pi, expected)
    assert result.items == counts.shape[0]
    assert result.coders == counts.sum(axis=1).max()


@PROPERTY_SETTINGS
@given(label_vectors())
def test_alpha_equals_krippendorff_package_with_missing_values(vectors) -> None:
    result = page_agreement(counts_from_vectors(vectors))
    expected = reference_alpha(reliability_from_vectors(vectors))
    event("defined" if result.defined else result.undefined_reason or "")
    assert_close_or_both_nan(result.alpha, expected)


@pytest.mark.parametrize("seed", range(5))
def test_references_agree_on_realistic_pages(seed: int) -> None:
    """Seeded pages shaped like real ones (many nodes, some untagged), mostly defined.

    Guards against the property tests passing vacuously on undefined pages.
    """
    rng = np.random.default_rng(seed)
    n_coders, n_nodes = 6, 300
    truth = rng.choice([1, 3], size=n_nodes, p=[0.6, 0.4])
    vectors = np.where(rng.random((n_coders, n_nodes)) < 0.8, truth, rng.integers(0, 4))
    vectors = vectors.astype(np.uint8)
    result = page_agreement(counts_from_vectors(vectors))
    assert result.defined and 0.2 < result.pi < 0.9
    assert result.alpha == pytest.approx(
        reference_alpha(reliability_from_vectors(vectors)), abs=TOLERANCE
    )
    # Fleiss' setting: every coder tags every node.
    full = np.where(vectors == 0, truth, vectors).astype(np.uint8)
    full_counts = counts_from_vectors(full)
    assert page_agreement(full_counts).pi == pytest.approx(
        reference_fleiss(full_counts), abs=TOLERANCE
    )


@PROPERTY_SETTINGS
@given(label_vectors(), st.data())
def test_token_weights_equal_repeating_each_node_once_per_token(vectors, data) -> None:
    counts = counts_from_vectors(vectors)
    tokens = np.array(
        data.draw(st.lists(st.integers(0, 4), min_size=len(counts), max_size=len(counts))),
        dtype=np.int64,
    )
    weighted = page_agreement(counts, tokens)
    expanded = page_agreement(np.repeat(counts, tokens, axis=0))
    for name in ("a_o", "a_e", "pi", "alpha"):
        assert_close_or_both_nan(getattr(weighted, f"{name}_tokens"), getattr(expanded, name))
    assert weighted.tokens == expanded.items


@PROPERTY_SETTINGS
@given(label_vectors(max_coders=6, max_nodes=20))
def test_items_with_fewer_than_two_tags_do_not_change_anything(vectors) -> None:
    counts = counts_from_vectors(vectors)
    lonely = np.array([[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 1, 0]], dtype=np.int32)
    with_lonely = page_agreement(np.concatenate([lonely, counts, lonely]))
    alone = page_agreement(counts)
    for name in ("a_o", "a_e", "pi", "alpha"):
        assert_close_or_both_nan(getattr(with_lonely, name), getattr(alone, name))
    assert with_lonely.items == alone.items


@PROPERTY_SETTINGS
@given(label_vectors(), st.permutations([0, 1, 2]), st.randoms(use_true_random=False))
def test_invariant_under_renaming_categories_and_reordering_nodes(
    vectors, categories, random
) -> None:
    counts = counts_from_vectors(vectors)
    order = list(range(len(counts)))
    random.shuffle(order)
    original = page_agreement(counts)
    shuffled = page_agreement(counts[order][:, categories])
    for name in ("a_o", "a_e", "pi", "alpha"):
        assert_close_or_both_nan(getattr(shuffled, name), getattr(original, name))


# --- batch versus page --------------------------------------------------------------


@st.composite
def corpora(draw: st.DrawFn) -> list[tuple[np.ndarray, np.ndarray]]:
    pages = draw(st.lists(label_vectors(max_coders=5, max_nodes=12), max_size=8))
    result = []
    for vectors in pages:
        counts = counts_from_vectors(vectors)
        n = len(counts)
        tokens = np.array(draw(st.lists(st.integers(0, 9), min_size=n, max_size=n)), dtype=np.int64)
        result.append((counts, tokens))
    return result


def assert_batch_matches_pages(
    batch: dict[str, np.ndarray], pages: list[Agreement], *, order: list[int] | None = None
) -> None:
    assert set(batch) == set(BATCH_FIELDS)
    for field in BATCH_FIELDS:
        expected = np.array([getattr(page, field) for page in pages])
        # Exact equality, nan equal to nan: a page must not depend on its neighbours.
        np.testing.assert_array_equal(batch[field], expected, err_msg=field)


@PROPERTY_SETTINGS
@given(corpora(), st.booleans(), st.integers(1, 40))
def test_batch_equals_page_by_page_exactly(corpus, use_tokens, chunk_nodes) -> None:
    counts = np.concatenate([c for c, _ in corpus] or [np.zeros((0, 3), np.int32)])
    tokens = np.concatenate([t for _, t in corpus] or [np.zeros(0, np.int64)])
    page_index = np.repeat(np.arange(len(corpus)), [len(c) for c, _ in corpus])
    # Small chunks exercise the chunking, which must never split a page.
    with mock.patch.object(agreement, "_CHUNK_NODES", chunk_nodes):
        batch = batch_agreement(counts, page_index, len(corpus), tokens if use_tokens else None)
    pages = [page_agreement(c, t if use_tokens else None) for c, t in corpus]
    assert_batch_matches_pages(batch, pages)


def test_batch_accepts_unsorted_page_ids_and_empty_pages() -> None:
    rng = np.random.default_rng(7)
    counts = rng.integers(0, 4, size=(60, 3)).astype(np.int32)
    tokens = rng.integers(0, 20, size=60)
    page_index = rng.integers(0, 5, size=60) * 2  # pages 1, 3, 5, 7 have no nodes
    batch = batch_agreement(counts, page_index, 10, tokens)
    pages = [page_agreement(counts[page_index == p], tokens[page_index == p]) for p in range(10)]
    assert_batch_matches_pages(batch, pages)
    assert np.isnan(batch["pi"][1::2]).all() and (batch["nodes"][1::2] == 0).all()


def test_batch_of_no_pages() -> None:
    batch = batch_agreement(np.zeros((0, 3), np.int32), np.zeros(0, np.int64), 0)
    assert all(batch[field].shape == (0,) for field in BATCH_FIELDS)


# --- worked examples from the literature --------------------------------------------

# Fleiss' kappa worked example (Wikipedia "Fleiss' kappa"; also in statsmodels' tests):
# 10 subjects, 14 raters each, 5 categories. P-bar = 0.378, P-bar-e = 0.213, kappa = 0.210.
WIKIPEDIA_FLEISS_TABLE = np.array(
    [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
)
# Its per-subject agreements P_i as printed in the table (3 decimals).
WIKIPEDIA_FLEISS_P_I = [1.000, 0.253, 0.308, 0.440, 0.330, 0.462, 0.242, 0.176, 0.286, 0.286]


def test_fleiss_worked_example() -> None:
    result = page_agreement(WIKIPEDIA_FLEISS_TABLE, n_categories=5)
    assert round(result.a_o, 3) == 0.378
    assert result.a_o == pytest.approx(np.mean(WIKIPEDIA_FLEISS_P_I), abs=5e-4)
    assert round(result.a_e, 3) == 0.213
    assert round(result.pi, 3) == 0.210
    assert result.pi == pytest.approx(reference_fleiss(WIKIPEDIA_FLEISS_TABLE), abs=TOLERANCE)
    assert (result.items, result.coders, result.assignments) == (10, 14, 140)


# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: nominal
# data, four observers, twelve units, values 1..5, missing data. Nominal alpha = 0.743.
KRIPPENDORFF_2011_C = np.array(
    [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3],
        [0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0],
    ],
    dtype=np.uint8,
)


def test_krippendorff_worked_example_with_missing_data() -> None:
    counts = counts_from_vectors(KRIPPENDORFF_2011_C, n_categories=5)
    result = page_agreement(counts, n_categories=5)
    assert round(result.alpha, 3) == 0.743
    # The paper's tally: unit 12 has one value and is not pairable; n = 40 values.
    assert (result.items, result.assignments) == (11, 40)
    assert result.alpha == pytest.approx(
        reference_alpha(reliability_from_vectors(KRIPPENDORFF_2011_C)), abs=TOLERANCE
    )


def test_hand_computed_page() -> None:
    """Three nodes; the third has one tag and is not used.

    node 0: bad, bad           agreement 2*1 / (2*1) = 1
    node 1: bad, good, good    agreement (0 + 2*1) / (3*2) = 1/3
    A_o = (1 + 1/3) / 2 = 2/3; pooled tags bad 3, good 2 of 5: A_e = 9/25 + 4/25 = 13/25
    pi = (2/3 - 13/25) / (12/25) = 11/36
    alpha: coincidence trace 2/1 + 2/2 = 3, n = 5: 1 - 4 * (5 - 3) / (25 - 13) = 1/3
    Tokens 1, 3, 100 (node 1 counts three times, node 2 still unused):
    A_o = (1 + 3 * 1/3) / 4 = 1/2; pooled bad 2 + 3 = 5, good 6 of 11: A_e = 61/121
    pi = (1/2 - 61/121) / (60/121) = -1/120; alpha = 1 - 10 * (11 - 5) / (121 - 61) = 0
    """
    counts = np.array([[2, 0, 0], [1, 0, 2], [0, 0, 1]])
    result = page_agreement(counts, tokens=[1, 3, 100])
    expected = {
        "a_o": Fraction(2, 3),
        "a_e": Fraction(13, 25),
        "pi": Fraction(11, 36),
        "alpha": Fraction(1, 3),
        "a_o_tokens": Fraction(1, 2),
        "a_e_tokens": Fraction(61, 121),
        "pi_tokens": Fraction(-1, 120),
        "alpha_tokens": Fraction(0),
    }
    for name, value in expected.items():
        assert getattr(result, name) == pytest.approx(float(value), abs=1e-12), name
    assert (result.items, result.coders, result.nodes, result.assignments) == (2, 3, 3, 5)
    assert result.tokens == 4.0


# --- edges --------------------------------------------------------------------------


def test_empty_page_is_undefined_without_error() -> None:
    result = page_agreement(np.zeros((0, 3), dtype=np.int32), tokens=np.zeros(0))
    assert (result.items, result.coders, result.nodes, result.assignments) == (0, 0, 0, 0)
    assert all(math.isnan(getattr(result, name)) for name in ("a_o", "a_e", "pi", "alpha"))
    assert result.undefined_reason == "no_pairs"


def test_page_with_at_most_one_tag_per_node_has_no_pairs() -> None:
    vectors = np.array([[1, 0, 3, 0], [0, 2, 0, 0]], dtype=np.uint8)
    result = page_agreement(counts_from_vectors(vectors))
    assert result.items == 0 and result.coders == 1 and result.nodes == 4
    assert math.isnan(result.a_o) and math.isnan(result.pi) and math.isnan(result.alpha)
    assert result.undefined_reason == "no_pairs"
    assert result.as_dict()["pi"] is None


def test_single_category_means_full_raw_agreement_but_undefined_pi() -> None:
    # Everyone tagged everything good; one lone "bad" on an unpaired node changes nothing.
    counts = np.array([[0, 0, 3], [0, 0, 2], [1, 0, 0]])
    result = page_agreement(counts, tokens=[5, 5, 5])
    assert (result.a_o, result.a_e) == (1.0, 1.0)
    assert (result.a_o_tokens, result.a_e_tokens) == (1.0, 1.0)
    assert math.isnan(result.pi) and math.isnan(result.alpha) and math.isnan(result.pi_tokens)
    assert result.undefined_reason == "no_variation"
    # The references agree that there is nothing to correct for chance here.
    assert math.isnan(reference_fleiss(np.array([[0, 0, 3], [0, 0, 3]])))
    full = np.array([[3, 3], [3, 3], [3, 0]], dtype=np.uint8)
    assert math.isnan(reference_alpha(reliability_from_vectors(full)))


def test_perfect_agreement_with_variation_is_one() -> None:
    result = page_agreement(np.array([[3, 0, 0], [0, 0, 3], [0, 2, 0]]))
    assert (result.a_o, result.pi, result.alpha) == (1.0, 1.0, 1.0)


def test_tokens_absent_or_all_zero_leave_token_variants_undefined() -> None:
    counts = np.array([[2, 0, 1], [0, 0, 3]])
    plain = page_agreement(counts)
    zero = page_agreement(counts, tokens=[0, 0])
    assert plain.defined and zero.defined
    for result in (plain, zero):
        assert math.isnan(result.pi_tokens) and math.isnan(result.alpha_tokens)
    assert math.isnan(plain.tokens) and zero.tokens == 0.0


def test_as_dict_is_json_ready() -> None:
    result = page_agreement(np.array([[2, 0, 1], [0, 0, 3]]))
    text = json.dumps(result.as_dict(), allow_nan=False)
    assert json.loads(text)["pi_tokens"] is None
    assert isinstance(result.items, int) and isinstance(result.pi, float)


@pytest.mark.parametrize(
    ("counts", "tokens", "message"),
    [
        (np.zeros((3, 4), np.int32), None, "shape"),
        (np.zeros(3, np.int32), None, "shape"),
        (np.array([[1, -1, 0]]), None, "negative"),
        (np.array([[1.0, 1.0, 0.0]]), None, "integers"),
        (np.array([[1, 1, 0]]), [1, 2], "one entry per node"),
        (np.array([[1, 1, 0]]), [-1], "non-negative"),
        (np.array([[1, 1, 0]]), [np.nan], "finite"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(counts, tokens, message) -> None:
    with pytest.raises(ValueError, match=message):
        page_agreement(counts, tokens)


def test_bad_page_index_is_refused() -> None:
    counts = np.ones((3, 3), np.int32)
    with pytest.raises(ValueError, match=r"0 \.\. 1"):
        batch_agreement(counts, [0, 1, 2], 2)
    with pytest.raises(ValueError, match="one entry per node"):
        batch_agreement(counts, [0, 1], 2)
    with pytest.raises(ValueError, match="integers"):
        batch_agreement(counts, [0.0, 1.0, 1.0], 2)


# --- label vectors ------------------------------------------------------------------


def test_counts_from_stored_bytes() -> None:
    stored = [bytes([1, 3, 0, 2]), bytes([1, 1, 0, 3]), bytes([3, 1, 0, 0])]
    vectors = vectors_from_bytes(stored, 4)
    counts = counts_from_vectors(vectors)
    np.testing.assert_array_equal(counts, [[2, 0, 1], [2, 0, 1], [0, 0, 0], [0, 1, 1]])
    assert counts.dtype == np.int32
    with pytest.raises(ValueError, match="has 3 entries; the page has 4"):
        vectors_from_bytes([bytes([1, 2, 3])], 4)


def test_counts_from_vectors_refuses_unknown_codes() -> None:
    with pytest.raises(ValueError, match="0 \\(untagged\\) to 3"):
        counts_from_vectors(np.array([[1, 4]], dtype=np.uint8))
    with pytest.raises(ValueError, match="2-D"):
        counts_from_vectors(np.array([1, 2], dtype=np.uint8))


def test_counts_from_no_coders() -> None:
    counts = counts_from_vectors(np.zeros((0, 5), dtype=np.uint8))
    assert counts.shape == (5, 3) and not counts.any()
    assert page_agreement(counts).undefined_reason == "no_pairs"


# --- corpus summary -----------------------------------------------------------------


def test_corpus_summary_by_hand() -> None:
    nan = math.nan
    per_page = {
        "pi": np.array([0.55, nan, 1.0, -0.25, nan, -1.5]),
        "alpha": np.array([0.55, nan, 1.0, -0.25, nan, -1.5]),
        "items": np.array([3, 0, 4, 5, 6, 2]),
    }
    nodes = np.array([10, 5, 20, 10, 3, 1])
    tokens = np.array([100, 0, 50, 50, 30, 0])
    summary = corpus_summary(per_page, nodes, tokens)
    json.dumps(summary, allow_nan=False)
    assert summary["pages"] == 6
    pi = summary["pi"]
    assert (pi["pages"], pi["undefined"]) == (4, 2)
    assert (pi["undefined_no_pairs"], pi["undefined_no_variation"]) == (1, 1)
    assert pi["mean"] == pytest.approx(-0.05)
    assert pi["median"] == pytest.approx(0.15)
    assert pi["node_weighted_mean"] == pytest.approx(21.5 / 41)
    assert pi["token_weighted_mean"] == pytest.approx(92.5 / 200)
    histogram = pi["histogram"]
    assert len(histogram["edges"]) == 21 and histogram["edges"][0] == -1.0
    expected = [0] * 20
    expected[0] = expected[7] = expected[15] = expected[19] = 1
    assert histogram["counts"] == expected
    assert histogram["below_range"] == 1
    assert summary["alpha"] == pi


def test_corpus_summary_of_batch_output_with_nothing_defined() -> None:
    batch = batch_agreement(np.array([[1, 0, 0], [0, 0, 3]]), np.array([0, 1]), 3)
    summary = corpus_summary(batch, batch["nodes"], None, metrics=("pi", "alpha", "pi_tokens"))
    for metric in ("pi", "alpha", "pi_tokens"):
        entry = summary[metric]
        assert entry["pages"] == 0 and entry["undefined"] == 3
        assert entry["mean"] is None and entry["median"] is None
        assert entry["node_weighted_mean"] is None and entry["token_weighted_mean"] is None
        assert sum(entry["histogram"]["counts"]) == 0
    assert summary["pi"]["undefined_no_pairs"] == 2
    assert summary["pi"]["undefined_no_variation"] == 1
    json.dumps(summary, allow_nan=False)


def test_corpus_summary_refuses_mismatched_lengths() -> None:
    with pytest.raises(ValueError, match="one value per page"):
        corpus_summary({"pi": np.zeros(3), "alpha": np.zeros(3)}, np.ones(2))
    with pytest.raises(ValueError, match="one entry per page"):
        corpus_summary({"pi": np.zeros(2), "alpha": np.zeros(2)}, np.ones(2), np.ones(3))

"""Label vector validation and encoding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from annotations.labels import LabelVectorError, decode, encode, validate_label_vector


@given(st.lists(st.integers(min_value=0, max_value=3), max_size=500))
def test_valid_vectors_round_trip_through_bytes(vector):
    assert validate_label_vector(vector, len(vector)) == vector
    assert decode(encode(vector)) == vector
    assert len(encode(vector)) == len(vector)


@pytest.mark.parametrize(
    ("value", "count", "message"),
    [
        ({"0": 1}, 1, "Expected a JSON array of 1 labels, received dict"),
        ("1,2,3", 3, "received str"),
        (None, 2, "received NoneType"),
        ([1, 2], 3, "Expected 3 labels (one per text node of the page), received 2"),
        ([1, 2, 3, 0], 3, "received 4"),
        (
            [1, 4, 3],
            3,
            "Label 1 must be 0 (untagged), 1 (bad), 2 (uncertain) or 3 (good), received 4",
        ),
        ([1, -1], 2, "Label 1 must be"),
        (
            [1.0, 2],
            2,
            "Label 0 must be 0 (untagged), 1 (bad), 2 (uncertain) or 3 (good), received 1.0",
        ),
        ([True, 2], 2, "received True"),
        (["3", 2], 2, "received '3'"),
        ([[1], 2], 2, "received [1]"),
    ],
)
def test_malformed_vectors_are_refused_with_a_message(value, count, message):
    with pytest.raises(LabelVectorError) as error:
        validate_label_vector(value, count)
    assert message in str(error.value)

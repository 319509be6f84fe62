"""Grouping captures by layout (kehr_engine.stability.layouts)."""

from __future__ import annotations

import numpy as np
import pytest

from kehr_engine.stability import LayoutCluster, StabilityParams, cluster_captures
from kehr_engine.stability.blocks import pixels
from kehr_engine.stability.layouts import (
    INCOMPATIBLE,
    SAME,
    compare,
    grouping_scores,
    layout_changes,
    same_layout_pattern,
    sticky_rows,
)
from tests.stability_pages import capture

PARAMS = StabilityParams()


def test_a_changed_ad_is_the_same_layout_at_step_one():
    result = compare(layout_changes(pixels(capture(1)), pixels(capture(2)), PARAMS), PARAMS)
    assert (result.verdict, result.step) == (SAME, 1)
    assert 0 < result.high < PARAMS.high_same


def test_a_banner_that_pushes_the_text_down_is_another_layout():
    changes = layout_changes(pixels(capture(1)), pixels(capture(2, banner=True)), PARAMS)
    result = compare(changes, PARAMS)
    assert result.verdict == INCOMPATIBLE
    assert result.step in (2, 3)


def _column_map(bottom_unchanged: int, columns: int) -> np.ndarray:
    """A 54 x 96 changes map: in ``columns`` columns of the search window, a changed
    banner and then ``bottom_unchanged`` unchanged blocks down to the window's end."""
    changes = np.zeros((54, 96), dtype=bool)
    window = PARAMS.search_window
    end = window.y + window.height
    for column in range(window.x, window.x + columns):
        changes[window.y : end - bottom_unchanged, column] = True
    # Enough change elsewhere to leave steps 1 and 2 undecided.
    changes[:, :20] = True
    changes[:, 70:90] = True
    return changes


def test_the_pattern_needs_ncc_neighbouring_banner_over_content_columns():
    assert same_layout_pattern(_column_map(PARAMS.ncs, PARAMS.ncc), PARAMS)
    assert not same_layout_pattern(_column_map(PARAMS.ncs, PARAMS.ncc - 1), PARAMS)
    # Content that moved (changed to the window's end) is no pattern.
    assert not same_layout_pattern(_column_map(PARAMS.ncs - 1, 30), PARAMS)


def test_step_three_decides_when_the_distances_do_not():
    changes = _column_map(28, 44)  # a banner over 18 of the window's 46 rows
    result = compare(changes, PARAMS)
    assert PARAMS.high_same <= result.high <= PARAMS.high_incompatible
    assert result.core is not None
    assert PARAMS.core_same <= result.core <= PARAMS.core_incompatible
    assert (result.verdict, result.step) == (SAME, 3)


def test_captures_cluster_as_grouped_by_hand():
    visits = [capture(v) for v in range(7)] + [capture(v, banner=True) for v in range(7, 10)]
    order = [0, 7, 1, 2, 8, 3, 4, 9, 5, 6]  # the layouts interleaved, as visits come
    clusters = cluster_captures([pixels(visits[i]) for i in order])
    assert [sorted(order[m] for m in c.members) for c in clusters] == [
        list(range(7)),
        [7, 8, 9],
    ]
    assert clusters[0].confidence == 1.0


def test_a_rotating_sticky_bottom_banner_is_left_out():
    captures = [pixels(capture(v, sticky=True)) for v in range(6)]
    keep = sticky_rows(captures, PARAMS)
    assert keep == (1080 - 60) // PARAMS.layout_block
    assert sticky_rows([pixels(capture(v)) for v in range(6)], PARAMS) is None
    # Left out, the banner's rows do not count in the distance.
    with_banner = layout_changes(captures[0], captures[1], PARAMS)
    without = layout_changes(captures[0], captures[1], PARAMS, keep)
    assert with_banner[keep:].all()
    assert without.shape[0] == keep


def test_only_the_first_limit_captures_are_used():
    clusters = cluster_captures(
        [pixels(capture(v)) for v in range(5)], StabilityParams(limit_captures=3)
    )
    assert sum(len(c.members) for c in clusters) == 3


def test_parameters_are_checked():
    with pytest.raises(ValueError, match="share"):
        StabilityParams(pde=1.5)
    with pytest.raises(ValueError, match="at least 2"):
        StabilityParams(limit_captures=1)
    with pytest.raises(ValueError, match="unknown stability parameters"):
        StabilityParams.from_dict({"nnoth": 0.1})
    with pytest.raises(ValueError, match="four whole numbers"):
        StabilityParams.from_dict({"core_window": [1, 2, 3]})
    params = StabilityParams.from_dict({"core_window": [1, 2, 3, 4], "ncc": 3})
    assert params.core_window.slices() == (slice(3, 7), slice(1, 3))
    assert StabilityParams.from_dict(params.as_dict()) == params


def test_grouping_scores_are_the_thesis_two_figures():
    def clusters(*groups):
        return [LayoutCluster(list(g)) for g in groups]

    known = [0, 0, 0, 1, 1, 0]
    assert grouping_scores(clusters([0, 1, 2, 5], [3, 4]), known) == (1.0, 1.0)
    # One capture of layout 0 put with layout 1: 5 of 6 captures, neither layout exact.
    assert grouping_scores(clusters([0, 1, 2], [3, 4, 5]), known) == (5 / 6, 0.0)
    # Layout 0 split in two: its bigger part counts, layout 1 is still exact.
    assert grouping_scores(clusters([0, 1], [2, 5], [3, 4]), known) == (4 / 6, 0.5)
    # Everything in one cluster: layout 0's captures count, layout 1 has no cluster left.
    assert grouping_scores(clusters(range(6)), known) == (4 / 6, 0.0)

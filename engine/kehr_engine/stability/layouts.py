"""Grouping captures by layout: the thesis' three steps.

Two captures are compared on their *changes map* (:func:`layout_changes`: 20 px blocks,
changed when more than ``layout_nonzero`` of the pixels differ) over the viewport's
height. The decision takes the first step that settles it:

1. the share of changed blocks over the whole map: below ``high_same`` the same layout,
   above ``high_incompatible`` another one;
2. the same share inside the core window (``core_same`` / ``core_incompatible``);
3. the *same layout pattern* in the search window: at least ``ncc`` neighbouring columns
   that read, top to bottom, ``(D|S)* D{ncd,} S{ncs,}`` to their end (D changed, S
   unchanged): a banner changed and the content under it did not move. Found: the same
   layout; not found: another one.

Before that, a sticky banner at the viewport's bottom (a run of bottom rows changed in
most comparisons with the first capture) is left out of every map, so a rotating
bottom ad does not split one layout in two.

Each capture is compared with the first member of each cluster, largest cluster
first, and joins the first that has the same layout; otherwise it starts a cluster.
A cluster's *confidence* is the share of its new members that step 1 admitted: the
lower, the more its members needed the finer steps (Kehr's reading of the thesis'
"layout confidence counted over a cluster's new members").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from kehr_engine.stability.blocks import changed_share
from kehr_engine.stability.params import StabilityParams

__all__ = ["Comparison", "LayoutCluster", "cluster_captures", "compare", "grouping_scores",
           "same_layout_pattern"]  # fmt: skip

SAME, INCOMPATIBLE = "same", "incompatible"


@dataclass(frozen=True)
class Comparison:
    verdict: str  # SAME or INCOMPATIBLE
    step: int  # 1 whole map, 2 core window, 3 pattern search
    high: float
    core: float | None = None


@dataclass
class LayoutCluster:
    members: list[int]  # capture indices; the first is the one others are compared with
    steps: list[int] = field(default_factory=list)  # the step that admitted each new member

    @property
    def confidence(self) -> float:
        """Share of new members admitted by step 1 (1.0 for a cluster of one)."""
        return sum(s == 1 for s in self.steps) / len(self.steps) if self.steps else 1.0


def layout_changes(
    a: np.ndarray, b: np.ndarray, params: StabilityParams, keep_rows: int | None = None
) -> np.ndarray:
    """The changes map of two captures over the viewport's height (True = changed)."""
    height = min(a.shape[0], b.shape[0], params.viewport_height)
    width = min(a.shape[1], b.shape[1])
    share = changed_share(a, b, params.layout_block, (height, width))
    changed = share > params.layout_nonzero
    return changed[:keep_rows] if keep_rows is not None else changed


def _run_at_end(column: np.ndarray, value: bool) -> int:
    """Length of the run of ``value`` that ends the column."""
    other = np.flatnonzero(column != value)
    return len(column) - 1 - int(other[-1]) if other.size else len(column)


def pattern_columns(window: np.ndarray, params: StabilityParams) -> np.ndarray:
    """Per column of a changes window, whether it reads ``(D|S)* D{ncd,} S{ncs,}`` to its end.

    The S run that ends the column must be ``ncs`` long and the D run just above it
    ``ncd`` long; a direct reading of the thesis' expression (a regular expression over
    the columns backtracks for minutes on a 46 x 44 window).
    """
    out = np.zeros(window.shape[1], dtype=bool)
    for index, column in enumerate(window.T):
        unchanged = _run_at_end(column, False)
        if unchanged < params.ncs or unchanged == len(column):
            continue
        out[index] = _run_at_end(column[: len(column) - unchanged], True) >= params.ncd
    return out


def same_layout_pattern(changes: np.ndarray, params: StabilityParams) -> bool:
    """Whether the search window holds ``ncc`` neighbouring banner-over-content columns."""
    rows, columns = params.search_window.slices()
    matching = pattern_columns(changes[rows, columns], params)
    run = best = 0
    for match in matching:
        run = run + 1 if match else 0
        best = max(best, run)
    return best >= params.ncc


def compare(changes: np.ndarray, params: StabilityParams) -> Comparison:
    """The three steps on one changes map."""
    high = float(changes.mean()) if changes.size else 0.0
    if high < params.high_same:
        return Comparison(SAME, 1, high)
    if high > params.high_incompatible:
        return Comparison(INCOMPATIBLE, 1, high)
    core_map = changes[params.core_window.slices()]
    core = float(core_map.mean()) if core_map.size else high
    if core < params.core_same:
        return Comparison(SAME, 2, high, core)
    if core > params.core_incompatible:
        return Comparison(INCOMPATIBLE, 2, high, core)
    verdict = SAME if same_layout_pattern(changes, params) else INCOMPATIBLE
    return Comparison(verdict, 3, high, core)


def sticky_rows(captures: Sequence[np.ndarray], params: StabilityParams) -> int | None:
    """The number of viewport rows to keep, or None when there is no bottom banner.

    Every capture is compared with the first; each comparison votes for the rows it
    saw changed (more than ``sticky_row_changed`` of their blocks). The run of bottom
    rows with more than ``sticky_votes`` of the votes, if no longer than
    ``sticky_max_rows``, is a sticky banner.
    """
    if len(captures) < 2:
        return None
    votes = None
    for capture in captures[1:]:
        changes = layout_changes(captures[0], capture, params)
        row_changed = changes.mean(axis=1) > params.sticky_row_changed
        votes = (
            row_changed.astype(int)
            if votes is None
            else votes[: len(row_changed)] + row_changed[: len(votes)]
        )
    assert votes is not None
    voted = votes / (len(captures) - 1) > params.sticky_votes
    run = 0
    for row_voted in voted[::-1]:
        if not row_voted:
            break
        run += 1
    if run == 0 or run > params.sticky_max_rows or run == len(voted):
        return None
    return len(voted) - run


def cluster_captures(
    captures: Sequence[np.ndarray], params: StabilityParams | None = None
) -> list[LayoutCluster]:
    """Clusters of capture indices by layout, largest first (the first ``limit_captures``)."""
    params = params or StabilityParams()
    captures = list(captures)[: params.limit_captures]
    keep = sticky_rows(captures, params)
    clusters: list[LayoutCluster] = []
    for index, capture in enumerate(captures):
        for cluster in sorted(clusters, key=lambda c: -len(c.members)):
            first = captures[cluster.members[0]]
            comparison = compare(layout_changes(first, capture, params, keep), params)
            if comparison.verdict == SAME:
                cluster.members.append(index)
                cluster.steps.append(comparison.step)
                break
        else:
            clusters.append(LayoutCluster([index]))
    return sorted(clusters, key=lambda c: (-len(c.members), c.members[0]))


def grouping_scores(clusters: Sequence[LayoutCluster], known: Sequence[int]) -> tuple[float, float]:
    """How a clustering agrees with a known grouping (``known[i]``: capture i's layout).

    The thesis' two figures: the share of *captures* grouped as known (each known layout
    is matched to the cluster holding most of its captures, each cluster to at most one
    layout; a capture counts when it sits in its layout's cluster), and the share of
    *layouts* grouped as known (a layout counts when one cluster holds exactly its
    captures).
    """
    found = [set(c.members) for c in clusters]
    layouts: dict[int, set[int]] = {}
    for index, layout in enumerate(known):
        layouts.setdefault(layout, set()).add(index)
    pairs = sorted(
        ((len(members & cluster), layout, c) for layout, members in layouts.items()
         for c, cluster in enumerate(found)),
        reverse=True,
    )  # fmt: skip
    matched_layouts: set[int] = set()
    matched_clusters: set[int] = set()
    correct = 0
    for overlap, layout, c in pairs:
        if overlap and layout not in matched_layouts and c not in matched_clusters:
            matched_layouts.add(layout)
            matched_clusters.add(c)
            correct += overlap
    exact = sum(any(members == cluster for cluster in found) for members in layouts.values())
    return correct / len(known) if known else 1.0, exact / len(layouts) if layouts else 1.0

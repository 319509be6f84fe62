"""From the block mask to Kehr's numbered nodes.

A node's *stability* is the share of its rectangle's area (inside the region the
captures cover) that lies on static blocks; *covered* is the share of its area inside
that region at all. Rectangles are CSS px in page coordinates, captures are taken at a
device pixel ratio of 1, so both use the same pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kehr_engine.stability.core import StabilityMap

__all__ = ["STATIC_SHARE_GOOD", "PageStability", "node_stability", "stability_labels"]

#: The labels source calls a node candidate content (good) at this static share or more.
STATIC_SHARE_GOOD = 0.5
BAD, GOOD = 1, 3


@dataclass(frozen=True)
class PageStability:
    """What the engine gets of a page's visits: the map, and the node rectangles measured
    at the captures' viewport (not the harvest's: another width moves every node)."""

    smap: StabilityMap
    rects: np.ndarray  # (nodes, 4): x, y, width, height in CSS px; NaN rows for no box

    def node_values(self) -> tuple[np.ndarray, np.ndarray]:
        return node_stability(self.rects, self.smap)


def _overlaps(start: float, length: float, count: int, block: int) -> tuple[int, np.ndarray]:
    """First block index and the px each block from there shares with [start, start+length)."""
    end = min(start + length, count * block)
    start = max(start, 0.0)
    if end <= start:
        return 0, np.zeros(0)
    first, last = int(start // block), int(np.ceil(end / block))
    edges = np.arange(first, last + 1) * block
    return first, np.minimum(edges[1:], end) - np.maximum(edges[:-1], start)


def node_stability(rects: np.ndarray, smap: StabilityMap) -> tuple[np.ndarray, np.ndarray]:
    """Per node (stability, covered); NaN for nodes without a box or outside the map."""
    n = len(rects)
    stability = np.full(n, np.nan)
    covered = np.full(n, np.nan)
    static = smap.static.astype(np.float64)
    rows, columns = static.shape
    for i, (x, y, w, h) in enumerate(np.asarray(rects, dtype=np.float64)):
        if not np.isfinite([x, y, w, h]).all() or w <= 0 or h <= 0:
            continue
        first_column, across = _overlaps(x, w, columns, smap.block)
        first_row, down = _overlaps(y, h, rows, smap.block)
        inside = across.sum() * down.sum()
        covered[i] = inside / (w * h)
        if inside <= 0:
            continue
        grid = static[first_row : first_row + len(down), first_column : first_column + len(across)]
        stability[i] = float(down @ grid @ across) / inside
    return stability, covered


def stability_labels(rects: np.ndarray, smap: StabilityMap) -> np.ndarray:
    """A label vector: static nodes good (candidate content), dynamic bad, unknown 0."""
    stability, _ = node_stability(rects, smap)
    labels = np.zeros(len(rects), dtype=np.int8)
    known = ~np.isnan(stability)
    labels[known & (stability >= STATIC_SHARE_GOOD)] = GOOD
    labels[known & (stability < STATIC_SHARE_GOOD)] = BAD
    return labels

"""The ``visual`` feature group: where and how each node is drawn.

From the page's :class:`~kehr_engine.layout.Layout` (rectangles and computed styles
measured in Firefox): position and size relative to the page, area, line boxes, font
size (absolute and against the page's usual text), weight, colour luminance, visibility,
whether the node is above the fold, and how far it sits from the main text column.

The main text column is where the page's long text runs: the character-weighted medians
of the left and right edges of nodes with at least ``COLUMN_MIN_TOKENS`` tokens. It is
computed from the page alone (no labels), like every feature.

A page without a layout, and a node the browser did not lay out, get NaN: the gradient
boosting learns a branch for missing values, so one model serves pages with and without
a layout (the CLI's raw HTML has none).
"""

from __future__ import annotations

import numpy as np

from kehr_engine.groups import NodeDocument, register
from kehr_engine.layout import STYLE_FIELDS

__all__ = ["COLUMN_MIN_TOKENS", "VISUAL_NAMES", "visual_group"]

#: Nodes this long (whitespace tokens) define the main text column.
COLUMN_MIN_TOKENS = 8

VISUAL_NAMES = [
    "x_rel", "y_rel", "width_rel", "height_screens", "area_log", "y_screens",
    "above_fold", "zero_size", "line_boxes", "font_px", "font_rel", "bold", "visible",
    "luminance", "column_overlap", "column_distance", "column_left_offset",
    "page_screens", "page_rendered_share",
]  # fmt: skip


def _weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    return float(values[order][np.searchsorted(cumulative, cumulative[-1] / 2)])


@register("visual")
def visual_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    n = len(doc.node_texts)
    matrix = np.full((n, len(VISUAL_NAMES)), np.nan)
    layout = doc.layout
    if layout is None or n == 0:
        return list(VISUAL_NAMES), matrix
    x, y, w, h = layout.rects.T
    view_w, view_h = layout.viewport
    page_w = max(layout.document[0], view_w)
    page_h = max(layout.document[1], view_h)
    style = {name: layout.styles[:, i] for i, name in enumerate(STYLE_FIELDS)}
    chars = np.array([len(t) for t in doc.node_texts], dtype=np.float64)
    tokens = doc.text_rows()[:, 0]
    drawn = ~np.isnan(x) & (w > 0) & (h > 0)

    fonts = style["font_px"]
    known_font = drawn & ~np.isnan(fonts)
    body_font = np.nan
    if known_font.any():
        body_font = _weighted_median(fonts[known_font], chars[known_font] + 1)

    long_nodes = drawn & (tokens >= COLUMN_MIN_TOKENS)
    if long_nodes.any():
        weights = chars[long_nodes]
        left = _weighted_median(x[long_nodes], weights)
        right = max(_weighted_median((x + w)[long_nodes], weights), left + 1.0)
        overlap = np.clip(np.minimum(x + w, right) - np.maximum(x, left), 0, None)
        column_overlap = overlap / np.maximum(w, 1.0)
        column_distance = np.abs(x + w / 2 - (left + right) / 2) / page_w
        column_left_offset = (x - left) / page_w
    else:
        column_overlap = column_distance = column_left_offset = np.full(n, np.nan)

    columns = [
        x / page_w,
        y / page_h,
        w / page_w,
        h / view_h,
        np.log1p(w * h),
        y / view_h,
        (y < view_h).astype(np.float64),
        ((w <= 0) | (h <= 0)).astype(np.float64),
        style["line_boxes"],
        fonts,
        fonts / body_font,
        (style["font_weight"] >= 600).astype(np.float64),
        style["visible"],
        style["luminance"],
        column_overlap,
        column_distance,
        column_left_offset,
        np.full(n, page_h / view_h),
        np.full(n, drawn.mean()),
    ]
    matrix = np.column_stack(columns)
    # Nodes without a box: nothing is known of them but the page-level values.
    matrix[np.isnan(x), :-2] = np.nan
    # Comparisons with NaN gave 0.0 above; put the unknowns back.
    unknown_style = np.isnan(style["font_weight"])
    matrix[unknown_style, VISUAL_NAMES.index("bold")] = np.nan
    return list(VISUAL_NAMES), matrix

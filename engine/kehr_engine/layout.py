"""A page's rendered layout: each numbered node's rectangle and computed style.

The platform measures it in Firefox (the harvester after each capture, ``manage.py
render_pages`` for pages that came without one) and stores the JSON this module reads:

    {"rects":    [[x, y, width, height] | null, ...],   # CSS px, page coordinates
     "styles":   [[font_px, font_weight, line_boxes, visible, luminance] | null, ...],
     "viewport": [width, height], "document": [width, height], ...}

one entry per text node, in node order; ``null`` for a node the browser did not lay out
(e.g. inside ``<select>``). ``styles`` is absent from layouts measured before it existed:
those nodes get no style values (NaN), as do pages without any layout, so the ``visual``
feature group (:mod:`kehr_engine.visual`) works with whatever a page has.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["STYLE_FIELDS", "Layout", "LayoutError"]

#: The columns of ``styles``, as the browser script measures them.
STYLE_FIELDS = ("font_px", "font_weight", "line_boxes", "visible", "luminance")


class LayoutError(ValueError):
    """A layout that does not fit its page; the message says what is wrong."""


@dataclass(frozen=True)
class Layout:
    rects: np.ndarray  # (nodes, 4) float64; NaN rows for nodes without a box
    styles: np.ndarray  # (nodes, len(STYLE_FIELDS)) float64; NaN where unknown
    viewport: tuple[float, float]
    document: tuple[float, float]

    @property
    def node_count(self) -> int:
        return int(self.rects.shape[0])

    @classmethod
    def from_json(cls, data: Any, node_count: int, name: str = "the layout") -> Layout:
        """Read a stored layout for a page of ``node_count`` nodes.

        Raises LayoutError when it is not a layout or was measured for another
        segmentation of the page (a different number of nodes): its boxes would belong
        to other nodes.
        """
        if not isinstance(data, dict) or not isinstance(data.get("rects"), list):
            raise LayoutError(f"{name} is not a layout: it has no list of rects.")
        if len(data["rects"]) != node_count:
            raise LayoutError(
                f"{name} has {len(data['rects'])} rectangles, the page {node_count} text "
                "nodes: it was measured for another segmentation; render the page again."
            )
        rects = _rows(data["rects"], 4, name, "rects")
        styles = data.get("styles")
        if isinstance(styles, list) and len(styles) == node_count:
            style_rows = _rows(styles, len(STYLE_FIELDS), name, "styles")
        else:
            style_rows = np.full((node_count, len(STYLE_FIELDS)), np.nan)
        return cls(
            rects=rects,
            styles=style_rows,
            viewport=_pair(data.get("viewport"), name, "viewport"),
            document=_pair(data.get("document"), name, "document"),
        )

    @classmethod
    def read(cls, path: Path, node_count: int) -> Layout:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise LayoutError(f"{path}: cannot read the layout: {error}") from None
        return cls.from_json(data, node_count, str(path))


def _rows(values: list, width: int, name: str, key: str) -> np.ndarray:
    matrix = np.full((len(values), width), np.nan)
    for i, row in enumerate(values):
        if row is None:
            continue
        if not isinstance(row, list) or len(row) != width:
            raise LayoutError(f"{name}: {key}[{i}] is not null or a list of {width} numbers.")
        for j, value in enumerate(row):
            if isinstance(value, bool):
                value = float(value)
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise LayoutError(f"{name}: {key}[{i}][{j}] is not a finite number.")
            matrix[i, j] = value
    return matrix


def _pair(value: Any, name: str, key: str) -> tuple[float, float]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and math.isfinite(v) and v > 0 for v in value)
    ):
        return float(value[0]), float(value[1])
    raise LayoutError(f"{name}: {key} is not a [width, height] pair of positive numbers.")

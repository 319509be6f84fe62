"""The ``visual_stability`` feature group: did the node stay put across visits?

From the page's :class:`~kehr_engine.stability.StabilityMap` (harvested with
``--visits``) and its layout's rectangles: the share of the node's area on static
blocks, the share of its area the captures cover, and, for the page, how many layouts
the visits fell into and how many captures the map rests on. A page without visits or
without a layout, and a node outside the captured region, get NaN (the boosting learns
a branch for missing values). Registered on import by kehr_engine.features.
"""

from __future__ import annotations

import numpy as np

from kehr_engine.features import NodeDocument, register
from kehr_engine.stability.nodes import node_stability

__all__ = ["STABILITY_NAMES", "stability_group"]

STABILITY_NAMES = ["static_share", "covered", "layouts", "captures"]


@register("visual_stability")
def stability_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    n = len(doc.node_texts)
    matrix = np.full((n, len(STABILITY_NAMES)), np.nan)
    smap, layout = doc.stability, doc.layout
    if smap is None or layout is None or n == 0:
        return list(STABILITY_NAMES), matrix
    matrix[:, 0], matrix[:, 1] = node_stability(layout.rects, smap)
    matrix[:, 2] = smap.layouts
    matrix[:, 3] = smap.captures
    return list(STABILITY_NAMES), matrix

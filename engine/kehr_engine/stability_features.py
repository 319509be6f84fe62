"""The ``visual_stability`` feature group: did the node stay put across visits?

From the page's :class:`~kehr_engine.stability.PageStability` (its visits' block map,
harvested with ``--visits``, and the node rectangles measured at the visits'
viewport): the share of the node's area on static blocks, the share of its area the
captures cover, and, for the page, how many layouts the visits fell into and how many
captures the map rests on. A page without visits, and a node outside the captured
region or without a box, get NaN (the boosting learns a branch for missing values).
Registered (kehr_engine.groups) when kehr_engine.features imports this module.
"""

from __future__ import annotations

import numpy as np

from kehr_engine.groups import NodeDocument, register

__all__ = ["STABILITY_NAMES", "stability_group"]

STABILITY_NAMES = ["static_share", "covered", "layouts", "captures"]


@register("visual_stability")
def stability_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    n = len(doc.node_texts)
    matrix = np.full((n, len(STABILITY_NAMES)), np.nan)
    page = doc.stability
    if page is None or n == 0:
        return list(STABILITY_NAMES), matrix
    if len(page.rects) != n:
        raise ValueError(
            f"the visits' layout has {len(page.rects)} rectangles, the page {n} text nodes: "
            "it was measured for another segmentation."
        )
    matrix[:, 0], matrix[:, 1] = page.node_values()
    matrix[:, 2] = page.smap.layouts
    matrix[:, 3] = page.smap.captures
    return list(STABILITY_NAMES), matrix

"""The ``urltree`` and ``dbce`` feature groups: what the template methods said of a node.

The platform's template methods (docs/methods.md) store a label vector per page and
method (``urltree:<heuristic>``, ``dbce``); a page comes to the engine with them in
``NodeDocument.method_labels``. Each method becomes one column: 1 where it called the
node boilerplate, 0 where content, NaN where it said nothing (no vector for the page,
a page it left unlabelled, an invalid fragment), so the boosting learns what their
silence means too. Registered (kehr_engine.groups) when kehr_engine.features imports this module.
"""

from __future__ import annotations

import numpy as np

from kehr_engine.groups import NodeDocument, register

__all__ = ["DBCE_METHODS", "URLTREE_METHODS", "method_columns"]

URLTREE_METHODS = ("urltree:strict", "urltree:strict-support-100", "urltree:strict-at-domain",
                   "urltree:relaxed-at-domain-500", "urltree:strict-share-40",
                   "urltree:relaxed-share-40")  # fmt: skip
DBCE_METHODS = ("dbce",)
BAD, GOOD = 1, 3


def method_columns(doc: NodeDocument, methods: tuple[str, ...]) -> np.ndarray:
    n = len(doc.node_texts)
    matrix = np.full((n, len(methods)), np.nan)
    given = doc.method_labels or {}
    for column, method in enumerate(methods):
        labels = given.get(method)
        if labels is None or len(labels) != n:
            continue  # none, or of another segmentation: nothing known
        labels = np.asarray(labels)
        matrix[labels == BAD, column] = 1.0
        matrix[labels == GOOD, column] = 0.0
    return matrix


@register("urltree")
def urltree_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    names = [m.split(":", 1)[1] for m in URLTREE_METHODS]
    return names, method_columns(doc, URLTREE_METHODS)


@register("dbce")
def dbce_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    return ["boilerplate"], method_columns(doc, DBCE_METHODS)

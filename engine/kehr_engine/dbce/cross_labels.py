"""A page against its cross: the labels of its numbered nodes, by the unit the options name.

The two units live in their own modules and share the word machinery of
:mod:`kehr_engine.dbce.labels`: word runs voted per node (:func:`.labels.label_words`,
the reading before issue 31) and text blocks (:func:`.blocks.label_blocks`, the
default). This module only checks the cross and picks one, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from kehr_engine.dbce.blocks import label_blocks
from kehr_engine.dbce.labels import NEEDS_UP, DbceResult, label_words
from kehr_engine.dbce.options import DEFAULT_OPTIONS, DbceOptions
from kehr_engine.dbce.similar import Cross

__all__ = ["label_cross"]


def label_cross(
    cross: Cross,
    document: str,
    node_count: int,
    others: Mapping[str, str],
    *,
    options: DbceOptions = DEFAULT_OPTIONS,
) -> DbceResult:
    """Label the nodes of cur (its annotation document) against the other members'
    HTML (``others``: role -> HTML, for every member of the cross); a cross without
    up leaves every node unlabelled with the reason."""
    if cross.up is None:
        keys = {role: capture.key for role, capture in cross.others()}
        return DbceResult(np.zeros(node_count, dtype=np.uint8), NEEDS_UP, cross=keys)
    if options.unit == "block":
        return label_blocks(cross, document, node_count, others, options)
    return label_words(cross, document, node_count, others, options)

"""The feature-group registry and what a group sees of a page.

A group is a function ``(doc: NodeDocument) -> (names, matrix)`` giving one row per node,
registered under its name with :func:`register`. The groups live in
:mod:`kehr_engine.features` (text, dom, context, extractors) and in their own modules
(:mod:`kehr_engine.visual`, :mod:`kehr_engine.template_features`,
:mod:`kehr_engine.stability_features`); they all import this leaf module, and
:mod:`kehr_engine.features` imports them, so the import graph has no cycle (an
import-linter contract in pyproject.toml keeps it so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
from lxml import etree

from kehr_engine.dom_stats import DomStats, dom_stats
from kehr_engine.layout import Layout
from kehr_engine.segmenter import shared_document_tree
from kehr_engine.stability.nodes import PageStability
from kehr_engine.text_stats import text_matrix

__all__ = ["GROUPS", "Group", "NodeDocument", "register"]


@dataclass
class NodeDocument:
    """What features may look at: the page, never its labels."""

    node_texts: list[str]
    document: str  # the annotation document (numbered <kehr-t> wrappers)
    html: str  # the page as harvested, for the extractors
    layout: Layout | None = None  # rendered boxes and styles, when the page has them
    # Label vectors of the template methods ("urltree:strict", "dbce"), when it has them.
    method_labels: Mapping[str, np.ndarray] | None = None
    # The page's static/dynamic block map from its visits and the node rectangles at the
    # visits' viewport (kehr_engine.stability), if it has them.
    stability: PageStability | None = None
    cache: dict[str, object] = field(default_factory=dict)

    def root(self) -> etree._Element:
        if "root" not in self.cache:
            # The segmenter's own parse (huge_tree, its depth limit): lxml's default
            # parser stops at 256 levels and dropped the nodes below them. Plain element
            # classes, and the parse is shared with the clean text
            # (segmenter.shared_document_tree): never modify this tree.
            self.cache["root"] = shared_document_tree(self.document)
        return self.cache["root"]  # type: ignore[return-value]

    def dom(self) -> DomStats:
        """Per-element statistics of the annotation document, computed once per page."""
        if "dom" not in self.cache:
            self.cache["dom"] = dom_stats(self.root(), self.text_rows())
        return self.cache["dom"]  # type: ignore[return-value]

    def text_rows(self) -> np.ndarray:
        """The text group's matrix, computed once per page (other groups reuse it)."""
        if "text" not in self.cache:
            self.cache["text"] = text_matrix(self.node_texts)
        return self.cache["text"]  # type: ignore[return-value]


Group = Callable[[NodeDocument], tuple[list[str], np.ndarray]]
GROUPS: dict[str, Group] = {}


def register(name: str) -> Callable[[Group], Group]:
    def decorate(function: Group) -> Group:
        GROUPS[name] = function
        return function

    return decorate

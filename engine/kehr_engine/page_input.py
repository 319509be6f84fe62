"""What the engine knows of one page: :class:`PageInput`, and its features.

A page enters the engine as a PageInput (node texts, annotation document, decoded HTML,
URL, and where measured its layout, the template methods' vectors and its visual
stability), never with its labels. Gold data holds a PageInput beside the labels
(:class:`kehr_engine.krdwrd.corpus.GoldPage`), so training, cross-validation and
prediction all compute features by :meth:`PageInput.feature_matrix`, through
:meth:`PageInput.node_document`, which checks that the document holds exactly the
page's nodes. :mod:`kehr_engine.pipeline` names PageInput too, where callers find it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from lxml import etree

from kehr_engine.decoding import decode_html
from kehr_engine.features import NodeDocument, features
from kehr_engine.layout import Layout
from kehr_engine.limits import EngineInputError, check_node_count, check_size
from kehr_engine.segmenter import (
    NODE_INDEX_ATTR,
    NODE_TAG,
    SegmenterError,
    TooDeepError,
    segment,
)
from kehr_engine.stability.nodes import PageStability

__all__ = ["PageInput"]


@dataclass(frozen=True)
class PageInput:
    """What the engine needs of one page; never its labels."""

    node_texts: list[str]
    document: str  # the annotation document (numbered <kehr-t data-i> wrappers)
    html: str  # the page's decoded HTML (for extractor features); "" when unknown
    url: str = ""
    layout: Layout | None = None  # rendered boxes and styles (kehr_engine.layout), if any
    # The template methods' label vectors ("urltree:strict", "dbce"), if any.
    method_labels: Mapping[str, np.ndarray] | None = None
    # The visits' block map and node rectangles (kehr_engine.stability), if any.
    stability: PageStability | None = None

    @classmethod
    def from_html(
        cls,
        raw: bytes | str,
        url: str = "",
        declared_charset: str | None = None,
        *,
        max_nodes: int | None = None,
        name: str = "",
    ) -> PageInput:
        """Segment a page as the platform does (same numbering), from bytes or text.

        Raises EngineInputError for empty or binary input, a page past the size limit
        (:func:`kehr_engine.limits.max_bytes`, checked before segmenting) or past the node
        limit (``max_nodes``, default :func:`kehr_engine.limits.max_nodes`). Errors name
        the page by ``name``, else by its URL.
        """
        name = name or url or "the page"
        # Characters, not bytes, for text: the limit is about memory, and close enough.
        check_size(len(raw), name)
        try:
            page = segment(raw, url, declared_charset)
            # The segmenter keeps only its annotation document; the extractor features
            # read the page as decoded (a second decode costs milliseconds).
            html = raw if isinstance(raw, str) else decode_html(raw, declared_charset)[0]
        except SegmenterError as error:
            raise EngineInputError(f"{name}: {error}") from None
        check_node_count(page.node_count, name, max_nodes)
        return cls(page.node_texts, page.document, html, url)

    @property
    def node_count(self) -> int:
        return len(self.node_texts)

    def node_document(self) -> NodeDocument:
        """What the features see, checked: the document must hold exactly these nodes."""
        doc = NodeDocument(
            self.node_texts, self.document, self.html, self.layout, self.method_labels,
            self.stability,
        )  # fmt: skip
        name = self.url or "the page"
        indices: list[int] | None = []
        if self.node_texts:
            try:
                # Parsed once here and cached on the NodeDocument for the feature groups.
                root = doc.root()
                indices = sorted(int(w.get(NODE_INDEX_ATTR, "")) for w in root.iter(NODE_TAG))
            except TooDeepError as error:  # the message names the limit
                raise EngineInputError(f"{name}: {error}") from None
            except (ValueError, etree.ParserError):
                indices = None
        if indices != list(range(self.node_count)):
            found = "no" if indices is None else f"{len(indices)}"
            raise EngineInputError(
                f"{name}: its annotation document has {found} numbered nodes for "
                f"{self.node_count} node texts (or they are not numbered 0..n-1); "
                "give the document the segmenter made for this page (PageInput.from_html)."
            )
        if self.layout is not None and self.layout.node_count != self.node_count:
            raise EngineInputError(
                f"{name}: its layout has {self.layout.node_count} boxes for {self.node_count} "
                "nodes: it was measured for another segmentation; render the page again."
            )
        return doc

    def feature_matrix(self, groups: Sequence[str]) -> tuple[list[str], np.ndarray]:
        """The page's feature names and matrix (one row per node) from the named groups,
        through the checked :meth:`node_document`: the one way training, cross-validation
        and prediction compute features."""
        return features(self.node_document(), groups)

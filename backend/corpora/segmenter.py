"""The platform's name for the segmenter, which lives in the engine (kehr_engine.segmenter).

The engine must number nodes exactly as the platform does, so there is one copy of the
segmenter and it is the engine's (Django-free, usable without the platform). Every
``from corpora.segmenter import …`` keeps working through this re-export.
"""

from kehr_engine.decoding import FALLBACK_ENCODING
from kehr_engine.segmenter import (
    ESCAPABLE_RAW_TEXT_ELEMENTS,
    MAX_DEPTH,
    NODE_INDEX_ATTR,
    NODE_TAG,
    RAW_TEXT_ELEMENTS,
    SKIPPED_ELEMENTS,
    WRAPPED_FROM_OUTSIDE,
    EncodingSource,
    SegmentedPage,
    SegmenterError,
    TextNode,
    TooDeepError,
    _parse,
    _serialize,
    decode_html,
    enumerate_text_nodes,
    krdwrd_token_count,
    parse_document,
    read_node_texts,
    segment,
)

__all__ = [
    "ESCAPABLE_RAW_TEXT_ELEMENTS",
    "FALLBACK_ENCODING",
    "MAX_DEPTH",
    "NODE_INDEX_ATTR",
    "NODE_TAG",
    "RAW_TEXT_ELEMENTS",
    "SKIPPED_ELEMENTS",
    "WRAPPED_FROM_OUTSIDE",
    "EncodingSource",
    "SegmentedPage",
    "SegmenterError",
    "TextNode",
    "TooDeepError",
    "_parse",
    "_serialize",
    "decode_html",
    "enumerate_text_nodes",
    "krdwrd_token_count",
    "parse_document",
    "read_node_texts",
    "segment",
]

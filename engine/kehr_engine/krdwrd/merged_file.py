"""Reading the 2008 KrdWrd ``merged/<id>.html`` gold pages (krdwrd_import reads them too).

Elements carry ``class="krdwrd-tag-N"``; a text node's gold tag is that of its nearest
ancestor with such a class (tags are pushed down the tree). The page is segmented by
Kehr's own segmenter, so node ``i`` here is node ``i`` of the imported page; each
wrapper's ancestors are the node's original ancestors (a tail text's wrapper sits
beside its element, inside the element that holds the text). Around a textarea or a
raw text element the wrapper sits outside that element, which is then the text's
nearest ancestor (2008 put the tag of a textarea's text on the textarea: page 831).
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html

from kehr_engine.segmenter import (
    NODE_INDEX_ATTR,
    NODE_TAG,
    WRAPPED_FROM_OUTSIDE,
    parse_document,
    segment,
)

CLASS_RE = re.compile(r"(?:^|\s)krdwrd-tag-(\w+)(?:\s|$)")


def read_merged(path: Path, url: str) -> list[str | None]:
    """The class suffix (normally "1", "2" or "3") of every text node, None if unmarked."""
    document = segment(path.read_bytes(), url).document
    root = parse_document(document)
    tags: dict[int, str | None] = {}
    for wrapper in root.iter(NODE_TAG):
        tags[int(wrapper.attrib[NODE_INDEX_ATTR])] = _nearest_tag(_text_parent(wrapper))
    return [tags[i] for i in range(len(tags))]


def _text_parent(wrapper: lxml.html.HtmlElement) -> lxml.html.HtmlElement:
    """The element that held the wrapped text in the 2008 page (the wrapper has no class)."""
    if len(wrapper) == 1 and isinstance(wrapper[0].tag, str):
        if wrapper[0].tag.lower() in WRAPPED_FROM_OUTSIDE:
            return wrapper[0]
    return wrapper


def _nearest_tag(element: lxml.html.HtmlElement | None) -> str | None:
    while element is not None:
        match = CLASS_RE.search(element.get("class") or "")
        if match:
            return match.group(1)
        element = element.getparent()
    return None

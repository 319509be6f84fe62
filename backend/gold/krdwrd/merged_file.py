"""Reading the 2008 KrdWrd ``merged/<id>.html`` gold pages.

Elements carry ``class="krdwrd-tag-N"``; a text node's gold tag is that of its nearest
ancestor with such a class (tags are pushed down the tree). The page is segmented by
Kehr's own segmenter, so node ``i`` here is node ``i`` of the imported page; each
wrapper's ancestors are the node's original ancestors (a tail text's wrapper sits
beside its element, inside the element that holds the text).
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html

from corpora.segmenter import NODE_INDEX_ATTR, NODE_TAG, segment

CLASS_RE = re.compile(r"(?:^|\s)krdwrd-tag-(\w+)(?:\s|$)")


def read_merged(path: Path, url: str) -> list[str | None]:
    """The class suffix (normally "1", "2" or "3") of every text node, None if unmarked."""
    document = segment(path.read_bytes(), url).document
    root = lxml.html.document_fromstring(document)
    tags: dict[int, str | None] = {}
    for wrapper in root.iter(NODE_TAG):
        tag = None
        for element in wrapper.iterancestors():
            match = CLASS_RE.search(element.get("class") or "")
            if match:
                tag = match.group(1)
                break
        tags[int(wrapper.get(NODE_INDEX_ATTR))] = tag
    return [tags[i] for i in range(len(tags))]

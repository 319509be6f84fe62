"""Plain text for corpus building: each page's good text, one paragraph per node.

A page starts with a header line ``# kehr-page id=ID url=URL``, then a blank line, then
its selected nodes, each on one line (runs of whitespace inside a node become one
space) separated by blank lines. Pages without selected text are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from corpora.models import Corpus
from gold.exports.page import GoldPage

HEADER_PREFIX = "# kehr-page"
GOOD, UNCERTAIN = 3, 2


def write(corpus: Corpus, pages: Iterable[GoldPage], *, include_uncertain: bool = False
          ) -> Iterator[bytes]:  # fmt: skip
    wanted = {GOOD, UNCERTAIN} if include_uncertain else {GOOD}
    for page in pages:
        paragraphs = [
            " ".join(text.split())
            for text, label in zip(page.texts, page.labels.tolist(), strict=True)
            if label in wanted
        ]
        if not paragraphs:
            continue
        url = page.url.replace("\n", " ")
        body = "\n\n".join(paragraphs)
        yield f"{HEADER_PREFIX} id={page.id} url={url}\n\n{body}\n\n".encode()

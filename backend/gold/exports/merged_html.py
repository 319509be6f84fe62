"""Merged HTML: a ZIP of annotation documents with each node's gold tag as a class.

``pages/<id>.html`` is the page's annotation document in which every
``<kehr-t data-i="N">`` wrapper carries ``class="kehr-gold-<name> krdwrd-tag-<code>"``
(the second class is the 2008 KrdWrd layout, so KrdWrd tools read it) and
``data-gold-share``, plus a small stylesheet that colours the tags in any browser;
``index.html`` lists the pages. Scripts are switched off by a Content-Security-Policy
meta element: these are archived third-party pages opened from a local file.

The ZIP is written entry by entry into a pipe that is emptied after every page, so
memory stays constant (zipfile writes data descriptors on unseekable output).
"""

from __future__ import annotations

import re
import time
import zipfile
from collections.abc import Iterable, Iterator
from html import escape

from corpora.models import Corpus
from corpora.segmenter import NODE_INDEX_ATTR, NODE_TAG
from gold.exports.page import GoldPage
from gold.exports.source import LABEL_NAMES
from gold.models import PageGold

STYLE = (
    '<style id="kehr-gold-style">'
    "kehr-t.kehr-gold-good{background:rgba(46,160,67,.28)!important;"
    "outline:1px solid rgba(46,160,67,.7)}"
    "kehr-t.kehr-gold-bad{background:rgba(110,110,110,.22)!important;color:#555!important;"
    "text-decoration:line-through rgba(110,110,110,.8)}"
    "kehr-t.kehr-gold-uncertain{background:rgba(235,180,0,.38)!important}"
    "kehr-t.kehr-gold-none{outline:2px dashed #c0392b}"
    "body::before{content:'Kehr gold standard: green good, grey bad, yellow uncertain, "
    "red outline no label';position:fixed;z-index:2147483647;top:0;right:0;"
    "font:12px sans-serif;background:#fff;color:#000;border:1px solid #999;padding:2px 6px}"
    "</style>"
)
CSP = (
    "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'; object-src 'none'\">"
)
# What the segmenter writes for every node, in index order (see corpora.segmenter).
WRAPPER_RE = re.compile(rf'<{NODE_TAG} {NODE_INDEX_ATTR}="(\d+)">')
META_CHARSET = '<meta charset="utf-8">'


class _Pipe:
    """A write-only file for zipfile whose contents are taken out after each entry."""

    def __init__(self) -> None:
        self._chunks: list[bytes] = []

    def write(self, data: bytes) -> int:
        self._chunks.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def close(self) -> None:  # zipfile's writable-file protocol asks for it; never called
        pass

    def take(self) -> bytes:
        data = b"".join(self._chunks)
        self._chunks.clear()
        return data


def tag_document(page: GoldPage) -> str:
    """The page's annotation document with gold classes on its node wrappers."""
    labels = page.labels.tolist()
    shares = page.vote_shares()
    expected = 0

    def classify(match: re.Match[str]) -> str:
        nonlocal expected
        index = int(match.group(1))
        # Wrappers come in index order; anything else is page text that merely looks
        # like a wrapper (inside a script or comment) and stays as it is.
        if index != expected or index >= len(labels):
            return match.group(0)
        expected += 1
        label = labels[index]
        classes = f"kehr-gold-{LABEL_NAMES[label]}"
        if label:
            classes += f" krdwrd-tag-{label}"
        share = "" if shares[index] is None else f' data-gold-share="{shares[index]}"'
        return f'<{NODE_TAG} {NODE_INDEX_ATTR}="{index}" class="{classes}"{share}>'

    document = WRAPPER_RE.sub(classify, page.document)
    head = CSP + STYLE
    if META_CHARSET in document:
        return document.replace(META_CHARSET, META_CHARSET + head, 1)
    return head + document


def write(corpus: Corpus, pages: Iterable[GoldPage], *, include_uncertain: bool = False
          ) -> Iterator[bytes]:  # fmt: skip
    pipe = _Pipe()
    stamp = time.localtime()[:6]
    with zipfile.ZipFile(pipe, mode="w", compression=zipfile.ZIP_DEFLATED) as archive:
        written: list[int] = []
        for page in pages:
            info = zipfile.ZipInfo(f"pages/{page.id}.html", date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, tag_document(page).encode("utf-8"))
            written.append(page.id)  # ids only: 8 bytes a page
            yield pipe.take()
        info = zipfile.ZipInfo("index.html", date_time=stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, _index(corpus, written).encode("utf-8"))
    yield pipe.take()


def _index(corpus: Corpus, page_ids: list[int]) -> str:
    rows = []
    listed = set(page_ids)
    golds = (
        PageGold.objects.filter(corpus=corpus, page_id__in=listed)
        .order_by("page_id")
        .values_list("page_id", "page__title", "page__url", "status", "pi")
    )
    for page_id, title, url, status, pi in golds.iterator(chunk_size=2000):
        pi_text = "" if pi is None else f"{pi:.3f}"
        rows.append(
            f'<tr><td><a href="pages/{page_id}.html">{page_id}</a></td>'
            f"<td>{escape(title or '')}</td><td>{escape(url)}</td><td>{status}</td>"
            f"<td>{pi_text}</td></tr>"
        )
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{escape(corpus.name)}: gold standard</title></head><body>"
        f"<h1>{escape(corpus.name)}: gold standard</h1>"
        "<p>Each page shows its merged tags: green good, grey bad, yellow uncertain, "
        "red outline no gold label (unresolved tie or no votes).</p>"
        "<table><tr><th>page</th><th>title</th><th>URL</th><th>status</th><th>pi</th></tr>"
        + "".join(rows)
        + "</table></body></html>"
    )

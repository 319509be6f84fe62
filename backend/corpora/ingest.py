"""Storing a page: raw HTML through the segmenter into a Page row."""

from __future__ import annotations

from datetime import datetime

from corpora.models import Corpus, Page
from corpora.segmenter import SegmentedPage, segment


def add_page(
    corpus: Corpus,
    raw: bytes | str,
    *,
    url: str,
    final_url: str = "",
    declared_charset: str | None = None,
    capture_record_id: str = "",
    captured_at: datetime | None = None,
    segmented: SegmentedPage | None = None,
    source_encoding: str | None = None,
) -> Page:
    """Segment the HTML and store it as a page of the corpus (or update the page at that URL).

    The document's <base> points at the final URL, so relative links resolve as they did
    for the harvester's browser. A caller that segmented ``raw`` already (the harvester
    checks word counts first) passes the result as ``segmented`` instead of paying twice.
    ``source_encoding`` overrides the encoding the segmenter decoded with: a DOM snapshot
    arrives as text, and the page's own charset is the one the browser reported.
    """
    if segmented is None:
        segmented = segment(raw, final_url or url, declared_charset)
    page, _created = Page.objects.update_or_create(
        corpus=corpus,
        url=url,
        defaults={
            "final_url": final_url or url,
            "title": segmented.title[:1000],
            "document": segmented.document,
            "source_encoding": (source_encoding or segmented.encoding)[:64],
            "node_count": segmented.node_count,
            "word_count": segmented.word_count,
            "node_tokens": segmented.node_tokens,
            "capture_record_id": capture_record_id,
            "captured_at": captured_at,
        },
    )
    return page

"""The harvest filters as plain functions: each returns None (keep) or (reason, message).

Duplicates are decided in two places: duplicates *within* one list when the job is
created (harvest.urllist), and duplicates against everything already harvested into
the corpus with :class:`harvest.models.Fingerprint` claims, taken in the same
transaction that stores the page (race-free across workers).
"""

from __future__ import annotations

import hashlib

import lxml.html
from lxml import etree

from harvest.models import HarvestItem

Reason = HarvestItem.Reason
HTML_TYPES = ("text/html", "application/xhtml+xml")


def check_http_status(status: int | None) -> tuple[str, str] | None:
    if status is not None and status >= 400:
        return Reason.HTTP_ERROR, f"HTTP status {status}"
    return None


# Set by the recorder on its own answers (proxy/kehr_proxy/addon.py, RECORDER_ERROR_META).
RECORDER_ERROR_META = "kehr-recorder-error"
# mitmproxy's page when it cannot reach the origin: "<title>502 Bad Gateway</title>".
PROXY_ERROR_TITLE = "502 Bad Gateway"


# The recorder's refusal names KEHR_ARCHIVE_ALLOW_PRIVATE; people set it where they run
# manage.py harvest, which changes nothing (issue 26). Say where it is read.
REFUSED_WHERE = (
    "The recorder reads that setting when it starts: restart it with the variable set "
    "(`manage.py archive_proxy --mode record`, or ./dev run), then re-run the job; setting "
    "it for manage.py harvest or a worker changes nothing. This attempt is not counted."
)


def _page_text(document) -> str:
    body = document.find("body")
    text = (body if body is not None else document).text_content()
    return " ".join(text.split())[:500]


def check_recorder_answer(
    status: int | None, html: str, *, recorded: bool
) -> tuple[str, str] | None:
    """An error status the recording proxy gave instead of the site, as (reason, message).

    ``recorded``: whether the archive holds a response for the page's final URL. The
    recorder archives everything a site answers, so an error page it did *not* archive
    came from the recorder itself: its own refusal or dead-host page (marked with
    ``<meta name="kehr-recorder-error">``) or mitmproxy's page for an origin it could
    not connect to. Those are network problems, not the site's HTTP status.
    """
    if status is None or status < 400 or recorded or not html.strip():
        return None
    try:
        document = lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return None
    marker = document.xpath(f'//meta[@name="{RECORDER_ERROR_META}"]/@content')
    paragraphs = [" ".join(p.text_content().split()) for p in document.iter("p")]
    if marker:
        message = paragraphs[0] if paragraphs else _page_text(document)
        if marker[0] == "refused":
            return Reason.REFUSED_ADDRESS, f"{message} {REFUSED_WHERE}"
        return Reason.NETWORK_ERROR, message
    title = " ".join((document.findtext(".//title") or "").split())
    if title == PROXY_ERROR_TITLE:
        detail = paragraphs[0] if paragraphs else _page_text(document)
        return Reason.NETWORK_ERROR, f"the recorder could not reach the site: {detail}"
    return None


def check_content_type(content_type: str) -> tuple[str, str] | None:
    mime = content_type.split(";")[0].strip().lower()
    if mime not in HTML_TYPES:
        return Reason.NOT_HTML, f"content type {mime or 'unknown'!r} is not HTML"
    return None


def check_word_count(words: int, min_words: int, max_words: int) -> tuple[str, str] | None:
    if words < min_words:
        return Reason.TOO_SHORT, f"{words} words, the corpus needs at least {min_words}"
    if words > max_words:
        return Reason.TOO_LONG, f"{words} words, the corpus takes at most {max_words}"
    return None


def text_digest(node_texts: list[str]) -> str:
    """SHA-256 of the page text, whitespace-normalised per node.

    Node boundaries are kept (joined with newlines), markup is not: the same text in
    a different template or with different whitespace is the same text.
    """
    text = "\n".join(" ".join(t.split()) for t in node_texts)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprint_key(kind: str, value: str) -> str:
    """A Fingerprint key: ``kind:`` + SHA-256 of the value (``text`` digests as they are)."""
    if kind == "text":
        return f"text:{value}"
    return f"{kind}:{hashlib.sha256(value.encode('utf-8')).hexdigest()}"

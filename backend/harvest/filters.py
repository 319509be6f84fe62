"""The harvest filters as plain functions: each returns None (keep) or (reason, message).

Duplicates are decided in two places: duplicates *within* one list when the job is
created (harvest.urllist), and duplicates against everything already harvested into
the corpus with :class:`harvest.models.Fingerprint` claims, taken in the same
transaction that stores the page (race-free across workers).
"""

from __future__ import annotations

import hashlib

from harvest.models import HarvestItem

Reason = HarvestItem.Reason
HTML_TYPES = ("text/html", "application/xhtml+xml")


def check_http_status(status: int | None) -> tuple[str, str] | None:
    if status is not None and status >= 400:
        return Reason.HTTP_ERROR, f"HTTP status {status}"
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

"""A page's language: what the page declares, else a guess from its text, else unknown.

The declaration (``<html lang>``, ``xml:lang`` or a ``content-language`` meta) is
read with a regular expression from the first part of the decoded HTML: it sits in
the head, and parsing a 1 MB page a second time for one attribute would cost more
than the loader's whole alignment. Only the primary subtag is kept, in lower case
("de-AT" -> "de"). Without a declaration, :func:`kehr_engine.language.guess_language`
is asked when that module exists (it is optional here).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence

# The head is rarely past 64 kB; a declaration further down is not looked for.
HEAD_CHARS = 65536
_HTML_LANG = re.compile(
    r"<html\b[^>]*?\b(?:xml:)?lang\s*=\s*[\"']?\s*([A-Za-z]{2,3})(?![A-Za-z])", re.I
)
_META_TAG = re.compile(r"<meta\b[^>]*>", re.I)
_CONTENT_LANGUAGE = re.compile(r"http-equiv\s*=\s*[\"']?content-language", re.I)
_CONTENT = re.compile(r"\bcontent\s*=\s*[\"']?\s*([A-Za-z]{2,3})(?![A-Za-z])", re.I)
GROUPS = ("de", "en", "other")


def declared_language(html: str) -> str:
    """The primary language subtag the page declares, lower case; "" when none."""
    head = html[:HEAD_CHARS]
    match = _HTML_LANG.search(head)
    if match:
        return match.group(1).lower()
    for tag in _META_TAG.findall(head):
        if _CONTENT_LANGUAGE.search(tag):
            content = _CONTENT.search(tag)
            if content:
                return content.group(1).lower()
    return ""


def _guesser() -> Callable[[Sequence[str]], str] | None:
    try:
        module = importlib.import_module("kehr_engine.language")
    except ImportError:
        return None
    guess = getattr(module, "guess_language", None)
    return guess if callable(guess) else None


def page_language(html: str, node_texts: Sequence[str]) -> str:
    """The declared language, else kehr_engine.language's guess from the node texts, else ""."""
    declared = declared_language(html)
    if declared:
        return declared
    guess = _guesser()
    return (guess(node_texts) or "").lower() if guess else ""


def language_group(code: str) -> str:
    """The report's groups: German, English, everything else (unknown included)."""
    return code if code in ("de", "en") else "other"

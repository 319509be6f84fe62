"""Put the determinism script (determinism.js) at the top of an HTML document.

The same URL and capture time give the same script at record and at replay time.
The archived bytes stay pristine: injection happens only on the copy sent to the client.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

MARKER = b"data-kehr-determinism"
_TEMPLATE = Path(__file__).with_name("determinism.js").read_text(encoding="utf-8")
_HEAD = re.compile(rb"<head(\s[^>]*)?>", re.I)
_HTML = re.compile(rb"<html(\s[^>]*)?>", re.I)
_DOCTYPE = re.compile(rb"^\s*(<!doctype[^>]*>)", re.I)


def script_for(canonical_url: str, capture_ms: int) -> bytes:
    seed = int.from_bytes(hashlib.sha256(canonical_url.encode()).digest()[:4], "big")
    body = _TEMPLATE.replace("__KEHR_SEED__", str(seed)).replace(
        "__KEHR_TIME__", str(int(capture_ms))
    )
    return b"<script " + MARKER + b">" + body.encode("ascii") + b"</script>"


def is_html(mime: str) -> bool:
    return mime.split(";")[0].strip().lower() in ("text/html", "application/xhtml+xml")


def inject(document: bytes, script: bytes) -> bytes:
    """Insert after <head>, else after <html>, else after the doctype, else at the start.

    The script is ASCII, so this is safe in every ASCII-compatible charset (UTF-16
    documents are left alone)."""
    if MARKER in document[:4096] or document[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return document
    for pattern in (_HEAD, _HTML, _DOCTYPE):
        match = pattern.search(document, 0, 65536)
        if match:
            return document[: match.end()] + script + document[match.end() :]
    return script + document

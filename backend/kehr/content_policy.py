"""Per-response additions to the Content-Security-Policy (kehr/settings.py).

Pages rendered from templates allow their inline ``<style>`` and ``<script>`` by the
request's nonce. A page served as a file, unchanged (the add-on's guidelines page),
cannot carry a nonce: its inline styles are allowed by their SHA-256 hashes instead, so
exactly those style sheets apply and no other inline style or any inline script does.

Archived documents (the API's annotation document, comparison's visual diffs) get a
policy of their own instead, DOCUMENT_HEADERS, which the middleware keeps.
"""

from __future__ import annotations

import base64
import hashlib
import re

from django.http import HttpResponse

# Archived pages are untrusted HTML: when a document is served from Kehr's origin (the
# API's annotation document, a staff visual diff), the browser must treat it as an
# opaque sandboxed origin with no scripts, so it can never read Kehr's cookies or act on
# a user's behalf. Here, below both api and comparison, so neither imports the other.
DOCUMENT_HEADERS = {
    "Content-Security-Policy": "sandbox; default-src 'none'; img-src * data:; "
    "style-src * 'unsafe-inline'; font-src * data:",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline; filename=annotation-document.html",
    "Referrer-Policy": "no-referrer",
}

STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)</style>", re.IGNORECASE | re.DOTALL)


def source_hash(text: str) -> str:
    """The CSP source expression that allows an inline element with exactly ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def allow_inline_styles(response: HttpResponse, html: str) -> HttpResponse:
    """Add the hashes of ``html``'s inline ``<style>`` elements to the response's style-src."""
    hashes = [source_hash(css) for css in STYLE_ELEMENT.findall(html)]
    if hashes:
        # What django-csp's @csp_update decorator sets, computed per response.
        response._csp_update = {"style-src": hashes}  # type: ignore[attr-defined]
    return response

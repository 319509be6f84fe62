"""kehr_engine.decoding: page bytes to text as a browser decodes them.

The order is the browser's: a BOM, then the HTTP charset, then a <meta> in the first
bytes, then detection (UTF-16 without a BOM, valid UTF-8, charset_normalizer, and
windows-1252 when nothing fits). Labels mean what the WHATWG Encoding Standard says.
How the segmenter uses the result (the stored document declares UTF-8) is tested in
tests/test_segmenter.py.
"""

from __future__ import annotations

import pytest

from kehr_engine.decoding import DECODE_CACHE_BYTES, FALLBACK_ENCODING, decode_html

CP1252_TEXT = "Café \u2013 \u201cquoted\u201d"  # en dash and curly quotes: windows-1252 only
JAPANESE = "日本語のテキストです。" * 20


def html_bytes(text: str, encoding: str, head: str = "") -> bytes:
    return f"<html><head>{head}</head><body><p>{text}</p></body></html>".encode(encoding)


def decoded(raw: bytes, declared: str | None = None) -> tuple[str, str, str]:
    """The paragraph's text, the encoding and its source."""
    text, encoding, source = decode_html(raw, declared)
    return text.split("<p>", 1)[1].split("</p>", 1)[0], encoding, source


def test_windows_1252_declared_in_http_header() -> None:
    assert decoded(html_bytes(CP1252_TEXT, "cp1252"), "windows-1252") == (
        CP1252_TEXT, "windows-1252", "declared",
    )  # fmt: skip


@pytest.mark.parametrize("label", ["ISO-8859-1", "latin1", "us-ascii"])
def test_latin1_labels_mean_windows_1252(label: str) -> None:
    assert decoded(html_bytes(CP1252_TEXT, "cp1252"), label)[:2] == (CP1252_TEXT, "windows-1252")


def test_charset_from_meta_only() -> None:
    head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
    assert decoded(html_bytes(CP1252_TEXT, "cp1252", head)) == (
        CP1252_TEXT, "windows-1252", "meta",
    )  # fmt: skip


def test_http_header_wins_over_meta() -> None:
    raw = html_bytes(CP1252_TEXT, "cp1252", '<meta charset="utf-8">')
    assert decoded(raw, "windows-1252") == (CP1252_TEXT, "windows-1252", "declared")


def test_meta_inside_comment_is_ignored() -> None:
    raw = html_bytes("ok", "ascii", '<!-- <meta charset="shift_jis"> -->')
    assert decoded(raw)[2] == "detected"


@pytest.mark.parametrize("label", ["Shift_JIS", "sjis", "x-sjis"])
def test_shift_jis_with_meta(label: str) -> None:
    raw = html_bytes(JAPANESE, "shift_jis", f'<meta charset="{label}">')
    assert decoded(raw) == (JAPANESE, "shift_jis", "meta")


def test_a_meta_cannot_declare_utf16_or_x_user_defined() -> None:
    """HTML standard: the prescan read the meta as ASCII, so "UTF-16" there means UTF-8;
    x-user-defined means windows-1252."""
    assert decoded(html_bytes("naïve", "utf-8", '<meta charset="utf-16">')) == (
        "naïve", "utf-8", "meta",
    )  # fmt: skip
    raw = html_bytes(CP1252_TEXT, "cp1252", '<meta charset="x-user-defined">')
    assert decoded(raw) == (CP1252_TEXT, FALLBACK_ENCODING, "meta")


def test_shift_jis_detected_without_declaration() -> None:
    assert decoded(html_bytes(JAPANESE, "shift_jis")) == (JAPANESE, "shift_jis", "detected")


def test_windows_1252_detected_without_declaration() -> None:
    text = "Le café était très agréable, à côté de l\u2019église. " * 10
    assert decoded(html_bytes(text, "cp1252")) == (text, "windows-1252", "detected")


def test_utf8_bom_wins_over_everything() -> None:
    raw = b"\xef\xbb\xbf" + html_bytes(CP1252_TEXT, "utf-8", '<meta charset="windows-1252">')
    text, encoding, source = decode_html(raw, "iso-8859-1")
    assert (encoding, source) == ("utf-8", "bom")
    assert not text.startswith("\ufeff")
    assert decoded(raw, "iso-8859-1")[0] == CP1252_TEXT


def test_utf16_bom() -> None:
    raw = b"\xff\xfe" + html_bytes(JAPANESE, "utf-16-le")
    assert decoded(raw) == (JAPANESE, "utf-16le", "bom")


def test_utf16_without_bom_is_detected() -> None:
    assert decoded(html_bytes("naïve café", "utf-16-le")) == ("naïve café", "utf-16le", "detected")
    assert decoded(html_bytes("naïve café", "utf-16-be")) == ("naïve café", "utf-16be", "detected")


def test_unknown_declared_label_is_ignored() -> None:
    raw = html_bytes(CP1252_TEXT, "cp1252", '<meta charset="windows-1252">')
    assert decoded(raw, "no-such-charset") == (CP1252_TEXT, "windows-1252", "meta")


def test_unknown_meta_label_falls_through_to_detection() -> None:
    raw = html_bytes("naïve café", "utf-8", '<meta charset="bogus">')
    assert decoded(raw) == ("naïve café", "utf-8", "detected")


def test_invalid_bytes_are_replaced_not_fatal() -> None:
    text, encoding, _ = decode_html(b"<p>ok \xff\xfe\xfd end</p>", "utf-8")
    assert (text, encoding) == ("<p>ok \ufffd\ufffd\ufffd end</p>", "utf-8")


def test_pages_past_the_cache_limit_decode_the_same() -> None:
    """decode_html keeps the last pages' results up to DECODE_CACHE_BYTES; a larger page
    is decoded each time, with the same rules."""
    small = html_bytes(CP1252_TEXT, "cp1252", '<meta charset="windows-1252">')
    padding = b"<!-- " + b"x" * DECODE_CACHE_BYTES + b" -->"
    large = small.replace(b"<body>", b"<body>" + padding)
    assert len(large) > DECODE_CACHE_BYTES
    assert decode_html(small) == decode_html(small)
    assert decoded(large) == decoded(small) == (CP1252_TEXT, "windows-1252", "meta")
    assert decoded(large, "utf-8") == ("Caf\ufffd \ufffd \ufffdquoted\ufffd", "utf-8", "declared")

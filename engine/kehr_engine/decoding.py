"""Page bytes to text as a browser decodes them: BOM, HTTP charset, <meta>, detection.

:func:`decode_html` returns the text, the WHATWG name of its encoding and where that
came from (:data:`EncodingSource`); it never raises on odd bytes. Labels resolve as the
WHATWG Encoding Standard says (webencodings: ``latin1`` means windows-1252, as in every
browser); bytes that declare nothing are UTF-16 without a BOM, valid UTF-8,
charset_normalizer's guess, or windows-1252. The segmenter (:mod:`kehr_engine.segmenter`)
decodes every page here, and re-exports these names for its callers.
"""

from __future__ import annotations

import codecs
import functools
import re
from typing import Literal

import charset_normalizer
import webencodings

__all__ = ["DECODE_CACHE_BYTES", "FALLBACK_ENCODING", "EncodingSource", "decode_html"]

EncodingSource = Literal["bom", "declared", "meta", "detected", "unicode"]

# How far the <meta charset> prescan looks. The HTML standard says 1024 bytes;
# real pages put long comments or scripts before the meta, so we are generous.
PRESCAN_BYTES = 4096
# Statistical detection on a prefix: enough to decide, and charset_normalizer is
# slow on multi-megabyte input.
DETECT_BYTES = 256 * 1024
FALLBACK_ENCODING = "windows-1252"

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16le"),
    (codecs.BOM_UTF16_BE, "utf-16be"),
)

_COMMENT_RE = re.compile(rb"<!--.*?(?:-->|$)", re.DOTALL)
# Covers both <meta charset="x"> and <meta http-equiv=... content="text/html; charset=x">:
# in either form the label follows the first "charset=" inside the meta tag.
_META_CHARSET_RE = re.compile(
    rb"""<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"';/>]+)""", re.IGNORECASE
)
# Python codec names (what charset_normalizer reports) that are not WHATWG labels.
_PYTHON_CODEC_TO_WHATWG = {
    "cp932": "shift_jis",
    "shift_jis_2004": "shift_jis",
    "shift_jisx0213": "shift_jis",
    "cp949": "euc-kr",
    "euc_jis_2004": "euc-jp",
    "euc_jisx0213": "euc-jp",
    "big5hkscs": "big5",
    "cp950": "big5",
    "mac_roman": "macintosh",
    "mac_cyrillic": "x-mac-cyrillic",
    "latin_1": "windows-1252",
    "iso8859_1": "windows-1252",
    "utf_16": "utf-16le",
    "utf_16_le": "utf-16le",
    "utf_16_be": "utf-16be",
    "utf_8_sig": "utf-8",
}


def _whatwg(label: str | None) -> webencodings.Encoding | None:
    """Resolve a charset label the way browsers do; None for unknown labels."""
    if not label:
        return None
    return webencodings.lookup(label.strip().strip("\"'"))


def _whatwg_from_python_codec(name: str) -> webencodings.Encoding | None:
    """Map a Python codec name (from charset_normalizer) to a WHATWG encoding."""
    try:
        canonical = codecs.lookup(name).name
    except LookupError:
        canonical = name
    for candidate in (
        _PYTHON_CODEC_TO_WHATWG.get(canonical),
        _PYTHON_CODEC_TO_WHATWG.get(name),
        canonical,
        canonical.replace("_", "-"),
        canonical.replace("_", ""),
    ):
        encoding = _whatwg(candidate)
        if encoding is not None:
            return encoding
    return None


def _prescan_meta(raw: bytes) -> webencodings.Encoding | None:
    """Find the first usable charset of a <meta> in the first bytes of the page."""
    head = _COMMENT_RE.sub(b"", raw[:PRESCAN_BYTES])
    for match in _META_CHARSET_RE.finditer(head):
        encoding = _whatwg(match.group(1).decode("ascii", "replace"))
        if encoding is None:
            continue
        # HTML standard: a meta can't truthfully declare UTF-16 (the prescan itself
        # read it as ASCII), so it means UTF-8; x-user-defined means windows-1252.
        if encoding.name in ("utf-16le", "utf-16be"):
            return webencodings.lookup("utf-8")
        if encoding.name == "x-user-defined":
            return webencodings.lookup(FALLBACK_ENCODING)
        return encoding
    return None


def _utf16_without_bom(sample: bytes) -> str | None:
    """Recognise UTF-16 without a BOM: mostly-ASCII markup puts NUL in every other byte.

    Such bytes are also valid UTF-8 (NUL is), so this must be checked first.
    """
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.6 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16le"
    if even.count(0) > 0.6 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16be"
    return None


def _known(label: str) -> webencodings.Encoding:
    """webencodings.lookup for a label it knows (it returns None only for unknown ones)."""
    encoding = webencodings.lookup(label)
    assert encoding is not None, label
    return encoding


def _detect(raw: bytes) -> webencodings.Encoding:
    """Guess the encoding of undeclared bytes; windows-1252 when nothing fits."""
    utf16 = _utf16_without_bom(raw[:PRESCAN_BYTES])
    if utf16 is not None:
        return _known(utf16)
    # Valid UTF-8 (including pure ASCII) is never an accident for real text and
    # checking it is much cheaper than statistical detection.
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return _known("utf-8")
    best = charset_normalizer.from_bytes(raw[:DETECT_BYTES]).best()
    if best is not None:
        encoding = _whatwg_from_python_codec(best.encoding)
        if encoding is not None:
            return encoding
    return _known(FALLBACK_ENCODING)


def decode_html(raw: bytes, declared_charset: str | None = None) -> tuple[str, str, EncodingSource]:
    """Decode page bytes as a browser would: BOM, HTTP charset, meta, detection.

    Returns (text, WHATWG encoding name, source). Never raises on odd bytes:
    undecodable sequences become U+FFFD. The last few pages' results are kept: the
    engine decodes a page twice (the segmenter, then PageInput.from_html for the
    extractors), and detection can take milliseconds; pages past DECODE_CACHE_BYTES are
    not kept (memory).
    """
    if type(raw) is bytes and len(raw) <= DECODE_CACHE_BYTES:
        return _cached_decode_html(raw, declared_charset)
    return _decode_html(raw, declared_charset)


DECODE_CACHE_BYTES = 4 * 1024 * 1024


@functools.lru_cache(maxsize=2)
def _cached_decode_html(raw: bytes, declared: str | None) -> tuple[str, str, EncodingSource]:
    return _decode_html(raw, declared)


def _decode_html(raw: bytes, declared_charset: str | None) -> tuple[str, str, EncodingSource]:
    for bom, name in _BOMS:
        if raw.startswith(bom):
            by_bom = _known(name)
            return _decode(raw[len(bom) :], by_bom), by_bom.name, "bom"
    source: EncodingSource
    encoding = _whatwg(declared_charset)
    if encoding is not None:
        source = "declared"
    else:
        encoding = _prescan_meta(raw)
        if encoding is not None:
            source = "meta"
        else:
            encoding, source = _detect(raw), "detected"
    return _decode(raw, encoding), encoding.name, source


def _decode(raw: bytes, encoding: webencodings.Encoding) -> str:
    text, _consumed = encoding.codec_info.decode(raw, "replace")
    return text

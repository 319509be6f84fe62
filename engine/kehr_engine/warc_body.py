"""A WARC response's HTTP body as the site meant it: de-chunked, content-encodings undone,
never more than a byte limit (for :mod:`kehr_engine.warc`).

FastWARC's own decoding (``auto_decode``) cannot undo chunked transfer encoding (it
warns and passes the bytes through), and many crawlers store bodies as they came, chunks
and all. So records are read raw and decoded here, in the HTTP order: transfer coding
first (Resiliparse's chunk reader), then each ``Content-Encoding`` from the last
applied to the first (gzip, deflate with or without its zlib header, br, zstd); a body
that does not decode but starts with markup was stored decoded under its original
header (some crawlers do) and is taken as it is. Every
step is a stream read to at most ``limit + 1`` bytes, so a small record that inflates to
gigabytes costs ``limit`` bytes of memory and is reported as too large.
"""

from __future__ import annotations

import io
import zlib

import zstandard
from fastwarc.stream_io import (
    BrotliStream,
    BufferedReader,
    BytesIOStream,
    FastWARCError,
    GZipStream,
)
from fastwarc.warc import WarcRecord
from resiliparse.parse.http import iterate_http_chunks

__all__ = ["BodyError", "TooLarge", "http_body"]


class BodyError(ValueError):
    """A body that cannot be decoded (a bad compressed stream, an unknown coding)."""


class TooLarge(ValueError):
    """The body (raw or decoded) is past the byte limit."""


def _read_raw(record: WarcRecord, limit: int, chunked: bool) -> bytes:
    if not chunked:
        return record.reader.read(limit + 1)
    parts: list[bytes] = []
    size = 0
    for chunk in iterate_http_chunks(record.reader):
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return b"".join(parts)


def _decode(data: bytes, coding: str, limit: int) -> bytes:
    if coding in ("gzip", "x-gzip"):
        return BufferedReader(GZipStream(BytesIOStream(data))).read(limit + 1)
    if coding == "br":
        return BufferedReader(BrotliStream(BytesIOStream(data))).read(limit + 1)
    if coding == "deflate":
        try:  # as the standard says: a zlib stream
            return BufferedReader(GZipStream(BytesIOStream(data), zlib=True)).read(limit + 1)
        except FastWARCError:  # as some servers send it: raw deflate
            try:
                return zlib.decompressobj(-zlib.MAX_WBITS).decompress(data, limit + 1)
            except zlib.error as error:
                raise BodyError(f"bad deflate body ({error})") from None
    if coding == "zstd":
        try:
            reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(data))
            return reader.read(limit + 1)
        except zstandard.ZstdError as error:
            raise BodyError(f"bad zstd body ({error})") from None
    raise BodyError(f"unknown Content-Encoding {coding!r}")


def http_body(record: WarcRecord, limit: int) -> tuple[bytes, bool]:
    """(the decoded body, whether the raw body was shorter than its Content-Length: cut
    short). Raises TooLarge past ``limit``, BodyError when it cannot be decoded."""
    headers = record.http_headers
    transfer = (headers.get("Transfer-Encoding") or "").lower() if headers is not None else ""
    chunked = "chunked" in transfer
    try:
        raw = _read_raw(record, limit, chunked)
    except (FastWARCError, ValueError, OSError) as error:
        raise BodyError(f"the body cannot be read ({error})") from None
    if len(raw) > limit:
        raise TooLarge()
    cut = not chunked and len(raw) < record.content_length
    codings = (headers.get("Content-Encoding") or "") if headers is not None else ""
    body = raw
    for coding in reversed([c.strip().lower() for c in codings.split(",") if c.strip()]):
        if coding == "identity":
            continue
        try:
            body = _decode(body, coding, limit)
        except (FastWARCError, BodyError) as error:
            if cut:  # a compressed body cut short cannot be decoded: say it was cut
                return b"", True
            if body.lstrip()[:1] == b"<":  # stored decoded under the original header
                break
            raise (
                error if isinstance(error, BodyError) else BodyError(f"bad {coding} body ({error})")
            ) from None
        if len(body) > limit:
            raise TooLarge()
    return body, cut

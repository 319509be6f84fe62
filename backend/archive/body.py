"""A WARC response's HTTP body as the site meant it: de-chunked, content-encodings undone,
never more than a byte limit.

warcio's ``record.content_stream().read()`` is not used for bodies: it decompresses the
whole body into memory (a 4 KB ``.warc.gz`` with a gzip body inside its gzip record
became a 314 MB page), and its brotli path breaks on every record with Brotli 1.1
(``'brotli.Decompressor' object has no attribute 'unused_data'``). Here the raw record
body is read in chunks, each ``Content-Encoding`` (gzip, deflate, br, zstd, in any
chain) is undone in turn as a stream, and reading stops as soon as the decoded body
passes the limit, so memory stays near the limit whatever the file holds.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import IO

import brotli  # type: ignore[import-untyped]  # the package has no type stubs
import zstandard
from warcio.bufferedreaders import ChunkedDataReader

#: Raw bytes read from the record at a time, and the most bytes zlib returns per call.
CHUNK = 64 * 1024
# Brotli 1.1 (mitmproxy pins it) has no output limit per call: one call returns all a
# piece of input expands to. Feeding 16 bytes at a time bounds that to a few of its
# 16 MiB meta-blocks (measured: at most 16 MiB per 16 bytes, for 200 MB of zeros in 329
# bytes), at about 12 MB/s of compressed input. Single bytes would be 20 times slower.
BROTLI_STEP = 16
# zstd blocks hold at most 128 KiB, and an RLE block takes 4 bytes: 256 bytes of input
# give at most 8 MiB.
ZSTD_STEP = 256


class BodyError(ValueError):
    """A body that is not imported; ``kind`` is how the import summary counts it."""

    kind = "captures whose body cannot be decoded"


class BodyTooLarge(BodyError):
    kind = "captures over the size limit"


class BodyUndecodable(BodyError):
    kind = "captures whose body cannot be decoded"


GZIP_MAGIC = b"\x1f\x8b"

Decoder = Callable[[Iterable[bytes]], Iterator[bytes]]


def _zlib(chunks: Iterable[bytes], wbits: int) -> Iterator[bytes]:
    """Inflate with at most CHUNK bytes out per step; concatenated gzip members too.

    Bytes after the end that do not start another gzip member are ignored, as browsers
    ignore them.
    """
    inflater = zlib.decompressobj(wbits)
    for chunk in chunks:
        data = chunk
        while data:
            yield inflater.decompress(data, CHUNK)
            data = inflater.unconsumed_tail
            if inflater.eof and inflater.unused_data.startswith(GZIP_MAGIC) and wbits > 16:
                # Another gzip member follows (a body gzipped in pieces).
                data = inflater.unused_data
                inflater = zlib.decompressobj(wbits)
    if not inflater.eof:
        raise zlib.error("the compressed data ends before its end marker")


def _gzip(chunks: Iterable[bytes]) -> Iterator[bytes]:
    return _zlib(chunks, 16 + zlib.MAX_WBITS)


def _deflate(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """HTTP's deflate is zlib-wrapped; some servers send raw deflate, which browsers take."""
    chunks = iter(chunks)
    first = next(chunks, b"")
    # A zlib header: compression method 8 and a header checksum divisible by 31.
    zlib_wrapped = len(first) >= 2 and first[0] & 0x0F == 8 and (first[0] << 8 | first[1]) % 31 == 0
    return _zlib(_prepend(first, chunks), zlib.MAX_WBITS if zlib_wrapped else -zlib.MAX_WBITS)


def _prepend(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def _brotli(chunks: Iterable[bytes]) -> Iterator[bytes]:
    decompressor = brotli.Decompressor()
    for chunk in chunks:
        for start in range(0, len(chunk), BROTLI_STEP):
            yield decompressor.process(chunk[start : start + BROTLI_STEP])
    if not decompressor.is_finished():
        raise brotli.error("the brotli data ends before its last block")


def _zstd(chunks: Iterable[bytes]) -> Iterator[bytes]:
    decompressor = zstandard.ZstdDecompressor().decompressobj()
    for chunk in chunks:
        start = 0
        while start < len(chunk):
            piece = chunk[start : start + ZSTD_STEP]
            start += len(piece)
            yield decompressor.decompress(piece)
            if decompressor.eof and decompressor.unused_data:
                # Another frame follows: zstd bodies may be several frames end to end.
                chunk, start = decompressor.unused_data + chunk[start:], 0
                decompressor = zstandard.ZstdDecompressor().decompressobj()
    if not decompressor.eof:
        raise zstandard.ZstdError("the zstd data ends before the end of its frame")


def _identity(chunks: Iterable[bytes]) -> Iterator[bytes]:
    return iter(chunks)


DECODERS: dict[str, Decoder] = {
    "gzip": _gzip,
    "x-gzip": _gzip,
    "deflate": _deflate,
    "br": _brotli,
    "zstd": _zstd,
    "identity": _identity,
}
# Errors of the data itself; a file that breaks off is the caller's (OSError, EOFError).
DECODE_ERRORS = (zlib.error, brotli.error, zstandard.ZstdError)


def content_encodings(header: str) -> list[str]:
    """The codings of a Content-Encoding header in the order they were applied."""
    return [part.strip().lower() for part in header.split(",") if part.strip()]


def _raw_chunks(stream: IO[bytes]) -> Iterator[bytes]:
    while chunk := stream.read(CHUNK):
        yield chunk


def read_body(record, limit: int) -> bytes:
    """The record's HTTP body, decoded; BodyTooLarge past ``limit`` decoded bytes,
    BodyUndecodable for an unknown coding or data that does not decode.

    Reads at most what it needs to find either: the caller reads the record to its end.
    """
    http = record.http_headers
    stream: IO[bytes] = record.raw_stream
    if (http.get_header("Transfer-Encoding") or "").strip().lower() == "chunked":
        # Not chunked after all (recorders often keep the header and store the
        # de-chunked body): warcio then passes the bytes through as they are.
        stream = ChunkedDataReader(stream, decomp_type=None)
    codings = content_encodings(http.get_header("Content-Encoding") or "")
    unknown = [coding for coding in codings if coding not in DECODERS]
    if unknown:
        raise BodyUndecodable(
            f"its Content-Encoding {', '.join(unknown)!s} is not one Kehr decodes "
            f"({', '.join(sorted(DECODERS))})"
        )
    chunks: Iterable[bytes] = _raw_chunks(stream)
    for coding in reversed(codings):  # the last coding applied is undone first
        chunks = DECODERS[coding](chunks)
    return _capped(chunks, limit, "+".join(codings))


def _capped(chunks: Iterable[bytes], limit: int, codings: str) -> bytes:
    body = bytearray()
    try:
        for chunk in chunks:
            body += chunk
            if len(body) > limit:
                decoded = f" once its {codings} is undone" if codings else ""
                raise BodyTooLarge(
                    f"its body is more than {limit:,} bytes{decoded}, the limit for a page "
                    "(KEHR_ENGINE_MAX_BYTES; raise it if the page is real and the machine "
                    "has the memory)"
                )
    except DECODE_ERRORS as error:
        raise BodyUndecodable(f"its body does not decode as {codings or 'sent'}: {error}") from None
    return bytes(body)

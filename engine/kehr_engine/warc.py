"""HTML responses out of WARC files, for ``extract`` at crawl scale (issue 29).

:func:`html_records` streams one WARC file (``.warc`` or ``.warc.gz``, one gzip member
per record as crawlers write them) with FastWARC, the faster of the two maintained
readers the project has: on a 57 MB ``.warc.gz`` of 2,000 modern pages it read 1,109
records/s against warcio's 1,025 (gzip decompression is most of both). It yields the
``response`` records whose payload is HTML and counts every other record under a
reason (:class:`WarcSummary`), so that a crawl's summary says where its records went.

What counts as HTML: Common Crawl's ``WARC-Identified-Payload-Type`` when present, else
the HTTP Content-Type (``text/html``, ``application/xhtml+xml``); a response that
declares nothing or a generic type (``text/plain``, ``application/octet-stream``) is
sniffed: HTML if its first bytes open a document (``<!doctype html``, ``<html``, ...).
The charset comes from the HTTP header; :func:`kehr_engine.decoding.decode_html` then
tries the BOM and ``<meta>`` and detection as a browser does.

Bad input never ends the run. FastWARC stops quietly where it cannot parse the next
record (a wrong Content-Length, garbage) and raises on a bad gzip member; either way
this module looks for the next record start after the last good record (a gzip member
that inflates to ``WARC/``, or a ``WARC/1.`` line in a plain file), reports the offset
it skipped from and goes on there. A record whose body is shorter than its
Content-Length (a file cut short) is reported and counted as truncated. Bodies are
de-chunked and their Content-Encoding undone under the byte limit by
:mod:`kehr_engine.warc_body` (FastWARC's own decoding leaves chunked bodies as they are).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from fastwarc.stream_io import FastWARCError
from fastwarc.warc import ArchiveIterator, WarcRecord, WarcRecordType

from kehr_engine.limits import max_bytes
from kehr_engine.warc_body import BodyError, TooLarge, http_body

__all__ = [
    "WARC_SUFFIXES",
    "HtmlRecord",
    "WarcSummary",
    "html_records",
    "is_warc_path",
    "looks_like_html",
]

WARC_SUFFIXES = (".warc", ".warc.gz")
GZIP_MAGIC = b"\x1f\x8b\x08"
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# Types that say nothing about the payload: sniffed.
GENERIC_TYPES = frozenset({"", "text/plain", "application/octet-stream", "unknown/unknown"})
# What a document's first bytes look like (after blanks, a BOM and comments are let be).
HTML_OPENINGS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<meta", b"<title", b"<!--")
SNIFF_BYTES = 1024
SCAN_CHUNK = 1 << 20
RECORD_TYPE_NAMES = {
    WarcRecordType.warcinfo: "warcinfo",
    WarcRecordType.request: "request",
    WarcRecordType.resource: "resource",
    WarcRecordType.metadata: "metadata",
    WarcRecordType.revisit: "revisit",
    WarcRecordType.conversion: "conversion",
    WarcRecordType.continuation: "continuation",
}
Report = Callable[[str], object]


def is_warc_path(path: Path) -> bool:
    return path.name.lower().endswith(WARC_SUFFIXES)


@dataclass(frozen=True)
class HtmlRecord:
    """One HTML response: what extract needs and what its JSONL line names."""

    path: str  # the WARC file, as given
    url: str  # WARC-Target-URI
    record_id: str  # WARC-Record-ID
    date: str  # WARC-Date as written
    offset: int  # where the record starts in its file (compressed offset for .warc.gz)
    payload: bytes  # the HTTP body, transfer and content codings undone (kehr_engine.warc_body)
    charset: str | None  # from the HTTP Content-Type, if it names one


@dataclass
class WarcSummary:
    """Where a run's records went; :meth:`line` is the summary extract prints."""

    files: int = 0
    records: int = 0  # records read (every type)
    html: int = 0  # HTML responses handed to the engine
    extracted: int = 0  # with good text
    empty: int = 0  # HTML, but the model kept nothing
    failed: int = 0  # HTML the engine refused (binary, too many nodes, ...)
    unreadable: int = 0  # stretches of a file that could not be read (reported with offsets)
    bad_files: int = 0  # files that are not WARC files at all
    skipped: Counter[str] = field(default_factory=Counter)  # other records, by reason

    def add(self, other: WarcSummary) -> None:
        for name in ("files", "records", "html", "extracted", "empty", "failed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.unreadable += other.unreadable
        self.bad_files += other.bad_files
        self.skipped.update(other.skipped)

    @property
    def problems(self) -> int:
        return self.failed + self.unreadable + self.bad_files

    def line(self) -> str:
        skipped = sum(self.skipped.values())
        reasons = ", ".join(f"{n} {reason}" for reason, n in self.skipped.most_common())
        parts = [
            f"{self.files} WARC file{'s' if self.files != 1 else ''}",
            f"{self.records} records read",
            f"{self.html} HTML",
            f"{self.extracted} extracted",
            f"{self.empty} empty",
            f"{self.failed} failed",
            f"{skipped} skipped" + (f" ({reasons})" if reasons else ""),
        ]
        if self.unreadable:
            parts.append(f"{self.unreadable} unreadable stretches")
        if self.bad_files:
            parts.append(f"{self.bad_files} not WARC")
        return ", ".join(parts)


def looks_like_html(head: bytes) -> bool:
    """Whether a payload's first bytes open an HTML document (for undeclared types)."""
    start = head[:SNIFF_BYTES].lstrip(b"\xef\xbb\xbf \t\r\n\x0c").lower()
    return start.startswith(HTML_OPENINGS)


def _media_type(value: str | None) -> str:
    return (value or "").split(";", 1)[0].strip().lower()


FileKind = Literal["gzip", "plain", "empty"]


def _starts_warc_member(data: bytes) -> bool:
    """Whether gzip bytes (a member's start) inflate to a WARC record's first line."""
    try:
        return zlib.decompressobj(31).decompress(data, 16).startswith(b"WARC/")
    except zlib.error:
        return False


def _kind(file: IO[bytes]) -> FileKind | None:
    head = file.read(4096)
    file.seek(0)
    if not head:
        return "empty"
    if head.startswith(GZIP_MAGIC):
        return "gzip" if _starts_warc_member(head) else None
    return "plain" if head.startswith(b"WARC/") else None


def _next_start(file: IO[bytes], kind: FileKind, position: int) -> tuple[int | None, int]:
    """(the next readable record's offset at or after ``position`` or None, where the
    first candidate was: the offset to report as bad)."""
    needle = GZIP_MAGIC if kind == "gzip" else b"\nWARC/1."
    first_candidate: int | None = None
    while True:
        file.seek(position)
        chunk = file.read(SCAN_CHUNK + 4096)
        if not chunk:
            return None, first_candidate if first_candidate is not None else position
        limit = min(len(chunk), SCAN_CHUNK)
        at = chunk.find(needle)
        while 0 <= at < limit:
            start = position + at + (0 if kind == "gzip" else 1)
            if first_candidate is None:
                first_candidate = start
            if kind == "plain" or _starts_warc_member(chunk[at : at + 4096]):
                return start, first_candidate
            at = chunk.find(needle, at + 1)
        if len(chunk) <= SCAN_CHUNK:
            return None, first_candidate if first_candidate is not None else position
        position += SCAN_CHUNK


def _raw_records(path: Path, file: IO[bytes], kind: FileKind, summary: WarcSummary,
                 report: Report) -> Iterator[WarcRecord]:  # fmt: skip
    """Every readable record, going on after unreadable stretches (reported)."""
    start = 0
    while True:
        file.seek(start)
        last: int | None = None
        error: str | None = None
        try:
            for record in ArchiveIterator(file, parse_http=True, auto_decode="none"):
                last = record.stream_pos
                yield record
        except (FastWARCError, ValueError, OSError) as problem:
            error = str(problem) or type(problem).__name__
        resume, bad = _next_start(file, kind, (start if last is None else last) + 1)
        if resume is None and error is None and last is not None:
            return  # the normal end: nothing after the last record
        if resume is None and error is None and last is None and start == 0:
            summary.unreadable += 1
            report(f"{path}: offset 0: no readable WARC record")
            return
        summary.unreadable += 1
        if error is None:  # the reader stopped quietly: the record before ran past its end
            error = "the record before could not be followed to its end (a wrong Content-Length?)"
        if resume is None:
            report(f"{path}: offset {bad}: {error}; nothing readable after it")
            return
        went_on = "went on there" if bad == resume else f"went on at the next record, {resume}"
        report(f"{path}: offset {bad}: {error}; {went_on}")
        start = resume


SNIFF = "sniff"  # a type that says nothing: decided by the payload's first bytes


def _skip_reason(record: WarcRecord, payload_head: bytes | None) -> str | None:
    """Why a record is no HTML response (None: it is one; SNIFF: read the payload's
    first bytes, given as ``payload_head``, to know)."""
    if record.record_type != WarcRecordType.response:
        return RECORD_TYPE_NAMES.get(record.record_type, "other record type")
    if record.headers.get("WARC-Truncated"):
        return "truncated"
    if record.http_headers is None:
        return "not HTTP"
    status = str(record.http_headers.status_code or "")  # an int at run time, str in the stubs
    if not status.startswith("2"):
        return "HTTP status not 2xx"
    identified = _media_type(record.headers.get("WARC-Identified-Payload-Type"))
    declared = identified or _media_type(record.http_content_type)
    if declared in HTML_TYPES:
        return None
    if declared not in GENERIC_TYPES:
        return "not HTML"
    if payload_head is None:
        return SNIFF
    return None if looks_like_html(payload_head) else "not HTML"


def html_records(path: Path, summary: WarcSummary, report: Report,
                 byte_limit: int | None = None) -> Iterator[HtmlRecord]:  # fmt: skip
    """The HTML responses of one WARC file, in file order; everything else is counted in
    ``summary`` and problems are passed to ``report`` (one line each, with the offset).

    A payload past ``byte_limit`` (default :func:`kehr_engine.limits.max_bytes`) is
    skipped as "too large" without being read whole. Raises OSError only when the file
    cannot be opened.
    """
    limit = max_bytes() if byte_limit is None else byte_limit
    with path.open("rb") as file:
        summary.files += 1
        kind = _kind(file)
        if kind is None:
            summary.bad_files += 1
            report(f"{path}: not a WARC file (neither WARC/ nor a gzip member of one at offset 0)")
            return
        if kind == "empty":
            return
        for record in _raw_records(path, file, kind, summary, report):
            summary.records += 1
            offset = record.stream_pos
            reason = _skip_reason(record, None)
            if reason is not None and reason != SNIFF:
                summary.skipped[reason] += 1
                continue
            try:
                payload, cut = http_body(record, limit)
            except TooLarge:
                summary.skipped["too large"] += 1
                continue
            except BodyError as error:
                summary.failed += 1
                report(f"{path}: offset {offset}: {error}")
                continue
            if cut:
                summary.skipped["truncated"] += 1
                report(
                    f"{path}: offset {offset}: the body is cut short (its Content-Length "
                    f"says {record.content_length} bytes)"
                )
                continue
            if reason == SNIFF and not looks_like_html(payload):
                summary.skipped["not HTML"] += 1
                continue
            summary.html += 1
            yield HtmlRecord(
                path=str(path),
                url=record.headers.get("WARC-Target-URI") or "",
                record_id=record.headers.get("WARC-Record-ID") or "",
                date=record.headers.get("WARC-Date") or "",
                offset=offset,
                payload=payload,
                charset=record.http_charset or None,
            )

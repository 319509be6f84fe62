"""``manage.py import_warc``: HTML captures of WARC files into a corpus and the capture index.

Every ``response`` record with HTTP status 200 and an HTML content type is indexed as an
:class:`archive.models.WarcCapture` (file, offset, length, URL, record id, capture
time). The latest capture of each URL is segmented into the corpus' page at that URL
(through ``corpora.ingest.add_page``, like every page), keeping its record id and
capture time. Everything else is counted and named, never fatal:

- records that are not responses (requests, metadata, revisits), responses that are not
  HTML or not status 200: skipped, counted by kind;
- a truncated or unreadable record: counted with its offset; the records before it are
  kept; a file that breaks off ends there;
- a capture whose body is over the engine's byte limit once its Content-Encoding is
  undone (``KEHR_ENGINE_MAX_BYTES``, checked while decoding: a compression bomb never
  reaches memory), or whose encoding does not decode: skipped, counted and named, the
  other records imported (archive.body decodes gzip, deflate, br and zstd itself);
- a CDX(J) index (``--cdx``) is used to find the HTML responses without reading the
  rest; an index line that does not point at a response of the URL it names (a wrong
  or stale index) is reported, and the file is then scanned instead;
- importing a file again changes nothing (a record id is indexed once per corpus), and
  a newer capture of a URL updates its page.
"""

from __future__ import annotations

import io
import json
import logging
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from django.db import transaction
from django.utils.dateparse import parse_datetime
from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed

from archive.body import BodyError, read_body
from archive.models import WarcCapture
from corpora.ingest import add_page
from corpora.models import Corpus
from corpora.segmenter import SegmenterError
from corpora.signals import pages_arrived
from kehr.progress import Say
from kehr_engine.limits import EngineInputError, max_bytes

logger = logging.getLogger(__name__)

HTML_TYPES = ("text/html", "application/xhtml+xml")
#: Most errors listed in the summary; the rest are counted.
LISTED_ERRORS = 20


class WarcImportError(ValueError):
    """A file that cannot be imported at all; the message says why."""


@dataclass(frozen=True)
class HtmlRecord:
    url: str
    record_id: str
    captured_at: datetime
    offset: int
    length: int
    body: bytes
    charset: str | None


@dataclass
class ImportSummary:
    captures: int = 0  # newly indexed HTML captures
    already: int = 0  # indexed by an earlier import
    pages: int = 0  # pages created or updated
    skipped: Counter[str] = field(default_factory=Counter)  # kind -> count
    errors: list[str] = field(default_factory=list)

    problems: int = 0  # errors, of which the first LISTED_ERRORS are in ``errors``

    def add_error(self, message: str) -> None:
        self.problems += 1
        if len(self.errors) < LISTED_ERRORS:
            self.errors.append(message)

    def merge(self, other: ImportSummary) -> None:
        """Add another summary's skips and problems (not its captures or pages)."""
        self.skipped.update(other.skipped)
        for message in other.errors:
            self.add_error(message)
        self.problems += other.problems - len(other.errors)

    def line(self) -> str:
        skipped = ", ".join(f"{count} {kind}" for kind, count in sorted(self.skipped.items()))
        line = (
            f"{self.captures} HTML captures indexed ({self.already} already were), "
            f"{self.pages} pages created or updated; skipped: {skipped or 'nothing'}"
        )
        return line + (f"; {self.problems} problems (listed above)" if self.problems else "")


def _charset(content_type: str) -> str | None:
    for part in content_type.split(";")[1:]:
        key, _, value = part.strip().partition("=")
        if key.lower() == "charset" and value:
            return value.strip("\"' ")
    return None


def _html_record(record, offset: int, length: int, limit: int) -> tuple[HtmlRecord | None, str]:
    """The record as an HTML capture, or None and the kind of record it is instead.

    Raises BodyError for a capture whose body is over ``limit`` bytes or does not decode.
    """
    if record.rec_type != "response":
        return None, f"{record.rec_type} records"
    url = record.rec_headers.get_header("WARC-Target-URI") or ""
    if not url.startswith(("http://", "https://")):
        return None, "responses without an http(s) URL"
    http = record.http_headers
    if http is None or http.get_statuscode() != "200":
        return None, "responses not 200"
    content_type = http.get_header("Content-Type") or ""
    if content_type.split(";")[0].strip().lower() not in HTML_TYPES:
        return None, "responses not HTML"
    date = parse_datetime(record.rec_headers.get_header("WARC-Date") or "")
    if date is None:
        return None, "responses without a valid WARC-Date"
    body = read_body(record, limit)  # de-chunked and decoded, at most limit bytes
    html = HtmlRecord(
        url=url,
        record_id=record.rec_headers.get_header("WARC-Record-ID") or f"<offset:{offset}>",
        captured_at=date if date.tzinfo else date.replace(tzinfo=UTC),
        offset=offset,
        length=length,
        body=body,
        charset=_charset(content_type),
    )
    return html, ""


def _skip_body(summary: ImportSummary, where: str, record, error: BodyError) -> None:
    url = record.rec_headers.get_header("WARC-Target-URI") or "?"
    summary.add_error(f"{where}: skipped the capture of {url}: {error}")
    summary.skipped[error.kind] += 1


def scan(path: Path, summary: ImportSummary, limit: int) -> Iterator[HtmlRecord]:
    """Every HTML capture in the file, reading it from start to end."""
    with path.open("rb") as stream:
        records = ArchiveIterator(stream)
        try:
            for record in records:
                # The offset is known only once the record is read to its end (warcio
                # reads to the end when asked earlier, and the body is gone): read first.
                bad_body: BodyError | None = None
                try:
                    try:
                        found, kind = _html_record(record, -1, 0, limit)
                    except BodyError as error:
                        found, kind, bad_body = None, "", error
                    records.read_to_end(record)
                except (ArchiveLoadFailed, OSError, EOFError, ValueError) as error:
                    summary.add_error(f"{path.name}: a record is unreadable: {error}")
                    summary.skipped["truncated or unreadable records"] += 1
                    return
                # Bytes the record declares but the file does not have: it breaks off.
                if getattr(record.raw_stream, "limit", 0) > 0:
                    summary.add_error(
                        f"{path.name}: the file breaks off inside a record at offset "
                        f"{records.get_record_offset()}; the records before it are kept"
                    )
                    summary.skipped["truncated or unreadable records"] += 1
                    return
                if bad_body is not None:
                    at = f"{path.name} offset {records.get_record_offset()}"
                    _skip_body(summary, at, record, bad_body)
                if kind:
                    summary.skipped[kind] += 1
                if found is not None:
                    where = {"offset": records.get_record_offset(),
                             "length": records.get_record_length()}  # fmt: skip
                    yield HtmlRecord(**{**found.__dict__, **where})
        except (ArchiveLoadFailed, OSError, EOFError, ValueError) as error:
            summary.add_error(f"{path.name}: the file breaks off or is not a WARC: {error}")
            summary.skipped["truncated or unreadable records"] += 1


@dataclass(frozen=True)
class CdxEntry:
    url: str
    offset: int
    length: int
    filename: str


def read_cdx(path: Path) -> list[CdxEntry]:
    """HTML 200 entries of a CDXJ file (``key timestamp {json}``) or a classic CDX file
    (its `` CDX`` header names the fields). Raises WarcImportError for neither."""
    entries: list[CdxEntry] = []
    fields: list[str] | None = None
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise WarcImportError(f"{path}: cannot read the index: {error}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.startswith(" CDX ") or line.startswith("CDX "):
            fields = line.split()[1:]
            continue
        try:
            if fields is None:
                data = json.loads(line.split(" ", 2)[2])
                url, mime, status = data["url"], data.get("mime", ""), str(data.get("status", ""))
                offset, length = int(data["offset"]), int(data["length"])
                filename = data.get("filename", "")
            else:
                values = dict(zip(fields, line.split(), strict=False))
                url, mime, status = values["a"], values.get("m", ""), values.get("s", "")
                offset, length = int(values["V"]), int(values["S"])
                filename = values.get("g", "")
        except (IndexError, KeyError, ValueError, json.JSONDecodeError):
            raise WarcImportError(
                f"{path} line {number} is not a CDXJ or CDX line: give the index the "
                "WARC was indexed with (cdxj-indexer, pywb), or leave out --cdx to scan it."
            ) from None
        if status == "200" and mime.split(";")[0].strip().lower() in HTML_TYPES:
            entries.append(CdxEntry(url, offset, length, filename))
    return entries


def from_cdx(
    path: Path, entries: list[CdxEntry], summary: ImportSummary, limit: int
) -> list[HtmlRecord]:
    """The HTML captures the index names; WarcImportError at the first entry that does
    not point at a response of its URL (the caller then scans the file)."""
    found: list[HtmlRecord] = []
    # Bodies skipped count only if the index holds: for a stale one the scan counts them.
    skipped = ImportSummary()
    size = path.stat().st_size
    with path.open("rb") as stream:
        for entry in entries:
            if entry.filename and Path(entry.filename).name != path.name:
                continue  # another file's entry
            if entry.offset < 0 or entry.length <= 0 or entry.offset + entry.length > size:
                raise WarcImportError(f"the index points past the end of {path.name}")
            data = os.pread(stream.fileno(), entry.length, entry.offset)
            try:
                record = next(iter(ArchiveIterator(io.BytesIO(data))))
                html, _kind = _html_record(record, entry.offset, entry.length, limit)
            except BodyError as error:
                if record.rec_headers.get_header("WARC-Target-URI") == entry.url:
                    _skip_body(skipped, f"{path.name} offset {entry.offset}", record, error)
                    continue
                html = None
            except (StopIteration, ArchiveLoadFailed, OSError, EOFError, ValueError):
                html = None
            if html is None or html.url != entry.url:
                raise WarcImportError(
                    f"the index entry for {entry.url} (offset {entry.offset}) does not point "
                    f"at its HTML response in {path.name}"
                )
            found.append(html)
    summary.merge(skipped)
    return found


def import_warcs(
    corpus: Corpus,
    paths: list[Path],
    *,
    cdx: Path | None = None,
    say: Say | None = None,
) -> ImportSummary:
    """Index the HTML captures of the files and make the latest capture of each URL the
    corpus' page at that URL. Raises WarcImportError for a file that does not exist."""
    summary = ImportSummary()
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        raise WarcImportError(f"no such file: {', '.join(missing)}")
    entries = read_cdx(cdx) if cdx is not None else None
    try:
        limit = max_bytes()
    except EngineInputError as error:
        raise WarcImportError(str(error)) from None
    latest: dict[str, tuple[datetime, WarcCapture, HtmlRecord]] = {}
    for path in paths:
        path = path.resolve()
        records: list[HtmlRecord] | Iterator[HtmlRecord]
        if entries is not None:
            try:
                records = from_cdx(path, entries, summary, limit)
            except WarcImportError as error:
                summary.add_error(f"{error}: the index is wrong or stale; scanned the file")
                records = scan(path, summary, limit)
        else:
            records = scan(path, summary, limit)
        for record in records:
            capture, created = WarcCapture.objects.get_or_create(
                corpus=corpus,
                record_id=record.record_id,
                defaults={"url": record.url, "captured_at": record.captured_at,
                          "warc_path": str(path), "offset": record.offset,
                          "length": record.length},
            )  # fmt: skip
            if created:
                summary.captures += 1
            else:
                summary.already += 1
            known = latest.get(record.url)
            if known is None or (record.captured_at, record.record_id) > (
                known[0],
                known[2].record_id,
            ):
                latest[record.url] = (record.captured_at, capture, record)
        if say:
            say(f"{path.name}: {summary.line()}")
    arrived: list[int] = []
    for url, (_time, capture, record) in latest.items():
        page = corpus.pages.filter(url=url).only("captured_at", "capture_record_id").first()
        if page is not None and page.captured_at and page.captured_at > record.captured_at:
            WarcCapture.objects.filter(pk=capture.pk).update(page=page)
            continue  # the page is from a newer capture imported before
        try:
            with transaction.atomic():
                page = add_page(
                    corpus, record.body, url=url, declared_charset=record.charset,
                    capture_record_id=record.record_id, captured_at=record.captured_at,
                )  # fmt: skip
                WarcCapture.objects.filter(corpus=corpus, url=url).update(page=page)
        except SegmenterError as error:
            summary.add_error(f"{url} ({record.record_id}): not a page: {error}")
            summary.skipped["captures that are no page"] += 1
            continue
        summary.pages += 1
        arrived.append(page.pk)
    if arrived:
        pages_arrived.send(sender=Corpus, corpus=corpus, page_ids=arrived, source="warc-import")
    return summary

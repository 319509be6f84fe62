"""WARC 1.1 files written with warcio, and reading records back.

- Each file starts with a warcinfo record; every capture is a request record then a
  response record, each naming the other in WARC-Concurrent-To; gzip per record.
- A file being written is named ``*.warc.gz.open``; at the roll size (or on clean
  shutdown) it is flushed, fsynced and renamed to ``*.warc.gz``. The index always
  stores the final name; readers fall back to the ``.open`` name.
- The response record holds the bytes the server sent: status line, headers and the
  body still in its Content-Encoding. Transfer-Encoding framing is already undone by
  the proxy, so the header is kept as ``X-Archive-Orig-Transfer-Encoding`` (what pywb
  and warcprox-era tools do) and replay frames the body itself.

Crash rule: after a SIGKILL the ``.open`` file may end with an unindexed or partial
record. ``recover()`` (run by the recorder on start, while holding the recorder lock,
and by exports when no recorder runs) truncates each ``.open`` file to the end of its
last indexed record (or of its warcinfo record), then closes it. Index rows are only
written after their records are flushed, so nothing indexed is ever lost.
"""

from __future__ import annotations

import fcntl
import io
import os
import socket
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from kehr_proxy.index import ArchiveIndex

OPEN_SUFFIX = ".open"
LOCK_NAME = "recorder.lock"
RENAMED_HEADERS = {"transfer-encoding": "X-Archive-Orig-Transfer-Encoding"}
SOFTWARE = "Kehr archive proxy (mitmproxy 11 + warcio)"


class RecorderLocked(RuntimeError):
    """Another recorder already writes to this archive."""


def warc_date(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def make_record_id() -> str:
    return f"<urn:uuid:{uuid.uuid4()}>"


def archived_headers(fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(RENAMED_HEADERS.get(k.lower(), k), v) for k, v in fields]


def acquire_recorder_lock(archive_dir: Path):
    """An exclusive flock held for the recorder's lifetime (the kernel drops it on death)."""
    archive_dir.mkdir(parents=True, exist_ok=True)
    fh = open(archive_dir / LOCK_NAME, "a+")
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        fh.close()
        raise RecorderLocked(f"another recorder is writing to {archive_dir}") from None
    return fh


def recorder_running(archive_dir: Path) -> bool:
    try:
        fh = acquire_recorder_lock(Path(archive_dir))
    except RecorderLocked:
        return True
    fh.close()
    return False


def recover(archive_dir: Path, index: ArchiveIndex) -> list[str]:
    """Close every ``.open`` file at its last indexed record. Call only under the lock."""
    recovered = []
    for path in sorted(Path(archive_dir).glob(f"*.warc.gz{OPEN_SUFFIX}")):
        name = path.name[: -len(OPEN_SUFFIX)]
        info = index.file_info(name)
        end = max(index.indexed_end(name), info[1] if info else 0)
        if end == 0:
            # Killed before even the warcinfo record was registered: nothing to keep.
            path.unlink()
            recovered.append(name)
            continue
        with open(path, "r+b") as fh:
            fh.truncate(end)
            os.fsync(fh.fileno())
        os.replace(path, path.with_name(name))
        if info is None:
            index.file_opened(name, end)
        index.file_closed(name, end)
        recovered.append(name)
    return recovered


class WarcStore:
    """Appends capture pairs to the current WARC file; rolls at ``roll_size`` bytes."""

    def __init__(self, archive_dir: Path, index: ArchiveIndex, roll_size: int, prefix="kehr"):
        self.dir = Path(archive_dir)
        self.index = index
        self.roll_size = roll_size
        self.prefix = prefix
        self.serial = 0
        self.fh: io.BufferedWriter | None = None
        self.name: str | None = None
        self.writer: WARCWriter | None = None

    # files
    def _open(self) -> None:
        self.serial += 1
        stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S%f")
        self.name = f"{self.prefix}-{stamp}-{self.serial:05d}-{os.getpid()}.warc.gz"
        self.fh = open(self.dir / (self.name + OPEN_SUFFIX), "xb")
        self.writer = WARCWriter(self.fh, gzip=True, warc_version="1.1")
        info = {
            "software": SOFTWARE,
            "hostname": socket.gethostname(),
            "format": "WARC File Format 1.1",
            "conformsTo": "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
            "robots": "classic",
            "isPartOf": "kehr",
        }
        self.writer.write_record(self.writer.create_warcinfo_record(self.name, info))
        self.fh.flush()
        self.index.file_opened(self.name, self.fh.tell())

    def close(self) -> None:
        if self.fh is None:
            return
        assert self.name is not None  # _open sets it with fh
        self.fh.flush()
        os.fsync(self.fh.fileno())
        size = self.fh.tell()
        self.fh.close()
        os.replace(self.dir / (self.name + OPEN_SUFFIX), self.dir / self.name)
        self.index.file_closed(self.name, size)
        self.fh = self.writer = self.name = None

    # records
    def write_pair(
        self,
        *,
        url: str,
        method: str,
        request_line: str,
        request_headers: list[tuple[str, str]],
        request_body: bytes,
        status: int,
        reason: str,
        response_headers: list[tuple[str, str]],
        response_body: bytes,
        captured: datetime,
        remote_ip: str | None = None,
    ) -> dict:
        """Write request + response records; return where they are (for the index)."""
        if self.fh is None:
            self._open()
        assert self.fh is not None and self.writer is not None  # _open sets both
        date = warc_date(captured)
        req_id, resp_id = make_record_id(), make_record_id()
        common = {"WARC-Date": date}
        if remote_ip:
            common["WARC-IP-Address"] = remote_ip
        request = self.writer.create_warc_record(
            url,
            "request",
            payload=io.BytesIO(request_body),
            length=len(request_body),
            http_headers=StatusAndHeaders(
                request_line, request_headers, protocol="HTTP/1.1", is_http_request=True
            ),
            warc_headers_dict={**common, "WARC-Record-ID": req_id, "WARC-Concurrent-To": resp_id},
        )
        response = self.writer.create_warc_record(
            url,
            "response",
            payload=io.BytesIO(response_body),
            length=len(response_body),
            http_headers=StatusAndHeaders(
                f"{status} {reason}".strip(), archived_headers(response_headers), "HTTP/1.1"
            ),
            warc_headers_dict={**common, "WARC-Record-ID": resp_id, "WARC-Concurrent-To": req_id},
        )
        req_offset = self.fh.tell()
        self.writer.write_record(request)
        offset = self.fh.tell()
        self.writer.write_record(response)
        end = self.fh.tell()
        self.fh.flush()
        place = {
            "filename": self.name,
            "req_offset": req_offset,
            "req_length": offset - req_offset,
            "offset": offset,
            "length": end - offset,
            "record_id": resp_id,
            "warc_date": date,
            "payload_digest": response.rec_headers.get_header("WARC-Payload-Digest") or "",
        }
        return place

    def maybe_roll(self) -> None:
        if self.fh is not None and self.fh.tell() >= self.roll_size:
            self.close()


class RecordReader:
    """Reads archived responses by (file, offset, length); keeps file handles open."""

    def __init__(self, archive_dir: Path):
        self.dir = Path(archive_dir)
        self.handles: dict[str, io.BufferedReader] = {}

    def _handle(self, name: str) -> io.BufferedReader:
        fh = self.handles.get(name)
        if fh is None:
            for candidate in (name, name + OPEN_SUFFIX, name):
                try:
                    fh = open(self.dir / candidate, "rb")
                    break
                except FileNotFoundError:
                    time.sleep(0.01)  # the recorder may be renaming it right now
            else:
                raise FileNotFoundError(self.dir / name)
            if len(self.handles) > 64:
                self.close()
            self.handles[name] = fh
        return fh

    def read(self, name: str, offset: int, length: int):
        """(status, reason, headers, body) of the response record there."""
        fh = self._handle(name)
        data = os.pread(fh.fileno(), length, offset)
        record = next(iter(ArchiveIterator(io.BytesIO(data))))
        http = record.http_headers
        body = record.raw_stream.read()
        status_text = http.get_statuscode() or "200"
        reason = http.statusline.split(" ", 1)[1] if " " in http.statusline else ""
        return int(status_text), reason, list(http.headers), body

    def close(self) -> None:
        for fh in self.handles.values():
            fh.close()
        self.handles.clear()

"""The archive index: SQLite in WAL mode beside the WARC files.

One recorder writes, any number of replay processes read, at the same time (WAL
readers never block the writer nor each other; a busy timeout covers checkpoints).
A row is inserted only after both WARC records it points to are flushed to the
file, so every row always points to complete records — the crash rule rests on it.

Schema (version 1):

records   one row per request key, the FIRST capture (INSERT OR IGNORE):
          key (method + canonical URL + body digest, unique), method, url,
          canon_url, path_key (method + URL without query, for fuzzy candidates),
          body_digest, filename (final *.warc.gz name), offset/length of the
          response record, req_offset/req_length of the request record, status,
          mime, payload_digest, record_id, warc_date, captured_at (unix seconds)
files     one row per WARC file: name, state ('open'|'closed'), warcinfo_end
          (bytes of the warcinfo record), size when closed, created, closed
fidelity  per page (Referer, else the URL) and kind (cachebuster|nearest|miss): count
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from kehr_proxy import matching

INDEX_NAME = "index.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    canon_url TEXT NOT NULL,
    path_key TEXT NOT NULL,
    body_digest TEXT NOT NULL,
    filename TEXT NOT NULL,
    offset INTEGER NOT NULL,
    length INTEGER NOT NULL,
    req_offset INTEGER NOT NULL,
    req_length INTEGER NOT NULL,
    status INTEGER NOT NULL,
    mime TEXT NOT NULL,
    payload_digest TEXT NOT NULL,
    record_id TEXT NOT NULL,
    warc_date TEXT NOT NULL,
    captured_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS records_path_key ON records (path_key);
CREATE INDEX IF NOT EXISTS records_filename ON records (filename);
CREATE TABLE IF NOT EXISTS files (
    name TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    warcinfo_end INTEGER NOT NULL,
    size INTEGER,
    created REAL NOT NULL,
    closed REAL
);
CREATE TABLE IF NOT EXISTS fidelity (
    page TEXT NOT NULL,
    kind TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (page, kind)
);
PRAGMA user_version = 1;
"""

COLUMNS = (
    "id key method url canon_url path_key body_digest filename offset length req_offset "
    "req_length status mime payload_digest record_id warc_date captured_at"
).split()


@dataclass(frozen=True)
class IndexEntry:
    id: int
    key: str
    method: str
    url: str
    canon_url: str
    path_key: str
    body_digest: str
    filename: str
    offset: int
    length: int
    req_offset: int
    req_length: int
    status: int
    mime: str
    payload_digest: str
    record_id: str
    warc_date: str
    captured_at: float

    @property
    def end(self) -> int:
        return max(self.offset + self.length, self.req_offset + self.req_length)


class ArchiveIndex:
    def __init__(self, archive_dir: str | Path, *, readonly: bool = False):
        self.dir = Path(archive_dir)
        self.path = self.dir / INDEX_NAME
        if not readonly:
            self.dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA busy_timeout = 30000")
        if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        if self.db.execute("PRAGMA user_version").fetchone()[0] < 1:
            self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _entries(self, where: str, args: tuple, limit: int = -1) -> list[IndexEntry]:
        rows = self.db.execute(
            f"SELECT {', '.join(COLUMNS)} FROM records WHERE {where} ORDER BY id LIMIT ?",
            (*args, limit),
        ).fetchall()
        return [IndexEntry(*row) for row in rows]

    # lookups
    def get(self, key: str) -> IndexEntry | None:
        found = self._entries("key = ?", (key,))
        return found[0] if found else None

    def candidates(self, path_key: str, limit: int = 500) -> list[IndexEntry]:
        return self._entries("path_key = ?", (path_key,), limit)

    def lookup_url(self, url: str, method: str = "GET", body: bytes | None = None):
        return self.get(matching.request_key(method, url, body))

    def entries(self) -> list[IndexEntry]:
        return self._entries("1", ())

    # writes (the recorder only)
    def add(self, **fields) -> bool:
        """Insert a capture unless its key is already there. True if inserted."""
        names = [c for c in COLUMNS if c != "id"]
        cursor = self.db.execute(
            f"INSERT OR IGNORE INTO records ({', '.join(names)}) "
            f"VALUES ({', '.join('?' for _ in names)})",
            [fields[n] for n in names],
        )
        return cursor.rowcount == 1

    def file_opened(self, name: str, warcinfo_end: int) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO files (name, state, warcinfo_end, created) "
            "VALUES (?, 'open', ?, ?)",
            (name, warcinfo_end, time.time()),
        )

    def file_closed(self, name: str, size: int) -> None:
        self.db.execute(
            "UPDATE files SET state = 'closed', size = ?, closed = ? WHERE name = ?",
            (size, time.time(), name),
        )

    def file_info(self, name: str) -> tuple[str, int] | None:
        row = self.db.execute(
            "SELECT state, warcinfo_end FROM files WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def indexed_end(self, name: str) -> int:
        row = self.db.execute(
            "SELECT MAX(MAX(offset + length, req_offset + req_length)) FROM records "
            "WHERE filename = ?",
            (name,),
        ).fetchone()
        return row[0] or 0

    def files(self) -> list[tuple[str, str]]:
        return self.db.execute("SELECT name, state FROM files ORDER BY created, name").fetchall()

    # fidelity (any process)
    def count_fidelity(self, page: str, kind: str) -> None:
        self.db.execute(
            "INSERT INTO fidelity (page, kind, count) VALUES (?, ?, 1) "
            "ON CONFLICT (page, kind) DO UPDATE SET count = count + 1",
            (page, kind),
        )

    def fidelity(self, page: str | None = None) -> dict:
        if page is None:
            rows = self.db.execute("SELECT page, kind, count FROM fidelity").fetchall()
        else:
            rows = self.db.execute(
                "SELECT page, kind, count FROM fidelity WHERE page = ?", (page,)
            ).fetchall()
        result: dict = {}
        for p, kind, count in rows:
            result.setdefault(p, {})[kind] = count
        return result if page is None else result.get(page, {})

"""Exports for other tools: CDXJ (pywb, cdxj-indexer format) and WACZ (ReplayWeb.page).

Both read only closed WARC files. If no recorder is running, files a crash left open
are recovered first (see ``warc_store.recover``); while a recorder runs, its current
``.open`` file is left out (roll it by restarting the recorder to include it).

Needs the optional packages ``cdxj-indexer`` and ``wacz`` (imported lazily).
"""

from __future__ import annotations

import json
import tempfile
import uuid
from pathlib import Path

from kehr_proxy import inject, warc_store
from kehr_proxy.index import ArchiveIndex


def closed_warcs(archive_dir: str | Path) -> list[Path]:
    archive_dir = Path(archive_dir)
    try:
        lock = warc_store.acquire_recorder_lock(archive_dir)
    except warc_store.RecorderLocked:
        lock = None
    if lock is not None:
        index = ArchiveIndex(archive_dir)
        try:
            warc_store.recover(archive_dir, index)
        finally:
            index.close()
            lock.close()
    return sorted(archive_dir.glob("*.warc.gz"))


def export_cdxj(archive_dir: str | Path, output: str | Path) -> int:
    """Write a sorted CDXJ index of every closed WARC file. Returns the line count."""
    from cdxj_indexer.main import write_cdx_index

    files = closed_warcs(archive_dir)
    if not files:
        raise ValueError(f"no closed WARC files in {archive_dir}")
    # cdxj-indexer names files relative to dir_root: keep the bare file names.
    write_cdx_index(
        str(output), [str(f) for f in files], {"sort": True, "dir_root": str(archive_dir)}
    )
    with open(output, encoding="utf-8") as fh:
        return sum(1 for _ in fh)


def export_wacz(archive_dir: str | Path, output: str | Path, title: str = "Kehr archive") -> Path:
    """Package every closed WARC file, a CDXJ index and detected pages as a WACZ."""
    from wacz.main import main as wacz_main

    files = closed_warcs(archive_dir)
    if not files:
        raise ValueError(f"no closed WARC files in {archive_dir}")
    with tempfile.TemporaryDirectory() as tmp:
        pages = Path(tmp) / "pages.jsonl"
        write_pages(archive_dir, pages)
        code = wacz_main(
            ["create", "-o", str(output), "--pages", str(pages), "--title", title]
            + [str(f) for f in files]
        )
    if code not in (0, None):
        raise RuntimeError(f"wacz create failed with exit code {code}")
    return Path(output)


def write_pages(archive_dir: str | Path, output: Path) -> int:
    """pages.jsonl (WACZ 1.1): every archived HTML page answered with 200."""
    index = ArchiveIndex(archive_dir)
    try:
        entries = [
            e
            for e in index.entries()
            if e.method == "GET" and e.status == 200 and inject.is_html(e.mime)
        ]
    finally:
        index.close()
    with open(output, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}))
        fh.write("\n")
        for entry in entries:
            ts = entry.warc_date[:19] + "Z"
            page = {"id": uuid.uuid5(uuid.NAMESPACE_URL, entry.url).hex, "url": entry.url, "ts": ts}
            fh.write(json.dumps(page) + "\n")
    return len(entries)

"""Kehr's archive proxy: a mitmproxy 11 addon that records pages into WARC files and
replays them from the archive only.

Django-independent on purpose: the proxy process imports only this package, mitmproxy
and warcio. Modules, one per stage (warcprox style):

- ``matching``   — canonical URLs, request keys, cache-buster rules, fuzzy lookup;
- ``index``      — the SQLite index beside the WARC files (WAL, many readers, one writer);
- ``warc_store`` — the WARC 1.1 writer (warcinfo first, paired records, rolling, recovery);
- ``inject``     — the determinism script put into HTML at record and replay time;
- ``ca``         — the per-installation CA;
- ``addon``      — the mitmproxy addon tying them together;
- ``launcher``   — runs mitmproxy with the addon (``python -m kehr_proxy``);
- ``export``     — CDXJ and WACZ.
"""

from kehr_proxy.index import ArchiveIndex, IndexEntry

__all__ = ["ArchiveIndex", "IndexEntry", "lookup"]


def lookup(archive_dir, url: str, method: str = "GET") -> IndexEntry | None:
    """The archived response for an exact URL (canonicalised), or None."""
    index = ArchiveIndex(archive_dir, readonly=True)
    try:
        return index.lookup_url(url, method=method)
    finally:
        index.close()

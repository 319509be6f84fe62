"""The web archive: WARC files written by the archive proxy (proxy/kehr_proxy) and their index.

``archive.lookup(url)`` is the harvester's way to find the capture of a page.
"""

from __future__ import annotations


def lookup(url: str, method: str = "GET"):
    """The first capture of ``url`` (canonicalised, exact match) or None.

    Returns a ``kehr_proxy.index.IndexEntry``: ``.record_id`` (the WARC-Record-ID of
    the response record, for Page.capture_record_id), ``.filename``, ``.offset``,
    ``.length``, ``.status``, ``.mime``, ``.payload_digest``, ``.warc_date``.
    """
    import kehr_proxy
    from archive import conf

    archive_dir = conf.get().archive_dir
    if not (archive_dir / "index.sqlite3").exists():
        return None
    return kehr_proxy.lookup(archive_dir, url, method=method)

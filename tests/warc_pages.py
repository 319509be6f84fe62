"""Small WARC files for the crawl tests and bench/extract_warc.py, written with warcio.

Every record is built from the caller's own bytes (pages written in the tests), so
nothing of ../shared is copied. :func:`write_warc` writes one gzip member per record
for ``.warc.gz`` (as crawlers do) and returns each record's offset, so that tests can
damage a chosen record.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

__all__ = ["Rec", "html_page", "response", "write_warc"]


@dataclass(frozen=True)
class Rec:
    """One record to write: a WARC type, a target URI, an HTTP head (or none) and a body."""

    kind: str
    url: str
    body: bytes = b""
    status: str = "200 OK"
    http: Sequence[tuple[str, str]] | None = (("Content-Type", "text/html; charset=utf-8"),)
    warc: dict[str, str] = field(default_factory=dict)


def response(url: str, body: bytes, content_type: str | None = "text/html; charset=utf-8",
             status: str = "200 OK", **warc: str) -> Rec:  # fmt: skip
    http = (("Content-Type", content_type),) if content_type is not None else ()
    return Rec("response", url, body, status, http, dict(warc))


def html_page(title: str, paragraphs: Sequence[str], boilerplate: bool = True) -> str:
    """A page with an article and (by default) navigation and a footer around it."""
    nav = (
        "<nav><ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li>"
        "<li><a href='/about'>About us</a></li><li><a href='/contact'>Contact</a></li></ul></nav>"
        if boilerplate
        else ""
    )
    foot = "<footer><p>Copyright 2026 Example Media. All rights reserved.</p></footer>"
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (
        f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{nav}"
        f"<main><article><h1>{title}</h1>{body}</article></main>{foot if boilerplate else ''}"
        "</body></html>"
    )


def write_warc(path: Path, records: Sequence[Rec]) -> list[int]:
    """Write ``records`` to ``path`` (gzip members when it ends in .gz); their offsets."""
    offsets: list[int] = []
    with path.open("wb") as file:
        writer = WARCWriter(file, gzip=path.name.endswith(".gz"))
        for rec in records:
            offsets.append(file.tell())
            http = None
            if rec.kind in ("response", "revisit") and rec.http is not None:
                http = StatusAndHeaders(rec.status, list(rec.http), protocol="HTTP/1.1")
            elif rec.kind == "request":
                http = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.org")],
                                        is_http_request=True)  # fmt: skip
            record = writer.create_warc_record(
                rec.url, rec.kind, payload=io.BytesIO(rec.body), http_headers=http,
                warc_headers_dict=rec.warc or None,
            )  # fmt: skip
            writer.write_record(record)
    return offsets

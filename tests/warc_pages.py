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

__all__ = [
    "ENGLISH", "GERMAN", "PNG", "RUSSIAN", "Rec", "article", "html_page", "response",
    "write_warc",
]  # fmt: skip


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


ENGLISH = [
    "The lighthouse keepers of the northern coast kept a log of every ship that passed "
    "their rock, and the log books they left behind tell the history of the harbour.",
    "In the winter of that year the storms were so strong that the supply boat could not "
    "reach the island for six weeks, and the keepers had to ration what they had.",
    "Historians who read the books today find in them the weather, the ships and the "
    "small worries of people who lived far away from everyone else for years.",
]
GERMAN = [
    "Die Leuchtturmwärter an der nördlichen Küste führten ein Buch über jedes Schiff, das "
    "an ihrem Felsen vorbeifuhr, und diese Bücher erzählen heute die Geschichte des Hafens.",
    "Im Winter jenes Jahres waren die Stürme so stark, dass das Versorgungsboot die Insel "
    "sechs Wochen lang nicht erreichen konnte und die Wärter mit wenig auskommen mussten.",
]
RUSSIAN = [
    "Смотрители маяка на северном побережье вели журнал каждого корабля, который проходил "
    "мимо их скалы, и эти журналы рассказывают историю гавани.",
    "Зимой того года штормы были такими сильными, что лодка с припасами не могла "  # noqa: RUF001
    "добраться до острова шесть недель, и смотрителям пришлось экономить.",
]
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def article(n: int, paragraphs: Sequence[str] = ENGLISH) -> bytes:
    """An article page (navigation and footer around it) as UTF-8 bytes."""
    return html_page(f"Harbour log {n}", paragraphs).encode()

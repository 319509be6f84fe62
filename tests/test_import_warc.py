"""manage.py import_warc: HTML captures of WARC files into pages and the capture index."""

from __future__ import annotations

import gzip
import io
import tracemalloc
import zlib
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # the package has no type stubs
import pytest
import zstandard
from cdxj_indexer.main import write_cdx_index
from django.core.management import CommandError, call_command
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from archive.models import WarcCapture
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from corpora.segmenter import SegmenterError, read_node_texts
from crosspage.services import capture_html


def html(title: str, text: str) -> bytes:
    return f"<html><head><title>{title}</title></head><body><p>{text}</p></body></html>".encode()


def response(
    writer: WARCWriter, url: str, date: str, body: bytes, *,
    status: str = "200 OK", content_type: str = "text/html; charset=utf-8",
) -> None:  # fmt: skip
    http = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
    record = writer.create_warc_record(
        url, "response", payload=io.BytesIO(body), http_headers=http,
        warc_headers_dict={"WARC-Date": date},
    )  # fmt: skip
    writer.write_record(record)


def write_site(path: Path) -> None:
    """Two captures of /a (the later one changed), one of /b, and what is not a page."""
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        response(
            writer, "https://site.test/a", "2026-01-01T10:00:00Z", html("A", "First version of a.")
        )
        response(writer, "https://site.test/b", "2026-01-01T10:01:00Z", html("B", "Page b text."))
        response(writer, "https://site.test/logo.png", "2026-01-01T10:02:00Z", b"\x89PNG....",
                 content_type="image/png")  # fmt: skip
        response(writer, "https://site.test/gone", "2026-01-01T10:03:00Z", html("G", "Gone."),
                 status="404 Not Found")  # fmt: skip
        meta = writer.create_warc_record(
            "https://site.test/a", "metadata", payload=io.BytesIO(b"note"),
            warc_content_type="text/plain",
        )  # fmt: skip
        writer.write_record(meta)
        # Windows-1252 declared in the header only.
        response(writer, "https://site.test/a", "2026-02-01T10:00:00Z",
                 "<p>Second version of a: Gr\u00fc\u00dfe, 5 \u20ac.</p>".encode("cp1252"),
                 content_type="text/html; charset=windows-1252")  # fmt: skip


@pytest.fixture
def corpus(db) -> Corpus:
    return Corpus.objects.create(name="Imported archive", slug="warcs")


@pytest.fixture
def warc(tmp_path: Path) -> Path:
    path = tmp_path / "site.warc.gz"
    write_site(path)
    return path


def test_the_latest_capture_of_each_url_becomes_its_page(corpus, warc, capsys) -> None:
    call_command("import_warc", str(warc), "--corpus", "warcs")
    out = capsys.readouterr().out
    assert "warcs: 3 HTML captures indexed (0 already were), 2 pages created or updated" in out
    assert "1 metadata records" in out and "1 responses not 200" in out
    assert "1 responses not HTML" in out
    captures = WarcCapture.objects.filter(corpus=corpus).order_by("captured_at")
    assert [c.url for c in captures] == ["https://site.test/a", "https://site.test/b",
                                         "https://site.test/a"]  # fmt: skip
    a = Page.objects.get(corpus=corpus, url="https://site.test/a")
    assert read_node_texts(a.document) == ["Second version of a: Gr\u00fc\u00dfe, 5 \u20ac."]
    assert a.source_encoding.lower() in {"windows-1252", "cp1252"}
    latest = captures.last()
    assert latest is not None and a.capture_record_id == latest.record_id
    assert a.captured_at == latest.captured_at and a.captured_at.month == 2
    # Both captures of /a point at its page; the offsets lead back to the records.
    assert set(captures.filter(url="https://site.test/a").values_list("page", flat=True)) == {a.pk}
    assert all(c.offset >= 0 and c.length > 0 and c.warc_path == str(warc) for c in captures)
    # Importing again changes nothing.
    call_command("import_warc", str(warc), "--corpus", "warcs")
    assert "0 HTML captures indexed (3 already were)" in capsys.readouterr().out
    assert WarcCapture.objects.filter(corpus=corpus).count() == 3


def test_a_cdxj_index_is_used_and_a_wrong_one_reported(corpus, warc, tmp_path, capsys) -> None:
    index = tmp_path / "site.cdxj"
    write_cdx_index(str(index), [str(warc)], {"sort": True, "dir_root": str(tmp_path)})
    call_command("import_warc", str(warc), "--corpus", "warcs", "--cdx", str(index))
    assert "3 HTML captures indexed" in capsys.readouterr().out
    by_scan = set(WarcCapture.objects.values_list("record_id", "offset"))
    WarcCapture.objects.all().delete()
    # The index's offsets shifted (a stale index): reported, and the file is scanned.
    wrong = tmp_path / "wrong.cdxj"
    lines = index.read_text().splitlines()
    wrong.write_text("\n".join(line.replace('"offset": "', '"offset": "1') for line in lines))
    call_command("import_warc", str(warc), "--corpus", "warcs", "--cdx", str(wrong))
    out, err = capsys.readouterr()
    assert "3 HTML captures indexed" in out
    assert "the index is wrong or stale; scanned the file" in err
    assert set(WarcCapture.objects.values_list("record_id", "offset")) == by_scan
    broken = tmp_path / "broken.cdxj"
    broken.write_text("not an index line\n")
    with pytest.raises(CommandError, match=r"line 1 is not a CDXJ or CDX line"):
        call_command("import_warc", str(warc), "--corpus", "warcs", "--cdx", str(broken))


def test_a_truncated_file_keeps_the_records_before_the_break(
    corpus, warc, tmp_path, capsys
) -> None:
    data = warc.read_bytes()
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(data[: len(data) - 60])  # into the last record
    call_command("import_warc", str(cut), "--corpus", "warcs")
    out, err = capsys.readouterr()
    assert "2 HTML captures indexed" in out and "truncated or unreadable records" in out
    assert "cut.warc.gz" in err
    assert Page.objects.filter(corpus=corpus).count() == 2
    # The first capture of /a is the page now; the full file brings the later one.
    call_command("import_warc", str(warc), "--corpus", "warcs")
    a = Page.objects.get(corpus=corpus, url="https://site.test/a")
    assert "Second version" in a.document


def test_bad_arguments_get_a_clear_error(corpus, tmp_path) -> None:
    with pytest.raises(CommandError, match=r"No corpus with slug 'nope'\. Corpora: warcs"):
        call_command("import_warc", str(tmp_path / "x.warc"), "--corpus", "nope")
    with pytest.raises(CommandError, match=r"no such file: .*missing\.warc"):
        call_command("import_warc", str(tmp_path / "missing.warc"), "--corpus", "warcs")
    text = tmp_path / "notes.warc"
    text.write_text("these are notes, not a web archive\n")
    call_command("import_warc", str(text), "--corpus", "warcs")
    assert not Page.objects.filter(corpus=corpus).exists()


def encoded_response(
    writer: WARCWriter, url: str, body: bytes, headers: list[tuple[str, str]]
) -> None:
    """An HTML 200 response whose body is stored as sent (encoded, maybe chunked)."""
    http = StatusAndHeaders(
        "200 OK", [("Content-Type", "text/html; charset=utf-8"), *headers], protocol="HTTP/1.1"
    )
    record = writer.create_warc_record(
        url, "response", payload=io.BytesIO(body), http_headers=http,
        warc_headers_dict={"WARC-Date": "2026-03-01T10:00:00Z"},
    )  # fmt: skip
    writer.write_record(record)


def write_encoded(path: Path, records: list[tuple[str, bytes, list[tuple[str, str]]]]) -> None:
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for url, body, headers in records:
            encoded_response(writer, url, body, headers)


def texts_by_url(corpus: Corpus) -> dict[str, list[str]]:
    return {page.url: read_node_texts(page.document) for page in corpus.pages.all()}


def test_a_gzip_body_inside_a_gzip_record_stops_at_the_byte_limit(
    corpus, tmp_path, capsys, monkeypatch
) -> None:
    """Issue 26 item 4: a few KB of .warc.gz whose gzip body inflates to 64 MiB."""
    monkeypatch.setenv("KEHR_ENGINE_MAX_BYTES", str(1024 * 1024))
    inflated = html("Bomb", "x") + b" " * (64 * 1024 * 1024)
    bomb = gzip.compress(inflated, 9)
    del inflated
    plain = html("Big", "y") + b" " * (2 * 1024 * 1024)  # over the limit without encoding
    path = tmp_path / "bomb.warc.gz"
    write_encoded(path, [
        ("https://site.test/a", html("A", "Before the bomb."), []),
        ("https://site.test/bomb", bomb, [("Content-Encoding", "gzip")]),
        ("https://site.test/big", plain, []),
        ("https://site.test/b", html("B", "After the bomb."), []),
    ])  # fmt: skip
    assert path.stat().st_size < 100_000  # the whole file is small: the bomb is the body
    tracemalloc.start()
    try:
        call_command("import_warc", str(path), "--corpus", "warcs")
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Decoding stopped just past the 1 MiB limit: the 64 MiB were never in memory.
    assert peak < 16 * 1024 * 1024, peak
    out, err = capsys.readouterr()
    assert "2 pages created or updated" in out
    assert "2 captures over the size limit" in out
    assert "skipped the capture of https://site.test/bomb: its body is more than 1,048,576" in err
    assert "once its gzip is undone" in err and "KEHR_ENGINE_MAX_BYTES" in err
    assert "skipped the capture of https://site.test/big" in err
    assert texts_by_url(corpus) == {
        "https://site.test/a": ["Before the bomb."],
        "https://site.test/b": ["After the bomb."],
    }


def test_the_page_limit_applies_to_every_page_stored(corpus, monkeypatch) -> None:
    """add_page (harvest, tutorial, KrdWrd and WARC imports all segment first) refuses a
    page over the limit, naming it, and the page stored before stays as it was."""
    add_page(corpus, html("A", "Small."), url="https://site.test/a")
    monkeypatch.setenv("KEHR_ENGINE_MAX_BYTES", "1000")
    with pytest.raises(SegmenterError, match=r"more than the limit of 1,000; raise it with "
                       r"KEHR_ENGINE_MAX_BYTES"):  # fmt: skip
        add_page(corpus, html("A", "Large. " * 200), url="https://site.test/a")
    assert texts_by_url(corpus) == {"https://site.test/a": ["Small."]}


def chunked(body: bytes) -> bytes:
    half = len(body) // 2
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in (body[:half], body[half:])) + (
        b"0\r\n\r\n"
    )


def test_brotli_zstd_and_chains_decode_and_a_broken_body_is_skipped(
    corpus, tmp_path, capsys
) -> None:
    """Issue 26 item 10: warcio crashed on every br record and imported nothing."""
    raw_deflate = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    deflated = raw_deflate.compress(html("D", "Raw deflate.")) + raw_deflate.flush()
    path = tmp_path / "encoded.warc.gz"
    write_encoded(path, [
        ("https://site.test/br", brotli.compress(html("Br", "Brotli body.")),
         [("Content-Encoding", "br")]),
        ("https://site.test/broken", b"\x1b\x00not brotli at all" * 8,
         [("Content-Encoding", "br")]),
        ("https://site.test/zstd", zstandard.ZstdCompressor().compress(html("Z", "Zstd body.")),
         [("Content-Encoding", "zstd")]),
        ("https://site.test/chain", brotli.compress(gzip.compress(html("C", "Gzip then br."))),
         [("Content-Encoding", "gzip, br")]),
        ("https://site.test/deflate", deflated, [("Content-Encoding", "deflate")]),
        ("https://site.test/chunked", chunked(gzip.compress(html("K", "Chunked gzip."))),
         [("Content-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]),
        ("https://site.test/old", html("O", "Compressed?"), [("Content-Encoding", "compress")]),
        ("https://site.test/cut", brotli.compress(html("T", "Cut short." * 50))[:-8],
         [("Content-Encoding", "br")]),
    ])  # fmt: skip
    call_command("import_warc", str(path), "--corpus", "warcs")
    out, err = capsys.readouterr()
    assert "5 pages created or updated" in out
    assert "3 captures whose body cannot be decoded" in out
    assert "skipped the capture of https://site.test/broken: its body does not decode as br" in err
    assert "https://site.test/old: its Content-Encoding compress is not one Kehr decodes" in err
    assert "skipped the capture of https://site.test/cut: its body does not decode as br" in err
    assert texts_by_url(corpus) == {
        "https://site.test/br": ["Brotli body."],
        "https://site.test/zstd": ["Zstd body."],
        "https://site.test/chain": ["Gzip then br."],
        "https://site.test/deflate": ["Raw deflate."],
        "https://site.test/chunked": ["Chunked gzip."],
    }
    # The index finds the same records and skips the same bodies.
    index = tmp_path / "encoded.cdxj"
    write_cdx_index(str(index), [str(path)], {"sort": True, "dir_root": str(tmp_path)})
    call_command("import_warc", str(path), "--corpus", "warcs", "--cdx", str(index))
    out, err = capsys.readouterr()
    assert "0 HTML captures indexed (5 already were)" in out, out + err
    assert "3 captures whose body cannot be decoded" in out and "stale" not in err
    # A stale index: the scan counts the bad bodies, once.
    stale = tmp_path / "stale.cdxj"
    lines = index.read_text().splitlines()
    stale.write_text("\n".join([*lines[:-1], lines[-1].replace('"offset": "', '"offset": "1')]))
    call_command("import_warc", str(path), "--corpus", "warcs", "--cdx", str(stale))
    out, err = capsys.readouterr()
    assert "the index is wrong or stale; scanned the file" in err
    assert "0 HTML captures indexed (5 already were)" in out
    assert "3 captures whose body cannot be decoded" in out, out


def test_dbce_reads_an_earlier_brotli_capture_back(corpus, tmp_path) -> None:
    """DBCE reads earlier captures from the WARC by offset, decoded as the import did."""
    path = tmp_path / "two.warc.gz"
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        encoded_response(writer, "https://site.test/br",
                         brotli.compress(html("Br", "Earlier, in brotli.")),
                         [("Content-Encoding", "br")])  # fmt: skip
        response(writer, "https://site.test/br", "2026-04-01T10:00:00Z", html("Br", "Later."))
    call_command("import_warc", str(path), "--corpus", "warcs")
    earlier = WarcCapture.objects.get(corpus=corpus, captured_at__month=3)
    assert "Earlier, in brotli." in capture_html(earlier)

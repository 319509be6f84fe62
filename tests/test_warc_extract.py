"""``extract`` on WARC files (issue 29): records, charsets, workers, and bad input.

The WARC files are written here from the tests' own pages (tests/warc_pages.py); the
model is the shipped article model (what ``extract`` uses without --model).
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from kehr_engine.__main__ import main
from kehr_engine.default_model import EXTRACT_MODEL_NAME, model_path
from kehr_engine.warc import WarcSummary, html_records, looks_like_html
from kehr_engine.warc_extract import BATCH_RECORDS, extract_all
from tests.warc_pages import (
    ENGLISH,
    GERMAN,
    PNG,
    RUSSIAN,
    Rec,
    article,
    html_page,
    response,
    write_warc,
)

ROOT = Path(__file__).resolve().parents[1]
MODEL = model_path(EXTRACT_MODEL_NAME)


def run_cli(*args: str | Path, workers: int = 1) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine"), "OMP_NUM_THREADS": "1"}
    command = [sys.executable, "-m", "kehr_engine", "extract", *map(str, args)]
    return subprocess.run([*command, "--workers", str(workers)], capture_output=True,
                          text=True, env=env, timeout=240, check=False)  # fmt: skip


def extract_lines(
    capsys: pytest.CaptureFixture[str], *args: str | Path, code: int = 0
) -> tuple[list[dict], str]:
    assert main(["--threads", "1", "extract", *map(str, args)]) == code
    out, err = capsys.readouterr()
    return [json.loads(line) for line in out.splitlines()], err


def test_jsonl_has_one_line_per_html_response_and_counts_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warc = tmp_path / "mixed.warc.gz"
    write_warc(warc, [
        Rec("warcinfo", "", b"software: tests\r\n", http=None),
        Rec("request", "https://example.org/a"),
        response("https://example.org/a", article(1)),
        response("https://example.org/logo.png", PNG, "image/png"),
        response("https://example.org/missing", article(2), status="404 Not Found"),
        Rec("revisit", "https://example.org/a", http=None,
            warc={"WARC-Profile": "http://netpreserve.org/warc/1.0/revisit/identical-payload-digest"}),
        response("https://example.org/cut", article(3), **{"WARC-Truncated": "length"}),
        Rec("metadata", "https://example.org/a", b"via: x\r\n", http=None),
        response("https://example.org/b", article(4, GERMAN)),
    ])  # fmt: skip
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "1")
    assert [line["url"] for line in lines] == ["https://example.org/a", "https://example.org/b"]
    assert set(lines[0]) == {"url", "warc_record_id", "date", "language", "text"}
    assert lines[0]["warc_record_id"].startswith("<urn:uuid:")
    assert lines[0]["warc_record_id"] != lines[1]["warc_record_id"]
    assert lines[0]["date"].startswith("20")
    assert "supply boat" in lines[0]["text"] and "All rights reserved" not in lines[0]["text"]
    assert [line["language"] for line in lines] == ["en", "de"]
    summary = err.strip().splitlines()[-1]
    assert "9 records read, 2 HTML, 2 extracted, 0 empty, 0 failed, 7 skipped" in summary
    for reason in ("1 warcinfo", "1 request", "1 not HTML", "1 HTTP status not 2xx",
                   "1 revisit", "1 truncated", "1 metadata"):  # fmt: skip
        assert reason in summary


def test_labels_on_request_and_text_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warc = tmp_path / "two.warc"
    write_warc(warc, [response(f"https://example.org/{i}", article(i)) for i in range(2)])
    lines, _ = extract_lines(capsys, warc, "--format", "jsonl", "--labels", "--workers", "1")
    assert all(set(line["labels"]) <= {1, 2, 3} and 3 in line["labels"] for line in lines)
    assert main(["extract", str(warc), "--workers", "1"]) == 0
    out, _ = capsys.readouterr()
    texts = out.strip().split("\n\n")
    assert len(texts) == 2 and all("lighthouse keepers" in text for text in texts)


def test_charset_from_the_http_header_then_meta_then_detection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    russian = html_page("Маяк", RUSSIAN)
    german = html_page("Leuchtturm", GERMAN)
    meta = german.replace("<head>", '<head><meta charset="iso-8859-1">')
    warc = tmp_path / "charsets.warc.gz"
    write_warc(warc, [
        # Only the HTTP header names the charset (no meta).
        response("https://example.org/ru", russian.encode("cp1251"),
                 "text/html; charset=windows-1251"),
        # No HTTP charset: the meta says it.
        response("https://example.org/de", meta.encode("latin-1"), "text/html"),
        # No Content-Type at all: sniffed as HTML, the encoding detected.
        response("https://example.org/sniffed", russian.encode("koi8-r"), None),
        # Binary that calls itself HTML: refused by the engine, the run goes on.
        response("https://example.org/binary", b"\x00\x01\x02" * 500, "text/html"),
        # A generic type whose payload is no HTML: skipped.
        response("https://example.org/blob", PNG, "application/octet-stream"),
    ])  # fmt: skip
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "1", code=1)
    texts = {line["url"].rsplit("/", 1)[1]: line["text"] for line in lines}
    assert "Смотрители маяка" in texts["ru"]
    assert "Leuchtturmwärter" in texts["de"] and "Bücher" in texts["de"]
    assert "Смотрители маяка" in texts["sniffed"]
    assert "binary" not in texts
    assert "https://example.org/binary" in err and "offset" in err
    assert "3 extracted, 0 empty, 1 failed, 1 skipped (1 not HTML)" in err


def test_sniffing_recognises_documents_only() -> None:
    assert looks_like_html(b"\xef\xbb\xbf  \n<!DOCTYPE html><html>")
    assert looks_like_html(b"<HTML><BODY>hi")
    assert not looks_like_html(PNG)
    assert not looks_like_html(b'{"json": "<html>"}')


def test_a_bad_gzip_member_is_reported_with_its_offset_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warc = tmp_path / "damaged.warc.gz"
    offsets = write_warc(warc, [response(f"https://example.org/{i}", article(i)) for i in range(4)])
    data = bytearray(warc.read_bytes())
    for at in range(offsets[1] + 20, offsets[1] + 60):  # inside the second member's deflate data
        data[at] ^= 0x5A
    warc.write_bytes(bytes(data))
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "1", code=1)
    assert [line["url"][-1] for line in lines] == ["0", "2", "3"]
    assert f"offset {offsets[1]}" in err and f"next record, {offsets[2]}" in err
    assert "1 unreadable" in err.splitlines()[-1]


def test_a_file_cut_short_and_a_wrong_content_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [response(f"https://example.org/{i}", article(i)) for i in range(4)]
    warc = tmp_path / "cut.warc.gz"
    offsets = write_warc(warc, records)
    warc.write_bytes(warc.read_bytes()[: offsets[3] - 40])  # inside the third member
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "1")
    assert [line["url"][-1] for line in lines] == ["0", "1"]
    assert f"offset {offsets[2]}: the body is cut short" in err

    plain = tmp_path / "lying.warc"
    offsets = write_warc(plain, records)
    data = plain.read_bytes()
    head = data.index(b"Content-Length: ", offsets[1])
    end = data.index(b"\r\n", head)
    length = int(data[head + 16 : end])
    plain.write_bytes(data[: head + 16] + str(length - 300).encode() + data[end:])
    lines, err = extract_lines(capsys, plain, "--format", "jsonl", "--workers", "1", code=1)
    # The lying record comes out cut; the two after it are found again.
    assert [line["url"][-1] for line in lines] == ["0", "1", "2", "3"]
    assert f"offset {offsets[2]}" in err and "Content-Length" in err


def test_empty_foreign_and_missing_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.warc.gz"
    empty.write_bytes(b"")
    lines, err = extract_lines(capsys, empty, "--workers", "1")
    assert lines == [] and "1 WARC file, 0 records read, 0 HTML" in err

    foreign = tmp_path / "notes.warc.gz"
    foreign.write_bytes(gzip.compress(b"just some notes, not a WARC file\n" * 10))
    html = tmp_path / "page.warc"
    html.write_bytes(article(1))
    lines, err = extract_lines(capsys, foreign, html, "--workers", "1", code=1)
    assert lines == [] and err.count("not a WARC file") == 2 and "2 not WARC" in err

    missing = run_cli(tmp_path / "nowhere.warc.gz")
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.count("\n") == 1 and "nowhere.warc.gz does not exist" in missing.stderr


def test_ten_thousand_images_give_no_output_a_clear_summary_and_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warc = tmp_path / "images.warc.gz"
    write_warc(warc, [response(f"https://example.org/{i}.png", PNG, "image/png")
                      for i in range(10_000)])  # fmt: skip
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "2")
    assert lines == []
    assert err.strip().splitlines()[-1] == (
        "1 WARC file, 10000 records read, 0 HTML, 0 extracted, 0 empty, 0 failed, "
        "10000 skipped (10000 not HTML)"
    )


def test_two_workers_write_exactly_what_one_writes(tmp_path: Path) -> None:
    pages = [article(i, [ENGLISH, GERMAN, RUSSIAN][i % 3]) for i in range(3 * BATCH_RECORDS + 1)]
    warcs = [tmp_path / "a.warc.gz", tmp_path / "b.warc"]
    write_warc(warcs[0], [response(f"https://a.example/{i}", p) for i, p in enumerate(pages)])
    write_warc(warcs[1], [response(f"https://b.example/{i}", p) for i, p in enumerate(pages[:5])])
    one = run_cli(*warcs, "--format", "jsonl", "--labels", workers=1)
    two = run_cli(*warcs, "--format", "jsonl", "--labels", workers=2)
    assert one.returncode == two.returncode == 0, two.stderr
    assert two.stdout == one.stdout
    urls = [json.loads(line)["url"] for line in two.stdout.splitlines()]
    assert urls == [f"https://a.example/{i}" for i in range(len(pages))] + [
        f"https://b.example/{i}" for i in range(5)
    ]


def test_reading_waits_for_the_workers(tmp_path: Path) -> None:
    """At most 2 * workers batches are in flight: the reader is not drained ahead."""
    warc = tmp_path / "many.warc"
    write_warc(warc, [response(f"https://example.org/{i}", article(i)) for i in range(120)])
    pulled = 0

    def counted():
        nonlocal pulled
        for record in html_records(warc, WarcSummary(), print):
            pulled += 1
            yield record

    results = extract_all(counted(), MODEL, workers=2)
    first = next(results)
    assert first.url == "https://example.org/0"
    time.sleep(0.5)  # the workers run on: the reader must still wait
    assert pulled <= 2 * 2 * BATCH_RECORDS + BATCH_RECORDS < 120
    results.close()


def test_ctrl_c_stops_cleanly_with_the_summary_so_far(tmp_path: Path) -> None:
    warc = tmp_path / "long.warc.gz"
    write_warc(warc, [response(f"https://example.org/{i}", article(i)) for i in range(400)])
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine"), "OMP_NUM_THREADS": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "kehr_engine", "extract", str(warc), "--workers", "2",
         "--format", "jsonl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True,
    )  # fmt: skip
    assert process.stdout is not None
    process.stdout.readline()  # the first record is out: the workers are running
    os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it, to the whole group
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err and "interrupted: 1 WARC file" in err
    assert len(out.splitlines()) < 399


def test_manage_extract_reads_warc_files_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from django.core.management import CommandError, call_command

    warc = tmp_path / "site.warc.gz"
    write_warc(warc, [response("https://example.org/a", article(1)),
                      response("https://example.org/i.png", PNG, "image/png")])  # fmt: skip
    call_command("extract", str(warc), "--format", "jsonl", "--labels", "--workers", "1")
    out, err = capsys.readouterr()
    (line,) = [json.loads(text) for text in out.splitlines()]
    assert line["url"] == "https://example.org/a" and "labels" in line
    assert "2 records read, 1 HTML, 1 extracted" in err
    with pytest.raises(CommandError, match="does not exist"):
        call_command("extract", str(tmp_path / "gone.warc"))
    with pytest.raises(CommandError, match="--workers 0"):
        call_command("extract", str(warc), "--workers", "0")


def test_a_closed_output_ends_the_run_quietly(tmp_path: Path) -> None:
    """``extract … | head -1``: no traceback when the reader goes away."""
    warc = tmp_path / "many.warc.gz"
    write_warc(warc, [response(f"https://example.org/{i}", article(i)) for i in range(300)])
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine"), "OMP_NUM_THREADS": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "kehr_engine", "extract", str(warc), "--workers", "1",
         "--format", "jsonl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    assert json.loads(process.stdout.readline())["url"] == "https://example.org/0"
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "output closed: 1 WARC file" in err


def chunked(body: bytes, size: int = 100) -> bytes:
    parts = [body[i : i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


def test_bodies_are_dechunked_and_decompressed_under_the_byte_limit(tmp_path: Path) -> None:
    import brotli  # type: ignore[import-untyped]  # the package has no type stubs
    import zstandard

    page = article(1)
    bomb = gzip.compress(b"<html><body>" + b"a" * 5_000_000)

    def rec(url: str, body: bytes, *headers: tuple[str, str]) -> Rec:
        return Rec("response", url, body, http=(("Content-Type", "text/html"), *headers))

    warc = tmp_path / "encodings.warc.gz"
    write_warc(warc, [
        rec("https://e.example/gzip", gzip.compress(page), ("Content-Encoding", "gzip")),
        rec("https://e.example/deflate", zlib.compress(page), ("Content-Encoding", "deflate")),
        rec("https://e.example/raw-deflate", zlib.compress(page)[2:-4],
            ("Content-Encoding", "deflate")),
        rec("https://e.example/br", brotli.compress(page), ("Content-Encoding", "br")),
        rec("https://e.example/zstd", zstandard.compress(page), ("Content-Encoding", "zstd")),
        rec("https://e.example/chunked", chunked(page), ("Transfer-Encoding", "chunked")),
        rec("https://e.example/chunked-gzip", chunked(gzip.compress(page)),
            ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip")),
        rec("https://e.example/bomb", bomb, ("Content-Encoding", "gzip")),
        rec("https://e.example/bad-gzip", b"not gzip at all", ("Content-Encoding", "gzip")),
        rec("https://e.example/unknown", b"\x00\x01\x02 packed", ("Content-Encoding", "x-magic")),
        # Stored decoded under its original header (some crawlers do): taken as it is.
        rec("https://e.example/stored-decoded", page, ("Content-Encoding", "gzip")),
    ])  # fmt: skip
    summary = WarcSummary()
    problems: list[str] = []
    records = list(html_records(warc, summary, problems.append, byte_limit=1_000_000))
    decoded = {r.url.rsplit("/", 1)[1]: r.payload for r in records}
    assert decoded == dict.fromkeys(
        [
            "gzip",
            "deflate",
            "raw-deflate",
            "br",
            "zstd",
            "chunked",
            "chunked-gzip",
            "stored-decoded",
        ],
        page,
    )
    assert summary.skipped == {"too large": 1} and summary.failed == 2
    assert any("bad gzip body" in p for p in problems)
    assert any("unknown Content-Encoding 'x-magic'" in p for p in problems)


def test_a_dead_worker_stops_the_run_with_where_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The OOM killer's way: a worker vanishes. The pool's workers are forked from this
    process, so they inherit the patched function."""
    from kehr_engine import warc_extract

    real = warc_extract.extract_record

    def dies_on_page_13(model, record, **options):
        if record.url.endswith("/13"):
            os._exit(9)
        return real(model, record, **options)

    monkeypatch.setattr(warc_extract, "extract_record", dies_on_page_13)
    warc = tmp_path / "pages.warc.gz"
    offsets = write_warc(
        warc, [response(f"https://example.org/{i}", article(i)) for i in range(40)]
    )
    lines, err = extract_lines(capsys, warc, "--format", "jsonl", "--workers", "2", code=1)
    # Batches of 8: the batch of records 8 to 15 never comes back, nor any batch still
    # in flight when the pool broke (batch 0 may or may not have been answered). What
    # came out is a complete prefix, and the message names where it ends.
    done = len(lines)
    assert done in (0, 8)
    assert [line["url"] for line in lines] == [f"https://example.org/{i}" for i in range(done)]
    assert "a worker process died" in err and f"from offset {offsets[done]} of {warc}" in err
    assert "Traceback" not in err and "stopped: 1 WARC file" in err


def test_the_progress_bar_counts_bytes_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kehr_engine.warc_cli import _Progress

    warc = tmp_path / "a.warc"
    warc.write_bytes(b"x" * 2048)
    off = _Progress([warc], enabled=False)
    off.advance(100)
    off.close()
    assert off.bar is None and capsys.readouterr().err == ""
    bar = _Progress([warc], enabled=True)
    for _ in range(40):
        bar.advance(50)
    assert bar.bar is not None and bar.bar.n == 2000 and bar.bar.total == 2048
    assert bar.records == 40
    bar.close()
    assert "extract" in capsys.readouterr().err

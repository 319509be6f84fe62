"""The archive app's Django side: settings, management commands, lookup, exports."""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import ssl
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from warcio.archiveiterator import ArchiveIterator

import archive
from archive import conf
from kehr.env import ConfigurationError
from tests.proxy_fixtures import ALLOW_LOOPBACK, CSS, PNG, Origin, start_archive_proxy
from tests.services import backend_of_its_own

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    origin = Origin()
    archive_dir = tmp_path_factory.mktemp("django-rec") / "archive"
    proxy = start_archive_proxy("record", archive_dir, allow_private=ALLOW_LOOPBACK)
    urls = [origin.url(p) for p in ("/page.html", "/style.css", "/img.png")]
    try:
        with httpx.Client(proxy=proxy.url, timeout=10) as c:
            for url in urls:
                assert c.get(url).status_code == 200
    finally:
        assert proxy.stop() == 0
        origin.stop()
    return archive_dir, urls


def test_settings_come_from_the_environment_strictly(monkeypatch, tmp_path, settings):
    for name in list(os.environ):
        if name.startswith("KEHR_ARCHIVE_"):
            monkeypatch.delenv(name)
    got = conf.get()
    assert got.archive_dir == Path(settings.VAR_DIR).resolve() / "archive"
    assert (got.record_host, got.record_port) == ("127.0.0.1", 8090)
    assert got.listen("replay") == ("127.0.0.1", 8091)
    monkeypatch.setenv("KEHR_ARCHIVE_ROLL_SIZE", "12")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_ROLL_SIZE"):
        conf.get()
    monkeypatch.delenv("KEHR_ARCHIVE_ROLL_SIZE")
    assert got.allow_private == "false" and (got.record_auth, got.replay_auth) == ("", "")
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_HOST", "0.0.0.0")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_REPLAY_AUTH"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_AUTH", "nocolon")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_REPLAY_AUTH"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_AUTH", "ann:pw")
    assert conf.get().replay_host == "0.0.0.0"
    # The recorder beyond loopback needs its own login; the annotators' one will not do.
    monkeypatch.setenv("KEHR_ARCHIVE_RECORD_HOST", "0.0.0.0")
    with pytest.raises(ConfigurationError, match="set KEHR_ARCHIVE_RECORD_AUTH"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_RECORD_AUTH", "ann:pw")
    with pytest.raises(ConfigurationError, match="the recorder needs a different one"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_RECORD_AUTH", "harvester:other")
    assert conf.get().auth("record") == "harvester:other"
    assert conf.get().auth("replay") == "ann:pw"
    monkeypatch.delenv("KEHR_ARCHIVE_RECORD_HOST")
    # The old single login is refused with what to do instead.
    monkeypatch.setenv("KEHR_ARCHIVE_PROXY_AUTH", "ann:pw")
    with pytest.raises(ConfigurationError, match="Rename it to KEHR_ARCHIVE_REPLAY_AUTH"):
        conf.get()
    monkeypatch.delenv("KEHR_ARCHIVE_PROXY_AUTH")
    monkeypatch.setenv("KEHR_ARCHIVE_ALLOW_PRIVATE", "maybe")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_ALLOW_PRIVATE='maybe'"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_ALLOW_PRIVATE", "127.0.0.0/8, 10.0.0.0/8")
    assert conf.get().allow_private == "127.0.0.0/8, 10.0.0.0/8"
    monkeypatch.delenv("KEHR_ARCHIVE_ALLOW_PRIVATE")
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_HOST", "example.org")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_REPLAY_HOST"):
        conf.get()
    monkeypatch.delenv("KEHR_ARCHIVE_REPLAY_HOST")
    monkeypatch.setenv("KEHR_ARCHIVE_FUZZY_RULES", str(tmp_path / "missing.json"))
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_FUZZY_RULES"):
        conf.get()
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_PORT", "70000")
    monkeypatch.delenv("KEHR_ARCHIVE_FUZZY_RULES")
    with pytest.raises(ConfigurationError, match="KEHR_ARCHIVE_REPLAY_PORT"):
        conf.get()


def test_lookup_finds_the_capture_for_the_harvester(recorded, monkeypatch):
    archive_dir, urls = recorded
    monkeypatch.setenv("KEHR_ARCHIVE_DIR", str(archive_dir))
    entry = archive.lookup(urls[0])
    assert entry is not None and entry.status == 200 and entry.mime.startswith("text/html")
    assert entry.record_id.startswith("<urn:uuid:")
    # canonical: default-free spelling of the same URL finds it too
    assert archive.lookup(urls[0].replace("http://127.0.0.1", "HTTP://127.0.0.1")) == entry
    assert archive.lookup(urls[0] + "?other=1") is None
    monkeypatch.setenv("KEHR_ARCHIVE_DIR", str(archive_dir.parent / "empty"))
    assert archive.lookup(urls[0]) is None


def test_export_cdxj_and_wacz_readable_by_other_tools(recorded, tmp_path):
    archive_dir, urls = recorded
    cdxj, wacz = tmp_path / "index.cdxj", tmp_path / "archive.wacz"
    call_command(
        "archive_export", "--cdxj", str(cdxj), "--wacz", str(wacz), archive_dir=str(archive_dir)
    )
    lines = cdxj.read_text().splitlines()
    assert len(lines) == len(urls)
    assert lines == sorted(lines)
    entries = [json.loads(line.split(" ", 2)[2]) for line in lines]
    assert {e["url"] for e in entries} == set(urls)
    for e in entries:  # each CDXJ line points at a readable response record
        with open(archive_dir / e["filename"], "rb") as fh:
            fh.seek(int(e["offset"]))
            record = next(iter(ArchiveIterator(io.BytesIO(fh.read(int(e["length"]))))))
            assert record.rec_headers.get_header("WARC-Target-URI") == e["url"]
    check = subprocess.run(
        [str(Path(sys.executable).with_name("wacz")), "validate", "-f", str(wacz)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0 and "succeeded" in check.stdout, check.stdout + check.stderr
    with zipfile.ZipFile(wacz) as z:
        names = z.namelist()
        assert "datapackage.json" in names and "indexes/index.cdx.gz" in names
        pages = [json.loads(x) for x in z.read("pages/pages.jsonl").splitlines()]
        assert [p["url"] for p in pages[1:]] == [urls[0]]
        warc_name = next(n for n in names if n.startswith("archive/"))
        bodies = {
            r.rec_headers.get_header("WARC-Target-URI"): r.raw_stream.read()
            for r in ArchiveIterator(io.BytesIO(z.read(warc_name)))
            if r.rec_type == "response"
        }
    assert gzip.decompress(bodies[urls[1]]) == CSS
    assert bodies[urls[2]] == PNG
    with pytest.raises(CommandError, match="--cdxj"):
        call_command("archive_export")


def test_archive_proxy_command_prints_where_it_listens(recorded, tmp_path):
    archive_dir, urls = recorded
    env = {
        **os.environ,
        **backend_of_its_own(tmp_path),
        "KEHR_ARCHIVE_DIR": str(archive_dir),
        "KEHR_ARCHIVE_CA_DIR": str(tmp_path / "ca"),
    }
    process = subprocess.Popen(
        [sys.executable, "manage.py", "archive_proxy", "--mode", "replay", "--port", "0"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None  # a pipe
    try:
        banner = process.stdout.readline() + process.stdout.readline()
        assert "Archive proxy (replay)" in banner and "http://kehr.proxy/" in banner
        # The add-on routes its own tabs: nobody is told to set a browser-wide proxy.
        assert "no browser-wide proxy setting is needed" in banner
        assert "as the browser's HTTP and HTTPS proxy" not in banner
        ready = process.stdout.readline()
        while ready and not ready.startswith("KEHR-PROXY-READY"):
            ready = process.stdout.readline()
        port = int(dict(kv.split("=", 1) for kv in ready.split()[1:])["port"])
        trust = ssl.create_default_context(cafile=str(tmp_path / "ca" / "mitmproxy-ca-cert.pem"))
        with httpx.Client(proxy=f"http://127.0.0.1:{port}", timeout=10, verify=trust) as c:
            assert c.get(urls[2]).content == PNG
            setup = c.get("http://kehr.proxy/")
            assert setup.status_code == 200
            assert "You do not need to change Firefox's network settings" in setup.text
            assert "Keep this proxy set" not in setup.text
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    finally:
        process.kill()
        process.wait()
    assert (tmp_path / "ca" / "mitmproxy-ca.pem").stat().st_mode & 0o077 == 0


def test_the_replay_login_does_not_open_the_recorder(tmp_path):
    """Annotators get the replay login; the recorder started by the command has its own."""
    origin = Origin()
    env = {
        **os.environ,
        **backend_of_its_own(tmp_path),
        "KEHR_ARCHIVE_DIR": str(tmp_path / "archive"),
        "KEHR_ARCHIVE_CA_DIR": str(tmp_path / "ca"),
        "KEHR_ARCHIVE_RECORD_AUTH": "harvester:record-pw",
        "KEHR_ARCHIVE_REPLAY_AUTH": "annotators:replay-pw",
        "KEHR_ARCHIVE_ALLOW_PRIVATE": "127.0.0.0/8",
    }
    process = subprocess.Popen(
        [sys.executable, "manage.py", "archive_proxy", "--mode", "record", "--port", "0"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None  # a pipe
    try:
        ready = process.stdout.readline()
        while ready and not ready.startswith("KEHR-PROXY-READY"):
            ready = process.stdout.readline()
        port = int(dict(kv.split("=", 1) for kv in ready.split()[1:])["port"])
        url = origin.url("/page.html")
        as_annotator = f"http://annotators:replay-pw@127.0.0.1:{port}"
        with httpx.Client(proxy=as_annotator, timeout=10) as c:
            assert c.get(url).status_code == 407
        assert origin.count == 0
        as_harvester = f"http://harvester:record-pw@127.0.0.1:{port}"
        with httpx.Client(proxy=as_harvester, timeout=10) as c:
            assert c.get(url).headers["x-kehr-archive"] == "recorded"
        assert origin.count == 1
    finally:
        process.kill()
        process.wait()
        origin.stop()

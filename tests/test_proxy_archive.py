"""The archive proxy end to end: real mitmproxy processes, a real loopback origin.

Record a page and its resources once, then replay them with the origin still up
and counting: the replay proxy must answer everything from the archive and the origin
must see nothing. No mocks: sockets on 127.0.0.1, WARC files checked by `warcio check`.
"""

from __future__ import annotations

import gzip
import json
import os
import ssl
import stat
import subprocess
import sys
import threading
from datetime import UTC, datetime
from http.client import HTTPConnection, HTTPResponse
from pathlib import Path

import httpx
import pytest
from warcio.archiveiterator import ArchiveIterator

from kehr_proxy import matching
from kehr_proxy.index import ArchiveIndex
from kehr_proxy.warc_store import RecordReader
from tests import proxy_fixtures
from tests.proxy_fixtures import (
    ALLOW_LOOPBACK,
    CHUNKS,
    CSS,
    FONT,
    PNG,
    Origin,
    start_archive_proxy,
)

archive_proxy = proxy_fixtures.archive_proxy  # the fixture, registered in this module

REPO = Path(__file__).resolve().parents[1]
WARCIO = str(Path(sys.executable).with_name("warcio"))
RESOURCES = ["/page.html", "/style.css", "/img.png", "/font.woff2", "/chunked.txt"]
BUSTED = "/data.json?_=1700000000123&lang=de"

pytestmark = pytest.mark.timeout(60)


def client(proxy, **kwargs) -> httpx.Client:
    trust = ssl.create_default_context(cafile=str(proxy.ca_cert_path))
    return httpx.Client(proxy=proxy.url, timeout=10, verify=trust, **kwargs)


def warc_files(archive_dir: Path) -> list[Path]:
    return sorted(archive_dir.glob("*.warc.gz"))


def warcio_check(path: Path) -> None:
    result = subprocess.run([WARCIO, "check", "-v", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def origin():
    server = Origin()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def recorded(origin, tmp_path_factory):
    """Record the page's resources twice through one recorder, then stop it cleanly."""
    archive = tmp_path_factory.mktemp("rec") / "archive"
    proxy = start_archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    live, second = {}, {}
    try:
        with client(proxy) as c:
            for path in [*RESOURCES, BUSTED]:
                live[path] = c.get(origin.url(path))
            seen_after_first = list(origin.seen)
            for path in [*RESOURCES, BUSTED]:
                second[path] = c.get(origin.url(path))
            seen_after_second = list(origin.seen)
    finally:
        assert proxy.stop() == 0, proxy.output()
    return {
        "archive": archive,
        "live": live,
        "second": second,
        "seen_first": seen_after_first,
        "seen_second": seen_after_second,
        "proxy": proxy,
    }


def test_record_fetches_each_resource_once_and_keeps_the_first_capture(recorded):
    assert len(recorded["seen_first"]) == len(RESOURCES) + 1
    assert recorded["seen_second"] == recorded["seen_first"], "second round went upstream"
    for path, response in recorded["live"].items():
        assert response.status_code == 200, path
        assert response.headers["x-kehr-archive"] == "recorded"
        again = recorded["second"][path]
        assert again.headers["x-kehr-archive"] == "exact"
        assert again.content == response.content, path
    assert recorded["live"]["/style.css"].content == CSS
    assert recorded["live"]["/img.png"].content == PNG
    assert recorded["live"]["/chunked.txt"].content == b"".join(CHUNKS)


def test_replay_serves_identical_bytes_and_never_contacts_the_origin(
    recorded, origin, archive_proxy
):
    proxy = archive_proxy("replay", recorded["archive"])
    before = origin.count
    with client(proxy) as c:
        for path in [*RESOURCES, BUSTED]:
            response = c.get(origin.url(path))
            assert response.status_code == 200, path
            assert response.headers["x-kehr-archive"] == "exact"
            assert response.content == recorded["live"][path].content, path
        css = c.get(origin.url("/style.css"))
        assert css.headers["content-encoding"] == "gzip"  # kept as the server sent it
        assert "transfer-encoding" not in c.get(origin.url("/chunked.txt")).headers
    assert origin.count == before, origin.seen[before:]
    assert recorded["live"]["/img.png"].content == PNG
    assert recorded["live"]["/font.woff2"].content == FONT


def test_determinism_script_is_identical_at_record_and_replay(recorded, archive_proxy):
    live_html = recorded["live"]["/page.html"].content
    assert live_html.count(b"data-kehr-determinism") == 1
    assert live_html.index(b"data-kehr-determinism") < live_html.index(b"<link")
    entry = ArchiveIndex(recorded["archive"]).lookup_url(str(recorded["live"]["/page.html"].url))
    _, _, _, body = RecordReader(recorded["archive"]).read(
        entry.filename, entry.offset, entry.length
    )
    assert b"data-kehr-determinism" not in body, "the archive must keep the pristine bytes"
    script = live_html.split(b"data-kehr-determinism>")[1].split(b"</script>")[0].decode()
    # Run it: Date frozen at the WARC-Date of the capture, Math.random repeatable.
    program = (
        "globalThis.window = globalThis;"
        + script
        + "const a = [Math.random(), Math.random()];"
        + "console.log(JSON.stringify([Date.now(), new Date().getTime(), a]));"
    )
    first = json.loads(subprocess.check_output(["node", "-e", program], text=True))
    second = json.loads(subprocess.check_output(["node", "-e", program], text=True))
    captured = datetime.strptime(entry.warc_date, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    expected_ms = int(captured.timestamp() * 1000)
    assert first[0] == first[1] == expected_ms
    assert first == second


def test_unknown_urls_get_404_with_marker_and_no_upstream(recorded, origin, archive_proxy):
    proxy = archive_proxy("replay", recorded["archive"])
    before = origin.count
    with client(proxy) as c:
        for url in (origin.url("/never-recorded.html"), "http://unreachable.invalid/x"):
            response = c.get(url)
            assert response.status_code == 404
            assert response.headers["x-kehr-archive"] == "miss"
            assert b"Not archived" in response.content
        ws = c.get(origin.url("/socket"), headers={"Upgrade": "websocket", "Connection": "Upgrade"})
        assert ws.status_code == 403 and ws.headers["x-kehr-archive"] == "refused"
        setup = c.get("http://kehr.proxy/")
        assert setup.status_code == 200 and b"CA certificate" in setup.content
        assert c.get("http://kehr.proxy/ca.pem").content == proxy.ca_cert_path.read_bytes()
    assert origin.count == before
    lines = [json.loads(line) for line in open(recorded["archive"] / "fidelity.jsonl")]
    assert any(e["kind"] == "miss" and e["url"].endswith("/never-recorded.html") for e in lines)
    key = proxy.ca_cert_path.with_name("mitmproxy-ca.pem")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_cache_buster_and_nearest_matches_are_served_and_logged(recorded, origin, archive_proxy):
    proxy = archive_proxy("replay", recorded["archive"])
    page = origin.url("/page.html")
    recorded_json = recorded["live"][BUSTED].content
    with client(proxy, headers={"Referer": page}) as c:
        busted = c.get(origin.url("/data.json?lang=de&_=1800000000456&utm_source=x"))
        assert busted.status_code == 200
        assert busted.headers["x-kehr-archive"] == "cachebuster"
        assert busted.content == recorded_json
        nearest = c.get(origin.url("/data.json?lang=fr&_=1800000000789"))
        assert nearest.headers["x-kehr-archive"] == "nearest"
        assert nearest.content == recorded_json
        other_path = c.get(origin.url("/data2.json?lang=de"))
        assert other_path.status_code == 404
    lines = [json.loads(line) for line in open(recorded["archive"] / "fidelity.jsonl")]
    kinds = {e["kind"] for e in lines if e["page"] == page}
    assert {"cachebuster", "nearest", "miss"} <= kinds
    counts = ArchiveIndex(recorded["archive"]).fidelity(page)
    assert counts["cachebuster"] >= 1 and counts["nearest"] >= 1 and counts["miss"] >= 1


def test_admin_fuzzy_rules_extend_the_built_in_ones(recorded, origin, archive_proxy, tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"drop_params": ["lang"]}))
    built_in = matching.FuzzyRules.load()
    extended = matching.FuzzyRules.load(rules)
    assert built_in.strip(origin.url("/d?lang=de&_=1")) == (("lang", "de"),)
    assert extended.strip(origin.url("/d?lang=de&_=1")) == ()
    proxy = archive_proxy("replay", recorded["archive"], fuzzy_rules=rules)
    with client(proxy) as c:
        response = c.get(origin.url("/data.json?lang=xx"))
        assert response.headers["x-kehr-archive"] == "cachebuster"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RuntimeError, match="fuzzy rules"):
        start_archive_proxy("replay", recorded["archive"], fuzzy_rules=bad, timeout=10)


def test_warc_files_are_valid_paired_and_keep_raw_bytes(recorded):
    files = warc_files(recorded["archive"])
    assert files and not list(recorded["archive"].glob("*.open"))
    for path in files:
        warcio_check(path)
    records = []
    for path in files:
        with open(path, "rb") as fh:
            first = True
            for record in ArchiveIterator(fh):
                if first:
                    assert record.rec_type == "warcinfo"
                    first = False
                assert record.rec_headers.protocol == "WARC/1.1"
                records.append(
                    (
                        record.rec_type,
                        record.rec_headers,
                        record.http_headers,
                        record.raw_stream.read(),
                    )
                )
    ids = {h.get_header("WARC-Record-ID"): (t, h) for t, h, _, _ in records}
    pairs = 0
    for rec_type, headers, http, payload in records:
        if rec_type == "response":
            other = ids[headers.get_header("WARC-Concurrent-To")]
            assert other[0] == "request"
            assert other[1].get_header("WARC-Concurrent-To") == headers.get_header("WARC-Record-ID")
            pairs += 1
            uri = headers.get_header("WARC-Target-URI")
            if uri.endswith("/style.css"):
                assert http.get_header("Content-Encoding") == "gzip"
                assert gzip.decompress(payload) == CSS
            if uri.endswith("/chunked.txt"):
                assert http.get_header("Transfer-Encoding") is None
                assert http.get_header("X-Archive-Orig-Transfer-Encoding") == "chunked"
                assert payload == b"".join(CHUNKS)
    assert pairs == len(RESOURCES) + 1
    index = ArchiveIndex(recorded["archive"])
    assert len(index.entries()) == pairs
    for entry in index.entries():
        assert entry.status == 200 and entry.payload_digest.startswith("sha1:")


def test_files_roll_at_the_size_limit(origin, archive_proxy, tmp_path):
    archive = tmp_path / "archive"
    proxy = archive_proxy("record", archive, roll_size=4096, allow_private=ALLOW_LOOPBACK)
    with client(proxy) as c:
        for n in range(12):
            assert c.get(origin.url(f"/item/roll-{n}")).status_code == 200
    assert proxy.stop() == 0
    files = warc_files(archive)
    assert len(files) >= 3
    assert not list(archive.glob("*.open"))
    for path in files:
        warcio_check(path)
    index = ArchiveIndex(archive)
    assert {name for name, state in index.files()} == {p.name for p in files}
    assert all(state == "closed" for _, state in index.files())
    reader = RecordReader(archive)
    for entry in index.entries():
        assert reader.read(entry.filename, entry.offset, entry.length)[3].startswith(b"item roll-")


def test_one_recorder_and_two_replays_share_an_archive(origin, archive_proxy, tmp_path):
    archive = tmp_path / "archive"
    recorder = archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    with client(recorder) as c:
        for n in range(5):
            c.get(origin.url(f"/item/seed-{n}"))
    replays = [archive_proxy("replay", archive), archive_proxy("replay", archive)]
    with pytest.raises(RuntimeError, match="another recorder"):
        start_archive_proxy("record", archive, timeout=10, allow_private=ALLOW_LOOPBACK)
    errors: list[str] = []

    def record_more():
        with client(recorder) as c:
            for n in range(30):
                if c.get(origin.url(f"/item/live-{n}")).status_code != 200:
                    errors.append(f"record live-{n}")

    def replay_loop(proxy):
        with client(proxy) as c:
            for _ in range(6):
                for n in range(5):
                    r = c.get(origin.url(f"/item/seed-{n}"))
                    if r.status_code != 200 or r.content != f"item seed-{n}\n".encode() * 50:
                        errors.append(f"replay seed-{n}: {r.status_code}")

    threads = [threading.Thread(target=record_more)] + [
        threading.Thread(target=replay_loop, args=(p,)) for p in replays
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    # What the recorder just wrote (still in the .open file) replays at once.
    before = origin.count
    for proxy in replays:
        with client(proxy) as c:
            r = c.get(origin.url("/item/live-29"))
            assert r.status_code == 200 and r.headers["x-kehr-archive"] == "exact"
    assert origin.count == before
    assert recorder.stop() == 0
    for path in warc_files(archive):
        warcio_check(path)


def test_sigkill_mid_traffic_leaves_a_consistent_archive(origin, archive_proxy, tmp_path):
    """The rule: every index row points to complete, flushed records. A SIGKILLed
    recorder leaves a *.warc.gz.open file that replays keep reading as it is; the next
    recorder truncates it after its last indexed record and closes it."""
    archive = tmp_path / "archive"
    recorder = archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    stop = threading.Event()

    def traffic(worker):
        with client(recorder) as c:
            n = 0
            while not stop.is_set():
                try:
                    c.get(origin.url(f"/item/kill-{worker}-{n}"))
                except httpx.HTTPError:
                    return
                n += 1

    threads = [threading.Thread(target=traffic, args=(w,)) for w in range(3)]
    for t in threads:
        t.start()
    while len(ArchiveIndex(archive).entries()) < 20:
        threading.Event().wait(0.02)
    recorder.kill()
    stop.set()
    for t in threads:
        t.join()
    open_files = list(archive.glob("*.warc.gz.open"))
    assert open_files, "the killed recorder should have left its file open"
    entries = ArchiveIndex(archive).entries()
    reader = RecordReader(archive)
    for entry in entries:  # readable as they are, before any recovery
        body = reader.read(entry.filename, entry.offset, entry.length)[3]
        assert body.startswith(b"item kill-")
    replay = archive_proxy("replay", archive)
    with client(replay) as c:
        assert c.get(entries[-1].url).content == body_for(entries[-1].url)
    # A new recorder recovers the file: truncated to the last indexed record, closed.
    again = archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    with client(again) as c:
        assert c.get(entries[0].url).headers["x-kehr-archive"] == "exact"
        assert c.get(origin.url("/item/after-crash")).headers["x-kehr-archive"] == "recorded"
    assert again.stop() == 0
    assert not list(archive.glob("*.open"))
    for path in warc_files(archive):
        warcio_check(path)
    index = ArchiveIndex(archive)
    reader = RecordReader(archive)
    for entry in index.entries():
        assert reader.read(entry.filename, entry.offset, entry.length)[3] == body_for(entry.url)
    assert len(index.entries()) == len(entries) + 1


def body_for(url: str) -> bytes:
    return f"item {url.rsplit('/item/', 1)[1]}\n".encode() * 50


def test_replay_beyond_loopback_requires_proxy_auth(recorded, origin, archive_proxy):
    refused = subprocess.run(
        [
            *(sys.executable, "-m", "kehr_proxy", "--mode", "replay"),
            *("--listen-host", "0.0.0.0", "--archive-dir", str(recorded["archive"])),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "proxy")},
        timeout=30,
    )
    assert refused.returncode != 0 and "proxyauth" in refused.stderr
    proxy = archive_proxy(
        "replay", recorded["archive"], listen_host="0.0.0.0", proxyauth="annotator:s3cret"
    )
    with client(proxy) as c:
        assert c.get(origin.url("/img.png")).status_code == 407
    authed = httpx.Client(proxy=f"http://annotator:s3cret@127.0.0.1:{proxy.port}", timeout=10)
    with authed:
        assert authed.get(origin.url("/img.png")).content == PNG


def test_recorder_refuses_loopback_and_private_targets_by_default(origin, archive_proxy, tmp_path):
    """The app's own /healthz/ must not end up in the archive (and then on replay)."""
    archive = tmp_path / "archive"
    recorder = archive_proxy("record", archive)  # no allow_private: the default
    assert "private addresses refused" in recorder.output()
    before = origin.count
    with client(recorder) as c:
        # A literal address, and a name that resolves to one: the resolved address counts.
        for url in (origin.url("/page.html"), origin.url("/page.html", host="localhost")):
            refused = c.get(url)
            assert refused.status_code == 403, url
            assert refused.headers["x-kehr-archive"] == "refused"
            assert '<meta name="kehr-recorder-error" content="refused">' in refused.text
            assert "127.0.0.1 is a loopback address" in refused.text
            assert "KEHR_ARCHIVE_ALLOW_PRIVATE" in refused.text
        # HTTPS goes through CONNECT: refused inside the tunnel, with the same page.
        secure = c.get(origin.url("/secure.html", host="localhost").replace("http:", "https:"))
        assert secure.status_code == 403 and secure.headers["x-kehr-archive"] == "refused"
    assert origin.count == before, origin.seen[before:]
    assert recorder.stop() == 0
    assert ArchiveIndex(archive, readonly=True).entries() == [], "a refusal was archived"
    # The same recorder with the loopback network allowed fetches and records the page.
    allowed = archive_proxy("record", archive, allow_private="127.0.0.0/8")
    with client(allowed) as c:
        assert c.get(origin.url("/page.html")).headers["x-kehr-archive"] == "recorded"
    assert origin.count == before + 1


def test_allow_private_is_parsed_strictly(tmp_path):
    result = subprocess.run(
        [
            *(sys.executable, "-m", "kehr_proxy", "--mode", "record"),
            *("--archive-dir", str(tmp_path / "archive"), "--allow-private", "127.0.0.1/33"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "proxy")},
        timeout=30,
    )
    assert result.returncode != 0
    assert "'127.0.0.1/33' is not a network" in result.stderr


def test_recorder_answers_dead_hosts_at_once_and_remembers_them(archive_proxy, tmp_path):
    """Thousands of requests to resource hosts that no longer exist must not each wait
    for DNS: the first failure is remembered for the run (and nothing is archived)."""
    archive = tmp_path / "archive"
    recorder = archive_proxy("record", archive)
    with client(recorder) as c:
        first = c.get("http://dead-host.kehr.invalid/a.png")
        again = c.get("http://dead-host.kehr.invalid/b.png")
    for response in (first, again):
        assert response.status_code == 502
        assert response.headers["x-kehr-archive"] == "unreachable"
        assert '<meta name="kehr-recorder-error" content="unreachable">' in response.text
        assert "dead-host.kehr.invalid does not resolve" in response.text
    assert "remembered" not in first.text and "remembered" in again.text
    assert recorder.stop() == 0
    assert ArchiveIndex(archive, readonly=True).entries() == []


def test_address_policy_and_resolver_unit():
    import asyncio
    import socket

    from kehr_proxy.addon import KehrArchive
    from kehr_proxy.netguard import AddressPolicy, ResolveError, Resolver

    strict = AddressPolicy.parse("false")
    for address, kind in [
        ("127.0.0.1", "loopback"),
        ("::1", "loopback"),
        ("::ffff:127.0.0.1", "loopback"),  # IPv4-mapped IPv6 is unwrapped
        ("169.254.169.254", "link-local"),  # cloud metadata
        ("10.1.2.3", "private"),
        ("192.168.0.1", "private"),
        ("fd00::1", "private"),
        ("0.0.0.0", "unspecified"),
        ("100.64.0.1", "non-public"),  # carrier-grade NAT
    ]:
        assert strict.refusal(address) == f"{address.removeprefix('::ffff:')} is a {kind} address"
    assert strict.refusal("93.184.215.14") is None
    assert strict.refusal("2606:2800:21f:cb07:6820:80da:af6b:8b2c") is None
    assert AddressPolicy.parse("true").refusal("10.1.2.3") is None
    some = AddressPolicy.parse(" 10.1.2.0/24 , ::1/128")
    assert some.refusal("10.1.2.3") is None and some.refusal("::1") is None
    assert some.refusal("10.1.3.1") == "10.1.3.1 is a private address"
    with pytest.raises(ValueError, match=r"'10\.1\.2\.0/40' is not a network"):
        AddressPolicy.parse("10.1.2.0/40")

    asked: list[str] = []

    async def lookup(host: str) -> list[str]:
        asked.append(host)
        await asyncio.sleep(0.01)
        if host == "dead.test":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        if host == "rebind.test":  # one public answer, one pointing inside
            return ["93.184.215.14", "127.0.0.1"]
        return ["93.184.215.14"]

    async def scenario():
        resolver = Resolver(lookup=lookup)
        # Forty requests for one dead host at the same moment: one DNS query.
        results = await asyncio.gather(
            *(resolver.resolve("dead.test") for _ in range(40)), return_exceptions=True
        )
        assert all(isinstance(r, ResolveError) for r in results)
        with pytest.raises(ResolveError, match="remembered"):
            await resolver.resolve("DEAD.test.")
        assert await resolver.resolve("ok.test") == ["93.184.215.14"]
        assert await resolver.resolve("ok.test") == ["93.184.215.14"]
        assert await resolver.resolve("10.0.0.1") == ["10.0.0.1"]  # literal: no query
        addon = KehrArchive()
        addon.resolver = resolver
        problem, _ = await addon._check_target("rebind.test")
        assert problem is not None and problem[:2] == (403, "refused"), problem
        assert "127.0.0.1 is a loopback address" in problem[2]
        assert (await addon._check_target("ok.test"))[0] is None
        return resolver

    resolver = asyncio.run(scenario())
    assert asked == ["dead.test", "ok.test", "rebind.test"]
    assert resolver.queries == 3


def test_https_is_recorded_and_replayed_with_the_installation_ca(archive_proxy, tmp_path):
    from tests.proxy_fixtures import tls_context

    (tmp_path / "origin-ca").mkdir()
    server = Origin(tls_context(tmp_path / "origin-ca"))
    try:
        archive = tmp_path / "archive"
        recorder = archive_proxy(
            "record", archive, extra_set=["ssl_insecure=true"], allow_private=ALLOW_LOOPBACK
        )
        url = server.url("/secure.html", host="localhost")
        with client(recorder) as c:
            live = c.get(url)
        assert live.status_code == 200 and b"Archived page" in live.content
        assert recorder.stop() == 0
        seen = server.count
        replay = archive_proxy("replay", archive)
        with client(replay) as c:
            again = c.get(url)
            assert again.headers["x-kehr-archive"] == "exact"
            assert again.content == live.content
            assert c.get(server.url("/other", host="localhost")).status_code == 404
        assert server.count == seen
        for path in warc_files(archive):
            warcio_check(path)
    finally:
        server.stop()


def test_matching_layers_unit():
    """The pure matching rules, without a proxy (fast and exhaustive)."""
    rules = matching.FuzzyRules.load()

    class C:
        def __init__(self, id, url, body="-"):
            self.id, self.url, self.body_digest = id, url, body

    base = "http://a.example/api"
    assert (
        matching.canonical_url("HTTP://A.example:80/x?b=2&a=1#frag") == "http://a.example/x?a=1&b=2"
    )
    assert matching.request_key("get", base, b"") == matching.request_key("GET", base, None)
    assert matching.request_key("POST", base, b"x") != matching.request_key("POST", base, b"y")
    for param in ("_=1", "cb=9", "uncache=1", "utm_medium=mail", "callback=jQuery123_456"):
        assert rules.strip(f"{base}?q=1&{param}") == (("q", "1"),), param
    assert rules.strip(f"{base}?q=1&t0=1700000000") == (("q", "1"),)  # timestamp-like value
    assert rules.strip(f"{base}?q=1&page=2") == (("page", "2"), ("q", "1"))
    candidates = [C(1, f"{base}?q=1&_=1"), C(2, f"{base}?q=2&_=1")]
    assert matching.choose(rules, f"{base}?q=2&_=5", "-", candidates) == (
        "cachebuster",
        candidates[1],
    )
    assert matching.choose(rules, f"{base}?q=3&x=1", "-", candidates)[0] == "nearest"
    assert matching.choose(rules, base, "-", []) == ("miss", None)
    posted = [C(1, base, "sha1:AAA")]
    assert matching.choose(rules, base, "sha1:BBB", posted) == ("nearest", posted[0])
    assert matching.choose(rules, base, "sha1:AAA", posted) == ("cachebuster", posted[0])


def test_visits_listener_fetches_live_and_archives_nothing(origin, archive_proxy, tmp_path):
    recorder = archive_proxy(
        "record", tmp_path / "archive", allow_private=ALLOW_LOOPBACK, visit_port=0
    )
    assert recorder.visit_port and recorder.visit_port != recorder.port
    page = origin.url("/item/visits")
    with client(recorder) as c:
        first = c.get(page)
    assert first.headers["X-Kehr-Archive"] == "recorded"
    seen = origin.count
    visits_proxy = recorder.visits()
    with client(visits_proxy) as c:
        visits = [c.get(page), c.get(page), c.get(origin.url("/item/not-recorded"))]
    assert [v.headers["X-Kehr-Archive"] for v in visits] == ["live"] * 3
    assert origin.count == seen + 3, "a visit was answered from the archive"
    # The recording listener still answers from the first capture, and nothing a visit
    # fetched was archived: its URL is unknown to the recorder's index.
    with client(recorder) as c:
        assert c.get(page).headers["X-Kehr-Archive"] == "exact"
    assert origin.count == seen + 3
    assert recorder.stop() == 0, recorder.output()
    index = ArchiveIndex(recorder.archive_dir)
    try:
        recorded_urls = {e.url for e in index.entries()}
    finally:
        index.close()
    assert origin.url("/item/visits") in recorded_urls
    assert origin.url("/item/not-recorded") not in recorded_urls


def test_visits_listener_keeps_the_address_checks(origin, archive_proxy, tmp_path):
    # Loopback is not allowed here: a visit may not reach it any more than a recording.
    recorder = archive_proxy("record", tmp_path / "archive", visit_port=0)
    visits_proxy = recorder.visits()
    seen = origin.count
    with client(visits_proxy) as c:
        answer = c.get(origin.url("/item/private"))
    assert answer.status_code == 403
    assert answer.headers["X-Kehr-Archive"] == "refused"
    assert origin.count == seen


def test_visit_port_is_refused_in_replay_mode(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "kehr_proxy", "--mode", "replay", "--archive-dir",
         str(tmp_path / "a"), "--visit-port", "0"],
        capture_output=True, text=True, cwd=str(REPO),
        env={**os.environ, "PYTHONPATH": str(REPO / "proxy")},
    )  # fmt: skip
    assert result.returncode != 0
    assert "--visit-port is for record mode only" in result.stderr


class Answer:
    def __init__(self, response: HTTPResponse) -> None:
        self.status_code = response.status
        self.headers = {k.lower(): v for k, v in response.getheaders()}
        self.content = response.read()
        self.text = self.content.decode("utf-8", "replace")


def get_through(proxy, url: str) -> Answer:
    """GET ``url`` through ``proxy`` the way Firefox asks (httpx drops an IPv6 host's
    brackets from the request line)."""
    connection = HTTPConnection(proxy.host, proxy.port, timeout=10)
    try:
        connection.request("GET", url, headers={"Host": url.split("/")[2]})
        return Answer(connection.getresponse())
    finally:
        connection.close()


def test_ipv6_literals_are_checked_recorded_and_replayed(archive_proxy, tmp_path):
    """Issue 26 item 11: http://[::1]:PORT/t3 got a 500 on record and replay (mitmproxy's
    pretty_url drops the brackets and the URL no longer parsed). Refused when ::1 is not
    allowed; recorded and replayed when it is (as a public IPv6 site would be)."""
    origin6 = Origin(host="::1")
    try:
        url = origin6.url("/item/t3")
        assert url.startswith("http://[::1]:")
        archive = tmp_path / "archive"
        strict = archive_proxy("record", archive, allow_private="127.0.0.0/8")
        refused = get_through(strict, url)
        assert refused.status_code == 403, refused.text
        assert refused.headers["x-kehr-archive"] == "refused"
        assert "::1 is a loopback address" in refused.text
        assert origin6.count == 0
        assert strict.stop() == 0, strict.output()

        recorder = archive_proxy("record", archive, allow_private="::1/128")
        recorded, again = get_through(recorder, url), get_through(recorder, url)
        assert recorded.status_code == 200, recorded.text
        assert recorded.headers["x-kehr-archive"] == "recorded"
        assert again.headers["x-kehr-archive"] == "exact"
        assert recorded.text == "item t3\n" * 50
        assert origin6.count == 1
        assert recorder.stop() == 0, recorder.output()
        assert "Traceback" not in strict.output() + recorder.output()
        index = ArchiveIndex(archive, readonly=True)
        try:
            assert [e.url for e in index.entries()] == [url]
        finally:
            index.close()

        replayer = archive_proxy("replay", archive)
        replayed = get_through(replayer, url)
        assert replayed.status_code == 200 and replayed.headers["x-kehr-archive"] == "exact"
        assert replayed.content == recorded.content
        assert origin6.count == 1
        assert "Traceback" not in replayer.output()
    finally:
        origin6.stop()

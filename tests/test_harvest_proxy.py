"""Harvest through the recording proxy, then replay the same pages with the origin gone."""

from __future__ import annotations

import io
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PIL import Image, ImageChops

import kehr_proxy
from corpora.models import Corpus
from corpora.segmenter import segment
from harvest.browser import Browser
from harvest.harvester import create_job, run_job_sync
from harvest.models import HarvestItem
from kehr.processes import free_port
from kehr_proxy.index import ArchiveIndex
from tests import proxy_fixtures
from tests.expect import present
from tests.fixture_site_server import FixtureSite

PAGES = ["/index.html", "/article.html", "/cp1252.html", "/sjis-meta.html", "/redirect"]
SETTLE_MS = 300


def identical_fraction(png_a: bytes, png_b: bytes) -> float:
    a = Image.open(io.BytesIO(png_a)).convert("RGB")
    b = Image.open(io.BytesIO(png_b)).convert("RGB")
    if a.size != b.size:
        return 0.0
    # A pixel is identical when all three channels are: max over channels == 0.
    r, g, b_ = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    return worst.histogram()[0] / (a.size[0] * a.size[1])


@pytest.mark.django_db
def test_record_then_replay_with_the_origin_gone(tmp_path):
    site = FixtureSite.start()
    archive = tmp_path / "archive"
    recorder = proxy_fixtures.start_archive_proxy(
        "record", archive, allow_private=proxy_fixtures.ALLOW_LOOPBACK
    )
    corpus = Corpus.objects.create(name="Archived", slug="archived")
    try:
        job = create_job(
            corpus,
            "\n".join(site.url(p) for p in PAGES),
            settings={
                "host_delay_ms": 0,
                "settle_ms": SETTLE_MS,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
                "archive_dir": str(archive),
            },
        )
        progress = run_job_sync(job)
    finally:
        recorder.stop()
        site.stop()
    assert progress["done"] == len(PAGES), list(job.items.values("url", "reason", "message"))
    assert list(archive.rglob("*.warc*")), "the recorder wrote no WARC file"
    # Every page points at its pristine capture: the response record of its final URL.
    for item in job.items.filter(state=HarvestItem.State.DONE).select_related("page"):
        entry = kehr_proxy.lookup(archive, item.final_url)
        assert entry is not None and entry.status == 200, item.final_url
        assert present(item.page).capture_record_id == entry.record_id

    # The origin is gone; a stand-in on its port only counts who still asks.
    gone = FixtureSite.start(port=site.port, gone=True)
    replayer = proxy_fixtures.start_archive_proxy("replay", archive)
    browser = Browser(proxy=f"127.0.0.1:{replayer.port}", ca_cert_path=str(replayer.ca_cert_path))
    try:
        browser.start()
        assert browser.trusts_ca()
        for item in job.items.filter(state=HarvestItem.State.DONE).select_related("page"):
            capture = browser.capture(item.url, settle_ms=SETTLE_MS)
            assert capture.status == 200 and capture.final_url == item.final_url
            replayed = segment(capture.html, capture.final_url)
            assert replayed.node_count == present(item.page).node_count, item.url
            with open(item.screenshot_path, "rb") as f:
                live_png = f.read()
            fraction = identical_fraction(live_png, capture.screenshot_png)
            assert fraction >= 0.99, (item.url, fraction)
        # The comparison can fail: two different pages are far from identical.
        index, article = (job.items.get(url=site.url(p)) for p in PAGES[:2])
        with open(index.screenshot_path, "rb") as f, open(article.screenshot_path, "rb") as g:
            assert identical_fraction(f.read(), g.read()) < 0.99
    finally:
        browser.stop()
        replayer.stop()
        gone.stop()
    assert gone.total() == 0, gone.counts


@pytest.mark.django_db
def test_recorder_refusals_and_dead_origins_are_reported_with_their_reason(tmp_path):
    """The recorder's own answers are network problems with a message, not the site's
    HTTP status: a loopback site refused by default, a closed port, a dead host."""
    site = FixtureSite.start()
    corpus = Corpus.objects.create(name="Refused", slug="refused", min_words=1)
    settings = {"host_delay_ms": 0, "settle_ms": 100, "robots": False}

    def harvest(recorder, urls: list[str]) -> dict[str, HarvestItem]:
        job = create_job(
            corpus,
            "\n".join(urls),
            settings={
                **settings,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
                "archive_dir": str(recorder.archive_dir),
            },
        )
        run_job_sync(job)
        return {item.url: item for item in job.items.all()}

    try:
        strict = proxy_fixtures.start_archive_proxy("record", tmp_path / "strict")
        try:
            items = harvest(strict, [site.url("/index.html")])
        finally:
            strict.stop()
        refused = items[site.url("/index.html")]
        assert (refused.state, refused.reason) == ("failed", "refused_address")
        assert "127.0.0.1 is a loopback address" in refused.message
        assert "KEHR_ARCHIVE_ALLOW_PRIVATE" in refused.message
        assert site.total() == 0

        recorder = proxy_fixtures.start_archive_proxy(
            "record", tmp_path / "open", allow_private=proxy_fixtures.ALLOW_LOOPBACK
        )
        closed = f"http://127.0.0.1:{free_port()}/gone.html"
        dead = "http://dead-host.kehr.invalid/page.html"
        try:
            items = harvest(recorder, [closed, dead, site.url("/missing.html")])
        finally:
            recorder.stop()
    finally:
        site.stop()
    down = items[closed]
    assert (down.state, down.reason) == ("failed", "network_error"), down.message
    assert down.message.startswith("the recorder could not reach the site:")
    assert "Connect call failed" in down.message
    unresolved = items[dead]
    assert (unresolved.state, unresolved.reason) == ("failed", "network_error")
    assert "dead-host.kehr.invalid does not resolve" in unresolved.message
    # The site's own error status stays an HTTP error (it was archived).
    missing = items[site.url("/missing.html")]
    assert (missing.reason, missing.message) == ("http_error", "HTTP status 404")


class Listener:
    """A loopback HTTP server that counts who asks; ``routes`` maps a path to (status,
    headers, body), anything else is a 404 (a stand-in for a metadata endpoint)."""

    def __init__(self, host: str, routes: dict[str, tuple[int, dict[str, str], bytes]]):
        self.seen: list[str] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                listener.seen.append(self.path)
                status, headers, body = routes.get(self.path, (404, {}, b"no\n"))
                self.send_response(status)
                for name, value in {"Content-Length": str(len(body)), **headers}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

        server_class = type("Server", (ThreadingHTTPServer,), {
            "address_family": socket.AF_INET6 if ":" in host else socket.AF_INET,
            "daemon_threads": True,
        })  # fmt: skip
        self.server = server_class((host, 0), Handler)
        self.base = f"http://{f'[{host}]' if ':' in host else host}:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


PUBLIC_PAGE = (
    200,
    {"Content-Type": "text/html; charset=utf-8"},
    b"<!DOCTYPE html><title>Public</title><p>A public page with some running text.</p>",
)


@pytest.mark.django_db
def test_robots_txt_goes_through_the_recorders_address_checks(tmp_path):
    """Issue 26 item 2: robots.txt was fetched by the harvester itself, outside the
    recorder's checks. Here 127.0.0.1 stands for the public internet (the one address
    the recorder is allowed); 127.0.0.2 and ::1 are refused addresses with listeners
    that count every request. A page on a refused host must not get GET /robots.txt, and
    a public site whose robots.txt redirects to a metadata-like URL on ::1 must not make
    the harvester fetch it; the public site's robots.txt rules still apply."""
    secret = Listener("::1", {})
    refused = Listener("127.0.0.2", {"/robots.txt": (200, {}, b""), "/page.html": PUBLIC_PAGE})
    stolen = f"{secret.base}/latest/meta-data/iam/secret"
    public = Listener("127.0.0.1", {
        "/robots.txt": (302, {"Location": stolen}, b""),
        "/page.html": PUBLIC_PAGE,
    })  # fmt: skip
    polite = Listener("127.0.0.1", {
        "/robots.txt": (200, {}, b"User-agent: *\nDisallow: /page.html\n"),
        "/page.html": PUBLIC_PAGE,
    })  # fmt: skip
    archive = tmp_path / "archive"
    recorder = proxy_fixtures.start_archive_proxy("record", archive, allow_private="127.0.0.1/32")
    corpus = Corpus.objects.create(name="Robots", slug="robots", min_words=1)
    urls = [f"{refused.base}/page.html", f"{public.base}/page.html", f"{polite.base}/page.html"]
    try:
        job = create_job(
            corpus,
            "\n".join(urls),
            settings={
                "host_delay_ms": 0,
                "settle_ms": 100,
                "robots": True,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
                "archive_dir": str(archive),
            },
        )
        run_job_sync(job)
    finally:
        recorder.stop()
        for listener in (secret, refused, public, polite):
            listener.stop()
    items = {item.url: item for item in job.items.all()}
    assert secret.seen == [] and refused.seen == []
    on_refused, on_public, on_polite = (items[url] for url in urls)
    assert (on_refused.state, on_refused.reason) == ("failed", "refused_address")
    assert "127.0.0.2 is a loopback address" in on_refused.message
    assert on_public.state == "done", on_public.message
    assert public.seen[:2] == ["/robots.txt", "/page.html"]  # then the favicon
    assert (on_polite.state, on_polite.reason) == ("filtered", "robots")
    assert polite.seen == ["/robots.txt"]
    # robots.txt was fetched live: never archived.
    index = ArchiveIndex(archive, readonly=True)
    try:
        archived = [e.url for e in index.entries()]
    finally:
        index.close()
    assert f"{public.base}/page.html" in archived
    assert not [url for url in archived if url.endswith("/robots.txt")], archived


class UDPListener:
    """Counts the datagrams that arrive on a UDP port (a STUN server that never answers)."""

    def __init__(self, host: str) -> None:
        self.socket = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET,
                                    socket.SOCK_DGRAM)  # fmt: skip
        self.socket.bind((host, 0))
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.packets = 0
        self.running = True
        self.thread = threading.Thread(target=self._count, daemon=True)
        self.thread.start()

    def _count(self) -> None:
        while self.running:
            try:
                self.socket.recvfrom(2048)
            except TimeoutError:
                continue
            self.packets += 1

    def stop(self) -> None:
        self.running = False
        self.thread.join()
        self.socket.close()


def webrtc_page(stun: str) -> tuple[int, dict[str, str], bytes]:
    script = f"""
      const pc = new RTCPeerConnection({{iceServers: [{{urls: "{stun}"}}]}});
      pc.createDataChannel("leak");
      pc.createOffer().then((offer) => pc.setLocalDescription(offer));
      window.kehrPc = pc;
    """
    body = f"<!DOCTYPE html><title>WebRTC</title><p>Some running text.</p><script>{script}</script>"
    return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()


def own_address() -> str:
    """This machine's non-loopback IPv4 address (where Firefox gathers ICE candidates; it
    leaves loopback out), not allowed to the recorder below."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.123", 9))  # no packet is sent: this only picks a route
        return probe.getsockname()[0]
    except OSError:
        pytest.skip("no non-loopback IPv4 address: Firefox gathers no ICE candidate to see")
    finally:
        probe.close()


# Firefox's own values for what the harvester's profile turns off (the control below).
WEBRTC_ON: dict[str, object] = {
    "media.peerconnection.enabled": True,
    "media.peerconnection.ice.proxy_only": False,
}


@pytest.mark.django_db
def test_webrtc_cannot_leave_the_harvesters_firefox_directly(tmp_path):
    """Issue 26 item 3: a page's RTCPeerConnection sent STUN packets over UDP to an
    address the recorder refuses, past the proxy. The harvester's Firefox (harvest and
    visits alike: one profile, BASE_PREFS) has WebRTC off; the control, a Firefox with
    WebRTC on, shows the listener would have seen the packets."""
    address = own_address()
    stun = UDPListener(address)
    page = Listener("127.0.0.1", {"/rtc.html": webrtc_page(f"stun:{address}:{stun.port}")})
    archive = tmp_path / "archive"
    recorder = proxy_fixtures.start_archive_proxy("record", archive, allow_private="127.0.0.1/32")
    corpus = Corpus.objects.create(name="WebRTC", slug="webrtc", min_words=1)
    settings = {"host_delay_ms": 0, "settle_ms": 2000, "robots": False}
    try:
        job = create_job(
            corpus,
            f"{page.base}/rtc.html",
            settings={
                **settings,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
                "archive_dir": str(archive),
                "visits": 1,
                "visit_wait_ms": 500,
            },
        )
        run_job_sync(job)
        item = job.items.get()
        assert item.state == "done", item.message
        assert stun.packets == 0
        control = Browser(prefs=WEBRTC_ON)
        control.start()
        try:
            control.capture(f"{page.base}/rtc.html", settle_ms=2000)
        finally:
            control.stop()
        assert stun.packets > 0, "the control sent no STUN packet: the test cannot see one"
    finally:
        recorder.stop()
        page.stop()
        stun.stop()

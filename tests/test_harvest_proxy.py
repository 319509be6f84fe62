"""Harvest through the recording proxy, then replay the same pages with the origin gone."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import kehr_proxy
from corpora.models import Corpus
from corpora.segmenter import segment
from harvest.browser import Browser
from harvest.harvester import create_job, run_job_sync
from harvest.models import HarvestItem
from kehr.processes import free_port
from tests import proxy_fixtures
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
        assert item.page.capture_record_id == entry.record_id

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
            assert replayed.node_count == item.page.node_count, item.url
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

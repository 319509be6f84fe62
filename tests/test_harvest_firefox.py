"""Harvesting the fixture site with real headless Firefox (direct connection, no proxy)."""

from __future__ import annotations

import json
import re
import struct

import numpy as np
import pytest
from marionette_driver import errors as mn_errors

from corpora.models import Corpus, Page
from corpora.segmenter import read_node_texts
from corpora.signals import pages_arrived
from harvest import conf
from harvest.browser import VIEWPORT, Browser
from harvest.harvester import create_job, harvest_item, run_job_sync
from harvest.models import HarvestItem, HarvestJob
from kehr_engine.layout import Layout
from tests.fixture_site_server import FixtureSite

FAST = {"host_delay_ms": 0, "settle_ms": 150, "page_timeout_s": 20}
State = HarvestItem.State


@pytest.fixture(scope="module")
def site():
    server = FixtureSite.start()
    yield server
    server.stop()


def url_list(site: FixtureSite) -> str:
    return "\n".join(
        [
            "# fixture site",
            site.url("/index.html"),
            site.url("/article.html"),
            site.url("/copy.html") + "   # same text as article",
            site.url("/redirect"),
            site.url("/missing.html"),
            site.url("/short.html"),
            site.url("/cp1252.html"),
            site.url("/cp1252-meta.html"),
            site.url("/sjis.html"),
            site.url("/sjis-meta.html"),
            site.url("/data.png"),
            site.url("/private/secret.html"),
            site.url("/index.html#top"),
            "ftp://example.org/file",
            "",
        ]
    )


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.django_db
def test_harvest_fixture_site(site):
    corpus = Corpus.objects.create(name="Harvested", slug="harvested")
    job = create_job(corpus, url_list(site), settings=FAST)
    assert job.list_errors == [
        {"line": 15, "text": "ftp://example.org/file", "error": "scheme 'ftp' is not http or https"}
    ]
    progress = run_job_sync(job)
    items = {i.url.removeprefix(site.base): i for i in job.items.all()}
    states = {path: (i.state, i.reason) for path, i in items.items()}
    assert states == {
        "/index.html": (State.DONE, ""),
        "/article.html": (State.DONE, ""),
        "/copy.html": (State.FILTERED, "duplicate_text"),
        "/redirect": (State.DONE, ""),
        "/missing.html": (State.FILTERED, "http_error"),
        "/short.html": (State.FILTERED, "too_short"),
        "/cp1252.html": (State.DONE, ""),
        "/cp1252-meta.html": (State.DONE, ""),
        "/sjis.html": (State.DONE, ""),
        "/sjis-meta.html": (State.DONE, ""),
        "/data.png": (State.FILTERED, "not_html"),
        "/private/secret.html": (State.FILTERED, "robots"),
        "/index.html#top": (State.FILTERED, "duplicate_url"),
    }, {p: (i.state, i.reason, i.message) for p, i in items.items()}
    assert progress == {
        "total": 13, "queued": 0, "running": 0, "done": 7, "failed": 0, "filtered": 6,
        "visits": 0, "visits_planned": 0,
    }  # fmt: skip
    job.refresh_from_db()
    assert job.state == HarvestJob.State.FINISHED
    assert items["/missing.html"].http_status == 404
    short_words = items["/short.html"].word_count
    assert short_words is not None and short_words < corpus.min_words
    assert "line 2" in items["/index.html#top"].message
    assert site.count("/private/secret.html") == 0  # robots.txt was respected

    assert corpus.pages.count() == 7
    redirect = items["/redirect"]
    assert redirect.final_url == site.url("/moved.html")
    assert redirect.page is not None
    assert redirect.page.final_url == site.url("/moved.html")
    assert "Moved page" in redirect.page.title

    index = items["/index.html"].page
    assert index is not None
    texts = read_node_texts(index.document)
    # The snapshot is taken after scripts ran: injected text and the fetched JSON are in.
    assert "Text injected by a script." in texts
    assert "Loaded from JSON after the page." in texts
    assert "<script" not in index.document
    assert site.count("/api/data.json") >= 1
    assert site.count("/static/font.ttf") >= 1 and site.count("/static/lazy.png") >= 1

    cp = items["/cp1252.html"].page
    assert cp is not None
    assert "\u201eGr\u00fc\u00dfe aus K\u00f6ln\u201c" in cp.document and "5 \u20ac" in cp.document
    assert cp.source_encoding == "windows-1252"
    cp_meta = items["/cp1252-meta.html"].page
    assert cp_meta is not None and cp_meta.source_encoding == "windows-1252"
    for path in ("/sjis.html", "/sjis-meta.html"):
        page = items[path].page
        assert page is not None
        assert "\u6771\u4eac \u306e \u5929\u6c17" in page.document
        assert page.source_encoding == "Shift_JIS"

    for path, item in items.items():
        if item.state != State.DONE:
            assert not item.screenshot_path and item.page is None
            continue
        page = item.page
        assert page is not None
        assert page.word_count >= corpus.min_words
        with open(item.screenshot_path, "rb") as f:
            width, height = png_size(f.read())
        assert width >= 1000 and height > 1000, path  # full page, not just the viewport
        with open(item.rects_path) as f:
            rects = json.load(f)
        assert rects["node_count"] == page.node_count
        assert len(rects["rects"]) == page.node_count, path
        visible = [r for r in rects["rects"] if r and r[2] > 0 and r[3] > 0]
        assert len(visible) >= page.node_count - 3, path
        # Nodes are in document order, so paragraphs go down the page.
        ys = [r[1] for r in visible]
        assert ys[-1] > ys[0]
        # The same layout is in the database, with each node's computed style, and the
        # engine reads it for this page.
        stored = page.layout
        assert stored.source == "harvest" and stored.data["rects"] == rects["rects"]
        layout = Layout.from_json(stored.data, page.node_count, path)
        drawn = layout.styles[~np.isnan(layout.styles[:, 0])]
        assert len(drawn) >= page.node_count - 3, path
        assert (drawn[:, 0] > 4).all() and set(drawn[:, 3]) <= {0.0, 1.0}, path
        assert (drawn[:, 2] >= 1).any() and (drawn[:, 4] <= 1).all(), path


@pytest.mark.django_db
def test_rerun_skips_done_items_and_retries_failed(site):
    corpus = Corpus.objects.create(name="Rerun", slug="rerun")
    job = create_job(
        corpus,
        "\n".join([site.url("/moved.html"), site.url("/server-error.html")]),
        settings=FAST,
    )
    arrivals: list[dict] = []

    def receiver(sender, **kwargs):
        arrivals.append(kwargs)

    pages_arrived.connect(receiver)
    try:
        run_job_sync(job)
    finally:
        pages_arrived.disconnect(receiver)
    done, failed = job.items.order_by("line")
    done.refresh_from_db()
    failed.refresh_from_db()
    assert (done.state, failed.state, failed.reason) == (State.DONE, State.FAILED, "http_error")
    # The finished job announced its pages once (the URL Tree streams them on arrival).
    assert [(a["corpus"], a["page_ids"], a["source"]) for a in arrivals] == [
        (corpus, [done.page_id], "harvest")
    ]
    assert failed.http_status == 500
    page_id = done.page_id
    site.reset_counts()
    progress = run_job_sync(job)
    # The done page was not loaded again; the failed one was retried.
    assert site.count("/moved.html") == 0
    assert site.count("/server-error.html") == 1
    assert progress["done"] == 1 and progress["failed"] == 1
    assert Page.objects.filter(corpus=corpus).count() == 1
    done.refresh_from_db()
    assert done.page_id == page_id and done.attempts == 1
    failed.refresh_from_db()
    assert failed.attempts == 2
    # Calling the task function on a done item is a no-op.
    assert harvest_item(done.pk) == State.DONE
    assert site.count("/moved.html") == 0


@pytest.mark.django_db
def test_same_url_in_a_later_job_is_a_duplicate(site):
    corpus = Corpus.objects.create(name="Twice", slug="twice")
    first = create_job(corpus, site.url("/article.html"), settings=FAST)
    run_job_sync(first)
    second = create_job(corpus, site.url("/article.html"), settings=FAST)
    site.reset_counts()
    run_job_sync(second)
    item = second.items.get()
    assert (item.state, item.reason) == (State.FILTERED, "duplicate_url")
    assert site.count("/article.html") == 0
    # Another corpus takes the same page.
    other = Corpus.objects.create(name="Other", slug="other")
    third = create_job(other, site.url("/article.html"), settings=FAST)
    run_job_sync(third)
    assert third.items.get().state == State.DONE


def drawable_height(prefs: dict[str, object] | None = None) -> int:
    """The tallest full-page screenshot this Firefox draws, measured on a page taller
    than any Firefox draws: the height its error names (Firefox 153) or the height it
    silently cut the shot to (Firefox 140)."""
    browser = Browser(binary=conf.firefox_binary(), prefs=prefs)
    browser.start()
    try:
        m = browser.client
        assert m is not None
        m.execute_script("document.body.style.height = '200000px'")
        try:
            return png_size(m.screenshot(format="binary", full=True))[1]
        except mn_errors.UnsupportedOperationException as exc:
            found = re.search(r"height of (\d+) pixels", str(exc))
            assert found is not None, exc
            return int(found.group(1))
    finally:
        browser.stop()


@pytest.mark.django_db
def test_a_page_taller_than_firefox_can_draw_is_shot_to_its_top(site):
    """Found harvesting Debian's git manual pages: a full-page screenshot of a page
    taller than Firefox can draw fails, and the page was lost. Now its top part is shot,
    as tall as this Firefox draws (65,535 px in 153, 32,767 px in 140: issue 26)."""
    limit = drawable_height()
    corpus = Corpus.objects.create(name="Tall", slug="tall")
    job = create_job(corpus, site.url("/tall.html"), settings=FAST)
    run_job_sync(job)
    item = job.items.get()
    assert item.state == State.DONE, item.message
    with open(item.screenshot_path, "rb") as f:
        width, height = png_size(f.read())
    assert limit - 2048 <= height <= limit and width >= 1000, (limit, height)
    # The page itself is whole: the clip was for the screenshot only.
    assert item.page is not None
    texts = read_node_texts(item.page.document)
    assert len(texts) == 1200 and texts[-1] == "Line 1199"
    assert "max-height" not in item.page.document


def test_the_clip_follows_the_limit_this_firefox_draws(site):
    """With a lower limit (gfx.canvas.max-size) the old fixed 64,000 px clip failed too
    and the page got only its first viewport (Firefox 153) or no capture at all (Firefox
    140: the canvas error). The clip now steps down to a height this Firefox draws."""
    browser = Browser(binary=conf.firefox_binary(), prefs={"gfx.canvas.max-size": 20000})
    browser.start()
    try:
        capture = browser.capture(site.url("/tall.html"), settle_ms=100, timeout_s=20)
    finally:
        browser.stop()
    width, height = png_size(capture.screenshot_png)
    assert 4 * VIEWPORT[1] < height <= 20000 and width >= 1000, (width, height)

"""Replay fidelity in real Firefox: harvested pages rendered through a real replay proxy
and compared with their live screenshots, with the stylesheet's record removed from a
copy of the archive to show what a miss does."""

from __future__ import annotations

import io
import logging
import shutil
import sqlite3
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone
from PIL import Image

from corpora.ingest import add_page
from corpora.models import Corpus
from harvest.admin import ScoreBelow
from harvest.browser import Browser
from harvest.harvester import create_job, run_job_sync
from harvest.models import HarvestItem, ReplayCheck
from harvest.replay_check import (
    DIFF_FOLDER,
    check_corpus,
    compare_screenshots,
    live_item,
    replay_timing,
)
from harvest.visits import capture_path
from tests import proxy_fixtures
from tests.expect import present
from tests.fixture_site_server import FixtureSite

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(240)]
SETTLE_MS = 200
PAGES = ["/article.html", "/index.html"]


def _png(color, size=(100, 60)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


def test_compare_screenshots_counts_blocks_and_what_replay_does_not_reach():
    same = compare_screenshots(_png("white"), _png("white"))
    assert (same.score, same.blocks) == (1.0, 60)
    other = compare_screenshots(_png("white"), _png("black"))
    assert other.score == 0.0
    # A replay that is only half as tall matches only the blocks it has.
    half = compare_screenshots(_png("white"), _png("white", (100, 30)))
    assert half.score == pytest.approx(0.5)
    with Image.open(io.BytesIO(other.diff_png)) as diff:
        assert diff.size == (100, 60)
        pixel = diff.getpixel((5, 5))
        assert isinstance(pixel, tuple) and pixel[0] > 150  # tinted red


def _check(corpus, replayer, archive):
    return check_corpus(
        corpus,
        browser_factory=lambda: Browser(
            proxy=f"127.0.0.1:{replayer.port}", ca_cert_path=str(replayer.ca_cert_path)
        ),
        archive_dir=archive,
    )


def test_pages_replay_as_harvested_and_a_missing_stylesheet_shows(tmp_path):
    site = FixtureSite.start()
    archive = tmp_path / "archive"
    recorder = proxy_fixtures.start_archive_proxy(
        "record", archive, allow_private=proxy_fixtures.ALLOW_LOOPBACK
    )
    corpus = Corpus.objects.create(name="Checked", slug="checked", min_words=0)
    try:
        job = create_job(corpus, "\n".join(site.url(p) for p in PAGES), settings={
            "host_delay_ms": 0, "settle_ms": SETTLE_MS,
            "proxy": f"127.0.0.1:{recorder.port}", "proxy_ca": str(recorder.ca_cert_path),
            "archive_dir": str(archive),
        })  # fmt: skip
        progress = run_job_sync(job)
    finally:
        recorder.stop()
        site.stop()
    assert progress["done"] == len(PAGES)
    # The replay renders each page with the settle time of the job that harvested it.
    harvested = present(present(job.items.first()).page)
    assert replay_timing(present(live_item(harvested))) == (SETTLE_MS, 30)
    # A page that was imported, not harvested: nothing to compare with.
    imported = add_page(corpus, "<p>Imported text.</p>", url="http://example.org/imported")

    replayer = proxy_fixtures.start_archive_proxy("replay", archive)
    try:
        checks = {c.page_id: c for c in _check(corpus, replayer, archive)}
    finally:
        replayer.kill()
    items = {i.url.removeprefix(site.base): i for i in job.items.all()}
    article = checks[items["/article.html"].page_id]
    assert article.score is not None and article.score > 0.98, article.score
    assert article.misses == []
    assert capture_path(article.diff_sha256, DIFF_FOLDER).is_file()
    assert "no live screenshot" in checks[imported.pk].message
    assert checks[imported.pk].score is None

    # The same archive without the stylesheet: the page renders unstyled.
    broken = tmp_path / "broken"
    shutil.copytree(archive, broken)
    with sqlite3.connect(broken / "index.sqlite3") as db:
        assert db.execute("DELETE FROM records WHERE url LIKE '%/static/site.css'").rowcount == 1
    replayer = proxy_fixtures.start_archive_proxy("replay", broken)
    try:
        checks = {c.page_id: c for c in _check(corpus, replayer, broken)}
    finally:
        replayer.kill()
    article = checks[items["/article.html"].page_id]
    assert article.score is not None and article.score < 0.9, article.score
    assert site.url("/static/site.css") in article.misses
    # The filter reads neither the request nor the admin: None stands in for both.
    below = ScoreBelow(None, {"below": "0.9"}, ReplayCheck, None).queryset(  # type: ignore[arg-type]
        None, ReplayCheck.objects.all()
    )
    assert article.page_id in set(below.values_list("page_id", flat=True))
    with Image.open(capture_path(article.diff_sha256, DIFF_FOLDER)) as diff:
        assert diff.size[0] >= 1200  # the page's width, less a partial block


def test_check_replay_command_says_what_is_missing(monkeypatch):
    Corpus.objects.create(name="E", slug="e")
    with pytest.raises(CommandError, match="No corpus with slug 'nope'"):
        call_command("check_replay", "--corpus", "nope")
    with pytest.raises(CommandError, match="--below is a share"):
        call_command("check_replay", "--corpus", "e", "--below", "2")
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_PORT", "1")  # nothing listens there
    with pytest.raises(CommandError, match="No replay proxy answers"):
        call_command("check_replay", "--corpus", "e")


def test_staff_see_images_others_do_not(client, make_user):
    from harvest.visits import store_png

    sha = store_png(_png("white"), DIFF_FOLDER)
    url = f"/staff/harvest/images/{DIFF_FOLDER}/{sha}.png"
    assert client.get(url).status_code == 302  # to the login
    staff = make_user("s", staff=True)
    client.force_login(staff)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert client.get(f"/staff/harvest/images/etc/{sha}.png").status_code == 404
    assert client.get(f"/staff/harvest/images/visits/{'0' * 64}.png").status_code == 404
    assert client.get("/staff/harvest/images/visits/..%2Fsecret.png").status_code == 404


def test_the_replay_waits_as_long_as_the_harvest_that_took_the_screenshot(tmp_path):
    """Two harvests of one page with different settle times: the latest finished one
    took the live screenshot, and its job's settle time and page timeout are used."""
    corpus = Corpus.objects.create(name="Timed", slug="timed", min_words=0)
    page = add_page(corpus, "<p>Slow script text.</p>", url="http://example.org/slow")
    shot = tmp_path / "live.png"
    shot.write_bytes(_png("white"))
    now = timezone.now()
    for settle, timeout, finished in ((300, 20, now - timedelta(days=1)), (3000, 90, now)):
        job = create_job(corpus, "http://example.org/slow",
                         settings={"settle_ms": settle, "page_timeout_s": timeout})  # fmt: skip
        job.items.update(state=HarvestItem.State.DONE, page=page, finished_at=finished,
                         screenshot_path=str(shot))  # fmt: skip
    item = live_item(page)
    assert item is not None and replay_timing(item) == (3000, 90)
    # A screenshot whose file is gone is no live screenshot.
    shot.unlink()
    assert live_item(page) is None


def test_a_page_the_replay_proxy_does_not_hold_is_named_and_said_so(
    tmp_path, monkeypatch, capsys, caplog, admin_client
):
    """Issue 26, items 12 and 22: a page harvested direct (or through another recorder)
    is not in the archive; check_replay logged a traceback for it and stored "ValueError:
    not a readable image", and its row was named by the page's title alone."""
    corpus = Corpus.objects.create(name="Direct", slug="direct", min_words=0)
    page = add_page(
        corpus, "<title>Garden birds in winter</title><p>Harvested direct.</p>",
        url="http://example.org/birds/winter",
    )  # fmt: skip
    shot = tmp_path / "live.png"
    shot.write_bytes(_png("white"))
    job = create_job(corpus, page.url, settings={"settle_ms": SETTLE_MS})
    job.items.update(state=HarvestItem.State.DONE, page=page, finished_at=timezone.now(),
                     screenshot_path=str(shot))  # fmt: skip
    archive = tmp_path / "archive"  # the replay proxy's: nothing was recorded into it
    replayer = proxy_fixtures.start_archive_proxy("replay", archive)
    monkeypatch.setenv("KEHR_ARCHIVE_DIR", str(archive))
    monkeypatch.setenv("KEHR_ARCHIVE_CA_DIR", str(replayer.ca_cert_path.parent))
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_HOST", "127.0.0.1")
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_PORT", str(replayer.port))
    monkeypatch.delenv("KEHR_ARCHIVE_REPLAY_AUTH", raising=False)
    try:
        with caplog.at_level(logging.ERROR):
            call_command("check_replay", "--corpus", "direct")
    finally:
        replayer.kill()
    assert not caplog.records, caplog.text  # no traceback
    check = ReplayCheck.objects.get(page=page)
    assert check.score is None
    expected = "replay did not serve an HTML page (not archived?): HTTP 404, text/plain"
    assert check.message.startswith(expected), check.message
    out = capsys.readouterr().out
    assert "0 of 1 pages checked" in out
    label = "Garden birds in winter (http://example.org/birds/winter)"
    assert f"page {page.pk}, {label}: not checked: {expected}" in out, out
    assert str(check) == f"replay check of {label}"
    listing = admin_client.get("/admin/harvest/replaycheck/").content.decode()
    assert label in listing and "not archived?" in listing

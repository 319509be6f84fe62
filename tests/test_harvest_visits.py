"""Live visits for visual stability: real Firefox through a real recorder's visits listener.

A page whose side ad changes on every request is harvested with ``visits``; the visits
go live (the origin sees each), are never archived (replay keeps the first capture),
are stored once per PNG hash, and the engine's core sections over them find the ad
dynamic and the text static, node by node.
"""

from __future__ import annotations

import numpy as np
import pytest
from django.core.management import call_command
from PIL import Image

import kehr_proxy
from comparison import sources
from corpora.models import Corpus
from crosspage.models import MethodRun, PageStability
from harvest.harvester import create_job, prepare_run, run_job_sync
from harvest.job_settings import HarvestSettingsError
from harvest.models import HarvestItem, PageVisits, VisitCapture
from harvest.visits import capture_path, visit_pages_pending
from kehr_engine.features import features
from kehr_engine.layout import Layout
from kehr_engine.stability import StabilityMap, core_sections, node_stability
from kehr_engine.stability.blocks import pixels
from learning.data import page_input
from tests import proxy_fixtures
from tests.expect import present
from tests.fixture_site_server import ROTATING_AD, FixtureSite

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(240)]
VISITS = 4


@pytest.fixture()
def recorder(tmp_path):
    handle = proxy_fixtures.start_archive_proxy(
        "record", tmp_path / "archive", allow_private=proxy_fixtures.ALLOW_LOOPBACK, visit_port=0
    )
    yield handle
    handle.kill()


def _settings(recorder, visits: int = VISITS) -> dict:
    return {
        "host_delay_ms": 0,
        "settle_ms": 100,
        "visits": visits,
        "visit_wait_ms": 50,
        "proxy": f"127.0.0.1:{recorder.port}",
        "proxy_ca": str(recorder.ca_cert_path),
        "archive_dir": str(recorder.archive_dir),
        "visit_proxy": f"127.0.0.1:{recorder.visit_port}",
    }


def test_visits_are_live_unarchived_stored_and_show_the_ad_as_dynamic(recorder):
    site = FixtureSite.start()
    corpus = Corpus.objects.create(name="Visited", slug="visited", min_words=0)
    try:
        job = create_job(corpus, site.url("/rotating.html"), settings=_settings(recorder))
        progress = run_job_sync(job)
        seen = site.count("/rotating.html")
    finally:
        site.stop()
    item = job.items.get()
    assert item.state == HarvestItem.State.DONE, (item.reason, item.message)
    assert (progress["visits"], progress["visits_planned"]) == (VISITS, VISITS)
    # The harvest's load and every visit reached the origin ...
    assert seen == 1 + VISITS
    # ... and the archive holds the first capture only: replay serves what was harvested.
    page = present(item.page)
    entry = kehr_proxy.lookup(recorder.archive_dir, item.final_url)
    assert entry is not None and entry.record_id == page.capture_record_id

    visits = PageVisits.objects.get(page=item.page)
    assert visits.message == ""
    assert visits.viewport == [1920, 1080]
    captures = list(visits.captures.all())
    assert [c.number for c in captures] == list(range(VISITS))
    images = []
    for capture in captures:
        path = capture_path(capture.sha256)
        with Image.open(path) as picture:
            assert picture.size == (1920, 1080)
            images.append(pixels(np.asarray(picture.convert("RGB"))))
    assert len({c.sha256 for c in captures}) == VISITS  # another ad each time

    # The engine on the real captures: the ad's blocks dynamic, the text static.
    smap = core_sections(images)
    assert (smap.layouts, smap.captures) == (1, VISITS)
    x, y, w, h = ROTATING_AD
    b = smap.block
    inner = smap.static[y // b + 1 : (y + h) // b - 1, x // b + 1 : (x + w) // b - 1]
    # Only blocks the ads' words happen to whiten in every visit could stay static.
    assert inner.mean() < 0.05
    assert smap.static[:, : 1400 // b].all(), "something beside the ad changed"
    layout = Layout.from_json(visits.layout, page.node_count)
    stability, covered = node_stability(layout.rects, smap)
    ad_node = next(i for i, r in enumerate(layout.rects) if r[0] >= x - 1)
    assert stability[ad_node] < 0.3
    others = [i for i in range(len(stability)) if i != ad_node and covered[i] > 0]
    assert others and all(stability[i] == 1.0 for i in others), stability

    # The platform's run over the corpus: the same map, the labels as the stability source,
    # and the classifier's feature group reading them.
    call_command("stability", "--corpus", "visited", verbosity=0)
    run = MethodRun.objects.get(method="stability")
    assert (run.state, run.counts["labelled"], run.counts["pages"]) == ("done", 1, 1)
    stored = StabilityMap.from_json(PageStability.objects.get(page=item.page).data)
    assert (stored.static == smap.static).all()
    labels = sources.resolve(page, "stability").labels
    assert labels[ad_node] == 1
    assert all(labels[i] == 3 for i in others)
    doc = page_input(page).node_document()
    names, matrix = features(doc, ["visual_stability"])
    assert matrix[ad_node, 0] < 0.3 and matrix[others[0], 0] == 1.0
    assert matrix[0, names.index("visual_stability.captures")] == VISITS


def test_cut_short_visits_are_resumed_and_identical_pngs_stored_once(recorder):
    site = FixtureSite.start()
    corpus = Corpus.objects.create(name="Resumed", slug="resumed", min_words=0)
    try:
        job = create_job(corpus, site.url("/article.html"), settings=_settings(recorder, 3))
        run_job_sync(job)
        visits = PageVisits.objects.get()
        assert visits.done == 3
        # A static page looks the same on every visit: one file for three captures.
        assert len({c.sha256 for c in visits.captures.all()}) == 1
        assert visit_pages_pending(job) == 0
        # A worker died after the first visit: the rest are taken on the re-run.
        visits.captures.filter(number__gte=1).delete()
        assert visit_pages_pending(job) == 1  # what manage.py harvest waits for
        PageVisits.objects.filter(pk=visits.pk).update(message="visit 2: timeout")
        assert visit_pages_pending(job) == 0  # ended by a failure: nothing to wait for
        PageVisits.objects.filter(pk=visits.pk).update(message="")
        assert prepare_run(job) == [job.items.get().pk]
        progress = run_job_sync(job)
    finally:
        site.stop()
    assert (progress["visits"], progress["visits_planned"]) == (3, 3)
    assert list(VisitCapture.objects.values_list("number", flat=True)) == [0, 1, 2]
    assert site.count("/article.html") == 1 + 3 + 2


def test_visits_are_bounded_and_checked():
    with pytest.raises(HarvestSettingsError, match="visits: must be 30 or less"):
        create_job(
            Corpus.objects.create(name="C", slug="c"),
            "http://example.org/",
            settings={"visits": 31},
        )
    with pytest.raises(HarvestSettingsError, match="visit_proxy: must be host:port"):
        create_job(
            Corpus.objects.create(name="D", slug="d"),
            "http://example.org/",
            settings={"visit_proxy": "nonsense"},
        )


def test_visits_take_turns_with_browser_profiles(recorder):
    site = FixtureSite.start()
    corpus = Corpus.objects.create(name="Profiles", slug="profiles", min_words=0)
    try:
        settings = {**_settings(recorder, 4), "visit_profiles": 2}
        job = create_job(corpus, site.url("/personal.html"), settings=settings)
        progress = run_job_sync(job)
    finally:
        site.stop()
    assert (progress["visits"], progress["visits_planned"]) == (4, 4)
    # The harvest's load, then visits 0-3 alternating between two cookie jars.
    harvest_uid, *visit_uids = site.cookies
    assert len(visit_uids) == 4
    assert visit_uids[0] == visit_uids[2] and visit_uids[1] == visit_uids[3]
    assert len({harvest_uid, *visit_uids}) == 3

"""Harvesting through the real Celery worker process, including a worker killed mid-job."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kehr_proxy
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from harvest.harvester import create_job
from harvest.models import Fingerprint, HarvestItem, HarvestJob
from harvest.tasks import enqueue_job
from tests.expect import present
from tests.fixture_site_server import FixtureSite
from tests.proxy_fixtures import ALLOW_LOOPBACK, start_archive_proxy
from tests.services import test_database_url

State = HarvestItem.State
REPO = Path(__file__).resolve().parents[1]
WARCIO = str(Path(sys.executable).with_name("warcio"))
PAGES = ["/index.html", "/article.html", "/moved.html", "/cp1252.html", "/sjis.html"]

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def site():
    server = FixtureSite.start()
    yield server
    server.stop()


def wait_for(condition, timeout: float, what: str, worker=None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    log = worker.log_text()[-3000:] if worker is not None else ""
    raise AssertionError(f"timed out waiting for {what}\n{log}")


def job_finished(job: HarvestJob) -> bool:
    job.refresh_from_db()
    return job.state == HarvestJob.State.FINISHED


def test_harvest_through_the_worker(celery_worker, site):
    corpus = Corpus.objects.create(name="Via worker", slug="via-worker")
    job = create_job(
        corpus,
        "\n".join(site.url(p) for p in [*PAGES, "/missing.html"]),
        settings={"host_delay_ms": 0, "settle_ms": 150, "host_concurrency": 2},
    )
    assert enqueue_job(job) == 6
    wait_for(lambda: job_finished(job), 120, "the job to finish", celery_worker)
    assert job.progress() == {
        "total": 6, "queued": 0, "running": 0, "done": 5, "failed": 0, "filtered": 1,
        "visits": 0, "visits_planned": 0,
    }  # fmt: skip
    pages = Page.objects.filter(corpus=corpus)
    assert sorted(p.url for p in pages) == sorted(site.url(p) for p in PAGES)
    for item in job.items.filter(state=State.DONE):
        assert present(item.page).node_count > 0 and item.attempts == 1


def test_killed_worker_rerun_finishes_without_duplicates(celery_worker, site):
    corpus = Corpus.objects.create(name="Killed", slug="killed")
    # One page per second on this host: the job takes a few seconds, time to kill it.
    job = create_job(
        corpus,
        "\n".join(site.url(p) for p in PAGES),
        settings={"host_delay_ms": 1000, "settle_ms": 150, "host_concurrency": 1},
    )
    enqueue_job(job)
    wait_for(
        lambda: (
            job.items.filter(state=State.DONE).exists()
            and job.items.filter(state=State.RUNNING).exists()
        ),
        90,
        "one page done and another running",
        celery_worker,
    )
    celery_worker.kill()
    killed_running = set(job.items.filter(state=State.RUNNING).values_list("id", flat=True))
    done_before = set(job.items.filter(state=State.DONE).values_list("id", flat=True))
    assert killed_running and len(done_before) < len(PAGES)
    celery_worker.restart()
    enqueue_job(job)  # the admin's "re-run": done items are skipped
    wait_for(lambda: job_finished(job), 120, "the re-run job to finish", celery_worker)
    assert job.progress()["done"] == len(PAGES)
    assert Page.objects.filter(corpus=corpus).count() == len(PAGES)
    text_claims = Fingerprint.objects.filter(corpus=corpus, key__startswith="text:")
    assert text_claims.count() == len(PAGES)
    for item in job.items.all():
        if item.pk in done_before:
            assert item.attempts == 1  # not harvested again
        if item.pk in killed_running:
            assert item.attempts == 2  # the interrupted attempt, then the re-run


def test_killed_recorder_rerun_finishes_without_duplicates_or_damage(celery_worker, site, tmp_path):
    archive = tmp_path / "archive"
    recorder = start_archive_proxy("record", archive, allow_private=ALLOW_LOOPBACK)
    corpus = Corpus.objects.create(name="Recorder killed", slug="recorder-killed")
    job = create_job(
        corpus,
        "\n".join(site.url(p) for p in PAGES),
        settings={
            "host_delay_ms": 1000,
            "settle_ms": 150,
            "proxy": f"127.0.0.1:{recorder.port}",
            "proxy_ca": str(recorder.ca_cert_path),
            "archive_dir": str(archive),
        },
    )
    try:
        enqueue_job(job)
        wait_for(
            lambda: job.items.filter(state=State.DONE).exists(),
            90,
            "one page harvested through the recorder",
            celery_worker,
        )
        recorder.kill()  # SIGKILL: its WARC file stays *.open, mid-record perhaps
        wait_for(lambda: job_finished(job), 120, "the job to end without its recorder")
        assert job.progress()["done"] < len(PAGES)
        assert job.items.filter(state=State.FAILED).exists()
        # Same port, same archive: the new recorder recovers the open file first.
        recorder = start_archive_proxy(
            "record", archive, port=recorder.port, allow_private=ALLOW_LOOPBACK
        )
        enqueue_job(job)
        wait_for(lambda: job_finished(job), 120, "the re-run job to finish", celery_worker)
    finally:
        assert recorder.stop() == 0
    assert job.progress()["done"] == len(PAGES), list(job.items.values("url", "reason"))
    assert Page.objects.filter(corpus=corpus).count() == len(PAGES)
    assert not list(archive.glob("*.open"))
    warcs = sorted(archive.glob("*.warc.gz"))
    assert warcs
    for path in warcs:
        result = subprocess.run(
            [WARCIO, "check", "-v", str(path)], capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, result.stdout + result.stderr
    for page in Page.objects.filter(corpus=corpus):
        entry = kehr_proxy.lookup(archive, page.final_url)
        assert entry is not None and page.capture_record_id == entry.record_id, page.url


def test_manage_py_harvest_rerun_draws_its_bar_alone_to_the_job_size(celery_worker):
    """Issue 26, item 21: `manage.py harvest --job N` through the worker. The filesystem
    broker's connection logged "No hostname was supplied. Reverting to default
    'localhost'" into the progress bar's line; the bar counts the job's URLs."""
    corpus = Corpus.objects.create(name="Bar", slug="bar")
    urls = [f"https://a.example/bar-{n}" for n in range(3)]
    for url in urls:  # the re-run finds them in the corpus: filtered, no browser needed
        add_page(corpus, "<p>Already in the corpus.</p>", url=url)
    job = create_job(corpus, "\n".join(urls), settings={"proxy": ""})
    job.items.update(state=State.FAILED, reason="timeout", attempts=1)
    env = {**os.environ, "DATABASE_URL": test_database_url(), "KEHR_HARVEST_PROXY": "direct"}
    result = subprocess.run(
        [sys.executable, str(REPO / "manage.py"), "harvest", "--job", str(job.pk)],
        env=env, capture_output=True, text=True, timeout=180, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr + celery_worker.log_text()[-3000:]
    assert f"job {job.pk}: 0 done, 3 filtered, 0 failed" in result.stdout
    assert "No hostname" not in result.stderr, result.stderr
    shown = [int(n) for n in re.findall(r"\| *(\d+)/3 \[", result.stderr)]
    assert shown and shown[-1] == 3 and max(shown) == 3, result.stderr

"""Starting and following harvests: the API, the admin and manage.py harvest."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from corpora.ingest import add_page
from corpora.models import Corpus
from harvest import conf
from harvest.harvester import create_job, prepare_run, run_job_sync
from harvest.models import HarvestItem, HarvestJob
from kehr.env import ConfigurationError
from tests import proxy_fixtures
from tests.conftest import client_for
from tests.fixture_site_server import FixtureSite
from tests.services import free_port

LIST = "# two URLs, one broken line, one repeat\nhttps://a.example/x\nnot-a-url\nhttps://a.example/y\nhttps://A.example/x#f\n"


def test_api_post_list_and_follow_progress(staff_api, corpus):
    response = staff_api.post(
        "/api/harvest/jobs/",
        {"corpus": corpus.slug, "urls": LIST, "start": False},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["corpus"] == corpus.slug
    assert body["progress"] == {
        "total": 3, "queued": 2, "running": 0, "done": 0, "failed": 0, "filtered": 1,
        "visits": 0, "visits_planned": 0,
    }  # fmt: skip
    assert body["list_errors"] == [
        {"line": 3, "text": "not-a-url", "error": "no scheme (write http:// or https://)"}
    ]
    assert [(i["line"], i["state"], i["reason"]) for i in body["items"]] == [
        (2, "queued", ""),
        (4, "queued", ""),
        (5, "filtered", "duplicate_url"),
    ]
    job_id = body["id"]
    detail = staff_api.get(f"/api/harvest/jobs/{job_id}/").json()
    assert detail["items"][2]["message"] == "same URL as line 2"
    listing = staff_api.get("/api/harvest/jobs/", {"corpus": corpus.slug}).json()
    assert [j["id"] for j in listing["results"]] == [job_id]
    assert "items" not in listing["results"][0]
    assert staff_api.get("/api/harvest/jobs/", {"corpus": "nope"}).json()["results"] == []


def test_api_rejects_non_staff_and_bad_input(api, staff_api, corpus):
    assert (
        api.post(
            "/api/harvest/jobs/", {"corpus": corpus.slug, "urls": LIST}, format="json"
        ).status_code
        == 403
    )
    assert api.get("/api/harvest/jobs/").status_code == 403
    response = staff_api.post(
        "/api/harvest/jobs/", {"corpus": "missing", "urls": LIST, "start": False}, format="json"
    )
    assert response.status_code == 400 and "corpus" in response.json()
    assert HarvestJob.objects.count() == 0


def test_api_list_over_the_body_limit_is_413_and_creates_no_job(staff_api, corpus, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    urls = "".join(f"https://a.example/{n}\n" for n in range(1000))  # ~22 kB
    response = staff_api.post(
        "/api/harvest/jobs/", {"corpus": corpus.slug, "urls": urls, "start": False}, format="json"
    )
    assert response.status_code == 413, response.content[:300]
    assert "10000" in response.json()["detail"]
    assert not HarvestJob.objects.exists()


def test_api_rerun_of_a_finished_job(staff_api, corpus, staff):
    job = create_job(corpus, "https://a.example/x\nhttps://a.example/x\n", created_by=staff)
    job.items.update(state=HarvestItem.State.FILTERED, reason="robots")
    response = staff_api.post(f"/api/harvest/jobs/{job.pk}/rerun/")
    assert response.status_code == 200
    assert response.json()["state"] == "finished"  # nothing left to do
    assert client_for(staff).get(f"/api/harvest/jobs/{job.pk + 99}/").status_code == 404


def test_admin_upload_and_progress(admin_client, corpus):
    upload = SimpleUploadedFile("urls.txt", LIST.encode())
    response = admin_client.post(
        "/admin/harvest/harvestjob/add/",
        {"corpus": corpus.pk, "url_list": "", "url_file": upload},
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    job = HarvestJob.objects.get()
    assert job.items.count() == 3 and job.state == HarvestJob.State.QUEUED
    assert job.settings["robots"] is True
    page = admin_client.get(f"/admin/harvest/harvestjob/{job.pk}/change/").content.decode()
    assert "same URL as line 2" in page
    assert "0 done, 1 filtered, 0 failed, 2 to do (of 3)" in page
    assert "line 3: no scheme" in page
    listing = admin_client.get("/admin/harvest/harvestjob/").content.decode()
    assert "2 to do (of 3)" in listing
    # An empty list is refused with a message, not turned into an empty job.
    response = admin_client.post(
        "/admin/harvest/harvestjob/add/", {"corpus": corpus.pk, "url_list": "# nothing\n"}
    )
    assert response.status_code == 200 and "no usable URL" in response.content.decode()


def test_harvest_command_sync(db, corpus, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("KEHR_HARVEST_HOST_DELAY_MS", "0")
    monkeypatch.setenv("KEHR_HARVEST_SETTLE_MS", "100")
    site = FixtureSite.start()
    try:
        urls = tmp_path / "urls.txt"
        urls.write_text(f"{site.url('/moved.html')}\n{site.url('/short.html')}\nbad line\n")
        call_command("harvest", str(urls), corpus=corpus.slug, sync=True)
    finally:
        site.stop()
    out, err = capsys.readouterr()
    assert "1 done, 1 filtered, 0 failed" in out
    min_words = corpus.min_words
    assert re.search(
        rf"line 2: filtered too_short \(\d+ words, the corpus needs at least {min_words}\)", out
    ), out
    assert "line 3: not a URL (no scheme" in err
    assert corpus.pages.get().title == "Moved page"


def test_harvest_command_errors(db, corpus, tmp_path):
    with pytest.raises(CommandError, match="No corpus"):
        call_command("harvest", str(tmp_path / "x"), corpus="nope", sync=True)
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("harvest", str(tmp_path / "missing.txt"), corpus=corpus.slug, sync=True)
    with pytest.raises(CommandError, match="No harvest job"):
        call_command("harvest", job=12345)


def test_harvest_goes_through_the_installation_recorder_by_default(monkeypatch, settings):
    monkeypatch.delenv("KEHR_HARVEST_PROXY")
    monkeypatch.setenv("KEHR_ARCHIVE_RECORD_PORT", "8123")
    proxy = conf.proxy_settings()
    assert proxy["proxy"] == "127.0.0.1:8123"
    assert proxy["proxy_ca"].endswith("mitmproxy-ca-cert.pem")
    assert proxy["archive_dir"] == str((Path(settings.VAR_DIR) / "archive").resolve())
    # Live visits go to the recorder's second listener, by default two ports up.
    assert proxy["visit_proxy"] == "127.0.0.1:8125"
    monkeypatch.setenv("KEHR_ARCHIVE_VISIT_PORT", "9001")
    assert conf.proxy_settings()["visit_proxy"] == "127.0.0.1:9001"
    monkeypatch.setenv("KEHR_ARCHIVE_VISIT_PORT", "8123")
    with pytest.raises(ConfigurationError, match="a port of its own"):
        conf.proxy_settings()
    monkeypatch.delenv("KEHR_ARCHIVE_VISIT_PORT")
    monkeypatch.setenv("KEHR_ARCHIVE_REPLAY_PORT", "8125")  # not two up, then: three
    assert conf.proxy_settings()["visit_proxy"] == "127.0.0.1:8126"
    monkeypatch.delenv("KEHR_ARCHIVE_REPLAY_PORT")
    monkeypatch.setenv("KEHR_HARVEST_VISITS", "31")
    with pytest.raises(ConfigurationError, match="KEHR_HARVEST_VISITS=31 is too large"):
        conf.job_settings()
    monkeypatch.delenv("KEHR_HARVEST_VISITS")
    monkeypatch.setenv("KEHR_ARCHIVE_RECORD_AUTH", "harvester:pw")
    with pytest.raises(ConfigurationError, match="cannot log in to a proxy"):
        conf.proxy_settings()
    monkeypatch.delenv("KEHR_ARCHIVE_RECORD_AUTH")
    monkeypatch.setenv("KEHR_HARVEST_PROXY", "direct")
    assert conf.proxy_settings() == {
        "proxy": "", "proxy_ca": "", "archive_dir": "", "visit_proxy": ""
    }  # fmt: skip
    monkeypatch.setenv("KEHR_HARVEST_PROXY", "my-proxy")
    with pytest.raises(ConfigurationError, match="KEHR_HARVEST_PROXY='my-proxy'"):
        conf.proxy_settings()


def test_a_stopped_recorder_fails_the_url_without_spending_an_attempt(db, corpus):
    closed = free_port()  # nothing listens there
    job = create_job(corpus, "https://a.example/x\n", settings={"proxy": f"127.0.0.1:{closed}"})
    run_job_sync(job)
    item = job.items.get()
    assert (item.state, item.reason, item.attempts) == ("failed", "proxy_unreachable", 0)
    assert f"127.0.0.1:{closed}" in item.message and "archive_proxy" in item.message
    # Nothing lost: a re-run queues it again.
    assert [item.pk] == prepare_run(job)


def test_harvest_command_stops_before_queueing_when_the_recorder_is_down(
    db, corpus, tmp_path, monkeypatch
):
    monkeypatch.setenv("KEHR_HARVEST_PROXY", f"127.0.0.1:{free_port()}")
    urls = tmp_path / "urls.txt"
    urls.write_text("https://a.example/x\n")
    with pytest.raises(CommandError, match=r"does not answer.*archive_proxy --mode record"):
        call_command("harvest", str(urls), corpus=corpus.slug)
    assert not HarvestJob.objects.exists()


def test_a_rerun_past_max_attempts_reports_gave_up_and_may_raise_max_attempts(db, corpus, capsys):
    """Issue 26, item 15: after the last attempt a re-run printed the old reason as if
    it had failed again, and --job N --set max_attempts=5 was refused."""
    url = "https://a.example/listed-before"
    add_page(corpus, "<p>Already in the corpus.</p>", url=url)
    job = create_job(corpus, url, settings={"max_attempts": 2})
    job.items.update(state="failed", reason="timeout", message="no answer in 30 s", attempts=2)
    for _rerun in range(2):  # the second re-run does not wrap the message again
        call_command("harvest", job=job.pk, sync=True)
        out = capsys.readouterr().out
        assert (
            f"line 1: failed gave_up (2 attempts failed, the last: timeout (no answer in 30 s). "
            f"Not tried again: max_attempts is 2 (raise it with manage.py harvest --job "
            f"{job.pk} --set max_attempts=N)): {url}"
        ) in out, out
    with pytest.raises(CommandError, match=r"settle_ms: a re-run keeps the job's own "
                       r"settings and may change only max_attempts"):  # fmt: skip
        call_command("harvest", job=job.pk, sync=True, set=["settle_ms=100"])
    with pytest.raises(CommandError, match="max_attempts: must be 1 or more, got 0"):
        call_command("harvest", job=job.pk, sync=True, set=["max_attempts=0"])
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 2
    # More attempts: the URL is tried again (and found to be in the corpus already).
    call_command("harvest", job=job.pk, sync=True, set=["max_attempts=3"])
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 3
    item = job.items.get()
    assert (item.state, item.reason, item.attempts) == ("filtered", "duplicate_url", 3)


def test_a_refused_address_says_where_the_setting_goes_and_costs_no_attempt(
    db, tmp_path, capsys, monkeypatch
):
    """The refusal said 'allow it with KEHR_ARCHIVE_ALLOW_PRIVATE'; set for manage.py
    harvest it changed nothing and every re-run spent an attempt (issue 26, item 15)."""
    corpus = Corpus.objects.create(name="Local", slug="local", min_words=1)
    site = FixtureSite.start()
    recorder = proxy_fixtures.start_archive_proxy("record", tmp_path / "archive")
    try:
        job = create_job(corpus, site.url("/index.html"), settings={
            "host_delay_ms": 0, "settle_ms": 100, "robots": False, "max_attempts": 1,
            "proxy": f"127.0.0.1:{recorder.port}", "proxy_ca": str(recorder.ca_cert_path),
            "archive_dir": str(recorder.archive_dir),
        })  # fmt: skip
        run_job_sync(job)
        item = job.items.get()
        assert (item.state, item.reason, item.attempts) == ("failed", "refused_address", 0)
        assert "KEHR_ARCHIVE_ALLOW_PRIVATE" in item.message
        assert "restart it with the variable set" in item.message
        assert "setting it for manage.py harvest or a worker changes nothing" in item.message
        # Set where the harvest runs: a note says it is the recorder's, and the re-run
        # (refused again, the recorder was not restarted) still costs no attempt.
        monkeypatch.setenv("KEHR_ARCHIVE_ALLOW_PRIVATE", "127.0.0.0/8")
        call_command("harvest", job=job.pk, sync=True)
        captured = capsys.readouterr()
        assert "KEHR_ARCHIVE_ALLOW_PRIVATE is the recorder's setting" in captured.err
        item = job.items.get()
        assert (item.state, item.reason, item.attempts) == ("failed", "refused_address", 0)
        assert "failed refused_address" in captured.out
    finally:
        recorder.stop()
        site.stop()
    assert site.total() == 0


def test_a_rerun_bar_counts_to_the_urls_of_the_job(db, corpus, capsys):
    """Issue 26, item 21: a re-run's bar started at the finished URLs, failed ones
    included, then added each one harvested again: 43 of 25 URLs."""
    urls = [f"https://a.example/page-{n}" for n in range(3)]
    for url in urls:  # the re-run finds them in the corpus: filtered, no browser needed
        add_page(corpus, "<p>Already in the corpus.</p>", url=url)
    job = create_job(corpus, "\n".join(urls))
    job.items.update(state="failed", reason="timeout", attempts=1)
    call_command("harvest", job=job.pk, sync=True)
    err = capsys.readouterr().err
    shown = [int(n) for n in re.findall(r"\| *(\d+)/3 \[", err)]
    assert shown and shown[-1] == 3 and max(shown) == 3, err


def test_api_rerun_may_change_max_attempts_only(staff_api, corpus):
    """The API's rerun takes {"settings": {"max_attempts": N}} like harvest --job N --set,
    with the same words for what it refuses (issue 26, items 15 and 20)."""
    job = create_job(corpus, "https://a.example/x\n", settings={"max_attempts": 1})
    job.items.update(state=HarvestItem.State.DONE)  # nothing to queue: no task is sent
    rerun = f"/api/harvest/jobs/{job.pk}/rerun/"
    refused = {
        "settle_ms": "a re-run keeps the job's own settings and may change only max_attempts; "
        "harvest the list as a new job to change the others",
        "proxy": "set by the installation (KEHR_HARVEST_PROXY), not per job",
    }
    for name, message in refused.items():
        response = staff_api.post(rerun, {"settings": {name: 1}}, format="json")
        assert response.status_code == 400
        assert response.json() == {"settings": {name: [message]}}
    response = staff_api.post(rerun, {"settings": {"max_attempts": 0}}, format="json")
    assert response.json() == {"settings": {"max_attempts": ["must be 1 or more, got 0"]}}
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 1
    response = staff_api.post(rerun, {"settings": {"max_attempts": 4}}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["settings"]["max_attempts"] == 4
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 4


def test_api_rerun_takes_json_only(staff_api, corpus):
    """A form body cannot carry the nested settings: {"max_attempts": 0} as a form field was
    ignored and the re-run went ahead with a 200 (found by schemathesis). It is a 415 now,
    and nothing is queued or changed."""
    job = create_job(corpus, "https://a.example/x\n", settings={"max_attempts": 1})
    job.items.update(state=HarvestItem.State.DONE)
    rerun = f"/api/harvest/jobs/{job.pk}/rerun/"
    for body_format in ("multipart", None):
        response = staff_api.post(rerun, {"settings": '{"max_attempts": 0}'}, format=body_format)
        assert response.status_code == 415, response.content
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 1
    assert staff_api.post(rerun).status_code == 200  # no body at all: a plain re-run


def test_admin_rerun_with_one_more_attempt(admin_client, corpus):
    """The admin's way to give URLs that gave up another try (issue 26, item 15)."""
    job = create_job(corpus, "https://a.example/x\n", settings={"max_attempts": 2})
    job.items.update(state=HarvestItem.State.DONE)  # nothing to queue: no task is sent
    response = admin_client.post(
        "/admin/harvest/harvestjob/",
        {"action": "rerun_with_one_more_attempt", "_selected_action": [job.pk]},
        follow=True,
    )
    assert response.status_code == 200 and "0 URLs queued." in response.content.decode()
    assert HarvestJob.objects.get().harvest_settings.max_attempts == 3

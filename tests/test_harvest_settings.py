"""A harvest job's settings: one frozen, validated object (harvest.job_settings) made from
the environment, the API, the admin form and ``manage.py harvest --set``, stored with the
job and read back by the workers, old jobs included."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.management import CommandError, call_command

from harvest import conf
from harvest.harvester import create_job, prepare_run
from harvest.job_settings import PER_JOB, HarvestSettings, HarvestSettingsError
from harvest.models import HarvestItem, HarvestJob

URLS = "https://a.example/x\nhttps://a.example/y\n"


def test_the_environment_changes_the_defaults_of_one_place(monkeypatch):
    for variable in conf.SETTING_VARIABLES.values():
        monkeypatch.delenv(variable, raising=False)
    assert conf.job_settings() == HarvestSettings()  # the harness harvests direct
    monkeypatch.setenv("KEHR_HARVEST_SETTLE_MS", "250")
    monkeypatch.setenv("KEHR_HARVEST_ROBOTS", "no")
    assert conf.job_settings() == HarvestSettings(settle_ms=250, robots=False)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"settle_ms": -1}, "settle_ms: must be 0 or more, got -1"),
        ({"host_concurrency": 0}, "host_concurrency: must be 1 or more, got 0"),
        ({"page_timeout_s": "30"}, "page_timeout_s: must be a whole number, got '30'"),
        ({"max_attempts": True}, "max_attempts: must be a whole number, got True"),
        ({"robots": "yes"}, "robots: must be true or false, got 'yes'"),
        ({"user_agent": 7}, "user_agent: must be text, got 7"),
        ({"proxy": "my-proxy"}, "proxy: must be host:port"),
    ],
)
def test_a_bad_value_is_refused_naming_the_field(changes, message):
    with pytest.raises(HarvestSettingsError, match=message) as caught:
        HarvestSettings(**changes)
    assert list(caught.value.errors) == list(changes)


def test_settings_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        HarvestSettings().settle_ms = 1  # type: ignore[misc]


def test_changes_for_one_job_name_what_cannot_be_changed():
    base = HarvestSettings()
    assert base.with_changes({"settle_ms": 300}).settle_ms == 300
    with pytest.raises(HarvestSettingsError) as caught:
        base.with_changes({"settle": 300, "proxy": "127.0.0.1:8090"})
    assert caught.value.errors == {
        "settle": f"no such setting (the settings are {', '.join(PER_JOB)})",
        "proxy": "set by the installation (KEHR_HARVEST_PROXY), not per job",
    }
    changed = base.with_text_changes(["settle_ms=300", "robots=no", "user_agent=Bot=1"])
    assert (changed.settle_ms, changed.robots, changed.user_agent) == (300, False, "Bot=1")
    with pytest.raises(HarvestSettingsError, match="settle_ms: must be a whole number, got 'x'"):
        base.with_text_changes(["settle_ms=x"])
    with pytest.raises(HarvestSettingsError, match="robots: 'maybe' is not a boolean"):
        base.with_text_changes(["robots=maybe"])
    with pytest.raises(HarvestSettingsError, match="settle_ms: write NAME=VALUE"):
        base.with_text_changes(["settle_ms"])


def test_stored_settings_round_trip_and_old_jobs_load(corpus):
    job = create_job(corpus, URLS, settings={"settle_ms": 123, "max_attempts": 1})
    job.refresh_from_db()
    assert job.harvest_settings == conf.job_settings().with_changes(
        {"settle_ms": 123, "max_attempts": 1}
    )
    # A job stored before settings were typed: keys missing, one no field knows any more.
    HarvestJob.objects.filter(pk=job.pk).update(settings={"settle_ms": 50, "retired": 1})
    job.refresh_from_db()
    assert job.harvest_settings == HarvestSettings(settle_ms=50)
    HarvestJob.objects.filter(pk=job.pk).update(settings={})
    job.refresh_from_db()
    assert job.harvest_settings == HarvestSettings()


def test_the_stored_max_attempts_decides_what_a_rerun_retries(corpus):
    job = create_job(corpus, URLS, settings={"max_attempts": 2})
    first, second = job.items.order_by("line")
    job.items.update(state=HarvestItem.State.FAILED, reason="timeout")
    HarvestItem.objects.filter(pk=first.pk).update(attempts=1)
    HarvestItem.objects.filter(pk=second.pk).update(attempts=2)
    assert prepare_run(job) == [first.pk]
    # An old job without max_attempts gets the default (3): the second may try again.
    HarvestJob.objects.filter(pk=job.pk).update(settings={})
    job.items.update(state=HarvestItem.State.FAILED)
    assert sorted(prepare_run(HarvestJob.objects.get(pk=job.pk))) == [first.pk, second.pk]


def test_api_takes_settings_for_the_job(staff_api, corpus):
    response = staff_api.post(
        "/api/harvest/jobs/",
        {"corpus": corpus.slug, "urls": URLS, "start": False,
         "settings": {"settle_ms": 300, "robots": False}},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["settings"]["settle_ms"], body["settings"]["robots"]) == (300, False)
    assert body["settings"]["page_timeout_s"] == conf.job_settings().page_timeout_s
    assert HarvestJob.objects.get().harvest_settings.settle_ms == 300


@pytest.mark.parametrize(
    ("settings", "errors"),
    [
        ({"settle_ms": -1}, {"settle_ms": ["must be 0 or more, got -1"]}),
        ({"proxy": "127.0.0.1:1"},
         {"proxy": ["set by the installation (KEHR_HARVEST_PROXY), not per job"]}),
        ({"colour": 1}, {"colour": [f"no such setting (the settings are {', '.join(PER_JOB)})"]}),
        ({"settle_ms": "soon"}, {"settle_ms": ["must be a whole number, got 'soon'"]}),
        ({"robots": "maybe"}, {"robots": ["must be true or false, got 'maybe'"]}),
        ({"user_agent": "x" * 201}, {"user_agent": ["must be at most 200 characters, got 201"]}),
        ([1], {"non_field_errors": ['must be an object of settings, e.g. {"settle_ms": 300}, '
                                    "got [1]"]}),
    ],
)  # fmt: skip
def test_api_refuses_bad_settings_and_creates_nothing(staff_api, corpus, settings, errors):
    response = staff_api.post(
        "/api/harvest/jobs/",
        {"corpus": corpus.slug, "urls": URLS, "start": False, "settings": settings},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["settings"] == errors
    assert not HarvestJob.objects.exists()


def test_admin_form_changes_settings_for_the_job(admin_client, corpus):
    add = "/admin/harvest/harvestjob/add/"
    page = admin_client.get(add).content.decode()
    assert "Installation: 500." in page  # settle_ms as this installation has it
    response = admin_client.post(
        add,
        {"corpus": corpus.pk, "url_list": URLS, "settle_ms": "-5", "robots": "false"},
    )
    assert response.status_code == 200
    assert "must be 0 or more, got -5" in response.content.decode()
    assert not HarvestJob.objects.exists()
    response = admin_client.post(
        add,
        {"corpus": corpus.pk, "url_list": URLS, "settle_ms": "250", "robots": "false",
         "one_per_domain": ""},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:3000]
    settings = HarvestJob.objects.get().harvest_settings
    installed = conf.job_settings()
    assert settings == dataclasses.replace(installed, settle_ms=250, robots=False)


def test_harvest_command_sets_settings_for_the_new_job(corpus, tmp_path):
    urls = tmp_path / "urls.txt"
    urls.write_text("not a url\n")  # no URL to load: the job is created and finished
    call_command("harvest", str(urls), corpus=corpus.slug, sync=True, set=["settle_ms=300"])
    assert HarvestJob.objects.get().harvest_settings.settle_ms == 300
    with pytest.raises(CommandError, match="settle_ms: must be a whole number, got 'soon'"):
        call_command("harvest", str(urls), corpus=corpus.slug, sync=True, set=["settle_ms=soon"])
    with pytest.raises(CommandError, match="proxy: set by the installation"):
        call_command("harvest", str(urls), corpus=corpus.slug, sync=True, set=["proxy=x:1"])
    with pytest.raises(CommandError, match="a re-run keeps the job's own"):
        call_command("harvest", job=HarvestJob.objects.get().pk, set=["settle_ms=1"])
    assert HarvestJob.objects.count() == 1


def test_a_bad_setting_gets_the_same_words_from_the_api_the_admin_and_the_command(
    staff_api, admin_client, corpus, tmp_path
):
    """One validator (HarvestSettings), one wording: the API and the admin form used to
    answer with DRF's and Django's own ("Ensure this value is greater than or equal to
    0.", "Enter a whole number.") where docs/harvesting.md shows HarvestSettings'."""
    urls = tmp_path / "urls.txt"
    urls.write_text(URLS)
    for value, expected in (("-5", "must be 0 or more, got -5"),
                            ("soon", "must be a whole number, got 'soon'")):  # fmt: skip
        with pytest.raises(CommandError) as refused:
            call_command("harvest", str(urls), corpus=corpus.slug, set=[f"settle_ms={value}"])
        assert str(refused.value) == f"settle_ms: {expected}"
        sent = int(value) if value.lstrip("-").isdigit() else value
        response = staff_api.post(
            "/api/harvest/jobs/",
            {"corpus": corpus.slug, "urls": URLS, "start": False, "settings": {"settle_ms": sent}},
            format="json",
        )
        assert response.json()["settings"] == {"settle_ms": [expected]}
        response = admin_client.post(
            "/admin/harvest/harvestjob/add/",
            {"corpus": corpus.pk, "url_list": URLS, "settle_ms": value},
        )
        assert response.status_code == 200
        assert response.context["adminform"].form.errors["settle_ms"] == [expected]
    assert not HarvestJob.objects.exists()

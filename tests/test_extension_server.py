"""The server side of the annotator extension: its configuration endpoint, the install
page, the add-on download, the guidelines page, and the launcher's refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from annotator import conf
from kehr.env import ConfigurationError
from tests.conftest import client_for
from tests.expect import streamed

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def clean_env(monkeypatch):
    for name in (
        "KEHR_ANNOTATOR_REPLAY_PROXY",
        "KEHR_ANNOTATOR_XPI",
        "KEHR_ARCHIVE_REPLAY_HOST",
        "KEHR_ARCHIVE_REPLAY_PORT",
        "KEHR_ARCHIVE_PROXY_AUTH",
        "KEHR_ARCHIVE_REPLAY_AUTH",
        "KEHR_ARCHIVE_RECORD_AUTH",
    ):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_config_needs_a_login(db, clean_env):
    assert APIClient().get("/api/annotator/config/").status_code == 401


def test_config_announces_the_local_replay_proxy_by_default(annotator, clean_env):
    body = client_for(annotator).get("/api/annotator/config/").json()
    assert body["replay_proxy"] == {
        "host": "127.0.0.1",
        "port": 8091,
        "username": "",
        "password": "",
    }
    assert body["setup_url"] == "http://kehr.proxy/"
    assert body["guidelines_url"] == "http://testserver/annotator/guidelines/"
    assert body["extension_version"] == conf.extension_version()


def test_config_behind_a_wildcard_address_uses_the_servers_name(annotator, clean_env):
    clean_env.setenv("KEHR_ARCHIVE_REPLAY_HOST", "0.0.0.0")
    clean_env.setenv("KEHR_ARCHIVE_REPLAY_PORT", "9191")
    clean_env.setenv("KEHR_ARCHIVE_REPLAY_AUTH", "team:s3cret:with-colon")
    clean_env.setenv("KEHR_ARCHIVE_RECORD_AUTH", "harvester:never-handed-out")
    api = client_for(annotator)
    response = api.get("/api/annotator/config/", HTTP_HOST="localhost:8000")
    assert response.json()["replay_proxy"] == {
        "host": "localhost",
        "port": 9191,
        "username": "team",
        "password": "s3cret:with-colon",
    }
    # Only the replay login: the recorder's appears nowhere in the answer.
    assert b"harvester" not in response.content and b"never-handed-out" not in response.content


def test_config_takes_the_public_address_from_the_environment(annotator, clean_env):
    clean_env.setenv("KEHR_ANNOTATOR_REPLAY_PROXY", "replay.kehr.example.org:3128")
    proxy = client_for(annotator).get("/api/annotator/config/").json()["replay_proxy"]
    assert (proxy["host"], proxy["port"]) == ("replay.kehr.example.org", 3128)
    for bad in ("replay.kehr.example.org", "host:0", "host:http", ":8091"):
        clean_env.setenv("KEHR_ANNOTATOR_REPLAY_PROXY", bad)
        with pytest.raises(ConfigurationError, match="KEHR_ANNOTATOR_REPLAY_PROXY"):
            conf.replay_proxy("kehr.example.org")


def test_install_page_offers_the_built_add_on_only_when_there_is_one(db, clean_env, tmp_path):
    clean_env.setenv("KEHR_ANNOTATOR_XPI", str(tmp_path / "none.xpi"))
    missing = APIClient().get("/annotator/")
    assert missing.status_code == 200
    assert b"has not been built on this server" in missing.content
    assert APIClient().get("/annotator/kehr-annotator.xpi").status_code == 404

    xpi = tmp_path / "kehr.xpi"
    xpi.write_bytes(b"PK\x03\x04 not really a zip")
    clean_env.setenv("KEHR_ANNOTATOR_XPI", str(xpi))
    page = APIClient().get("/annotator/")
    assert b'href="/annotator/kehr-annotator.xpi"' in page.content
    # The Firefox it asks for is the one the add-on declares (it said 128, untested).
    assert f"Use Firefox ESR {conf.minimum_firefox().split('.')[0]} or newer" in page.text
    assert conf.minimum_firefox() == "140.0"
    download = APIClient().get("/annotator/kehr-annotator.xpi")
    assert download.status_code == 200
    assert download["Content-Type"] == "application/x-xpinstall"
    assert b"".join(streamed(download)) == xpi.read_bytes()


def test_guidelines_page_is_the_extensions_page(db):
    response = APIClient().get("/annotator/guidelines/")
    assert response.status_code == 200
    assert response.content == conf.GUIDELINES_PAGE.read_bytes()
    assert b"<h2>Bad: boilerplate</h2>" in response.content


def test_manifest_and_package_agree():
    package = json.loads((REPO / "extension" / "package.json").read_text())
    assert conf.extension_version() == package["version"]
    assert conf.extension_id() == "annotator@kehr"


def test_launcher_explains_a_missing_package(db, tmp_path):
    with pytest.raises(CommandError, match="npm ci && npm run build"):
        call_command(
            "annotator_firefox",
            "--prepare-only",
            "--no-ca",
            "--profile",
            str(tmp_path / "profile"),
            "--xpi",
            str(tmp_path / "missing.xpi"),
        )


def test_launcher_never_deletes_a_directory_it_did_not_make(db, tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("…")
    with pytest.raises(CommandError, match="refusing to delete"):
        call_command("annotator_firefox", "--fresh", "--profile", str(precious))
    assert (precious / "thesis.tex").exists()

"""The signed add-on as this server hosts it: the install page, the signed download and
Firefox's update manifest (updates.json) built from what ``addon sign`` stored."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from annotator import addon_store, conf
from tests.expect import streamed

ADDON_ID = "annotator@kehr.example.org"


def package(version: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        manifest = {"version": version, "browser_specific_settings": {"gecko": {"id": "x@kehr"}}}
        archive.writestr("manifest.json", json.dumps(manifest))
        archive.writestr("META-INF/mozilla.rsa", version)
    return out.getvalue()


@pytest.fixture
def var(settings, tmp_path: Path, monkeypatch) -> Path:
    settings.VAR_DIR = tmp_path / "var"
    settings.ALLOWED_HOSTS = ["testserver", "kehr.example.org"]
    monkeypatch.setenv("KEHR_ANNOTATOR_XPI", str(tmp_path / "unsigned.xpi"))
    return tmp_path


def test_page_offers_the_newest_signed_package_with_its_hash(db, var: Path):
    addon_store.store(package("0.1.0.9"), addon_id=ADDON_ID, version="0.1.0.9")
    newest = addon_store.store(package("0.1.0.10"), addon_id=ADDON_ID, version="0.1.0.10")
    page = Client().get("/annotator/").content.decode()
    assert 'href="/annotator/signed/kehr-annotator-0.1.0.10.xpi"' in page
    assert newest.sha256 in page
    assert "xpinstall.signatures.required" not in page  # no ESR instructions for a signed one


def test_page_without_a_signed_package_keeps_the_esr_instructions(db, var: Path):
    (var / "unsigned.xpi").write_bytes(b"PK unsigned")
    page = Client().get("/annotator/").content.decode()
    assert "xpinstall.signatures.required" in page
    assert "manage.py addon sign" in page
    assert 'href="/annotator/kehr-annotator.xpi"' in page
    assert "/annotator/signed/" not in page


def test_updates_manifest_lists_every_stored_version(db, var: Path):
    for version in ("0.1.0.10", "0.1.0.2", "0.1.0.9"):
        addon_store.store(package(version), addon_id=ADDON_ID, version=version)
    response = Client().get("/annotator/updates.json", HTTP_HOST="kehr.example.org")
    assert response["Content-Type"] == "application/json"
    updates = response.json()["addons"][ADDON_ID]["updates"]
    assert [u["version"] for u in updates] == ["0.1.0.2", "0.1.0.9", "0.1.0.10"]
    for update in updates:
        assert update["update_link"].startswith("http://kehr.example.org/annotator/signed/")
        assert update["applications"]["gecko"]["strict_min_version"] == conf.minimum_firefox()
        download = Client().get(update["update_link"].removeprefix("http://kehr.example.org"))
        assert download["Content-Type"] == "application/x-xpinstall"
        body = b"".join(streamed(download))
        assert update["update_hash"] == f"sha256:{hashlib.sha256(body).hexdigest()}"
        assert body == package(update["version"])


def test_damaged_or_unknown_packages_are_not_offered(db, var: Path):
    stored = addon_store.store(package("0.1.0.1"), addon_id=ADDON_ID, version="0.1.0.1")
    stored.path.write_bytes(b"cut")  # no longer the size its record says
    assert Client().get("/annotator/updates.json").json() == {"addons": {}}
    assert Client().get("/annotator/signed/kehr-annotator-0.1.0.1.xpi").status_code == 404
    assert Client().get("/annotator/signed/kehr-annotator-9.9.9.9.xpi").status_code == 404
    assert addon_store.next_build("0.1.0") == 1


def test_lab_policies_install_from_this_server_and_preset_it(db, var: Path):
    server = "https://kehr.example.org"
    with pytest.raises(CommandError, match="no signed add-on is stored here"):
        call_command("addon", "policies", "--server", server)
    addon_store.store(package("0.1.0.3"), addon_id=ADDON_ID, version="0.1.0.3")
    out = io.StringIO()
    call_command("addon", "policies", "--server", server + "/", stdout=out)
    policies = json.loads(out.getvalue())["policies"]
    addon_id = ADDON_ID
    install = policies["ExtensionSettings"][addon_id]
    assert install["installation_mode"] == "force_installed"
    assert install["install_url"] == f"{server}/annotator/signed/latest.xpi"
    assert policies["3rdparty"]["Extensions"][addon_id] == {"server": server}
    latest = Client().get("/annotator/signed/latest.xpi")
    assert b"".join(streamed(latest)) == package("0.1.0.3")
    with pytest.raises(CommandError, match="only over https"):
        call_command("addon", "policies", "--server", "http://kehr.example.org")

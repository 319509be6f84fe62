"""``manage.py addon sign`` against a fake AMO signing service on loopback (tests/amo_fake.py):
the JWT and upload AMO checks, the stored signed package, and each failure's message."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import jwt
import pytest
from django.core.management import CommandError, call_command

from annotator import addon_store, signing
from tests.amo_fake import ISSUER, SECRET, FakeAmo, FakeAmoServer

SERVER = "http://127.0.0.1:8000"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A built extension as scripts/build.js leaves it (a trimmed one)."""
    folder = tmp_path / "build"
    (folder / "background").mkdir(parents=True)
    manifest = {
        "manifest_version": 3,
        "name": "Kehr annotator",
        "version": "0.1.0",
        "browser_specific_settings": {"gecko": {"id": "annotator@kehr"}},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest))
    (folder / "background" / "main.js").write_text("console.log('kehr');\n")
    return folder


@pytest.fixture
def amo_settings(settings, tmp_path: Path):
    settings.VAR_DIR = tmp_path / "var"
    settings.KEHR_AMO_JWT_ISSUER = ISSUER
    settings.KEHR_AMO_JWT_SECRET = SECRET
    settings.KEHR_ADDON_ID = ""
    return settings


def sign(source: Path, *extra: str) -> str:
    out = io.StringIO()
    call_command(
        "addon",
        "sign",
        "--source",
        str(source),
        "--server",
        SERVER,
        "--poll",
        "0",
        *extra,
        stdout=out,
    )
    return out.getvalue()


def test_signs_stores_and_numbers_builds(amo_settings, source: Path):
    base = addon_store.kehr_version()
    with FakeAmoServer(FakeAmo(polls_until_processed=2, polls_until_signed=3)) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        output = sign(source)
        sign(source)  # the next build
    assert amo.auth_failures == []
    assert len(amo.jtis) >= 2 * 6  # a fresh token per request

    first, second = addon_store.stored_addons()
    assert (first.version, second.version) == (f"{base}.1", f"{base}.2")
    assert "validating the upload" in output and "waiting for AMO to sign it" in output
    assert first.sha256 in output

    package = first.path.read_bytes()
    assert hashlib.sha256(package).hexdigest() == first.sha256
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        assert "META-INF/mozilla.rsa" in archive.namelist()
        assert archive.read("background/main.js") == b"console.log('kehr');\n"
        manifest = json.loads(archive.read("manifest.json"))
    assert manifest["version"] == f"{base}.1"
    gecko = manifest["browser_specific_settings"]["gecko"]
    assert gecko["update_url"] == f"{SERVER}/annotator/updates.json"
    # The id is this deployment's (AMO gives an id to one account only), kept across builds.
    assert gecko["id"] == first.addon_id == second.addon_id == "annotator@127.0.0.1"
    # What was uploaded is the same package without the signature files.
    uploaded = next(iter(amo.uploads.values()))["manifest"]
    assert uploaded["version"] == f"{base}.1"


def test_token_is_what_amo_asks_for():
    credentials = signing.Credentials(issuer=ISSUER, secret=SECRET)
    first = jwt.decode(signing.token(credentials), SECRET, algorithms=["HS256"], issuer=ISSUER)
    second = jwt.decode(signing.token(credentials), SECRET, algorithms=["HS256"], issuer=ISSUER)
    assert 0 < first["exp"] - first["iat"] <= 300
    assert first["jti"] != second["jti"]
    assert jwt.get_unverified_header(signing.token(credentials))["alg"] == "HS256"


def test_missing_keys_are_named_before_anything_is_built(settings, tmp_path: Path):
    settings.VAR_DIR = tmp_path
    settings.KEHR_AMO_JWT_ISSUER = ISSUER
    settings.KEHR_AMO_JWT_SECRET = ""
    with pytest.raises(CommandError, match=r"KEHR_AMO_JWT_SECRET not set.*api/key"):
        sign(tmp_path / "no-such-build")


def test_wrong_secret_is_explained(amo_settings, source: Path):
    amo_settings.KEHR_AMO_JWT_SECRET = "not-the-secret-the-fake-service-expects"
    with FakeAmoServer(FakeAmo()) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        with pytest.raises(CommandError, match=r"refused the API keys.*KEHR_AMO_JWT_ISSUER"):
            sign(source)
    assert amo.auth_failures
    assert addon_store.stored_addons() == []


def test_rejected_upload_shows_amos_messages(amo_settings, source: Path):
    problems = ["manifest.json: 'proxy' permission needs a reason", "eval is not allowed"]
    with FakeAmoServer(FakeAmo(reject_with=problems)) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        with pytest.raises(CommandError) as raised:
            sign(source)
    message = str(raised.value)
    assert "rejected" in message
    assert all(problem in message for problem in problems)
    assert addon_store.stored_addons() == []


def test_a_version_amo_already_has_is_refused(amo_settings, source: Path):
    with FakeAmoServer(FakeAmo()) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        sign(source, "--build", "4")
        with pytest.raises(CommandError, match="already signed and stored here"):
            sign(source, "--build", "4")
        # Signed elsewhere (another server, a lost var/): AMO refuses the number itself.
        for stored_file in addon_store.addon_dir().iterdir():
            stored_file.unlink()
        with pytest.raises(CommandError, match=r"AMO already has version .*\.4.*--build"):
            sign(source, "--build", "4")


def test_timeout_says_what_to_do(amo_settings, source: Path):
    with FakeAmoServer(FakeAmo(never_sign=True)) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        with pytest.raises(CommandError, match=r"had not finished waiting for AMO.*--timeout"):
            sign(source, "--timeout", "0.3", "--poll", "0.05")
    assert addon_store.stored_addons() == []


def test_a_download_without_signature_files_is_not_stored(amo_settings, source: Path):
    with FakeAmoServer(FakeAmo(unsigned_download=True)) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        with pytest.raises(CommandError, match=r"not signed: META-INF/mozilla\.rsa"):
            sign(source)
    assert addon_store.stored_addons() == []


def test_update_url_must_be_https_off_loopback(amo_settings, source: Path):
    with pytest.raises(CommandError, match="only over https"):
        call_command("addon", "sign", "--source", str(source), "--server", "http://kehr.example")


def test_versions_sort_as_firefox_sorts_them():
    versions = ["0.1.0.10", "0.1.0.9", "0.1.0", "0.2.0.1"]
    assert sorted(versions, key=addon_store.version_key) == [
        "0.1.0",
        "0.1.0.9",
        "0.1.0.10",
        "0.2.0.1",
    ]
    with pytest.raises(addon_store.AddonError):
        addon_store.build_version("0.1.0", 0)


def test_the_configured_id_is_signed(amo_settings, source: Path):
    amo_settings.KEHR_ADDON_ID = "annotator@kehr.example.org"
    with FakeAmoServer(FakeAmo()) as amo:
        amo_settings.KEHR_AMO_BASE_URL = amo.base_url
        sign(source)
    [version] = amo.versions.values()
    assert addon_store.latest().addon_id == "annotator@kehr.example.org"  # type: ignore[union-attr]
    with zipfile.ZipFile(io.BytesIO(version["package"])) as archive:
        uploaded = json.loads(archive.read("manifest.json"))
    assert uploaded["browser_specific_settings"]["gecko"]["id"] == "annotator@kehr.example.org"

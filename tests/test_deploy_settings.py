"""Production settings (KEHR_HTTPS=true behind a trusted proxy) pass ``check --deploy``.

Each test starts Django in a fresh process with a production environment, the way the
Docker image runs it.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

from tests.services import backend_of_its_own

REPO = Path(__file__).resolve().parents[1]


def production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        **backend_of_its_own(tmp_path),
        "KEHR_VAR_DIR": str(tmp_path),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "false",
        "ALLOWED_HOSTS": "kehr.example.org,testserver",
        "CSRF_TRUSTED_ORIGINS": "https://kehr.example.org",
        "KEHR_HTTPS": "true",
        "KEHR_TRUSTED_PROXY_COUNT": "1",
        **extra,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(REPO / "manage.py"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    result = manage(production_env(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    # The one silenced check is HSTS preload, see settings.py for why.
    assert "System check identified no issues (1 silenced)." in result.stdout


def test_check_deploy_fails_over_plain_http(tmp_path):
    result = manage(
        production_env(tmp_path, KEHR_HTTPS="false"), "check", "--deploy", "--fail-level", "WARNING"
    )
    assert result.returncode != 0
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in result.stderr


PROBE = """
import json
from django.conf import settings
from django.test import Client
def answer(path, **headers):
    r = Client().get(path, headers={"Host": "kehr.example.org", **headers})
    return [r.status_code, r.headers.get("Location"), r.headers.get("Strict-Transport-Security")]
print(json.dumps({
    "plain": answer("/api/docs/"),
    "forwarded": answer("/api/docs/", **{"X-Forwarded-Proto": "https"}),
    "health": answer("/healthz/"),
    "proxy_header": settings.SECURE_PROXY_SSL_HEADER,
    "cookies": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
}))
"""


def probe(env: dict[str, str]) -> dict:
    result = manage(env, "shell", "--verbosity", "0", "-c", PROBE)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_https_behind_a_trusted_proxy_redirects_plain_http_and_sends_hsts(tmp_path):
    got = probe(production_env(tmp_path, KEHR_HSTS_SECONDS="600"))
    assert got["plain"][:2] == [301, "https://kehr.example.org/api/docs/"]
    status, _location, hsts = got["forwarded"]
    assert status == 200
    assert hsts == "max-age=600; includeSubDomains"
    assert got["health"][0] != 301  # the container's own health check talks plain HTTP
    assert got["proxy_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert got["cookies"] == [True, True]


def test_the_forwarded_scheme_is_not_trusted_without_a_proxy(tmp_path):
    got = probe(production_env(tmp_path, KEHR_TRUSTED_PROXY_COUNT="0"))
    assert got["proxy_header"] is None
    # A client cannot claim HTTPS with the header: it is still redirected.
    assert got["forwarded"][:2] == [301, "https://kehr.example.org/api/docs/"]


def test_plain_http_by_default(tmp_path):
    env = production_env(tmp_path)
    del env["KEHR_HTTPS"]
    got = probe(env)
    assert got["plain"][0] == 200
    assert got["plain"][2] is None
    assert got["cookies"] == [False, False]

"""Strict parsing of settings from the environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kehr.env import ConfigurationError, env_bool, env_int, env_list, env_parsed
from tests.services import backend_of_its_own

REPO = Path(__file__).resolve().parents[1]


def test_bool_accepts_usual_spellings(monkeypatch):
    for value, expected in [("1", True), ("yes", True), ("ON", True), ("0", False), ("off", False)]:
        monkeypatch.setenv("KEHR_X", value)
        assert env_bool("KEHR_X", not expected) is expected


def test_bool_refuses_anything_else_naming_the_variable(monkeypatch):
    monkeypatch.setenv("KEHR_X", "maybe")
    with pytest.raises(ConfigurationError, match="KEHR_X='maybe' is not a boolean"):
        env_bool("KEHR_X", False)


def test_int_range_and_garbage(monkeypatch):
    monkeypatch.setenv("KEHR_N", "12")
    assert env_int("KEHR_N", 1) == 12
    monkeypatch.setenv("KEHR_N", "12s")
    with pytest.raises(ConfigurationError, match="KEHR_N='12s' is not a whole number"):
        env_int("KEHR_N", 1)
    monkeypatch.setenv("KEHR_N", "3")
    with pytest.raises(ConfigurationError, match="at least 10"):
        env_int("KEHR_N", 10, minimum=10)
    monkeypatch.delenv("KEHR_N")
    assert env_int("KEHR_N", 7) == 7


def test_list_drops_empty_items(monkeypatch):
    monkeypatch.setenv("KEHR_L", " a.example, ,b.example,")
    assert env_list("KEHR_L", []) == ["a.example", "b.example"]


def test_parsed_wraps_library_errors(monkeypatch):
    monkeypatch.setenv("KEHR_P", "abc")
    with pytest.raises(ConfigurationError, match="KEHR_P='abc' is not a number"):
        env_parsed("KEHR_P", "1", float, "a number")


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("DATABASE_URL", "mysql://u@h/db", "Kehr supports SQLite and PostgreSQL only"),
        ("DATABASE_URL", "nonsense", "DATABASE_URL='nonsense' is not a database URL"),
        ("DEBUG", "perhaps", "DEBUG='perhaps' is not a boolean"),
        ("CELERY_BROKER_URL", "carrier-pigeon://x", "CELERY_BROKER_URL='carrier-pigeon://x'"),
        ("SECRET_KEY", "short", "SECRET_KEY is too short"),
        ("KEHR_LOGIN_MAX_FAILURES", "0", "KEHR_LOGIN_MAX_FAILURES=0 is too small"),
        (
            "KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS",
            "0",
            "KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS=0 is too small",
        ),
        ("KEHR_TRUSTED_PROXY_COUNT", "-1", "KEHR_TRUSTED_PROXY_COUNT=-1 is too small"),
        ("KEHR_TRUSTED_PROXY_COUNT", "one", "KEHR_TRUSTED_PROXY_COUNT='one' is not a whole"),
        ("KEHR_REGISTER_RATE", "lots", "KEHR_REGISTER_RATE='lots' is not a rate"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL='LOUD' is not one of DEBUG, INFO, WARNING, ERROR"),
        ("KEHR_HTTPS", "maybe", "KEHR_HTTPS='maybe' is not a boolean"),
        ("KEHR_HSTS_SECONDS", "-1", "KEHR_HSTS_SECONDS=-1 is too small"),
        ("KEHR_HSTS_PRELOAD", "sure", "KEHR_HSTS_PRELOAD='sure' is not a boolean"),
    ],
)
def test_wrong_setting_stops_startup_naming_the_variable(tmp_path, variable, value, message):
    env = {
        **os.environ,
        **backend_of_its_own(tmp_path),
        "KEHR_VAR_DIR": str(tmp_path),
        variable: value,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, str(REPO / "manage.py"), "check"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert message in result.stderr

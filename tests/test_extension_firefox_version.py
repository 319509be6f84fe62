"""The end-to-end tests' Firefox (KEHR_TEST_FIREFOX) is checked before any test starts
one: a version older than the add-on supports fails with a message saying so instead
of tests waiting in vain for an add-on Firefox would not even install (issue 26)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from annotator import conf
from tests.e2e.support import FIREFOX_VARIABLE, check_supported_firefox, e2e_firefox_binary


def fake_firefox(tmp_path: Path, says: str, status: int = 0) -> str:
    """An executable that answers --version as the named Firefox would."""
    binary = tmp_path / "firefox"
    binary.write_text(f"#!/bin/sh\necho '{says}'\nexit {status}\n")
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    return str(binary)


def test_the_variable_chooses_the_firefox(monkeypatch):
    monkeypatch.setenv(FIREFOX_VARIABLE, "/opt/firefox-140/firefox")
    assert e2e_firefox_binary() == "/opt/firefox-140/firefox"
    monkeypatch.setenv(FIREFOX_VARIABLE, "")
    assert e2e_firefox_binary() == "/usr/bin/firefox-esr"


def test_an_older_firefox_than_the_add_on_supports_fails_saying_so(tmp_path):
    binary = fake_firefox(tmp_path, "Mozilla Firefox 128.14.0esr")
    with pytest.raises(AssertionError) as failure:
        check_supported_firefox(binary)
    message = str(failure.value)
    assert "Mozilla Firefox 128.14.0esr, older than the oldest Firefox the add-on" in message
    assert f"({conf.minimum_firefox()}, strict_min_version" in message
    assert FIREFOX_VARIABLE in message


@pytest.mark.parametrize("version", ["Mozilla Firefox 140.12.0esr", "Mozilla Firefox 153.7.0esr"])
def test_supported_versions_pass(tmp_path, version):
    assert check_supported_firefox(fake_firefox(tmp_path, version)) == version


def test_a_missing_or_broken_firefox_says_which(tmp_path):
    with pytest.raises(AssertionError, match=r"Firefox not found at .*/nothing/firefox"):
        check_supported_firefox(str(tmp_path / "nothing" / "firefox"))
    broken = fake_firefox(tmp_path, "XPCOMGlueLoad error", status=255)
    with pytest.raises(AssertionError, match="--version gave exit status 255"):
        check_supported_firefox(broken)

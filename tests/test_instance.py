"""Settings only read; ``manage.py init_instance`` makes the folders and the secret key.

Run in fresh processes with a clean environment (what a new shell in a fresh clone has):
importing the settings must create nothing, and must say which command to run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def manage(var_dir: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(var_dir.parent),
        "KEHR_VAR_DIR": str(var_dir),
        **extra,
    }
    return subprocess.run(
        [sys.executable, str(REPO / "manage.py"), *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_settings_without_a_secret_create_nothing_and_name_the_command(tmp_path):
    var = tmp_path / "var"
    result = manage(var, "check")
    assert result.returncode != 0
    assert "python manage.py init_instance" in result.stderr
    assert f"{var / 'secret_key'} does not exist" in result.stderr
    assert result.stderr.startswith("manage.py: No secret key") and "Traceback" not in result.stderr
    assert not var.exists()  # no folder, no secret file


def base_python() -> Path:
    """The interpreter the test run's virtualenv was made from: no Django of its own."""
    python = Path(sys.base_prefix) / "bin" / "python3"
    probe = subprocess.run([python, "-c", "import django"], capture_output=True, env={})
    assert probe.returncode != 0, f"{python} has Django: it cannot stand for a bare Python"
    return python


def test_manage_py_under_a_python_without_django_runs_under_the_virtualenv(tmp_path):
    """``python manage.py`` in a new shell that did not activate .venv."""
    venv_python = REPO / ".venv" / "bin" / "python"
    if not venv_python.exists():
        pytest.skip(f"{venv_python} does not exist: ./dev run and ./dev test create it")
    var = tmp_path / "var"
    assert manage(var, "init_instance").returncode == 0
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "KEHR_VAR_DIR": str(var)}
    result = subprocess.run(
        [base_python(), str(REPO / "manage.py"), "shell", "-c", "import sys; print(sys.prefix)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    # The last line: Django 5.2's shell first says what it imported.
    assert Path(result.stdout.splitlines()[-1]).resolve() == (REPO / ".venv").resolve()


def test_manage_py_without_django_or_a_virtualenv_says_what_to_run(tmp_path):
    copy = tmp_path / "manage.py"  # a checkout without .venv
    copy.write_text((REPO / "manage.py").read_text())
    result = subprocess.run(
        [base_python(), str(copy), "check"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith("manage.py: Django is not installed for ")
    assert "Run ./dev run once" in result.stderr and "Traceback" not in result.stderr


def test_init_instance_creates_folders_and_a_private_secret_once(tmp_path):
    var = tmp_path / "var"
    first = manage(var, "init_instance")
    assert first.returncode == 0, first.stderr
    key_file = var / "secret_key"
    for path in (var / "static", *(var / "broker" / name for name in ("queue", "unacked"))):
        assert path.is_dir(), path
        assert f"created folder {path}" in first.stdout
    assert oct(key_file.stat().st_mode)[-3:] == "600"
    key = key_file.read_text().strip()
    assert len(key) >= 50
    assert list(var.glob(".secret_key*")) == []  # no temporary file left behind

    second = manage(var, "init_instance")
    assert second.returncode == 0, second.stderr
    assert "created" not in second.stdout
    assert key_file.read_text().strip() == key

    check = manage(var, "check")
    assert check.returncode == 0, check.stderr


def test_init_instance_writes_no_secret_when_the_environment_has_one(tmp_path):
    var = tmp_path / "var"
    result = manage(
        var, "init_instance", "--quiet", SECRET_KEY="k" * 50, CELERY_BROKER_URL="redis://x:6379/0"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert not (var / "secret_key").exists()
    assert not (var / "broker").exists()  # Redis needs no folders
    assert (var / "static").is_dir()


def test_an_empty_secret_file_is_refused_with_what_to_do(tmp_path):
    var = tmp_path / "var"
    var.mkdir()
    (var / "secret_key").write_text("\n")
    for args in (("check",), ("init_instance",)):
        result = manage(var, *args)
        assert result.returncode != 0
        assert "holds no usable secret key" in result.stderr
        assert "Delete it and run `python manage.py init_instance`" in result.stderr


def test_create_secret_key_keeps_an_existing_key(tmp_path):
    from kehr.instance import create_secret_key

    path = tmp_path / "secret_key"
    assert create_secret_key(path) is True
    key = path.read_text()
    assert create_secret_key(path) is False
    assert path.read_text() == key


def test_unknown_arguments_are_refused(tmp_path):
    result = manage(tmp_path / "var", "init_instance", "--force")
    assert result.returncode == 2
    assert "unexpected arguments --force" in result.stderr
    assert not (tmp_path / "var").exists()

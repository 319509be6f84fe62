"""The suite's pytest markers and options select what they say: ``-m worker`` exactly the
tests that start a Celery worker (tests/services.py marks them), ``--kehr-backend-only``
exactly the tests that reach the database or broker (and the others cannot), and no marker
is declared for show."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def collect(path: Path, *args: str) -> list[str]:
    """The ids pytest (the suite's own configuration and plugin) selects under ``path``."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "--rootdir", str(REPO), "-c", str(REPO / "pyproject.toml"),
         "--kehr-db=sqlite", "--kehr-broker=filesystem", *args, str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert result.returncode in (0, 5), result.stdout + result.stderr  # 5: none selected
    return [line.split("::")[-1] for line in result.stdout.splitlines() if "::" in line]


def test_dash_m_worker_selects_the_tests_that_start_a_worker(tmp_path):
    module = tmp_path / "test_sample.py"
    module.write_text(
        textwrap.dedent(
            """
            def test_with_a_worker(celery_worker):
                pass

            def test_without():
                pass
            """
        )
    )
    assert collect(module, "-m", "worker") == ["test_with_a_worker"]
    assert collect(module, "-m", "not worker") == ["test_without"]


def test_only_markers_that_select_something_are_declared(pytestconfig):
    declared = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert "worker" in declared
    assert "postgres_only" not in declared  # never selected anything; removed


SAMPLE_TESTS = """
import pytest

def test_with_db(db):
    pass

@pytest.mark.django_db
def test_with_the_mark():
    pass

def test_with_services(kehr_services):
    pass

def test_with_a_worker(celery_worker):
    pass

def test_with_settings_only(settings):
    pass

def test_with_nothing():
    pass
"""


def test_backend_only_selects_the_tests_that_reach_a_backend(tmp_path):
    """``--kehr-backend-only`` (./dev test's PostgreSQL + Redis leg) keeps exactly the tests
    that request a database or broker fixture or carry the django_db mark."""
    module = tmp_path / "test_sample.py"
    module.write_text(SAMPLE_TESTS)
    everything = collect(module)
    assert len(everything) == 6
    assert collect(module, "--kehr-backend-only") == [
        "test_with_db", "test_with_the_mark", "test_with_services", "test_with_a_worker",
    ]  # fmt: skip


def run_tests(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(REPO),
         "-c", str(REPO / "pyproject.toml"), "--kehr-db=sqlite", "--kehr-broker=filesystem",
         str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=240,
    )  # fmt: skip


def test_a_test_without_a_backend_fixture_cannot_reach_one(tmp_path):
    """What lets the PostgreSQL + Redis leg leave such a test out: while it runs, neither a
    process it starts nor the Celery app nor the settings it reads lead to the run's
    database or broker, and a test with a backend fixture still sees them."""
    module = tmp_path / "test_reach.py"
    module.write_text(
        textwrap.dedent(
            f"""
            import os, subprocess, sys

            import pytest
            from django.conf import settings

            from kehr.celery import app

            def test_processes_and_settings_get_no_backend():
                assert os.environ["DATABASE_URL"].startswith("no-backend://")
                assert os.environ["CELERY_BROKER_URL"].startswith("no-backend://")
                assert settings.CELERY_BROKER_URL.startswith("no-backend://")
                result = subprocess.run(
                    [sys.executable, {str(REPO / "manage.py")!r}, "migrate", "--check"],
                    capture_output=True, text=True, timeout=120,
                )
                assert result.returncode != 0
                assert "DATABASE_URL='no-backend://" in result.stderr, result.stderr

            def test_the_celery_app_refuses_to_connect():
                with pytest.raises(RuntimeError, match="requests no database or broker"):
                    app.send_task("kehr.no_such_task")
                with pytest.raises(RuntimeError, match="requests no database or broker"):
                    app.connection_for_write()

            def test_a_test_with_a_backend_fixture_reaches_it(kehr_services):
                assert os.environ["DATABASE_URL"].startswith("sqlite:///")
                assert os.environ["CELERY_BROKER_URL"] == "filesystem://"
                assert settings.CELERY_BROKER_URL == "filesystem://"
                with app.connection_for_write() as connection:
                    connection.ensure_connection(max_retries=1)
            """
        )
    )
    result = run_tests(module)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout, result.stdout


def test_the_suite_hashes_passwords_fast_and_still_checks_production_hashes():
    """tests/conftest.py: MD5 first (a test making 200 annotators spent 95 s in PBKDF2),
    the production hashers after it, so a hash made with them still checks."""
    from django.contrib.auth.hashers import check_password, get_hasher, make_password

    assert get_hasher().algorithm == "md5"
    made_in_production = make_password("tulip garden 77", hasher=get_hasher("pbkdf2_sha256"))
    assert check_password("tulip garden 77", made_in_production)


@pytest.mark.real_password_hashing
def test_real_password_hashing_hashes_as_in_production():
    from django.contrib.auth.hashers import get_hasher

    from tests.conftest import PRODUCTION_HASHERS

    hasher = get_hasher()
    assert hasher.algorithm == "pbkdf2_sha256"
    assert f"{type(hasher).__module__}.{type(hasher).__name__}" == PRODUCTION_HASHERS[0]

"""The test harness itself: the run uses the services it says it uses, and only throwaway ones."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.db import connection

from tests.services import REPO_DIR, redis_ping


def test_var_dir_is_a_fresh_temp_dir(kehr_services):
    assert Path(settings.VAR_DIR) == kehr_services.var_dir.resolve()
    assert REPO_DIR not in Path(settings.VAR_DIR).parents


@pytest.mark.django_db
def test_database_is_the_chosen_one(kehr_services):
    expected = {"sqlite": "sqlite", "postgres": "postgresql"}[kehr_services.db]
    assert connection.vendor == expected


@pytest.mark.django_db
def test_sqlite_test_database_lives_in_temp_var_dir(kehr_services):
    if kehr_services.db != "sqlite":
        pytest.skip("SQLite leg only")
    name = Path(connection.settings_dict["NAME"]).resolve()
    assert kehr_services.var_dir.resolve() in name.parents


@pytest.mark.django_db
def test_postgres_is_the_throwaway_cluster(kehr_services):
    if kehr_services.db != "postgres":
        pytest.skip("PostgreSQL leg only")
    port = urlsplit(os.environ["DATABASE_URL"]).port
    assert port == kehr_services.postgres.port
    with connection.cursor() as cursor:
        cursor.execute("SHOW port")
        assert int(cursor.fetchone()[0]) == port
        cursor.execute("SHOW data_directory")
        data_dir = Path(cursor.fetchone()[0]).resolve()
        cursor.execute("SHOW fsync")
        assert cursor.fetchone()[0] == "off"
    assert data_dir == kehr_services.postgres.data_dir.resolve()
    assert kehr_services.root.resolve() in data_dir.parents


def test_broker_is_the_chosen_one(kehr_services):
    url = settings.CELERY_BROKER_URL
    if kehr_services.broker == "redis":
        parts = urlsplit(url)
        assert parts.scheme == "redis"
        assert (parts.hostname, parts.port) == ("127.0.0.1", kehr_services.redis.port)
        assert parts.hostname is not None and parts.port is not None
        assert redis_ping(parts.hostname, parts.port)
    else:
        assert url.startswith("filesystem://")
        assert Path(settings.BROKER_DIR) == kehr_services.broker_dir.resolve()


@pytest.mark.worker
def test_celery_worker_answers_ping(celery_worker, transactional_db):
    from kehr.celery import app

    replies = app.control.ping(timeout=2.0)
    assert any(celery_worker.hostname in reply for reply in replies), replies


@pytest.mark.worker
def test_celery_worker_survives_kill_and_restart(celery_worker, transactional_db):
    celery_worker.kill()
    assert celery_worker.proc.poll() is not None
    assert celery_worker.ping(timeout=0.5) == []
    celery_worker.restart()
    assert any(celery_worker.hostname in reply for reply in celery_worker.ping(timeout=2.0))


def _sleep_until_killed(ready) -> None:
    import time

    ready.set()
    time.sleep(60)


def test_a_process_forked_from_the_run_dies_of_sigterm() -> None:
    """The run turns SIGTERM into KeyboardInterrupt so its services stop; a forked child
    (a pool worker) must not inherit that, or Pool.terminate() can wait on it for ever."""
    import multiprocessing
    import signal

    assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # the run's handler is on
    context = multiprocessing.get_context("fork")
    ready = context.Event()
    child = context.Process(target=_sleep_until_killed, args=(ready,))
    child.start()
    # Python drops a signal that reaches a child before its after-fork setup, so wait
    # until the child runs (as a pool worker does long before Pool.terminate()).
    try:
        assert ready.wait(30)
        child.terminate()
        child.join(30)
        assert child.exitcode == -signal.SIGTERM
    finally:
        if child.is_alive():
            child.kill()  # what the old handler left behind
            child.join(5)

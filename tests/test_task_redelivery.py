"""No task is lost to a dying worker, on either broker (docs/architecture.md, "Tasks
acknowledge late").

A real Celery worker takes a task (a forced merge; a model's training) and is killed
with SIGKILL while it holds it; a new worker runs the task to completion. The worker is
held inside the task, without any sleep, by the test holding the database's write lock:
the task's first write waits.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection
from psycopg import sql

from gold import merge, tasks
from gold.models import CorpusStats, PageGold
from tests.expect import present
from tests.services import test_database_url

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

WAIT_S = 90
T = TypeVar("T")
VISIBILITY_VARIABLE = "KEHR_BROKER_VISIBILITY_TIMEOUT_SECONDS"


def wait_for(condition: Callable[[], T | None], worker, what: str) -> T:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {WAIT_S} s; worker log:\n"
                f"{worker.log_text()[-4000:]}")  # fmt: skip


def broker_folder(option: str) -> Path:
    """A folder of the filesystem broker, from its transport options."""
    folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS[option]
    assert isinstance(folder, str), (option, folder)
    return Path(folder)


def unacknowledged_tasks(kehr_services) -> list[str]:
    """Names of the tasks the broker has handed out and not had acknowledged yet."""
    if kehr_services.broker == "redis":
        client = redis.Redis.from_url(kehr_services.redis.url)
        try:
            entries = [json.loads(raw)[0] for raw in client.hvals("unacked")]
        finally:
            client.close()
    else:
        folder = broker_folder("unacked_folder")
        entries = [json.loads(path.read_bytes()) for path in folder.glob("*@*/*.msg")]
    return sorted(entry["headers"]["task"] for entry in entries)


def forget_earlier_tests_messages(kehr_services) -> None:
    """Drop what earlier tests' killed workers left unacknowledged on Redis.

    The Redis server lives for the whole run, and tests that SIGKILL a harvest worker
    leave its messages in kombu's ``unacked`` hash, where Redis keeps them until the
    visibility timeout (hours). This test's 2-second timeout would hand them to its
    worker too. The filesystem broker needs nothing: it requeues a dead worker's
    messages as soon as a client starts, and those tests' workers are long gone.
    """
    if kehr_services.broker == "redis":
        client = redis.Redis.from_url(kehr_services.redis.url)
        try:
            client.delete("unacked", "unacked_index", "unacked_mutex")
        finally:
            client.close()


def queued_tasks(kehr_services) -> list[str]:
    """Names of the tasks waiting in the default queue."""
    if kehr_services.broker == "redis":
        client = redis.Redis.from_url(kehr_services.redis.url)
        try:
            entries = [json.loads(raw) for raw in client.lrange("celery", 0, -1)]
        finally:
            client.close()
    else:
        folder = broker_folder("data_folder_in")
        entries = [json.loads(path.read_bytes()) for path in folder.glob("*.celery.msg")]
    return sorted(entry["headers"]["task"] for entry in entries)


@contextmanager
def database_write_lock(table: str) -> Iterator[Callable[[], bool]]:
    """Hold the write lock on a table from outside Django; yields a function that tells
    whether another session is waiting for it (where the database can tell)."""
    url = test_database_url()
    if connection.vendor == "sqlite":
        lite = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
        lite.execute("BEGIN IMMEDIATE")  # SQLite has one write lock for the whole file
        try:
            yield lambda: True  # SQLite cannot show waiters; the broker check has to do
        finally:
            lite.execute("ROLLBACK")
            lite.close()
        return
    with psycopg.connect(url) as db:
        # Reads go on, writes wait.
        db.execute(sql.SQL("LOCK TABLE {} IN EXCLUSIVE MODE").format(sql.Identifier(table)))

        def someone_waits() -> bool:
            with psycopg.connect(url, autocommit=True) as probe:
                row = probe.execute(
                    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                    "WHERE NOT l.granted AND c.relname = %s",
                    (table,),
                ).fetchone()
            assert row is not None  # count(*) gives one row
            return row[0] > 0

        yield someone_waits
        db.rollback()


@pytest.fixture
def merged_corpus(corpus, make_user):
    from annotations.services import submit_labels
    from tests.conftest import make_page

    corpus.min_submissions = 2
    corpus.save()
    pages = [make_page(corpus, n) for n in range(3)]
    for user in [make_user(f"r{i}") for i in range(2)]:
        for page in pages:
            submit_labels(page_id=page.pk, user=user, labels=[3] * page.node_count)
    merge.merge_corpus(corpus)
    assert not PageGold.objects.filter(corpus=corpus, dirty=True).exists()
    return corpus


def gold_state(corpus) -> dict[int, tuple]:
    return {
        g.page_id: (g.merged_at, bytes(g.labels), bytes(g.votes))
        for g in PageGold.objects.filter(corpus=corpus)
    }


def kill_inside_and_redeliver(
    celery_worker, kehr_services, monkeypatch, *, task: str, table: str, what: str,
    send: Callable[[], object], untouched: Callable[[], None], done: Callable[[], object],
) -> None:  # fmt: skip
    """Send the task, SIGKILL the worker while the task waits at its first write to
    ``table``, check (``untouched``) that nothing was done and that the broker still
    holds the task, then start a new worker and wait until it has ``done`` the task and
    acknowledged it. Later tests get a worker with the normal settings."""
    forget_earlier_tests_messages(kehr_services)
    assert unacknowledged_tasks(kehr_services) == []
    try:
        with database_write_lock(table) as worker_waits:
            send()
            wait_for(lambda: queued_tasks(kehr_services) == [], celery_worker,
                     f"the worker taking the {what}")  # fmt: skip
            wait_for(worker_waits, celery_worker, f"the {what} waiting for the database")
            celery_worker.kill()
        # The worker died holding the task: nothing was done, the broker still has it.
        untouched()
        held = unacknowledged_tasks(kehr_services) + queued_tasks(kehr_services)
        assert held == [task]

        if kehr_services.broker == "redis":
            # Redis gives the message to another worker after the visibility timeout,
            # normally hours (longer than the longest task); seconds for this test.
            monkeypatch.setenv(VISIBILITY_VARIABLE, "2")
        celery_worker.start()
        wait_for(done, celery_worker, f"the redelivered {what}")
        wait_for(lambda: unacknowledged_tasks(kehr_services) == [], celery_worker,
                 f"the {what}'s acknowledgement")  # fmt: skip
    finally:
        if kehr_services.broker == "redis":
            monkeypatch.delenv(VISIBILITY_VARIABLE, raising=False)
            celery_worker.restart()  # later tests get a worker with the normal timeout
        elif celery_worker.proc is None or celery_worker.proc.poll() is not None:
            celery_worker.start()


def test_forced_merge_survives_a_killed_worker(
    celery_worker, kehr_services, merged_corpus, monkeypatch
):
    corpus = merged_corpus
    before = gold_state(corpus)

    def untouched() -> None:
        assert gold_state(corpus) == before

    kill_inside_and_redeliver(
        celery_worker, kehr_services, monkeypatch,
        task="gold.tasks.merge_corpus", table="gold_pagegold", what="merge",
        # What staff saw as "queued".
        send=lambda: tasks.merge_corpus.delay(corpus.pk, force=True),
        untouched=untouched,
        done=lambda: all(
            state[0] > before[page][0] for page, state in gold_state(corpus).items()
        ),
    )  # fmt: skip

    after = gold_state(corpus)
    assert not PageGold.objects.filter(corpus=corpus, dirty=True).exists()
    # Forced: every page merged again, to the same gold (a rerun is harmless).
    assert {page: state[1:] for page, state in after.items()} == {
        page: state[1:] for page, state in before.items()
    }
    stats = wait_for(
        lambda: CorpusStats.objects.filter(corpus=corpus, computed_at__isnull=False).first(),
        celery_worker, "the statistics after the merge",
    )  # fmt: skip
    assert stats.data["status"]["merged"] == 3


def test_training_survives_a_killed_worker(celery_worker, kehr_services, make_user, monkeypatch):
    """A worker killed inside a model's training: the version stays queued for the next
    worker, which trains it to a ready model file (the redelivered task runs again)."""
    from learning import dispatch
    from learning import services as learning
    from learning.models import ModelVersion
    from tests.learning_pages import GROUPS, gold_corpus

    corpus, _pages = gold_corpus("killed", 5, [make_user("k-a"), make_user("k-b")])
    version = learning.create_version(corpus, groups=GROUPS, name="k1", max_iter=10)

    def untouched() -> None:
        version.refresh_from_db()
        assert version.status != ModelVersion.Status.READY and not version.file

    def trained() -> bool:
        version.refresh_from_db()
        return version.job_state in ("done", "failed")

    kill_inside_and_redeliver(
        celery_worker, kehr_services, monkeypatch,
        task="learning.tasks.train", table="learning_modelversion", what="training",
        send=lambda: dispatch.queue(version, ModelVersion.Job.TRAIN),
        untouched=untouched, done=trained,
    )  # fmt: skip
    assert version.status == ModelVersion.Status.READY, version.message
    assert version.job_state == "done" and present(version.path).is_file()
    assert version.pages == 5

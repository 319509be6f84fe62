"""DBCE in parts over several workers (crosspage.dbce_parts): the labels one process
gives, parts delivered twice or in any order, a Redis that dies, what --parts refuses,
and real workers on the Redis leg."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
import redis
from django.core.management import CommandError, call_command

from corpora.models import Corpus
from crosspage import dbce_parts
from crosspage.models import MethodRun, MethodRunPart, MethodVector
from crosspage.services import start_run
from tests.test_crosspage import WAIT_S, write_archive


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory):
    """A real Redis of its own for the index (whichever broker the test run uses)."""
    from tests.services import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("parts-redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    return write_archive(tmp_path)


@pytest.fixture
def index_redis(redis_server, monkeypatch) -> str:
    monkeypatch.setenv("KEHR_DBCE_INDEX_URL", redis_server.url)
    return redis_server.url


def vectors(corpus: Corpus) -> dict[tuple[str, str], tuple[bytes, str]]:
    return {
        (v.page.url, v.method): (bytes(v.labels), v.reason)
        for v in MethodVector.objects.filter(page__corpus=corpus).select_related("page")
    }


def imported(slug: str, archive: Path) -> Corpus:
    corpus = Corpus.objects.create(name=slug, slug=slug)
    call_command("import_warc", str(archive), "--corpus", slug, verbosity=0)
    return corpus


Task = tuple[int, str, int]  # what dbce_parts queues: run id, phase, part number


def run_in_parts(
    corpus: Corpus,
    parts: int,
    capture_callbacks,
    order: Callable[[list[Task]], Task] | None = None,
) -> MethodRun:
    """Start a split run and deliver its queued parts here, in ``order`` (a function of
    the queue), the way workers would take them."""
    run = start_run(corpus, "dbce", parts=parts)
    queue: list[Task] = []

    def enqueue(run_id: int, phase: str, number: int) -> None:
        queue.append((run_id, phase, number))

    with capture_callbacks(execute=True):
        dbce_parts.start(run.pk, enqueue)
    while queue:
        task = (order or (lambda q: q.pop(0)))(queue)
        with capture_callbacks(execute=True):
            dbce_parts.run_part(*task, enqueue)
    run.refresh_from_db()
    return run


def test_parts_label_as_one_process_in_any_order_and_twice(
    db,
    archive,
    index_redis,
    django_capture_on_commit_callbacks,
) -> None:
    corpus = imported("parts", archive)
    call_command("dbce", "--corpus", "parts", verbosity=0)
    single = vectors(corpus)
    single_counts = MethodRun.objects.get(corpus=corpus).counts
    MethodVector.objects.filter(page__corpus=corpus).delete()

    delivered: list[tuple[int, str, int]] = []

    def last_first_and_one_twice(queue):
        task = queue.pop()  # the newest part first
        if task[1:] == ("label", 1) and task not in delivered:
            queue.append(task)  # delivered again, as after a worker died
        delivered.append(task)
        return task

    run = run_in_parts(corpus, 3, django_capture_on_commit_callbacks, last_first_and_one_twice)
    assert run.state == "done", run.message
    assert vectors(corpus) == single and len(single) == 5
    assert {k: run.counts[k] for k in single_counts} == single_counts
    assert run.counts["parts"] == 3 and run.message.endswith("(in 3 parts)")
    assert "4 of 5 pages labelled" in run.message
    assert delivered.count((run.pk, "label", 1)) == 2
    assert MethodRunPart.objects.filter(run=run, done=True).count() == 6
    # The index is gone with the run.
    assert not list(redis.Redis.from_url(index_redis).scan_iter(match=f"kehr:dbce:run:{run.pk}:*"))


def test_a_part_whose_redis_is_gone_fails_the_run_with_the_reason(
    db,
    archive,
    tmp_path,
    monkeypatch,
    django_capture_on_commit_callbacks,
) -> None:
    from tests.services import RedisServer

    server = RedisServer(tmp_path / "dying-redis")
    server.start()
    monkeypatch.setenv("KEHR_DBCE_INDEX_URL", server.url)
    corpus = imported("dying", archive)
    run = start_run(corpus, "dbce", parts=2)
    queue: list[tuple[int, str, int]] = []
    with django_capture_on_commit_callbacks(execute=True):
        dbce_parts.start(run.pk, lambda *task: queue.append(task))
    server.stop()
    with pytest.raises(redis.ConnectionError):
        dbce_parts.run_part(*queue[0], lambda *task: queue.append(task))
    run.refresh_from_db()
    assert run.state == "failed"
    assert run.message.startswith("index part 1 of 2: ConnectionError")
    # A late delivery of another part of the failed run does nothing.
    dbce_parts.run_part(*queue[1], lambda *task: queue.append(task))
    assert len(queue) == 2 and not MethodVector.objects.filter(page__corpus=corpus).exists()


def test_what_parts_refuses_is_said_with_what_to_do(db, archive, monkeypatch, settings) -> None:
    imported("refused", archive)
    with pytest.raises(CommandError, match="--parts splits a run over workers: add --queue"):
        call_command("dbce", "--corpus", "refused", "--parts", "2")
    for parts in ("0", "65"):
        with pytest.raises(CommandError, match=f"--parts {parts}: give 1 to 64 parts"):
            call_command("dbce", "--corpus", "refused", "--parts", parts, "--queue")
    monkeypatch.setenv("KEHR_DBCE_INDEX_URL", "")
    settings.CELERY_BROKER_URL = "filesystem://"
    with pytest.raises(CommandError, match=r"needs a Redis the workers share .* KEHR_DBCE_INDEX"):
        call_command("dbce", "--corpus", "refused", "--parts", "2", "--queue")
    monkeypatch.setenv("KEHR_DBCE_INDEX_URL", "http://127.0.0.1:6379/0")
    with pytest.raises(CommandError, match="is not a Redis URL"):
        call_command("dbce", "--corpus", "refused", "--parts", "2", "--queue")
    assert not MethodRun.objects.exists()  # nothing was queued


@pytest.mark.django_db(transaction=True)
def test_workers_run_the_parts(celery_worker, archive, kehr_services) -> None:
    if kehr_services.redis is None:
        pytest.skip("the worker's index is the broker's Redis: run on the Redis leg")
    corpus = imported("worker-parts", archive)
    call_command("dbce", "--corpus", corpus.slug, verbosity=0)
    single = vectors(corpus)
    MethodVector.objects.filter(page__corpus=corpus).delete()
    MethodRun.objects.filter(corpus=corpus).delete()
    call_command("dbce", "--corpus", corpus.slug, "--queue", "--parts", "2")
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        run = MethodRun.objects.get(corpus=corpus)
        if run.state in ("done", "failed"):
            break
        time.sleep(0.3)
    else:
        pytest.fail(f"the run did not end: {celery_worker.log_text()[-3000:]}")
    assert run.state == "done", run.message
    assert vectors(corpus) == single
    assert MethodRunPart.objects.filter(run=run, done=True).count() == 4


def test_parts_widen_a_page_to_the_sites_container_as_one_process_does(
    db,
    tmp_path,
    index_redis,
    django_capture_on_commit_callbacks,
) -> None:
    """The site pass needs every part's pages: the last label part does it, on the
    stored vectors, and gives the one process' labels."""
    from warcio.warcwriter import WARCWriter

    from corpora.models import Page
    from tests.test_crosspage import labels_by_text, response
    from tests.test_dbce_site import GENERATED, class_page

    path = tmp_path / "classes.warc.gz"
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for n in range(9):
            response(writer, f"https://docs.test/class{n}.html", "2026-03-01T08:00:00Z",
                     class_page(n, short=n == 0).encode())  # fmt: skip
    corpus = imported("classes", path)
    call_command("dbce", "--corpus", "classes", verbosity=0)
    single = vectors(corpus)
    MethodVector.objects.filter(page__corpus=corpus).delete()
    run = run_in_parts(corpus, 2, django_capture_on_commit_callbacks)
    assert run.state == "done", run.message
    assert vectors(corpus) == single and len(single) == 9
    short = Page.objects.get(corpus=corpus, url="https://docs.test/class0.html")
    # Content, as on the pages with text of their own; the header stays boilerplate.
    labels = labels_by_text(short, "dbce")
    assert labels[GENERATED] == 3 and labels["The logging library, version two"] == 1

"""The template methods in the platform: DBCE and URL Tree runs over a corpus, their
vectors as diff and export sources, bad input, and a real worker."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from warcio.warcwriter import WARCWriter

from comparison import sources
from comparison.sources import SourceError
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from corpora.segmenter import read_node_texts
from crosspage.models import MethodRun, MethodVector
from gold.exports.included import IncludeError, open_sources
from tests.test_dbce import ARTICLES, article_page, odd_page
from tests.test_import_warc import response

BAD, GOOD = 1, 3
MORNING = "Mayor opens the new harbour walkway to the public"
EVENING = "Storm warning issued for the coast this weekend"
WORDS = (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike "
    "november oscar papa quebec romeo sierra tango uniform victor whiskey"
).split()


def labels_by_text(page: Page, method: str) -> dict[str, int]:
    vector = MethodVector.objects.get(page=page, method=method)
    texts = read_node_texts(page.document)
    return {t.strip(): int(v) for t, v in zip(texts, bytes(vector.labels), strict=True)}


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    return write_archive(tmp_path)


def write_archive(folder: Path) -> Path:
    """The DBCE fixture site as a web archive: four stories in the morning, three of
    them again in the evening with another teaser, and a gallery page."""
    path = folder / "site.warc.gz"
    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for slug in ARTICLES:
            response(writer, f"https://example.test/{slug}", "2026-03-01T08:00:00Z",
                     article_page(slug, MORNING).encode())  # fmt: skip
        for slug in ("a1", "a2", "a3"):
            response(writer, f"https://example.test/{slug}", "2026-03-01T20:00:00Z",
                     article_page(slug, EVENING).encode())  # fmt: skip
        response(writer, "https://example.test/gallery", "2026-03-01T08:00:00Z",
                 odd_page().encode())  # fmt: skip
    return path


@pytest.fixture
def imported(db, archive: Path) -> Corpus:
    corpus = Corpus.objects.create(name="Archive", slug="archive")
    call_command("import_warc", str(archive), "--corpus", "archive", verbosity=0)
    return corpus


def test_dbce_labels_an_imported_archive_with_its_earlier_captures(imported, capsys) -> None:
    call_command("dbce", "--corpus", "archive", verbosity=0)
    assert "archive: 4 of 5 pages labelled; 1 left unlabelled" in capsys.readouterr().out
    run = MethodRun.objects.get(corpus=imported, method="dbce")
    assert run.state == "done" and run.counts["earlier_captures"] == 3
    a1 = Page.objects.get(corpus=imported, url="https://example.test/a1")  # the evening one
    labels = labels_by_text(a1, "dbce")
    assert labels[ARTICLES["a1"]] == GOOD and labels["Home page"] == BAD
    # The evening teaser: up and down share least text with a1 (a4, with no evening
    # capture, is one): in up only, not in a1's morning capture: invalid, unlabelled.
    assert labels[EVENING] == 0
    # As a diff source: the vector, or why there is none.
    assert sources.resolve(a1, "dbce").labels == bytes(MethodVector.objects.get(page=a1).labels)
    gallery = Page.objects.get(corpus=imported, url="https://example.test/gallery")
    with pytest.raises(SourceError, match=r"left page .* unlabelled: needs at least 2 similar"):
        sources.resolve(gallery, "dbce")
    # As an export source: labelled pages only.
    (opened,) = open_sources(imported, ["dbce"])
    assert "dbce labelled 4 of the 5 pages" in opened.note
    assert set(opened.fetch([a1.pk, gallery.pk])) == {a1.pk}


def test_url_tree_streams_a_corpus_in_capture_order(db, capsys) -> None:
    corpus = Corpus.objects.create(name="Stream", slug="stream")
    slugs = [f"s{n}" for n in range(8)]
    for n, slug in enumerate(slugs):
        # Letters differ from story to story (the tree compares letters only).
        story = " ".join(WORDS[n : n + 12])
        body = (f"<html><body><ul><li>Home page</li><li>World news</li></ul><p>Story {story}"
                "</p><p>Copyright Example Limited</p></body></html>")  # fmt: skip
        page = add_page(corpus, body, url=f"https://news.example.test/2026/{slug}")
        Page.objects.filter(pk=page.pk).update(captured_at=f"2026-03-0{n + 1}T10:00:00Z")
    # The same story under a tracking parameter the query rules drop: a duplicate.
    add_page(corpus, "<p>Copy</p>", url="https://news.example.test/2026/s0?utm_source=x")
    call_command("urltree", "--corpus", "stream", "--heuristics", "strict-at-domain",
                 "strict", verbosity=0)  # fmt: skip
    out = capsys.readouterr().out
    assert "stream: 9 pages streamed, 1 within-domain duplicates" in out
    first = Page.objects.get(url="https://news.example.test/2026/s0")
    last = Page.objects.get(url="https://news.example.test/2026/s7")
    # The first page is judged on itself: nothing is shared yet.
    assert set(labels_by_text(first, "urltree:strict-at-domain").values()) == {GOOD}
    labels = labels_by_text(last, "urltree:strict-at-domain")
    assert labels["Home page"] == BAD and labels["Copyright Example Limited"] == BAD
    assert labels["Story " + " ".join(WORDS[7:19])] == GOOD
    assert MethodVector.objects.filter(page=last, method="urltree:strict").exists()
    copy = Page.objects.get(url__endswith="utm_source=x")
    stored = MethodVector.objects.get(page=copy, method="urltree:strict")
    assert "within-domain duplicate" in stored.reason and not any(bytes(stored.labels))
    with pytest.raises(SourceError, match="Name the heuristic"):
        sources.resolve(last, "urltree")
    with pytest.raises(
        SourceError, match=r"not labelled page \d+ yet: run `manage.py urltree --corpus stream`"
    ):
        sources.resolve(last, "urltree:relaxed-at-domain-500")
    assert sources.resolve(last, "urltree:strict-at-domain").kind == "urltree"
    with pytest.raises(SourceError, match="unknown URL Tree heuristic 'loose'"):
        sources.resolve(last, "urltree:loose")


def test_bad_input_gets_a_clear_error(imported) -> None:
    with pytest.raises(CommandError, match=r"No corpus with slug 'nope'\. Corpora: archive"):
        call_command("dbce", "--corpus", "nope")
    with pytest.raises(CommandError, match="unknown URL Tree heuristic 'loose'"):
        call_command("urltree", "--corpus", "archive", "--heuristics", "loose")
    MethodRun.objects.create(corpus=imported, method="dbce", state="running")
    with pytest.raises(CommandError, match="A dbce run on archive is running already"):
        call_command("dbce", "--corpus", "archive")
    with pytest.raises(IncludeError, match="dbce has not labelled corpus archive"):
        open_sources(imported, ["dbce"])
    with pytest.raises(IncludeError, match="Name the heuristic"):
        open_sources(imported, ["urltree"])
    with pytest.raises(IncludeError, match="unknown URL Tree heuristic 'loose'"):
        open_sources(imported, ["urltree:loose"])


def test_a_domain_with_one_page_is_unlabelled_with_the_reason(db) -> None:
    corpus = Corpus.objects.create(name="Lonely", slug="lonely")
    page = add_page(corpus, article_page("a1", MORNING), url="https://alone.test/a1")
    call_command("dbce", "--corpus", "lonely", verbosity=0)
    stored = MethodVector.objects.get(page=page, method="dbce")
    assert "needs at least 2 similar pages" in stored.reason
    assert not np.frombuffer(bytes(stored.labels), np.uint8).any()


WAIT_S = 120


@pytest.mark.django_db(transaction=True)
def test_a_worker_runs_both_methods(celery_worker, archive: Path) -> None:
    corpus = Corpus.objects.create(name="Worker archive", slug="worker-archive")
    call_command("import_warc", str(archive), "--corpus", corpus.slug, verbosity=0)
    call_command("dbce", "--corpus", corpus.slug, "--queue")
    call_command("urltree", "--corpus", corpus.slug, "--queue")
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        runs = list(MethodRun.objects.filter(corpus=corpus))
        if len(runs) == 2 and all(r.state in ("done", "failed") for r in runs):
            break
        time.sleep(0.3)
    else:
        pytest.fail(f"runs did not end: {celery_worker.log_text()[-3000:]}")
    assert {r.method: r.state for r in runs} == {"dbce": "done", "urltree": "done"}, [
        r.message for r in runs
    ]
    methods = set(MethodVector.objects.filter(page__corpus=corpus).values_list("method", flat=True))
    assert methods == {"dbce", "urltree:strict", "urltree:strict-support-100",
                       "urltree:strict-at-domain", "urltree:relaxed-at-domain-500",
                       "urltree:strict-share-40", "urltree:relaxed-share-40"}  # fmt: skip
    assert json.dumps(runs[0].counts)


def test_arrivals_continue_the_stream_as_one_run_would(db) -> None:
    """Pages arriving in two batches are judged as a full run judges them, and a batch
    delivered twice changes nothing."""
    from crosspage.models import UrlTreeState
    from crosspage.services import stream_arrivals

    corpus = Corpus.objects.create(name="Arrivals", slug="arrivals")
    pages = []
    for n in range(8):
        story = " ".join(WORDS[n : n + 12])
        body = (f"<html><body><ul><li>Home page</li><li>World news</li></ul><p>{story}</p>"
                "<p>Copyright Example Limited</p></body></html>")  # fmt: skip
        page = add_page(corpus, body, url=f"https://news.example.test/2026/a{n}")
        Page.objects.filter(pk=page.pk).update(captured_at=f"2026-03-0{n + 1}T10:00:00Z")
        pages.append(page.pk)
    assert stream_arrivals(corpus.pk, pages[:3]) == 3
    assert stream_arrivals(corpus.pk, pages[3:]) == 5
    assert stream_arrivals(corpus.pk, pages[3:]) == 0  # delivered again: nothing to do
    assert UrlTreeState.objects.get(corpus=corpus).pages == 8
    arrived = {
        (v.page_id, v.method): bytes(v.labels)
        for v in MethodVector.objects.filter(page__corpus=corpus)
    }
    call_command("urltree", "--corpus", "arrivals", verbosity=0)
    full = {
        (v.page_id, v.method): bytes(v.labels)
        for v in MethodVector.objects.filter(page__corpus=corpus)
    }
    assert arrived == full and len(full) == 8 * 6  # six heuristics by default


@pytest.mark.django_db(transaction=True)
def test_an_import_is_streamed_by_a_worker_as_it_arrives(celery_worker, archive, monkeypatch):
    monkeypatch.setenv("KEHR_URLTREE_ON_ARRIVAL", "true")
    corpus = Corpus.objects.create(name="Arriving", slug="arriving")
    call_command("import_warc", str(archive), "--corpus", corpus.slug, verbosity=0)
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        done = MethodVector.objects.filter(page__corpus=corpus, method="urltree:strict").count()
        if done == 5:
            break
        time.sleep(0.3)
    else:
        pytest.fail(f"no URL Tree labels after the import: {celery_worker.log_text()[-3000:]}")
    # Off: an import queues nothing.
    monkeypatch.setenv("KEHR_URLTREE_ON_ARRIVAL", "false")
    other = Corpus.objects.create(name="Quiet", slug="quiet")
    call_command("import_warc", str(archive), "--corpus", other.slug, verbosity=0)
    time.sleep(2)
    assert not MethodVector.objects.filter(page__corpus=other).exists()


def test_the_classifier_sees_the_stored_method_vectors(imported) -> None:
    from learning.data import page_input

    call_command("dbce", "--corpus", "archive", verbosity=0)
    a1 = Page.objects.get(corpus=imported, url="https://example.test/a1")
    given = page_input(a1).method_labels
    assert given is not None and set(given) == {"dbce"}
    assert bytes(given["dbce"]) == bytes(MethodVector.objects.get(page=a1).labels)
    gallery = Page.objects.get(corpus=imported, url="https://example.test/gallery")
    assert page_input(gallery).method_labels == {}  # left unlabelled: nothing to learn


def test_a_broker_that_cannot_take_the_task_does_not_fail_the_import(
    db, archive, monkeypatch, caplog, capsys, django_capture_on_commit_callbacks
) -> None:
    """Found trying it as a stranger: no broker folders yet (manage.py init_instance not
    run), and the import died after storing its pages. Now it says how to catch up."""
    from crosspage import tasks

    def broken(*args, **kwargs):
        raise FileNotFoundError("no such directory: var/broker/queue")

    monkeypatch.setenv("KEHR_URLTREE_ON_ARRIVAL", "true")
    monkeypatch.setattr(tasks.urltree_arrivals, "delay", broken)
    corpus = Corpus.objects.create(name="No broker", slug="no-broker")
    with django_capture_on_commit_callbacks(execute=True) as queued:
        call_command("import_warc", str(archive), "--corpus", corpus.slug)
    assert len(queued) == 1
    assert "no-broker: 8 HTML captures indexed" in capsys.readouterr().out
    assert Page.objects.filter(corpus=corpus).count() == 5
    assert "URL Tree not queued for 5 pages of no-broker (warc-import)" in caplog.text
    assert "run `manage.py urltree --corpus no-broker`" in caplog.text

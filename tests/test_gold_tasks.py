"""The gold-standard tasks on a real Celery worker, and their beat schedule."""

from __future__ import annotations

import time
from datetime import datetime

import pytest
from django.conf import settings
from django.test import Client

from annotations.services import submit_labels
from gold import merge, tasks
from gold.models import CorpusStats, PageGold
from kehr.celery import app
from tests.conftest import make_page

G, B = 3, 1
NODES = 10
WAIT_S = 60


def wait_for(condition, worker, what: str):
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{what} did not happen within {WAIT_S} s; worker log:\n"
                f"{worker.log_text()[-3000:]}")  # fmt: skip


def later(first: datetime | None, second: datetime | None) -> bool:
    """Whether the first merge time is after the second; both pages were merged."""
    assert first is not None and second is not None
    return first > second


@pytest.fixture
def annotated(corpus, make_user):
    corpus.min_submissions = 2
    corpus.save()
    pages = [make_page(corpus, n) for n in range(3)]
    users = [make_user(f"w{i}") for i in range(2)]
    for page in pages:
        for user in users:
            submit_labels(page_id=page.pk, user=user, labels=[G] * NODES)
    return corpus, pages


def test_beat_schedule_names_registered_tasks():
    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"gold.tasks.merge_dirty_pages", "gold.tasks.refresh_stale_stats",
            "gold.tasks.merge_all_corpora"} <= scheduled  # fmt: skip
    assert scheduled <= set(app.tasks)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_worker_merges_dirty_pages_then_stats_follow(celery_worker, annotated):
    corpus, pages = annotated
    assert PageGold.objects.filter(corpus=corpus, dirty=True).count() == 3
    tasks.merge_dirty_pages.delay()
    wait_for(
        # The stats are marked stale after the last chunk of pages is written.
        lambda: PageGold.objects.filter(corpus=corpus, dirty=False,
                                        status=PageGold.Status.MERGED).count() == 3
        and CorpusStats.objects.filter(corpus=corpus, stale=True).exists(),
        celery_worker, "merging the dirty pages",
    )  # fmt: skip
    assert PageGold.objects.get(page=pages[0]).label_list == [G] * NODES
    tasks.refresh_stale_stats.delay()
    stats = wait_for(
        # computed_at too: the refresh clears the stale flag before it computes.
        lambda: CorpusStats.objects.filter(
            corpus=corpus, stale=False, computed_at__isnull=False
        ).first(),
        celery_worker, "recomputing stale statistics",
    )  # fmt: skip
    assert stats.data["status"]["merged"] == 3


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_worker_remerges_only_what_changed(celery_worker, annotated, make_user):
    corpus, pages = annotated
    tasks.merge_corpus.delay(corpus.pk)
    wait_for(lambda: not PageGold.objects.filter(corpus=corpus, dirty=True).exists(),
             celery_worker, "the first merge")  # fmt: skip
    stamps = dict(PageGold.objects.values_list("page_id", "merged_at"))
    submit_labels(page_id=pages[1].pk, user=make_user("third"), labels=[B] * NODES)
    tasks.merge_corpus.delay(corpus.pk)
    wait_for(lambda: not PageGold.objects.filter(corpus=corpus, dirty=True).exists(),
             celery_worker, "the second merge")  # fmt: skip
    after = dict(PageGold.objects.values_list("page_id", "merged_at"))
    assert later(after[pages[1].pk], stamps[pages[1].pk])
    assert after[pages[0].pk] == stamps[pages[0].pk] and after[pages[2].pk] == stamps[pages[2].pk]
    assert PageGold.objects.get(page=pages[1]).votes  # 2 good against 1 bad
    assert PageGold.objects.get(page=pages[1]).label_list == [G] * NODES


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_dashboard_merge_button_reaches_the_worker(celery_worker, annotated, staff):
    corpus, _pages = annotated
    client = Client()
    client.force_login(staff)
    response = client.post(f"/staff/gold/{corpus.slug}/merge/", follow=True)
    assert "Merge queued" in response.content.decode()
    stats = wait_for(
        lambda: CorpusStats.objects.filter(corpus=corpus, stale=False,
                                           computed_at__isnull=False).first(),
        celery_worker, "the queued merge and statistics",
    )  # fmt: skip
    assert stats.data["status"]["merged"] == 3
    html = client.get(f"/staff/gold/{corpus.slug}/").content.decode()
    assert html.count('class="kehr-chart"') == 7


class WorkerDied(Exception):
    """Stands for a worker killed between two chunks of a merge."""


def test_forced_merge_keeps_pages_dirty_until_their_result_commits(annotated, monkeypatch):
    corpus, pages = annotated
    merge.merge_corpus(corpus)
    before = dict(PageGold.objects.values_list("page_id", "merged_at"))
    gold = {g.page_id: (bytes(g.labels), bytes(g.votes)) for g in PageGold.objects.all()}
    assert not PageGold.objects.filter(dirty=True).exists()

    monkeypatch.setattr(merge, "CHUNK_PAGES", 1)  # one page a transaction

    def die_after_first_chunk(_done: int, _total: int) -> None:
        raise WorkerDied  # progress is reported after a chunk commits

    with pytest.raises(WorkerDied):
        merge.merge_corpus(corpus, force=True, progress=die_after_first_chunk)
    first, rest = pages[0].pk, [page.pk for page in pages[1:]]
    assert not PageGold.objects.get(page_id=first).dirty
    assert later(PageGold.objects.get(page_id=first).merged_at, before[first])
    # Not merged yet, so still marked: nothing else would ever look at them again.
    assert set(PageGold.objects.filter(dirty=True).values_list("page_id", flat=True)) == set(rest)

    # The scheduled merge of dirty pages (not forced) finishes the forced run's work,
    # although the inputs of these pages did not change.
    assert tasks.merge_dirty_pages() == len(rest)
    after = dict(PageGold.objects.values_list("page_id", "merged_at"))
    assert all(later(after[page], before[page]) for page in rest)
    assert not PageGold.objects.filter(dirty=True).exists()
    # Same inputs, same gold: running (part of) a merge again changes nothing else.
    assert {g.page_id: (bytes(g.labels), bytes(g.votes)) for g in PageGold.objects.all()} == gold

"""Submission counters: kept by every write, checked and repaired by a Celery task."""

from __future__ import annotations

import time

import pytest

from annotations.counters import check_submission_counters
from annotations.models import Submission
from annotations.services import delete_submission, submit_labels
from annotations.tasks import check_submission_counters as check_task
from corpora.models import Page


def test_counter_follows_creates_and_deletes(page, annotator, other_annotator):
    submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    submit_labels(page_id=page.pk, user=annotator, labels=[1] * page.node_count)
    submit_labels(page_id=page.pk, user=other_annotator, labels=[1] * page.node_count)
    page.refresh_from_db()
    assert page.submission_count == 2
    delete_submission(Submission.objects.get(user=annotator))
    page.refresh_from_db()
    assert page.submission_count == 1
    assert check_submission_counters() == []


def test_check_repairs_counters_changed_behind_the_api(pages, annotator):
    submit_labels(page_id=pages[0].pk, user=annotator, labels=[3] * pages[0].node_count)
    Page.objects.filter(pk=pages[1].pk).update(submission_count=7)
    Page.objects.filter(pk=pages[0].pk).update(submission_count=0)
    repairs = check_submission_counters()
    assert {(r.page_id, r.stored, r.actual) for r in repairs} == {
        (pages[0].pk, 0, 1),
        (pages[1].pk, 7, 0),
    }
    assert dict(Page.objects.values_list("pk", "submission_count"))[pages[0].pk] == 1
    assert check_submission_counters() == []


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_real_worker_repairs_counters(celery_worker, corpus, annotator):
    from tests.conftest import make_page

    page = make_page(corpus, 1)
    submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    Page.objects.filter(pk=page.pk).update(submission_count=42)
    check_task.delay(corpus.pk)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.refresh_from_db()
        if page.submission_count == 1:
            break
        time.sleep(0.2)
    assert page.submission_count == 1, celery_worker.log_path.read_text()[-2000:]

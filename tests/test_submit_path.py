"""What a submission and a next-page request read: nothing they do not need.

Pages carry their whole annotation document (hundreds of kilobytes on real sites) and
per-node token counts; the hot paths must not fetch them (bench/profile_requests.py).
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from annotations.models import Submission
from annotations.selection import next_page_for
from annotations.services import delete_submission, submit_labels
from api.serializers import PageSerializer, SubmissionSerializer, page_body, submission_body
from corpora.models import Page
from gold.models import PageGold

HEAVY_COLUMNS = ('"document"', '"node_tokens"')


class PivotZero(random.Random):
    def randrange(self, *args, **kwargs) -> int:
        return 0


def heavy_reads(queries) -> list[str]:
    return [
        query["sql"]
        for query in queries
        if query["sql"].lstrip().upper().startswith("SELECT")
        and any(column in query["sql"] for column in HEAVY_COLUMNS)
    ]


def test_submitting_and_deleting_read_no_document(page, annotator):
    with CaptureQueriesContext(connection) as submitting:
        result = submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    with CaptureQueriesContext(connection) as resubmitting:
        submit_labels(page_id=page.pk, user=annotator, labels=[1] * page.node_count)
    with CaptureQueriesContext(connection) as deleting:
        delete_submission(result.submission)
    for queries in (submitting, resubmitting, deleting):
        assert heavy_reads(queries.captured_queries) == []
    page.refresh_from_db()
    assert page.submission_count == 0


def test_next_page_reads_no_document(pages, annotator):
    corpus = pages[0].corpus
    with CaptureQueriesContext(connection) as picking:
        # Pivot 0: a page lies after it, so no second statement to wrap around.
        page = next_page_for(annotator, corpus, PivotZero())
    assert page is not None
    assert heavy_reads(picking.captured_queries) == []
    assert len(picking.captured_queries) == 1


def test_a_submission_is_three_statements_and_the_merge_mark(page, annotator):
    """Lock the page with its corpus, upsert, move the counter; the gold app marks the page.

    A replacement keeps the counter (no third statement) and bumps the revision.
    """
    with CaptureQueriesContext(connection) as first:
        created = submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    with CaptureQueriesContext(connection) as again:
        replaced = submit_labels(page_id=page.pk, user=annotator, labels=[1] * page.node_count)
    statements = [
        q["sql"]
        for q in first.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]
    # The first mark of a page also creates its gold row: a second UPDATE after the INSERT.
    assert [s.split()[0] for s in statements[:3]] == ["SELECT", "INSERT", "UPDATE"]
    assert any("gold_pagegold" in s for s in statements[3:])
    assert created.created and created.submission.revision == 1
    assert not replaced.created and replaced.submission.revision == 2
    assert replaced.submission.pk == created.submission.pk
    assert not any("submission_count" in q["sql"] for q in again.captured_queries), (
        "a replacement must not move the counter"
    )
    page.refresh_from_db()
    assert page.submission_count == 1
    stored = Submission.objects.get()
    assert stored.labels == bytes([1] * page.node_count) and stored.revision == 2
    # The replaced row kept its first created_at; the instance loads it on demand.
    assert replaced.submission.created_at == stored.created_at
    assert replaced.submission.submitted_at == stored.submitted_at


def test_the_gold_standard_hears_of_every_submission(page, annotator):
    """submit_labels writes with SQL of its own, and still sends the signals save() would."""
    submit_labels(page_id=page.pk, user=annotator, labels=[3] * page.node_count)
    gold = PageGold.objects.get(page=page)
    assert gold.dirty
    first_version = gold.input_version
    PageGold.objects.filter(page=page).update(dirty=False)
    submit_labels(page_id=page.pk, user=annotator, labels=[1] * page.node_count)
    gold.refresh_from_db()
    assert gold.dirty and gold.input_version == first_version + 1


def test_written_out_bodies_match_the_serializers(page, annotator, rf):
    """page_body and submission_body are what the documented serializers would answer."""
    started = timezone.now() - timedelta(minutes=3)
    result = submit_labels(
        page_id=page.pk, user=annotator, labels=[3] * page.node_count, started_at=started,
        client_version="1.2.3",
    )  # fmt: skip
    assert submission_body(result.submission) == SubmissionSerializer(result.submission).data
    stored = Submission.objects.select_related("page__corpus").get()
    assert submission_body(stored) == SubmissionSerializer(stored).data
    request = rf.get("/api/corpora/x/next-page/", HTTP_HOST="localhost:8123")
    fresh = Page.objects.select_related("corpus").get(pk=page.pk)
    assert (
        page_body(fresh, fresh.corpus.slug, request)
        == PageSerializer(fresh, context={"request": request}).data
    )
    assert page_body(fresh, fresh.corpus.slug)["document_url"] == (
        f"/api/pages/{page.pk}/document/"
    )

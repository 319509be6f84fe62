"""What a submission and a next-page request read: nothing they do not need.

Pages carry their whole annotation document (hundreds of kilobytes on real sites) and
per-node token counts; the hot paths must not fetch them (bench/profile_requests.py).
"""

from __future__ import annotations

import random

from django.db import connection
from django.test.utils import CaptureQueriesContext

from annotations.selection import next_page_for
from annotations.services import delete_submission, submit_labels

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

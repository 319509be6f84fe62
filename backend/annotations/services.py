"""Writing and deleting submissions — the only place that touches the page counter.

Every write locks the page row first (SELECT … FOR UPDATE on PostgreSQL; SQLite's
IMMEDIATE transactions serialise writers), so concurrent submissions for one page
queue up and the counter always equals the number of submissions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from annotations import labels as label_vectors
from annotations.models import Submission
from corpora.models import Page


class SubmissionRefused(Exception):
    """The user may not submit to this page (closed corpus, no access)."""


def no_page_message(page_id: int) -> str:
    """The one answer for a page that is missing and for one the user may not see.

    Naming the corpus (or answering differently) would tell annotators which private
    or closed corpora exist.
    """
    return (
        f"No page with id {page_id} that you may annotate (it does not exist, or its "
        "corpus is closed or not open to you)."
    )


@dataclass(frozen=True)
class SubmitResult:
    submission: Submission
    created: bool


def submit_labels(
    *,
    page_id: int,
    user,
    labels: list[int],
    started_at: datetime | None = None,
    client_version: str = "",
) -> SubmitResult:
    """Create or replace the user's submission for a page.

    `labels` must already be validated against the page's node count; it is checked
    again under the lock because the page could have been re-segmented meanwhile, and
    then raises LabelVectorError (callers answer it like any bad vector). Raises
    SubmissionRefused when the user may not annotate the page, Page.DoesNotExist when it
    was deleted.
    """
    now = timezone.now()
    with transaction.atomic():
        # Not the document or token counts (hundreds of kB on real pages): nothing here
        # reads them, and this runs for every submission.
        page = (
            Page.objects.select_for_update()
            .select_related("corpus")
            .defer("document", "node_tokens")
            .get(pk=page_id)
        )
        if not page.corpus.is_available_to(user):
            raise SubmissionRefused(no_page_message(page_id))
        vector = label_vectors.validate_label_vector(labels, page.node_count)
        existing = Submission.objects.filter(page=page, user=user).first()
        if existing is not None:
            existing.labels = label_vectors.encode(vector)
            existing.revision += 1
            existing.started_at = started_at
            existing.submitted_at = now
            existing.client_version = client_version
            existing.save()
            return SubmitResult(existing, created=False)
        submission = Submission.objects.create(
            page=page,
            user=user,
            labels=label_vectors.encode(vector),
            started_at=started_at,
            submitted_at=now,
            client_version=client_version,
        )
        page.change_submission_count(+1)
        return SubmitResult(submission, created=True)


def delete_submission(submission: Submission) -> None:
    with transaction.atomic():
        page = (
            Page.objects.select_for_update()
            .defer("document", "node_tokens")
            .get(pk=submission.page_id)
        )
        deleted, _ = Submission.objects.filter(pk=submission.pk).delete()
        if deleted:
            page.change_submission_count(-deleted)

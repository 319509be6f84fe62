"""Writing and deleting submissions — the only place that touches the page counter.

Every write locks the page row first (SELECT … FOR UPDATE on PostgreSQL; SQLite's
IMMEDIATE transactions serialise writers), so concurrent submissions for one page
queue up and the counter always equals the number of submissions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.db.models import signals
from django.utils import timezone

from annotations import labels as label_vectors
from annotations.models import Submission
from corpora.models import Corpus, Page, new_shuffle_key
from kehr import rows
from kehr.rows import Columns


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
    submission: Submission  # its page and the page's corpus are loaded
    created: bool


class StartTimeError(ValueError):
    """A ``started_at`` no annotation of this page can have started at."""


# How far a client's clock may be off when it says when annotating started.
CLOCK_SKEW = timedelta(minutes=5)


def check_started_at(started_at: datetime, page: Page, now: datetime) -> None:
    """Refuse times no annotation can have started at: they would skew the time stats."""
    if started_at > now + CLOCK_SKEW:
        raise StartTimeError(
            f"started_at lies in the future ({started_at.isoformat()}); check the client clock."
        )
    if started_at < page.created_at - CLOCK_SKEW:
        raise StartTimeError(
            f"started_at ({started_at.isoformat()}) is before page {page.pk} was added "
            f"({page.created_at.isoformat()}); check the client clock."
        )


# The submit path is written out as three statements (lock the page with its corpus,
# upsert the submission, move the counter) rather than built with the ORM: every
# annotator runs it for every page, and compiling the querysets cost several times the
# CPU of running them (bench/profile_requests.py; docs/development.md).
_LOCKED_PAGE = Columns(Page, ("id", "corpus", "url", "node_count", "created_at"), "p")
_PAGE_CORPUS = Columns(Corpus, ("id", "name", "slug", "kind", "is_open", "access"), "c")
_WRITTEN = Columns(Submission, ("page", "user", "labels", "revision", "started_at",
                                "submitted_at", "client_version", "created_at"), "s")  # fmt: skip
_REPLACED_FIELDS = ("labels", "started_at", "submitted_at", "client_version")


def _lock_page_sql() -> str:
    quote = connection.ops.quote_name
    lock = ""
    if connection.features.has_select_for_update_of:
        lock = " FOR UPDATE OF p"  # SQLite has none: its IMMEDIATE transaction locks
    return (
        f"SELECT {_LOCKED_PAGE.sql()}, {_PAGE_CORPUS.sql()}"
        f" FROM {quote(Page._meta.db_table)} p"
        f" JOIN {quote(Corpus._meta.db_table)} c ON c.id = p.corpus_id"
        f" WHERE p.id = %s{lock}"
    )


def _upsert_sql() -> str:
    """Insert the submission, or replace the user's one for the page (revision + 1).

    ``ON CONFLICT`` on the (page, user) unique index: PostgreSQL and SQLite (3.35+ for
    RETURNING) spell it alike. The row's revision tells which happened.
    """
    quote = connection.ops.quote_name
    table = quote(Submission._meta.db_table)
    columns = [quote(field.column) for field in _WRITTEN.fields]
    replaced = ", ".join(f"{quote(name)} = excluded.{quote(name)}" for name in _REPLACED_FIELDS)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(['%s'] * len(columns))})"
        f" ON CONFLICT ({quote('page_id')}, {quote('user_id')}) DO UPDATE SET {replaced},"
        f" {quote('revision')} = {table}.{quote('revision')} + 1"
        f" RETURNING {quote('id')}, {quote('revision')}"
    )


def _count_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"UPDATE {quote(Page._meta.db_table)} SET submission_count = submission_count + %s,"
        f" shuffle_key = %s WHERE id = %s"
    )


def submit_labels(
    *,
    page_id: int,
    user,
    labels: list[int],
    started_at: datetime | None = None,
    client_version: str = "",
    from_client: bool = False,
    also: Callable[[], None] | None = None,
) -> SubmitResult:
    """Create or replace the user's submission for a page.

    Everything that depends on the page is checked here, with the page row locked, so a
    page re-segmented or closed meanwhile cannot slip through: SubmissionRefused when the
    user may not annotate it (or it does not exist), LabelVectorError for a vector that
    does not fit it. ``from_client`` (the API) adds a client's rules: the vector must tag
    something (LabelVectorError), and the start time, from the client's clock, must lie
    between the page's creation and now (StartTimeError); the importer and tests write
    past data without them. Sends Submission's pre_save and post_save signals as
    ``save()`` would (the gold app marks the page for merging on them).

    ``also`` runs in the same transaction once the vector passed its checks (the API
    stores the suggestions' provenance with it): an exception it raises refuses the
    submission, and nothing is stored. Passed in rather than wrapped around the call, so
    the submit stays one transaction without a savepoint.
    """
    now = timezone.now()
    with transaction.atomic():
        with rows.cursor() as cursor:
            cursor.execute(_lock_page_sql(), [page_id])
            row = cursor.fetchone()
            if row is None:
                raise SubmissionRefused(no_page_message(page_id))
            page = _LOCKED_PAGE.instance(row)
            page.corpus = _PAGE_CORPUS.instance(row, _LOCKED_PAGE.width)
            if not page.corpus.is_available_to(user):
                raise SubmissionRefused(no_page_message(page_id))
            vector = label_vectors.validate_label_vector(labels, page.node_count)
            if from_client:
                label_vectors.require_tagged(vector)
                if started_at is not None:
                    check_started_at(started_at, page, now)
            if also is not None:
                also()
            submission = Submission(
                page=page,
                user=user,
                labels=label_vectors.encode(vector),
                started_at=started_at,
                submitted_at=now,
                client_version=client_version,
                created_at=now,
            )
            signals.pre_save.send(
                Submission, instance=submission, raw=False, using=connection.alias,
                update_fields=None,
            )  # fmt: skip
            cursor.execute(
                _upsert_sql(),
                [
                    field.get_db_prep_save(getattr(submission, field.attname), connection)
                    for field in _WRITTEN.fields
                ],
            )
            submission.pk, submission.revision = cursor.fetchone()
            created = submission.revision == 1
            if created:
                cursor.execute(_count_sql(), [1, new_shuffle_key(), page_id])
            else:
                # A replaced row keeps its first created_at: deferred, it loads if read.
                del submission.created_at
        submission._state.adding = False
        signals.post_save.send(
            Submission, instance=submission, created=created, raw=False,
            using=connection.alias, update_fields=None,
        )  # fmt: skip
        return SubmitResult(submission, created=created)


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

"""What staff do to the gold standard: cast deciding votes and exclude annotators.

Each function checks its input, writes the staff row (gold.signals marks the affected
pages dirty) and, for a single page, merges it at once so the dashboard shows the
result; exclusions touching many pages are left to the next merge run. Nothing here
deletes a submission: exclusions only leave submissions out of merging.
"""

from __future__ import annotations

from django.db import transaction

from annotations.models import Submission
from corpora.models import Corpus, Page
from gold.merge import merge_pages
from gold.models import PageGold, SubmissionExclusion, TieDecision, UserExclusion


class StaffActionError(ValueError):
    """A staff action that cannot be done; the message says why and what to do instead."""


def decide_tie(page: Page, node: int, label: int, *, by=None, note: str = "") -> TieDecision:
    """Cast (or change) the deciding vote for a tied node and re-merge the page."""
    if label not in TieDecision.Label.values:
        raise StaffActionError(
            f"Label {label!r} is not a tag: decide with 1 (bad), 2 (uncertain) or 3 (good)."
        )
    gold = PageGold.objects.filter(page=page).first()
    if gold is None or gold.status == PageGold.Status.WAITING:
        raise StaffActionError(
            f"Page {page.pk} has not been merged yet, so it has no ties to decide."
        )
    tied = {tie_node for tie_node, _how in gold.ties}
    if node not in tied:
        raise StaffActionError(
            f"Node {node} of page {page.pk} is not a tie (its votes have a unique winner, or "
            "it has none): a deciding vote is only for tied nodes. Tied nodes: "
            f"{sorted(tied)[:20] or 'none'}."
        )
    with transaction.atomic():
        decision, _ = TieDecision.objects.update_or_create(
            page=page, node=node, defaults={"label": label, "decided_by": by, "note": note}
        )
    merge_pages(page.corpus, [page.pk])
    return decision


def withdraw_decision(page: Page, node: int) -> bool:
    deleted, _ = TieDecision.objects.filter(page=page, node=node).delete()
    if deleted:
        merge_pages(page.corpus, [page.pk])
    return bool(deleted)


def exclude_user(corpus: Corpus, user, *, reason: str, by=None) -> UserExclusion:
    """Leave all of the user's submissions in this corpus out of merging (kept, not deleted)."""
    reason = reason.strip()
    if not reason:
        raise StaffActionError("Give a reason for the exclusion: it is shown on the dashboard.")
    exclusion, _ = UserExclusion.objects.update_or_create(
        corpus=corpus, user=user, defaults={"reason": reason, "created_by": by}
    )
    return exclusion


def include_user(corpus: Corpus, user) -> bool:
    deleted, _ = UserExclusion.objects.filter(corpus=corpus, user=user).delete()
    return bool(deleted)


def exclude_submission(submission: Submission, *, reason: str, by=None) -> SubmissionExclusion:
    """Leave one submission out of merging and re-merge its page."""
    reason = reason.strip()
    if not reason:
        raise StaffActionError("Give a reason for the exclusion: it is shown on the dashboard.")
    exclusion, _ = SubmissionExclusion.objects.update_or_create(
        submission=submission, defaults={"reason": reason, "created_by": by}
    )
    merge_pages(submission.page.corpus, [submission.page_id])
    return exclusion


def include_submission(submission: Submission) -> bool:
    deleted, _ = SubmissionExclusion.objects.filter(submission=submission).delete()
    if deleted:
        merge_pages(submission.page.corpus, [submission.page_id])
    return bool(deleted)

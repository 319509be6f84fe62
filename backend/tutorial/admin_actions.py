"""Admin action on Submissions: make the selected submission its page's tutorial reference."""

from __future__ import annotations

from collections import Counter

from django.contrib import admin, messages

from tutorial.steps import TutorialError, set_reference


@admin.action(description="Make the reference of its tutorial step")
def make_reference(modeladmin, request, queryset) -> None:
    submissions = list(queryset.select_related("page__corpus"))
    per_page = Counter(submission.page_id for submission in submissions)
    for submission in submissions:
        if per_page[submission.page_id] > 1:
            modeladmin.message_user(
                request,
                f"Submission {submission.pk}: {per_page[submission.page_id]} selected "
                f"submissions are of page {submission.page_id}; select one per page.",
                messages.ERROR,
            )
            continue
        try:
            step, created = set_reference(submission)
        except TutorialError as error:
            modeladmin.message_user(request, f"Submission {submission.pk}: {error}", messages.ERROR)
            continue
        what = "a new step" if created else "the reference of step"
        modeladmin.message_user(
            request,
            f"Submission {submission.pk} is now {what} {step.position} of "
            f"'{step.corpus.slug}' ({step.display_title}).",
            messages.SUCCESS,
        )

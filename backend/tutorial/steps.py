"""A tutorial's steps and their references.

A tutorial is a corpus of kind *tutorial*; its steps (tutorial.TutorialStep) are its
pages in order, most with a reference label vector. Staff make a submission the
reference of its page's step (:func:`set_reference`); learners' scores follow at once,
as they are computed whenever asked for (tutorial.progress).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from annotations.models import Submission
from corpora.models import Corpus
from tutorial.models import TutorialStep


class TutorialError(ValueError):
    """A tutorial action that cannot be done; the message says why and what to do."""


def is_tutorial(corpus: Corpus) -> bool:
    return corpus.kind == Corpus.Kind.TUTORIAL


def steps_of(corpus: Corpus) -> list[TutorialStep]:
    return list(
        TutorialStep.objects.filter(corpus=corpus)
        .select_related("page")
        .defer("page__document")
        .order_by("position")
    )


def fitting_reference(step: TutorialStep) -> bytes | None:
    """The step's reference when it fits the page (an older segmentation's would label
    wrong nodes), else None."""
    labels = step.reference_labels
    if labels is None or len(labels) != step.page.node_count:
        return None
    return bytes(labels)


def has_reference(step: TutorialStep) -> bool:
    return fitting_reference(step) is not None


def step_ref(step: TutorialStep | None) -> dict | None:
    if step is None:
        return None
    return {"position": step.position, "page": step.page_id, "title": step.display_title}


def set_reference(submission: Submission) -> tuple[TutorialStep, bool]:
    """Make the submission's vector the reference of its page's tutorial step.

    The page must belong to a tutorial corpus; a page without a step becomes a new step
    at the end. Returns (step, created). Learners' scores for the step change at once.
    """
    page = submission.page
    corpus = page.corpus
    if not is_tutorial(corpus):
        raise TutorialError(
            f"Page {page.pk} belongs to corpus '{corpus.slug}', which is not a tutorial: only "
            "pages of a tutorial corpus have references. Add the page to a tutorial corpus "
            "(or change the corpus' kind to tutorial in the admin)."
        )
    labels = bytes(submission.labels)
    if len(labels) != page.node_count:
        raise TutorialError(
            f"Submission {submission.pk} has {len(labels)} labels but page {page.pk} has "
            f"{page.node_count} text nodes (the page was segmented again since): tag it anew."
        )
    if not any(labels):
        raise TutorialError(
            f"Submission {submission.pk} tags no node: a reference must tag the nodes "
            "learners are scored on (untagged nodes are not scored)."
        )
    with transaction.atomic():
        # Lock the corpus row: two staff members adding steps at once get distinct ends.
        Corpus.objects.select_for_update().filter(pk=corpus.pk).first()
        step = TutorialStep.objects.filter(page=page).first()
        if step is not None:
            step.reference_labels = labels
            step.save(update_fields=["reference_labels"])
            return step, False
        last = TutorialStep.objects.filter(corpus=corpus).aggregate(m=Max("position"))["m"]
        step = TutorialStep.objects.create(
            corpus=corpus, page=page, position=(last or 0) + 1, reference_labels=labels
        )
        return step, True

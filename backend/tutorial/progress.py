"""A learner in a tutorial: progress, and results against the references.

A learner has *completed* a step when they have a current submission for its page —
the ordinary submissions of annotations.services, so deleting one
(DELETE /api/submissions/{id}/) makes the step undone again. The learner's *current*
step is the first step, by position, they have not completed: resuming after quitting
and restarting after deleting need no state of their own. Scores are computed from the
submission and the reference whenever they are asked for (comparison.core), so a
corrected reference re-scores everyone.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from annotations import labels as label_vectors
from annotations.models import Submission
from comparison import core
from corpora.models import Corpus
from tutorial.models import TutorialStep
from tutorial.steps import (
    TutorialError,
    fitting_reference,
    has_reference,
    is_tutorial,
    step_ref,
    steps_of,
)


@dataclass
class Progress:
    """One learner in one tutorial: the steps, which are done, and where to go on."""

    corpus: Corpus
    steps: list[TutorialStep]
    submissions: dict[int, Submission]  # page id -> the learner's current submission

    @property
    def total(self) -> int:
        return len(self.steps)

    @property
    def completed(self) -> int:
        return sum(1 for step in self.steps if step.page_id in self.submissions)

    @property
    def current(self) -> TutorialStep | None:
        """The first step (by position) without a submission; None when all are done."""
        return next((s for s in self.steps if s.page_id not in self.submissions), None)

    def comparison(self, step: TutorialStep) -> core.Comparison | None:
        submission = self.submissions.get(step.page_id)
        reference = fitting_reference(step)
        if submission is None or reference is None:
            return None
        if len(submission.labels) != len(reference):
            return None
        return core.compare(bytes(submission.labels), reference, step.page.node_tokens)

    def summary(self) -> dict:
        return {
            "slug": self.corpus.slug,
            "name": self.corpus.name,
            "description": self.corpus.description,
            "total": self.total,
            "completed": self.completed,
            "current": step_ref(self.current),
        }

    def mean_scores(self) -> tuple[float | None, float | None]:
        nodes, tokens = [], []
        for step in self.steps:
            comparison = self.comparison(step)
            if comparison is None:
                continue
            if comparison.score_nodes is not None:
                nodes.append(comparison.score_nodes)
            if comparison.score_tokens is not None:
                tokens.append(comparison.score_tokens)
        return (
            statistics.fmean(nodes) if nodes else None,
            statistics.fmean(tokens) if tokens else None,
        )


def progress(user, corpus: Corpus) -> Progress:
    steps = steps_of(corpus)
    submissions = Submission.objects.filter(user=user, page_id__in=[s.page_id for s in steps])
    return Progress(corpus, steps, {s.page_id: s for s in submissions})


def tutorials_for(user):
    """Tutorial corpora the user may do (staff: every tutorial, also closed ones)."""
    return Corpus.available_to(user).filter(kind=Corpus.Kind.TUTORIAL).order_by("name")


def tutorial_list(user) -> list[dict]:
    return [progress(user, corpus).summary() for corpus in tutorials_for(user)]


def tutorial_detail(user, corpus: Corpus) -> dict:
    """Progress with every step. A step's note gives the answer away, so it is only
    included once the learner has completed the step."""
    state = progress(user, corpus)
    steps = []
    for step in state.steps:
        comparison = state.comparison(step)
        entry = {
            "position": step.position,
            "page": step.page_id,
            "title": step.display_title,
            "completed": step.page_id in state.submissions,
            "score_nodes": comparison.score_nodes if comparison else None,
            "score_tokens": comparison.score_tokens if comparison else None,
        }
        if entry["completed"]:
            entry["note"] = step.note
        steps.append(entry)
    summary = state.summary()
    del summary["description"]
    return {**summary, "steps": steps}


def my_tutorial_stats(user) -> list[dict]:
    """Per tutorial the user may do or has done: progress and mean scores (for My Stats)."""
    corpora = set(tutorials_for(user)) | set(
        Corpus.objects.filter(kind=Corpus.Kind.TUTORIAL, pages__submissions__user=user).distinct()
    )
    rows = []
    for corpus in sorted(corpora, key=lambda c: c.name):
        state = progress(user, corpus)
        mean_nodes, mean_tokens = state.mean_scores()
        rows.append(
            {
                "slug": corpus.slug,
                "completed": state.completed,
                "total": state.total,
                "mean_score_nodes": mean_nodes,
                "mean_score_tokens": mean_tokens,
            }
        )
    return rows


# --------------------------------------------------------------------------- results


def step_result(state: Progress, step: TutorialStep) -> dict | None:
    """The ``tutorial`` object of the API: the learner's submission against the reference.

    None when the learner has no submission for the step or the step has no reference.
    ``next`` is the learner's current step after this submission (the first one not
    done), so "Next page" always leads to where the tutorial resumes.
    """
    comparison = state.comparison(step)
    reference = fitting_reference(step)
    if comparison is None or reference is None:
        return None
    return {
        "position": step.position,
        "total": state.total,
        "score_nodes": comparison.score_nodes,
        "score_tokens": comparison.score_tokens,
        "correct": comparison.correct,
        "scored": comparison.scored,
        "results": comparison.result_list(),
        "reference": label_vectors.decode(reference),
        "note": step.note,
        "next": step_ref(state.current),
    }


def result_for_submission(submission: Submission) -> dict | None:
    """The tutorial result to attach to a submit response, None for regular pages."""
    corpus = submission.page.corpus
    if not is_tutorial(corpus):
        return None
    state = progress(submission.user, corpus)
    step = next((s for s in state.steps if s.page_id == submission.page_id), None)
    if step is None:
        return None
    return step_result(state, step)


def result_for_position(user, corpus: Corpus, position: int) -> dict:
    """The learner's result for one step; TutorialError saying why there is none."""
    state = progress(user, corpus)
    step = next((s for s in state.steps if s.position == position), None)
    if step is None:
        raise TutorialError(f"Tutorial '{corpus.slug}' has no step {position}.")
    if not has_reference(step):
        raise TutorialError(
            f"Step {position} of '{corpus.slug}' has no reference annotation, so there is no "
            "result to show."
        )
    if step.page_id not in state.submissions:
        raise TutorialError(
            f"You have not submitted step {position} of '{corpus.slug}' yet (or you deleted "
            "that submission)."
        )
    result = step_result(state, step)
    if result is None:  # the submission was stored for an earlier segmentation
        raise TutorialError(
            f"Your submission for step {position} no longer fits the page: submit it again."
        )
    return result

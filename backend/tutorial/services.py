"""The tutorial: progress, results against the reference, references, staff scores, install.

A tutorial is a corpus of kind *tutorial*; its steps (tutorial.TutorialStep) are its
pages in order, most with a reference label vector. A learner has *completed* a step
when they have a current submission for its page — the ordinary submissions of
annotations.services, so deleting one (DELETE /api/submissions/{id}/) makes the step
undone again. The learner's *current* step is the first step, by position, they have
not completed: resuming after quitting and restarting after deleting need no state of
their own. Scores are computed from the submission and the reference whenever they
are asked for (comparison.core), so a corrected reference re-scores everyone.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.db import transaction
from django.db.models import F, Max

from annotations import labels as label_vectors
from annotations.models import Submission
from annotations.services import delete_submission
from comparison import core
from corpora.ingest import add_page
from corpora.models import Corpus, Page
from tutorial.models import TutorialStep

# Below this share of correct nodes a learner "failed" a step: a step most learners fail
# points at a guideline that is unclear (or a reference that is wrong).
PASS_SCORE = 0.7


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


def has_reference(step: TutorialStep) -> bool:
    """A reference that fits the page (an older segmentation's would label wrong nodes)."""
    return step.reference_labels is not None and len(step.reference_labels) == step.page.node_count


def step_ref(step: TutorialStep | None) -> dict | None:
    if step is None:
        return None
    return {"position": step.position, "page": step.page_id, "title": step.display_title}


# --------------------------------------------------------------------------- progress


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
        if submission is None or not has_reference(step):
            return None
        if len(submission.labels) != len(step.reference_labels):
            return None
        return core.compare(
            bytes(submission.labels), bytes(step.reference_labels), step.page.node_tokens
        )

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
    if comparison is None:
        return None
    return {
        "position": step.position,
        "total": state.total,
        "score_nodes": comparison.score_nodes,
        "score_tokens": comparison.score_tokens,
        "correct": comparison.correct,
        "scored": comparison.scored,
        "results": comparison.result_list(),
        "reference": label_vectors.decode(step.reference_labels),
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


# --------------------------------------------------------------------------- references


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


# --------------------------------------------------------------------------- staff scores


@dataclass
class StepScores:
    step: TutorialStep
    learners: int
    with_reference: bool
    mean_nodes: float | None = None
    median_nodes: float | None = None
    mean_tokens: float | None = None
    median_tokens: float | None = None
    below: int = 0  # learners whose node score is below PASS_SCORE

    @property
    def share_below(self) -> float | None:
        return self.below / self.learners if self.with_reference and self.learners else None


@dataclass
class LearnerScores:
    user_id: int
    username: str
    is_staff: bool
    completed: int = 0
    nodes: list[float] = field(default_factory=list)
    tokens: list[float] = field(default_factory=list)

    @property
    def mean_nodes(self) -> float | None:
        return statistics.fmean(self.nodes) if self.nodes else None

    @property
    def mean_tokens(self) -> float | None:
        return statistics.fmean(self.tokens) if self.tokens else None


def _summary(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not len(values):
        return None, None
    return statistics.fmean(values), statistics.median(values)


def staff_scores(corpus: Corpus) -> tuple[list[StepScores], list[LearnerScores]]:
    """Per step and per learner, every learner's scores (one NumPy call per step)."""
    step_rows: list[StepScores] = []
    learners: dict[int, LearnerScores] = {}
    for step in steps_of(corpus):
        rows = list(
            Submission.objects.filter(page_id=step.page_id)
            .order_by("user_id")
            .values_list("user_id", "user__username", "user__is_staff", "labels")
        )
        for user_id, username, staff, _labels in rows:
            learner = learners.setdefault(user_id, LearnerScores(user_id, username, staff))
            learner.completed += 1
        entry = StepScores(step=step, learners=len(rows), with_reference=has_reference(step))
        step_rows.append(entry)
        fitting = [row for row in rows if len(row[3]) == step.page.node_count]
        if not entry.with_reference or not fitting:
            continue
        scores = core.compare_many(
            [bytes(row[3]) for row in fitting], bytes(step.reference_labels), step.page.node_tokens
        )
        nodes = scores.score_nodes
        tokens = scores.score_tokens
        if nodes is None:
            continue
        for (user_id, *_rest), node_score, token_score in zip(
            fitting,
            nodes.tolist(),
            tokens.tolist() if tokens is not None else [None] * len(nodes),
            strict=True,
        ):
            learners[user_id].nodes.append(node_score)
            if token_score is not None:
                learners[user_id].tokens.append(token_score)
        entry.mean_nodes, entry.median_nodes = _summary(nodes.tolist())
        if tokens is not None:
            entry.mean_tokens, entry.median_tokens = _summary(tokens.tolist())
        entry.below = int((nodes < PASS_SCORE).sum())
    return step_rows, sorted(learners.values(), key=lambda learner: learner.username)


STEP_COLUMNS = [
    "position", "page", "title", "has_reference", "learners", "mean_score_nodes",
    "median_score_nodes", "mean_score_tokens", "median_score_tokens", "below_pass",
    "share_below_pass",
]  # fmt: skip
LEARNER_COLUMNS = [
    "user", "username", "staff", "steps_completed", "steps_total", "mean_score_nodes",
    "mean_score_tokens",
]  # fmt: skip


def step_table(steps: list[StepScores]) -> list[list]:
    return [
        [
            row.step.position,
            row.step.page_id,
            row.step.display_title,
            row.with_reference,
            row.learners,
            row.mean_nodes,
            row.median_nodes,
            row.mean_tokens,
            row.median_tokens,
            row.below if row.with_reference else None,
            row.share_below,
        ]
        for row in steps
    ]


def learner_table(learners: list[LearnerScores], total: int) -> list[list]:
    return [
        [
            row.user_id,
            row.username,
            row.is_staff,
            row.completed,
            total,
            row.mean_nodes,
            row.mean_tokens,
        ]
        for row in learners
    ]


# --------------------------------------------------------------------------- install


@dataclass
class InstallReport:
    corpus: Corpus | None = None
    corpus_created: bool = False
    corpus_changed: bool = False  # name, description or kind rewritten
    pages_created: int = 0
    pages_updated: int = 0
    pages_unchanged: int = 0  # stored exactly as shipped: not written again
    references_changed: int = 0
    steps_changed: int = 0  # created, or a new title, note or position
    steps: int = 0
    # Learners' submissions deleted, and why (a page whose node count changed, a page no
    # longer shipped): said loudly by the command.
    deleted: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed_anything(self) -> bool:
        return bool(
            self.corpus_created or self.corpus_changed or self.pages_created
            or self.pages_updated or self.references_changed or self.steps_changed
            or self.deleted or self.notes
        )  # fmt: skip


def _is_shipped_url(url: str, suffix: str) -> bool:
    return (urlsplit(url).hostname or "").endswith(suffix)


def install_shipped_tutorial(say: Callable[[str], None] | None = None) -> InstallReport:
    """Create or update the shipped tutorial (tutorial/shipped/) in place.

    Idempotent: pages are matched by URL and updated, steps by page. Learners'
    submissions are kept, except for a page whose node count changed (they label nodes
    that no longer exist) and for shipped pages that are no longer in the manifest
    (removed with their submissions); the report lists both. Steps staff added to the
    shipped tutorial are kept, after the shipped ones.
    """
    from tutorial.references import (
        RESERVED_SUFFIX,
        load_shipped_manifest,
        load_shipped_tutorial,
    )

    spec = load_shipped_manifest()["corpus"]
    shipped = load_shipped_tutorial()
    report = InstallReport()
    with transaction.atomic():
        corpus = Corpus.objects.filter(slug=spec["slug"]).first()
        clash = Corpus.objects.filter(name=spec["name"]).exclude(slug=spec["slug"]).first()
        if clash is not None:
            raise TutorialError(
                f"Another corpus ('{clash.slug}') is called {spec['name']!r}: rename it first."
            )
        if corpus is None:
            corpus = Corpus.objects.create(
                slug=spec["slug"],
                name=spec["name"],
                description=spec["description"],
                kind=Corpus.Kind.TUTORIAL,
                is_open=True,
                access=Corpus.Access.ALL_ANNOTATORS,
            )
            report.corpus_created = True
        else:
            # Name and text follow the manifest; whether it is open, and to whom, is
            # the staff's decision and is kept.
            if corpus.kind != Corpus.Kind.TUTORIAL:
                report.notes.append(
                    f"Corpus '{corpus.slug}' was of kind {corpus.kind}: now a tutorial."
                )
            wanted = (spec["name"], spec["description"], Corpus.Kind.TUTORIAL)
            if (corpus.name, corpus.description, corpus.kind) != wanted:
                corpus.name, corpus.description, corpus.kind = wanted
                corpus.save(update_fields=["name", "description", "kind", "updated_at"])
                report.corpus_changed = True
        report.corpus = corpus

        shipped_urls = {page.url for page in shipped}
        for stale in corpus.pages.exclude(url__in=shipped_urls).order_by("id"):
            if not _is_shipped_url(stale.url, RESERVED_SUFFIX):
                continue  # a page staff added: theirs to keep
            count = stale.submissions.count()
            stale.delete()
            report.deleted.append(
                f"{stale.url}: no longer shipped; removed with {count} learners' submissions."
            )

        pages: list[tuple[object, Page]] = []
        for entry in shipped:
            existing = Page.objects.filter(corpus=corpus, url=entry.url).first()
            if existing is not None and existing.node_count != entry.node_count:
                submissions = list(Submission.objects.filter(page=existing))
                for submission in submissions:
                    delete_submission(submission)
                if submissions:
                    report.deleted.append(
                        f"step {entry.position} ({entry.file}): its node count changed from "
                        f"{existing.node_count} to {entry.node_count}; deleted "
                        f"{len(submissions)} learners' submissions (they labelled the old "
                        "nodes). Those learners do the step again."
                    )
            if existing is not None and _stored_as_shipped(existing, entry):
                # Not written again: a page's updated_at feeds the gold merge's
                # fingerprint, and "updated" would claim a change that did not happen.
                page = existing
                report.pages_unchanged += 1
            else:
                page = add_page(corpus, entry.html, url=entry.url, segmented=entry.segmented)
                if existing is None:
                    report.pages_created += 1
                else:
                    report.pages_updated += 1
            pages.append((entry, page))
            if say is not None:
                say(f"  {entry.position:2}. {entry.title[:60]:60} {entry.node_count:4} nodes")

        _place_steps(corpus, pages, report)
    report.steps = TutorialStep.objects.filter(corpus=corpus).count()
    return report


def _stored_as_shipped(page: Page, entry) -> bool:
    """Whether the stored page holds exactly what corpora.ingest.add_page would write."""
    segmented = entry.segmented
    stored = (
        page.final_url,
        page.title,
        page.document,
        page.source_encoding,
        page.node_count,
        page.word_count,
        list(page.node_tokens),
        page.capture_record_id,
    )
    shipped = (
        entry.url,
        segmented.title[:1000],
        segmented.document,
        segmented.encoding[:64],
        segmented.node_count,
        segmented.word_count,
        list(segmented.node_tokens),
        "",
    )
    return stored == shipped  # fmt: skip


def _place_steps(corpus: Corpus, pages: list, report: InstallReport) -> None:
    shipped_ids = {page.pk for _entry, page in pages}
    others = list(
        TutorialStep.objects.filter(corpus=corpus)
        .exclude(page_id__in=shipped_ids)
        .order_by("position")
    )
    count = len(pages)
    wanted = {page.pk: entry.position for entry, page in pages}
    if any(step.position <= count for step in others):
        report.notes.append(
            f"{len(others)} steps staff added now follow the {count} shipped steps."
        )
        wanted.update({step.page_id: count + i for i, step in enumerate(others, start=1)})
    else:
        wanted.update({step.page_id: step.position for step in others})
    current = dict(TutorialStep.objects.filter(corpus=corpus).values_list("page_id", "position"))
    if any(current.get(page_id, position) != position for page_id, position in wanted.items()):
        # Move every step out of the way first: positions are unique per tutorial and
        # the database checks that row by row.
        top = max([*current.values(), *wanted.values(), 0]) + 1
        TutorialStep.objects.filter(corpus=corpus).update(position=F("position") + top)
        for step in others:
            TutorialStep.objects.filter(pk=step.pk).update(position=wanted[step.page_id])
    for entry, page in pages:
        reference = label_vectors.encode(entry.labels)
        step = TutorialStep.objects.filter(page=page).first()
        if step is not None and step.reference_labels is not None:
            if bytes(step.reference_labels) != reference:
                report.references_changed += 1
        if step is None or (step.corpus_id, step.position, step.note, step.title) != (
            corpus.pk,
            entry.position,
            entry.note,
            entry.title,
        ):
            report.steps_changed += 1
        TutorialStep.objects.update_or_create(
            page=page,
            defaults={
                "corpus": corpus,
                "position": entry.position,
                "reference_labels": reference,
                "note": entry.note,
                "title": entry.title,
            },
        )

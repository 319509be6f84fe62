"""Staff tables of a tutorial: every learner's scores, per step and per learner."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from annotations.models import Submission
from comparison import core
from corpora.models import Corpus
from tutorial.models import TutorialStep
from tutorial.steps import fitting_reference, steps_of

# Below this share of correct nodes a learner "failed" a step: a step most learners fail
# points at a guideline that is unclear (or a reference that is wrong).
PASS_SCORE = 0.7


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
        reference = fitting_reference(step)
        entry = StepScores(step=step, learners=len(rows), with_reference=reference is not None)
        step_rows.append(entry)
        fitting = [row for row in rows if len(row[3]) == step.page.node_count]
        if reference is None or not fitting:
            continue
        scores = core.compare_many(
            [bytes(row[3]) for row in fitting], reference, step.page.node_tokens
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

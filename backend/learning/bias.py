"""What suggestions change: the two groups of a corpus' annotators compared.

Every (page, annotator) pair drawn for suggestions is in one of two groups: *with*
(shown) or *without* (the comparison group; what would have been suggested is kept).
For the submissions of each group this module computes, per corpus and per annotator:

- the median time per page (start to submit);
- agreement with the model: the share of suggested nodes whose submitted tag is the
  suggestion (shown or not). Suggestions that pull annotators toward the model show
  up as a higher share *with* than *without*;
- agreement with the gold standard (Fleiss' multi-pi of the submission and the merged
  gold as two coders; the gold includes the submission, alike in both groups);
- agreement among annotators (multi-pi of a group's submissions on a page, where it
  has two or more) and across the groups (the pairs of one of each).

Each difference (with - without) comes with a 95 % bootstrap confidence interval
(learning.bootstrap, shared with retraining), resampling pages (a page's submissions
are not independent of each other) or, per annotator, the annotator's submissions. A
plain-language verdict is given only when the interval excludes 0; otherwise the
figures stand with their counts and the interval. Pure NumPy over plain rows
(:func:`compare`), fed from the database by :func:`corpus_rows`; the staff page is
learning.views.suggestion_bias.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from django.contrib.auth import get_user_model

from annotations.models import Submission
from corpora.models import Corpus
from gold.agreement import batch_agreement, counts_from_vectors
from gold.models import PageGold
from learning.bootstrap import Statistic, cluster_interval
from learning.bootstrap import mean as _mean
from learning.bootstrap import median as _median
from learning.models import SuggestionAssignment

SEED = 20260101
#: Fewer values than this in a group: no figure, the counts say why.
MIN_VALUES = 2


@dataclass(frozen=True)
class Row:
    """One submission of a drawn (page, annotator) pair."""

    page: int
    user: int
    shown: bool
    labels: np.ndarray  # (nodes,) uint8
    suggested: np.ndarray  # (nodes,) uint8, 0 where the model had no suggestion
    seconds: float | None = None
    gold: np.ndarray | None = None  # (nodes,) uint8 merged labels, when merged

    @property
    def kept(self) -> float | None:
        """Share of suggested nodes whose tag is the suggestion."""
        if self.suggested.shape != self.labels.shape:
            return None
        mask = self.suggested > 0
        if not mask.any():
            return None
        return float((self.labels[mask] == self.suggested[mask]).mean())

    @property
    def gold_pair(self) -> list[np.ndarray] | None:
        """The submission and the merged gold as two coders, when the gold fits it."""
        if self.gold is None or self.gold.shape != self.labels.shape:
            return None
        return [self.labels, self.gold]

    @property
    def gold_pi(self) -> float | None:
        pair = self.gold_pair
        return None if pair is None else _pi(pair)


@dataclass(frozen=True)
class Comparison:
    """One figure in both groups, their difference and its bootstrap interval."""

    key: str
    title: str
    unit: str  # "s" or "" (a share or a coefficient)
    with_value: float | None
    without_value: float | None
    n_with: int
    n_without: int
    counted: str  # what the n count: "submissions", "pages"
    low: float | None = None
    high: float | None = None
    verdict: str = ""

    @property
    def difference(self) -> float | None:
        if self.with_value is None or self.without_value is None:
            return None
        return self.with_value - self.without_value

    @property
    def significant(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


@dataclass
class Report:
    corpus: str
    with_submissions: int
    without_submissions: int
    undrawn_submissions: int
    figures: list[Comparison]
    cross_pi: float | None = None  # mean pi of (with, without) pairs on the same page
    cross_pairs: int = 0
    annotators: list[dict] = field(default_factory=list)


# --------------------------------------------------------------------------- statistics


def _pi(vectors: Sequence[np.ndarray]) -> float | None:
    return _pis([vectors])[0]


def _pis(groups: Sequence[Sequence[np.ndarray]]) -> list[float | None]:
    """Multi-pi of each group of label vectors (one page's coders), batched: the same
    numbers as one page_agreement call per group (gold.agreement guarantees it),
    without the per-call overhead that made a corpus of 2,000 pages take seconds.
    Groups with as many coders are counted together, their pages side by side."""
    result: list[float | None] = [None] * len(groups)
    by_coders: dict[int, list[int]] = defaultdict(list)
    for i, group in enumerate(groups):
        if len({len(vector) for vector in group}) > 1:
            raise ValueError(
                f"Label vectors of one page differ in length: {[len(v) for v in group]}."
            )
        by_coders[len(group)].append(i)
    for coders, members in by_coders.items():
        vectors = np.vstack(
            [np.concatenate([groups[i][j] for i in members]) for j in range(coders)]
        )
        sizes = [len(groups[i][0]) for i in members]
        page_index = np.repeat(np.arange(len(members)), sizes)
        values = batch_agreement(counts_from_vectors(vectors), page_index, len(members))["pi"]
        for i, value in zip(members, values, strict=True):
            result[i] = None if np.isnan(value) else float(value)
    return result


def _comparison(
    key: str, title: str, unit: str, counted: str,
    clusters: dict[object, tuple[list[float], list[float]]], statistic: Statistic,
    rng: np.random.Generator, say: Callable[[float, float, float], str],
) -> Comparison:  # fmt: skip
    with_values = [v for w, _ in clusters.values() for v in w]
    without_values = [v for _, wo in clusters.values() for v in wo]
    enough = len(with_values) >= MIN_VALUES and len(without_values) >= MIN_VALUES
    figure = Comparison(
        key, title, unit,
        statistic(with_values) if with_values else None,
        statistic(without_values) if without_values else None,
        len(with_values), len(without_values), counted,
    )  # fmt: skip
    if not enough:
        return figure
    low, high = cluster_interval(clusters, statistic, rng)
    figure = replace(figure, low=low, high=high)
    if (
        figure.significant
        and figure.difference is not None
        and low is not None
        and high is not None
    ):
        return replace(figure, verdict=say(figure.difference, low, high))
    return figure


def _fmt(value: float, unit: str) -> str:
    return f"{value:+.0f} s" if unit == "s" else f"{value:+.3f}"


def row_figures(rows: Sequence[Row]) -> dict[str, list[float | None]]:
    """Each row's time, share kept and agreement with the gold, computed once for the
    corpus and the per-annotator figures (the agreements in one batch)."""
    indices: list[int] = []
    pairs: list[list[np.ndarray]] = []
    for i, row in enumerate(rows):
        if (pair := row.gold_pair) is not None:
            indices.append(i)
            pairs.append(pair)
    gold: list[float | None] = [None] * len(rows)
    for i, pi in zip(indices, _pis(pairs), strict=True):
        gold[i] = pi
    return {
        "seconds": [row.seconds for row in rows],
        "kept": [row.kept for row in rows],
        "gold": gold,
    }


def compare(
    rows: Sequence[Row],
    *,
    corpus: str = "",
    seed: int = SEED,
    figures: dict[str, list[float | None]] | None = None,
) -> Report:
    """The figures of a corpus (or of any set of rows, e.g. one annotator's);
    ``figures`` are :func:`row_figures` of the rows when the caller has them."""
    rng = np.random.default_rng(seed)
    values = figures if figures is not None else row_figures(rows)
    shown = [row for row in rows if row.shown]
    report = Report(corpus, len(shown), len(rows) - len(shown), 0, [])
    by_page: dict[int, list[int]] = defaultdict(list)
    for i, row in enumerate(rows):
        by_page[row.page].append(i)

    def per_page(key: str) -> dict[object, tuple[list, list]]:
        clusters: dict[object, tuple[list, list]] = {}
        for page, indices in by_page.items():
            with_part = [v for i in indices if rows[i].shown and (v := values[key][i]) is not None]
            without_part = [
                v for i in indices if not rows[i].shown and (v := values[key][i]) is not None
            ]
            if with_part or without_part:
                clusters[page] = (with_part, without_part)
        return clusters

    report.figures.append(_comparison(
        "seconds", "Median time per page", "s", "submissions",
        per_page("seconds"), _median, rng,
        lambda d, lo, hi: f"Pages took {abs(d):.0f} s {'less' if d < 0 else 'more'} with "
        f"suggestions (median; 95 % CI {_fmt(lo, 's')} to {_fmt(hi, 's')}).",
    ))  # fmt: skip
    report.figures.append(_comparison(
        "kept", "Tags equal to the model's suggestion (share of suggested nodes)", "",
        "submissions", per_page("kept"), _mean, rng,
        lambda d, lo, hi: f"With suggestions, annotators chose the model's tag on "
        f"{abs(d) * 100:.1f} points {'more' if d > 0 else 'fewer'} of the suggested nodes "
        f"(95 % CI {lo * 100:+.1f} to {hi * 100:+.1f}): "
        + ("the suggestions pull tags toward the model." if d > 0
           else "annotators with suggestions disagree with the model more often."),
    ))  # fmt: skip
    report.figures.append(_comparison(
        "gold", "Agreement with the gold standard (multi-pi)", "", "submissions",
        per_page("gold"), _mean, rng,
        lambda d, lo, hi: f"Submissions made with suggestions agree "
        f"{'more' if d > 0 else 'less'} with the gold standard (pi {_fmt(d, '')}, 95 % CI "
        f"{_fmt(lo, '')} to {_fmt(hi, '')}).",
    ))  # fmt: skip
    # Among annotators: per page, one pi per group (two or more of its submissions);
    # across: every pair of one submission of each group. All agreements in two batches.
    group_keys: list[tuple[int, int]] = []  # (page, 0 with / 1 without)
    group_vectors: list[list[np.ndarray]] = []
    cross_pairs: list[list[np.ndarray]] = []
    for page, indices in by_page.items():
        groups = [
            [rows[i].labels for i in indices if rows[i].shown == flag] for flag in (True, False)
        ]
        for side, group in enumerate(groups):
            if len(group) >= 2:
                group_keys.append((page, side))
                group_vectors.append(group)
        cross_pairs.extend([a, b] for a in groups[0] for b in groups[1])
    within: dict[object, tuple[list[float], list[float]]] = {}
    for (page, side), pi in zip(group_keys, _pis(group_vectors), strict=True):
        if pi is not None:
            within.setdefault(page, ([], []))[side].append(pi)
    cross = [pi for pi in _pis(cross_pairs) if pi is not None]
    report.figures.append(_comparison(
        "among", "Agreement among annotators of the group (multi-pi per page)", "", "pages",
        within, _mean, rng,
        lambda d, lo, hi: f"Annotators with suggestions agree {'more' if d > 0 else 'less'} "
        f"with each other (pi {_fmt(d, '')}, 95 % CI {_fmt(lo, '')} to {_fmt(hi, '')})"
        + ("; part of that agreement may be the model's." if d > 0 else "."),
    ))  # fmt: skip
    report.cross_pi = _mean(cross) if cross else None
    report.cross_pairs = len(cross)
    return report


def per_annotator(
    rows: Sequence[Row],
    seed: int = SEED,
    figures: dict[str, list[float | None]] | None = None,
) -> list[dict]:
    """Time, agreement with the model and with the gold, per annotator; intervals only
    for an annotator with submissions in both groups (the bootstrap resamples the
    annotator's own submissions)."""
    values = figures if figures is not None else row_figures(rows)
    by_user: dict[int, list[int]] = defaultdict(list)
    for i, row in enumerate(rows):
        by_user[row.user].append(i)
    result = []
    for user, indices in sorted(by_user.items()):
        rng = np.random.default_rng(seed + user)
        # Each submission is its own cluster here: one annotator tags a page once.
        comparisons = []
        for key, statistic, unit in (
            ("seconds", _median, "s"),
            ("kept", _mean, ""),
            ("gold", _mean, ""),
        ):
            clusters: dict[object, tuple[list[float], list[float]]] = {
                n: ([v] if rows[i].shown else [], [] if rows[i].shown else [v])
                for n, i in enumerate(indices)
                if (v := values[key][i]) is not None
            }
            comparisons.append(_comparison(key, key, unit, "submissions", clusters, statistic, rng,
                                           lambda d, lo, hi: "significant"))  # fmt: skip
        result.append(
            {
                "user": user,
                "seconds": comparisons[0],
                "kept": comparisons[1],
                "gold": comparisons[2],
            }
        )
    return result


# --------------------------------------------------------------------------- database


def corpus_rows(corpus: Corpus) -> tuple[list[Row], int]:
    """The corpus' submissions of drawn pairs as rows, and how many were not drawn
    (made before suggestions were on, or by a client that never asked for them)."""
    records = {
        (r.page_id, r.user_id): r
        for r in SuggestionAssignment.objects.filter(page__corpus=corpus).only(
            "page_id", "user_id", "shown", "suggested"
        )
    }
    golds = {
        g.page_id: np.frombuffer(bytes(g.labels), dtype=np.uint8)
        for g in PageGold.objects.filter(
            corpus=corpus, status__in=(PageGold.Status.MERGED, PageGold.Status.UNRESOLVED)
        ).only("page_id", "labels")
    }
    rows: list[Row] = []
    undrawn = 0
    submissions = Submission.objects.filter(page__corpus=corpus).only(
        "page_id", "user_id", "labels", "started_at", "submitted_at"
    )
    for submission in submissions.iterator(chunk_size=500):
        record = records.get((submission.page_id, submission.user_id))
        if record is None:
            undrawn += 1
            continue
        rows.append(
            Row(
                page=submission.page_id,
                user=submission.user_id,
                shown=record.shown,
                labels=np.frombuffer(bytes(submission.labels), dtype=np.uint8),
                suggested=np.frombuffer(bytes(record.suggested), dtype=np.uint8),
                seconds=submission.duration_seconds,
                gold=golds.get(submission.page_id),
            )
        )
    return rows, undrawn


def corpus_report(corpus: Corpus) -> Report:
    rows, undrawn = corpus_rows(corpus)
    figures = row_figures(rows)
    report = compare(rows, corpus=corpus.slug, figures=figures)
    report.undrawn_submissions = undrawn
    report.annotators = per_annotator(rows, figures=figures)
    # Staff know annotators by name, not by database id.
    names = dict(
        get_user_model()
        .objects.filter(pk__in=[person["user"] for person in report.annotators])
        .values_list("pk", "username")
    )
    for person in report.annotators:
        person["username"] = names.get(person["user"], "")
    return report

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

Each difference (with - without) comes with a 95 % bootstrap confidence interval,
resampling pages (a page's submissions are not independent of each other) or, per
annotator, the annotator's submissions. A plain-language verdict is given only when
the interval excludes 0; otherwise the figures stand with their counts and the
interval. Pure NumPy over plain rows (:func:`compare`), fed from the database by
:func:`corpus_rows`; the staff page is learning.views.suggestion_bias.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from annotations.models import Submission
from corpora.models import Corpus
from gold.agreement import counts_from_vectors, page_agreement
from gold.models import PageGold
from learning.models import SuggestionAssignment

#: Bootstrap replicates; with 2,000 the 2.5 and 97.5 percentiles are stable to a few
#: thousandths, and a corpus of a few hundred pages takes well under a second.
REPLICATES = 2000
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
    def gold_pi(self) -> float | None:
        if self.gold is None or self.gold.shape != self.labels.shape:
            return None
        return _pi([self.labels, self.gold])


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
    value = page_agreement(counts_from_vectors(np.vstack(vectors))).pi
    return None if np.isnan(value) else float(value)


def _median(values: Sequence[float]) -> float:
    return float(np.median(values))


def _mean(values: Sequence[float]) -> float:
    return float(np.mean(values))


Statistic = Callable[[Sequence[float]], float]


def _bootstrap(
    groups: dict[object, tuple[list[float], list[float]]],
    statistic: Statistic,
    rng: np.random.Generator,
    replicates: int = REPLICATES,
) -> tuple[float | None, float | None]:
    """95 % interval of statistic(with) - statistic(without), resampling the clusters
    (the keys of ``groups``: pages, or single submissions) with replacement."""
    keys = list(groups)
    if not keys:
        return None, None
    differences = []
    for _ in range(replicates):
        picked = rng.integers(0, len(keys), len(keys))
        with_values: list[float] = []
        without_values: list[float] = []
        for index in picked:
            with_part, without_part = groups[keys[index]]
            with_values.extend(with_part)
            without_values.extend(without_part)
        if len(with_values) >= 1 and len(without_values) >= 1:
            differences.append(statistic(with_values) - statistic(without_values))
    if len(differences) < replicates // 2:
        return None, None  # the groups rarely meet in a resample: no honest interval
    low, high = np.percentile(differences, [2.5, 97.5])
    return float(low), float(high)


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
    low, high = _bootstrap(clusters, statistic, rng)
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


def compare(rows: Sequence[Row], *, corpus: str = "", seed: int = SEED) -> Report:
    """The figures of a corpus (or of any set of rows, e.g. one annotator's)."""
    rng = np.random.default_rng(seed)
    shown = [row for row in rows if row.shown]
    report = Report(corpus, len(shown), len(rows) - len(shown), 0, [])
    by_page: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        by_page[row.page].append(row)

    def per_page(value: Callable[[Row], float | None]) -> dict[object, tuple[list, list]]:
        clusters: dict[object, tuple[list, list]] = {}
        for page, page_rows in by_page.items():
            with_part = [v for r in page_rows if r.shown and (v := value(r)) is not None]
            without_part = [v for r in page_rows if not r.shown and (v := value(r)) is not None]
            if with_part or without_part:
                clusters[page] = (with_part, without_part)
        return clusters

    report.figures.append(_comparison(
        "seconds", "Median time per page", "s", "submissions",
        per_page(lambda r: r.seconds), _median, rng,
        lambda d, lo, hi: f"Pages took {abs(d):.0f} s {'less' if d < 0 else 'more'} with "
        f"suggestions (median; 95 % CI {_fmt(lo, 's')} to {_fmt(hi, 's')}).",
    ))  # fmt: skip
    report.figures.append(_comparison(
        "kept", "Tags equal to the model's suggestion (share of suggested nodes)", "",
        "submissions", per_page(lambda r: r.kept), _mean, rng,
        lambda d, lo, hi: f"With suggestions, annotators chose the model's tag on "
        f"{abs(d) * 100:.1f} points {'more' if d > 0 else 'fewer'} of the suggested nodes "
        f"(95 % CI {lo * 100:+.1f} to {hi * 100:+.1f}): "
        + ("the suggestions pull tags toward the model." if d > 0
           else "annotators with suggestions disagree with the model more often."),
    ))  # fmt: skip
    report.figures.append(_comparison(
        "gold", "Agreement with the gold standard (multi-pi)", "", "submissions",
        per_page(lambda r: r.gold_pi), _mean, rng,
        lambda d, lo, hi: f"Submissions made with suggestions agree "
        f"{'more' if d > 0 else 'less'} with the gold standard (pi {_fmt(d, '')}, 95 % CI "
        f"{_fmt(lo, '')} to {_fmt(hi, '')}).",
    ))  # fmt: skip
    # Among annotators: per page, one pi per group (two or more of its submissions).
    within: dict[object, tuple[list[float], list[float]]] = {}
    cross: list[float] = []
    for page, page_rows in by_page.items():
        groups = [[r.labels for r in page_rows if r.shown == flag] for flag in (True, False)]
        values = [
            [pi] if len(group) >= 2 and (pi := _pi(group)) is not None else [] for group in groups
        ]
        if values[0] or values[1]:
            within[page] = (values[0], values[1])
        for a in groups[0]:
            for b in groups[1]:
                if (pi := _pi([a, b])) is not None:
                    cross.append(pi)
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


def per_annotator(rows: Sequence[Row], seed: int = SEED) -> list[dict]:
    """Time, agreement with the model and with the gold, per annotator; intervals only
    for an annotator with submissions in both groups (the bootstrap resamples the
    annotator's own submissions)."""
    by_user: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        by_user[row.user].append(row)
    result = []
    for user, user_rows in sorted(by_user.items()):
        rng = np.random.default_rng(seed + user)
        # Each submission is its own cluster here: one annotator tags a page once.
        figures = []
        for key, value, statistic, unit in (
            ("seconds", lambda r: r.seconds, _median, "s"),
            ("kept", lambda r: r.kept, _mean, ""),
            ("gold", lambda r: r.gold_pi, _mean, ""),
        ):
            clusters: dict[object, tuple[list[float], list[float]]] = {
                i: ([v] if r.shown else [], [] if r.shown else [v])
                for i, r in enumerate(user_rows)
                if (v := value(r)) is not None
            }
            figures.append(_comparison(key, key, unit, "submissions", clusters, statistic, rng,
                                       lambda d, lo, hi: "significant"))  # fmt: skip
        result.append({"user": user, "seconds": figures[0], "kept": figures[1], "gold": figures[2]})
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
    report = compare(rows, corpus=corpus.slug)
    report.undrawn_submissions = undrawn
    report.annotators = per_annotator(rows)
    return report

"""Cluster bootstrap intervals of a difference between two sides: pure NumPy.

Values come in clusters (a page's submissions, a site's pages): resampling whole
clusters with replacement keeps what is alike within one cluster together, so the
interval is not narrowed by values that are not independent of each other. Two users:

- learning.bias: the suggestion groups *with* and *without* (per page, unpaired);
- learning.retraining: a candidate model and the current one, scored on the same pages
  of the same folds (:func:`paired_interval`: per page, paired).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

#: Bootstrap replicates; with 2,000 the 2.5 and 97.5 percentiles are stable to a few
#: thousandths (the time per corpus size: bench/suggestion_bias.py).
REPLICATES = 2000
#: Coverage of every interval: 95 % (a test checks it under the null, tests/test_bootstrap.py).
LEVEL = 0.95


def median(values: Sequence[float]) -> float:
    return float(np.median(values))


def mean(values: Sequence[float]) -> float:
    return float(np.mean(values))


Statistic = Callable[[Sequence[float]], float]

#: Resampled rows handled at once: bounds the (replicates x values) weight matrices
#: to a few MB whatever the corpus' size.
CHUNK_CELLS = 2_000_000


def _weighted_median(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row of ``weights``, np.median of the values repeated that often (the mean of
    the two middle ones for an even count). ``values`` must be sorted."""
    cumulative = weights.cumsum(axis=1)
    total = cumulative[:, -1]
    # The value of rank k (0-based) is the first whose cumulative count exceeds k.
    lower = (cumulative <= ((total - 1) // 2)[:, None]).sum(axis=1)
    upper = (cumulative <= (total // 2)[:, None]).sum(axis=1)
    last = len(values) - 1
    return (values[np.minimum(lower, last)] + values[np.minimum(upper, last)]) / 2


def _sorted_side(
    groups: list[tuple[list[float], list[float]]], side: int
) -> tuple[np.ndarray, np.ndarray]:
    """One group's values over all clusters, sorted, with each value's cluster index."""
    values = np.array([v for group in groups for v in group[side]], dtype=float)
    cluster = np.array([i for i, group in enumerate(groups) for _ in group[side]], dtype=np.intp)
    order = np.argsort(values, kind="stable")
    return values[order], cluster[order]


def resampled_differences(
    groups: dict[object, tuple[list[float], list[float]]],
    statistic: Statistic,
    picked: np.ndarray,
) -> np.ndarray:
    """statistic(with) - statistic(without) for each resample, NaN where a resample has
    no value on one side. ``picked`` (replicates x clusters) holds the cluster indices
    each resample drew; a value counts as often as its cluster was drawn, as if the
    clusters' lists were concatenated."""
    clusters = list(groups.values())
    replicates, count = picked.shape
    offsets = (np.arange(replicates) * count)[:, None]
    drawn = np.bincount((picked + offsets).ravel(), minlength=replicates * count)
    drawn = drawn.reshape(replicates, count).astype(float)
    figures = []
    present = np.ones(replicates, dtype=bool)
    for side in (0, 1):
        sizes = np.array([len(cluster[side]) for cluster in clusters], dtype=float)
        values_drawn = drawn @ sizes
        present &= values_drawn > 0
        if statistic is mean:
            # A mean needs only each cluster's sum: no (replicates x values) matrix.
            sums = np.array([sum(cluster[side]) for cluster in clusters], dtype=float)
            figures.append((drawn @ sums) / np.maximum(values_drawn, 1))
        elif statistic is median:
            values, cluster_of = _sorted_side(clusters, side)
            figures.append(
                _weighted_median(values, drawn[:, cluster_of])
                if len(values)
                else np.zeros(replicates)
            )
        else:
            raise ValueError(f"No resampled form of {statistic!r}: use mean or median.")
    result = np.full(replicates, np.nan)
    result[present] = (figures[0] - figures[1])[present]
    return result


def cluster_interval(
    groups: dict[object, tuple[list[float], list[float]]],
    statistic: Statistic,
    rng: np.random.Generator,
    replicates: int = REPLICATES,
    level: float = LEVEL,
) -> tuple[float | None, float | None]:
    """The ``level`` (95 %) percentile interval of statistic(first) - statistic(second),
    resampling the clusters (the keys of ``groups``: pages, sites, or single
    submissions) with replacement; each cluster holds its (first, second) values.
    Vectorised over the resamples, a chunk at a time: a corpus of 2,000 pages took 23 s
    a request in a Python loop (bench/suggestion_bias.py). (None, None) when there is no
    cluster, or when fewer than half the resamples hold values on both sides."""
    count = len(groups)
    if not count:
        return None, None
    width = count + sum(len(w) + len(wo) for w, wo in groups.values())
    chunk = max(1, min(replicates, CHUNK_CELLS // width))
    parts = []
    for start in range(0, replicates, chunk):
        picked = rng.integers(0, count, (min(chunk, replicates - start), count))
        parts.append(resampled_differences(groups, statistic, picked))
    differences = np.concatenate(parts)
    differences = differences[~np.isnan(differences)]
    if len(differences) < replicates // 2:
        return None, None  # the groups rarely meet in a resample: no honest interval
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(differences, [tail, 100 - tail])
    return float(low), float(high)


@dataclass(frozen=True)
class PairedInterval:
    """Mean per-unit figures of two sides scored on the same units, and the interval of
    the mean of their paired differences (first - second)."""

    first: float
    second: float
    low: float | None
    high: float | None
    units: int  # pages
    clusters: int  # what was resampled: pages, or sites

    @property
    def difference(self) -> float:
        return self.first - self.second


def paired_interval(
    first: Sequence[float],
    second: Sequence[float],
    clusters: Sequence[object] | None = None,
    *,
    seed: int = 0,
    replicates: int = REPLICATES,
    level: float = LEVEL,
) -> PairedInterval:
    """Paired bootstrap of mean(first - second) over units (pages) scored on both
    sides, resampling ``clusters`` (one key per unit: its site; by default each unit is
    its own). A resample's mean of the first side minus that of the second is the mean
    of the resampled units' differences, since every unit is on both sides."""
    if len(first) != len(second):
        raise ValueError(f"{len(first)} values on one side, {len(second)} on the other: "
                         "paired figures need one of each per unit.")  # fmt: skip
    keys = list(clusters) if clusters is not None else list(range(len(first)))
    if len(keys) != len(first):
        raise ValueError(f"{len(first)} units but {len(keys)} cluster keys: one per unit.")
    if not keys:
        raise ValueError("No units to compare: paired figures need at least one.")
    groups: dict[object, tuple[list[float], list[float]]] = {}
    for key, a, b in zip(keys, first, second, strict=True):
        sides = groups.setdefault(key, ([], []))
        sides[0].append(float(a))
        sides[1].append(float(b))
    low, high = cluster_interval(
        groups, mean, np.random.default_rng(seed), replicates=replicates, level=level
    )
    return PairedInterval(mean(first), mean(second), low, high, len(keys), len(groups))

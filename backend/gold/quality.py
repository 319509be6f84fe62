"""Annotation quality measures: per-user tag bias, IQR outliers, annotation time.

Pure NumPy, no Django, like ``gold.agreement``. Inputs are flat arrays that a caller
builds from stored ``bytes`` label vectors (``np.frombuffer(blob, np.uint8)``) and
the merged gold vectors of the same pages; :func:`flatten_user_gold` does that.
The rules and their reasons are in ``docs/agreement.md``.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from gold.agreement import N_CATEGORIES

#: Tukey's fence factor: 1.5 IQR beyond the quartiles marks an outlier.
IQR_FACTOR = 1.5

#: Fewer values than this and quartiles describe nothing: nothing is flagged.
MIN_VALUES_FOR_QUARTILES = 5

#: A user is judged on tag bias only after this many nodes compared with the gold
#: standard (about one page): below it the distribution is mostly noise.
MIN_NODES_FOR_BIAS = 300

#: Tag bias needs this many judged users before the IQR over users means anything.
MIN_USERS_FOR_BIAS = MIN_VALUES_FOR_QUARTILES

#: A user is never flagged below this total-variation distance, however tight the
#: other users are: a fifth of the user's tags would have to change category before
#: the mix matches the gold standard's.
MIN_BIAS_DISTANCE = 0.2

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
Side = Literal["both", "high", "low"]
TimeValues = npt.ArrayLike | Sequence[dt.datetime | None]


def iqr_fences(
    values: npt.ArrayLike,
    factor: float = IQR_FACTOR,
    *,
    min_count: int = MIN_VALUES_FOR_QUARTILES,
) -> tuple[float, float] | None:
    """The interquartile fences ``(Q1 - factor IQR, Q3 + factor IQR)``, or ``None``.

    Quartiles use NumPy's default "linear" method (Hyndman & Fan type 7, as R's
    ``quantile`` and pandas), over the finite values only. With fewer than
    ``min_count`` finite values there are no fences (``None``).
    """
    array = np.asarray(values, dtype=np.float64).ravel()
    finite = array[np.isfinite(array)]
    if finite.size < max(min_count, 1):
        return None
    q1, q3 = np.percentile(finite, [25.0, 75.0], method="linear")
    spread = q3 - q1
    return float(q1 - factor * spread), float(q3 + factor * spread)


def iqr_outliers(
    values: npt.ArrayLike,
    factor: float = IQR_FACTOR,
    *,
    side: Side = "both",
    min_count: int = MIN_VALUES_FOR_QUARTILES,
) -> BoolArray:
    """Mask of values strictly beyond the interquartile fences (see :func:`iqr_fences`).

    ``side`` picks which tail counts ("high" for distances, "low" for suspiciously
    fast annotation). ``nan`` and infinite values are never flagged and do not move
    the quartiles. Too few values: all ``False``. When more than half the values are
    equal the IQR can be 0, and then every value that differs from that bulk is
    beyond a fence: the literal rule, so callers add an absolute minimum where that
    matters (as :func:`bias_outliers` does).
    """
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(f"Expected a 1-D array of values, got shape {array.shape}.")
    if side not in ("both", "high", "low"):
        raise ValueError(f"side must be 'both', 'high' or 'low', not {side!r}.")
    mask = np.zeros(array.shape, dtype=bool)
    fences = iqr_fences(array, factor, min_count=min_count)
    if fences is None:
        return mask
    low, high = fences
    finite = np.isfinite(array)
    if side in ("both", "low"):
        mask |= finite & (array < low)
    if side in ("both", "high"):
        mask |= finite & (array > high)
    return mask


@dataclass(frozen=True)
class TagBias:
    """Each user's tag mix against the gold standard's mix on the same nodes.

    Arrays are indexed by user (``n_users``); distributions have one column per
    category (bad, uncertain, good). Users without compared nodes have ``nan``.
    """

    #: Nodes compared: the user tagged them and the gold standard has a label.
    nodes: npt.NDArray[np.int64]
    #: The user's share of each category on those nodes.
    user_distribution: FloatArray
    #: The gold standard's share of each category on the same nodes.
    gold_distribution: FloatArray
    #: ``user_distribution - gold_distribution``: positive = the user over-uses a tag.
    bias: FloatArray
    #: Total-variation distance between the two distributions, in [0, 1].
    distance: FloatArray
    #: Share of compared nodes where the user's tag differs from the gold label.
    disagreement: FloatArray
    #: Largest category share of the user: near 1 for a near-constant tagger.
    dominant_share: FloatArray
    #: Share of the nodes with a gold label that the user left untagged.
    untagged: FloatArray
    #: Users with enough compared nodes to be judged (``nodes >= min_nodes``).
    judged: BoolArray
    #: Upper IQR fence of ``distance`` over judged users; ``nan`` with too few of them.
    fence: float
    #: Strong outliers: judged, beyond the fence and at least ``min_distance`` away.
    outlier: BoolArray


def tag_bias(
    labels: npt.ArrayLike,
    gold: npt.ArrayLike,
    user_index: npt.ArrayLike,
    n_users: int,
    *,
    n_categories: int = N_CATEGORIES,
    min_nodes: int = MIN_NODES_FOR_BIAS,
    min_users: int = MIN_USERS_FOR_BIAS,
    min_distance: float = MIN_BIAS_DISTANCE,
    factor: float = IQR_FACTOR,
) -> TagBias:
    """Compare each user's label distribution with the gold labels on the same nodes.

    ``labels``, ``gold`` and ``user_index`` are parallel flat arrays over every node
    of every submission: the user's code, the gold code of that node and the user's
    id (``0 .. n_users - 1``); :func:`flatten_user_gold` builds them from stored
    vectors. Nodes whose gold code is 0 (no winning label) are ignored; nodes the
    user left untagged only count towards ``untagged``. Equivalent to
    :func:`tag_bias_from_tables` on :func:`confusion_tables`.
    """
    tables = confusion_tables(labels, gold, user_index, n_users, n_categories=n_categories)
    return tag_bias_from_tables(
        tables,
        min_nodes=min_nodes,
        min_users=min_users,
        min_distance=min_distance,
        factor=factor,
    )


def confusion_tables(
    labels: npt.ArrayLike,
    gold: npt.ArrayLike,
    user_index: npt.ArrayLike,
    n_users: int,
    *,
    n_categories: int = N_CATEGORIES,
) -> npt.NDArray[np.int64]:
    """Per user, nodes counted by (user code, gold code), 0 (untagged) included.

    Shape ``(n_users, n_categories + 1, n_categories + 1)``. Everything in
    :class:`TagBias` follows from these tables, so a caller can keep them per
    submission, add them up per user and never hold per-node arrays for a corpus.
    """
    user_labels = _codes(labels, "labels", n_categories)
    gold_labels = _codes(gold, "gold", n_categories)
    users = np.asarray(user_index)
    if not (user_labels.shape == gold_labels.shape == users.shape):
        raise ValueError("labels, gold and user_index must be parallel 1-D arrays.")
    if users.dtype.kind not in "iu":
        raise ValueError(f"user_index must be integers, got dtype {users.dtype}.")
    if n_users < 0:
        raise ValueError("n_users must not be negative.")
    if users.size and (users.min() < 0 or users.max() >= n_users):
        raise ValueError(f"user_index values must lie in 0 .. {n_users - 1}.")
    codes = n_categories + 1
    flat = (users.astype(np.intp) * codes + user_labels) * codes + gold_labels
    counts = np.bincount(flat, minlength=n_users * codes * codes)
    return counts.reshape(n_users, codes, codes).astype(np.int64)


def tag_bias_from_tables(
    tables: npt.ArrayLike,
    *,
    min_nodes: int = MIN_NODES_FOR_BIAS,
    min_users: int = MIN_USERS_FOR_BIAS,
    min_distance: float = MIN_BIAS_DISTANCE,
    factor: float = IQR_FACTOR,
) -> TagBias:
    """:class:`TagBias` from ``(users, codes, codes)`` tables [user code, gold code].

    Why total variation: it reads directly as the share of a user's tags that
    would have to change category to match the gold mix; it is bounded and defined
    when a category is absent (chi-square and Kullback-Leibler are not), and with
    three categories Jensen-Shannon's smoothness buys nothing.

    The gold standard includes the user's own vote, which pulls it towards the user;
    tables against leave-one-out gold labels avoid that, at the caller's choice.
    """
    array = np.asarray(tables)
    if array.ndim != 3 or array.shape[1] != array.shape[2] or array.shape[1] < 2:
        raise ValueError(f"Expected (users, codes, codes) tables, got shape {array.shape}.")
    if array.dtype.kind not in "iu" or (array.size and array.min() < 0):
        raise ValueError("Tables must hold non-negative integer counts.")
    counts = array.astype(np.float64)
    # Rows/columns 0 are "untagged" by the user / "no gold label".
    compared = counts[:, 1:, 1:]
    user_table = compared.sum(axis=2)
    gold_table = compared.sum(axis=1)
    nodes = user_table.sum(axis=1)
    agreeing = np.trace(compared, axis1=1, axis2=2)
    with_gold = counts[:, :, 1:].sum(axis=(1, 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        user_distribution = user_table / nodes[:, None]
        gold_distribution = gold_table / nodes[:, None]
        disagreement = (nodes - agreeing) / nodes
        untagged = counts[:, 0, 1:].sum(axis=1) / with_gold
    bias = user_distribution - gold_distribution
    distance = 0.5 * np.abs(bias).sum(axis=1)
    judged = nodes >= max(min_nodes, 1)
    fence, outlier = bias_outliers(
        distance, judged, min_users=min_users, min_distance=min_distance, factor=factor
    )
    return TagBias(
        nodes=nodes.astype(np.int64),
        user_distribution=user_distribution,
        gold_distribution=gold_distribution,
        bias=bias,
        distance=distance,
        disagreement=disagreement,
        dominant_share=user_distribution.max(axis=1),
        untagged=untagged,
        judged=judged,
        fence=fence,
        outlier=outlier,
    )


def bias_outliers(
    distance: npt.ArrayLike,
    judged: npt.ArrayLike,
    *,
    min_users: int = MIN_USERS_FOR_BIAS,
    min_distance: float = MIN_BIAS_DISTANCE,
    factor: float = IQR_FACTOR,
) -> tuple[float, BoolArray]:
    """The strong-outlier rule of tag bias: ``(upper fence, outlier mask)``.

    Why this rule: the typical failure is an annotator who tags a few top-level
    elements and lets everything propagate, giving a near-constant mix far from the
    gold one. How far is "far" depends on the corpus, so the fence is data-driven
    (Q3 + factor IQR over the judged users' distances), guarded by minimums: enough
    nodes per user (``judged``), at least ``min_users`` judged users (else no fence,
    ``nan``, and nobody is flagged), and an absolute ``min_distance``.
    """
    distances = np.asarray(distance, dtype=np.float64)
    mask = np.asarray(judged, dtype=bool)
    if distances.shape != mask.shape or distances.ndim != 1:
        raise ValueError("distance and judged must be parallel 1-D arrays.")
    fences = iqr_fences(distances[mask], factor, min_count=min_users)
    if fences is None:
        return math.nan, np.zeros(distances.shape, dtype=bool)
    fence = fences[1]
    return fence, mask & (distances > fence) & (distances >= min_distance)


def flatten_user_gold(
    rows: Iterable[tuple[int, bytes | memoryview | np.ndarray, bytes | memoryview | np.ndarray]],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """``(user id, user's vector, gold vector)`` per submission → :func:`tag_bias` input.

    Vectors may be stored ``bytes``. A user vector whose length differs from its gold
    vector raises ``ValueError``: it would compare different nodes.
    """
    labels: list[np.ndarray] = []
    golds: list[np.ndarray] = []
    users: list[np.ndarray] = []
    for number, (user, vector, gold_vector) in enumerate(rows):
        mine = _as_vector(vector)
        theirs = _as_vector(gold_vector)
        if mine.shape != theirs.shape:
            raise ValueError(
                f"Submission {number}: {mine.shape[0]} labels against a gold vector of "
                f"{theirs.shape[0]}."
            )
        labels.append(mine)
        golds.append(theirs)
        users.append(np.full(mine.shape[0], user, dtype=np.int64))
    if not labels:
        empty = np.zeros(0, dtype=np.uint8)
        return empty, empty.copy(), np.zeros(0, dtype=np.int64)
    return np.concatenate(labels), np.concatenate(golds), np.concatenate(users)


def annotation_minutes(started_at: TimeValues, submitted_at: TimeValues) -> FloatArray:
    """Minutes from start to submission per submission; ``nan`` where not measurable.

    Accepts datetime64 arrays, numbers (seconds since the epoch) or sequences of
    ``datetime`` / ``None`` (as Django returns them; aware datetimes, so both ends are
    in the same clock). Missing ends and negative durations (a client clock that
    jumped) are ``nan``: they say nothing about how long the page took. Long pauses
    are kept; :func:`iqr_outliers` on the result finds the too fast and the too slow.
    """
    start = _epoch_seconds(started_at)
    end = _epoch_seconds(submitted_at)
    if start.shape != end.shape:
        raise ValueError("started_at and submitted_at must have the same length.")
    minutes = (end - start) / 60.0
    with np.errstate(invalid="ignore"):
        minutes[~(minutes >= 0)] = np.nan
    return minutes


def _codes(values: npt.ArrayLike, name: str, n_categories: int) -> np.ndarray:
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array, got shape {array.shape}.")
    if array.dtype.kind not in "iu":
        raise ValueError(f"{name} must be integers, got dtype {array.dtype}.")
    if array.size and (array.min() < 0 or array.max() > n_categories):
        raise ValueError(f"{name} codes must be 0 (untagged) to {n_categories}.")
    return array.astype(np.intp, copy=False)


def _as_vector(value: bytes | memoryview | np.ndarray) -> npt.NDArray[np.uint8]:
    if isinstance(value, bytes | bytearray | memoryview):
        return np.frombuffer(value, dtype=np.uint8)
    return np.asarray(value, dtype=np.uint8).ravel()


def _epoch_seconds(values: TimeValues) -> FloatArray:
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"Expected a 1-D sequence of times, got shape {array.shape}.")
    if array.dtype.kind == "M":
        micro = array.astype("datetime64[us]")
        seconds = micro.astype(np.int64).astype(np.float64) / 1e6
        seconds[np.isnat(micro)] = np.nan
        return seconds
    if array.dtype.kind in "iuf":
        return array.astype(np.float64)
    seconds = np.full(array.shape, np.nan)
    for position, value in enumerate(array):
        if isinstance(value, dt.datetime):
            seconds[position] = value.timestamp()
        elif isinstance(value, np.datetime64):
            seconds[position] = _epoch_seconds(np.array([value]))[0]
        elif value is not None:
            raise ValueError(f"Not a time: {value!r}.")
    return seconds

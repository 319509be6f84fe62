"""Inter-coder agreement on label vectors: Fleiss' multi-pi and Krippendorff's alpha.

Pure NumPy, no Django: the merge task builds arrays from the stored ``bytes`` label
vectors and calls these functions; tests compare them with statsmodels and the
``krippendorff`` package. Formulas, edge cases and the verification are in
``docs/agreement.md``.

Vocabulary (Artstein & Poesio 2008): *items* are text nodes, *coders* are
submissions, *categories* are the tags bad, uncertain, good (codes 1, 2, 3).
Code 0 (untagged) is not a category but a missing value for that coder.

Everything is computed from per-node **counts**: ``counts[i, k]`` is the number of
coders who gave node ``i`` the tag ``k + 1``. Counts are what Fleiss' formulas and
Krippendorff's coincidence matrix need, they make a varying number of coders per
node natural, and a page of 300 nodes and 8 coders shrinks to 300 x 3 integers.

Handling of a varying number of coders (untagged nodes): an item counts only when at
least two coders tagged it (``c_i >= 2``); its observed agreement uses its own
``c_i``; the expected agreement pools the assignments of the items used. With the
same number of coders on every item this is exactly Fleiss' kappa.

Undefined values are ``nan`` (float), never an exception: a page where no node has
two tags has no pairs to compare; a page where every used tag is the same category
has no variation (A_e = 1, so pi and alpha are 0/0). ``Agreement.as_dict`` turns
``nan`` into ``None`` for JSON and database columns.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt

#: The tags that are categories: 1 bad, 2 uncertain, 3 good. 0 (untagged) is missing.
N_CATEGORIES = 3

#: An item needs two tags to form a pair of coders; items below are not used.
MIN_CODERS = 2

#: The keys of :func:`batch_agreement`'s result, all arrays of length ``n_pages``.
BATCH_FIELDS = (
    "a_o",
    "a_e",
    "pi",
    "a_o_tokens",
    "a_e_tokens",
    "pi_tokens",
    "alpha",
    "alpha_tokens",
    "items",
    "coders",
    "nodes",
    "assignments",
    "tokens",
)

#: Histogram of a per-page coefficient in :func:`corpus_summary`: equal bins over [-1, 1].
HISTOGRAM_BINS = 20
HISTOGRAM_RANGE = (-1.0, 1.0)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Agreement:
    """Agreement of the coders of one page.

    Floats are ``nan`` when undefined (see :attr:`undefined_reason`). The ``*_tokens``
    variants weight every node by its token count, as if each token were an item
    carrying its node's tags; they are ``nan`` when no token counts were given.
    """

    #: Observed agreement: mean over used items of the share of agreeing coder pairs.
    a_o: float
    #: Expected (chance) agreement: sum over categories of the pooled proportion squared.
    a_e: float
    #: Fleiss' multi-pi (Fleiss' kappa): (a_o - a_e) / (1 - a_e).
    pi: float
    a_o_tokens: float
    a_e_tokens: float
    pi_tokens: float
    #: Krippendorff's alpha, nominal, from the coincidence matrix.
    alpha: float
    alpha_tokens: float
    #: Items (nodes) used: tagged by at least two coders.
    items: int
    #: Most coders (tags) on any node of the page.
    coders: int
    #: All nodes of the page, used or not.
    nodes: int
    #: Tags on the used items (the pool for a_e; Krippendorff's n).
    assignments: int
    #: Total token count of the used items; ``nan`` without token counts.
    tokens: float

    @property
    def defined(self) -> bool:
        """Whether pi (and so alpha) is a number."""
        return not math.isnan(self.pi)

    @property
    def undefined_reason(self) -> str | None:
        """``None`` if defined, else ``"no_pairs"`` or ``"no_variation"``.

        The two differ in what they say about a page: *no pairs* means too few
        annotators so far; *no variation* means they all used one tag, which is
        perfect raw agreement (a_o = 1) that chance correction cannot judge.
        """
        if self.defined:
            return None
        return "no_pairs" if self.items == 0 else "no_variation"

    def as_dict(self) -> dict[str, float | int | None]:
        """Plain Python values with ``nan`` as ``None``, for JSON and nullable columns."""
        return {key: _none_if_nan(value) for key, value in asdict(self).items()}


def vectors_from_bytes(
    blobs: Sequence[bytes | memoryview], node_count: int
) -> npt.NDArray[np.uint8]:
    """Stack stored label vectors into a ``(coders, nodes)`` uint8 array.

    Raises ``ValueError`` when a vector's length differs from the page's node count,
    because a misaligned vector would silently compare different nodes.
    """
    out = np.zeros((len(blobs), node_count), dtype=np.uint8)
    for row, blob in enumerate(blobs):
        vector = np.frombuffer(blob, dtype=np.uint8)
        if vector.shape[0] != node_count:
            raise ValueError(
                f"Label vector {row} has {vector.shape[0]} entries; "
                f"the page has {node_count} nodes."
            )
        out[row] = vector
    return out


def counts_from_vectors(
    vectors: npt.ArrayLike, *, n_categories: int = N_CATEGORIES
) -> npt.NDArray[np.int32]:
    """Per-node category counts from label vectors.

    ``vectors`` has shape ``(coders, nodes)`` with codes 0 (untagged, not counted) to
    ``n_categories``; e.g. ``np.stack([np.frombuffer(b, np.uint8) for b in blobs])``.
    Returns ``(nodes, n_categories)`` int32: column ``k`` counts code ``k + 1``.
    int32 rather than int64 keeps a 30-million-node corpus at 360 MB.
    """
    array = np.asarray(vectors)
    if array.ndim != 2:
        raise ValueError(f"Expected a 2-D (coders, nodes) array, got shape {array.shape}.")
    if array.dtype.kind not in "iu":
        raise ValueError(f"Label vectors must be integers, got dtype {array.dtype}.")
    if array.size and (array.min() < 0 or array.max() > n_categories):
        raise ValueError(f"Label codes must be 0 (untagged) to {n_categories}.")
    counts = np.empty((array.shape[1], n_categories), dtype=np.int32)
    for k in range(n_categories):
        np.sum(array == k + 1, axis=0, dtype=np.int32, out=counts[:, k])
    return counts


def page_agreement(
    counts: npt.ArrayLike,
    tokens: npt.ArrayLike | None = None,
    *,
    n_categories: int = N_CATEGORIES,
) -> Agreement:
    """Agreement on one page from its ``(nodes, n_categories)`` counts.

    ``tokens`` (one non-negative count per node) enables the token-weighted variants.
    Runs :func:`batch_agreement` on a single page, so both give identical numbers.
    """
    counts_array = np.asarray(counts)
    page_index = np.zeros(counts_array.shape[0] if counts_array.ndim else 0, dtype=np.intp)
    batch = batch_agreement(counts_array, page_index, 1, tokens, n_categories=n_categories)
    values: dict[str, Any] = {}
    for key in BATCH_FIELDS:
        value = batch[key][0]
        values[key] = int(value) if batch[key].dtype.kind in "iu" else float(value)
    return Agreement(**values)


def batch_agreement(
    counts: npt.ArrayLike,
    page_index: npt.ArrayLike,
    n_pages: int,
    tokens: npt.ArrayLike | None = None,
    *,
    n_categories: int = N_CATEGORIES,
) -> dict[str, np.ndarray]:
    """Agreement of many pages at once, without a Python loop over pages.

    ``counts`` is ``(total_nodes, n_categories)`` (the pages' counts concatenated),
    ``page_index`` gives each node's page id in ``0 .. n_pages - 1`` (sorted, as when
    pages are concatenated in order; unsorted ids work too, in one chunk), pages
    without nodes are allowed and come out undefined; ``tokens`` is one non-negative
    count per node or ``None``. Returns a dict with the keys of :data:`BATCH_FIELDS`,
    each an array of length ``n_pages`` (floats, ``nan`` where undefined; ``items``,
    ``coders``, ``nodes``, ``assignments`` int64).

    Per-page sums use ``np.bincount``, which adds each page's nodes in order, and a
    page never straddles two chunks, so a page's numbers are bit-for-bit those of
    :func:`page_agreement` on that page alone, whatever else is in the batch.
    """
    counts_array = _check_counts(counts, n_categories)
    n_nodes = counts_array.shape[0]
    pages = _check_page_index(page_index, n_nodes, n_pages)
    weights = _check_tokens(tokens, n_nodes)

    sums = _PageSums(n_pages, n_categories, weighted=weights is not None)
    for part in _page_chunks(pages, _CHUNK_NODES):
        sums.add(counts_array[part], pages[part], None if weights is None else weights[part])

    # Counts join the float coefficients here, so the values are arrays of either kind.
    result: dict[str, np.ndarray] = {
        **_coefficients(sums.items, sums.agreement, sums.pooled, sums.coincidence)
    }
    result["items"] = sums.items.astype(np.int64)
    result["assignments"] = sums.pooled.sum(axis=0).astype(np.int64)
    result["nodes"] = sums.nodes
    result["coders"] = sums.coders
    if sums.weighted:
        weighted = _coefficients(sums.items_w, sums.agreement_w, sums.pooled_w, sums.coincidence_w)
        for key, value in weighted.items():
            result[f"{key}_tokens"] = value
        result["tokens"] = sums.items_w
    else:
        for key in ("a_o", "a_e", "pi", "alpha", "tokens"):
            result[key if key == "tokens" else f"{key}_tokens"] = np.full(n_pages, np.nan)
    return {key: result[key] for key in BATCH_FIELDS}


#: Nodes per chunk in batch_agreement: temporaries of a few MB stay in cache, where
#: whole-corpus temporaries (240 MB each for 30 million nodes) cost more in page
#: faults than in arithmetic.
_CHUNK_NODES = 1 << 18


def _page_chunks(pages: np.ndarray, size: int) -> Iterator[slice]:
    """Slices of about ``size`` nodes that never split a page (one slice if unsorted)."""
    n_nodes = pages.shape[0]
    if n_nodes <= size or np.any(pages[1:] < pages[:-1]):
        yield slice(0, n_nodes)
        return
    start = 0
    while start < n_nodes:
        stop = min(start + size, n_nodes)
        # Extend to the end of the page holding the chunk's last node.
        stop = int(np.searchsorted(pages, pages[stop - 1], side="right"))
        yield slice(start, stop)
        start = stop


class _PageSums:
    """Per-page sums that pi and alpha are computed from, filled chunk by chunk.

    Each page lies in one chunk, so its totals are ``0.0 +`` one in-order bincount
    sum: exactly what the page alone would give.
    """

    def __init__(self, n_pages: int, n_categories: int, *, weighted: bool) -> None:
        self.n_pages = n_pages
        self.n_categories = n_categories
        self.weighted = weighted
        self.nodes = np.zeros(n_pages, dtype=np.int64)
        self.coders = np.zeros(n_pages, dtype=np.int64)
        # Used items, sum of item agreements, tags per category, coincidence trace.
        self.items = np.zeros(n_pages)
        self.agreement = np.zeros(n_pages)
        self.pooled = np.zeros((n_categories, n_pages))
        self.coincidence = np.zeros(n_pages)
        # The same, every item weighted by its token count.
        self.items_w = np.zeros(n_pages)
        self.agreement_w = np.zeros(n_pages)
        self.pooled_w = np.zeros((n_categories, n_pages))
        self.coincidence_w = np.zeros(n_pages)

    def add(self, counts: np.ndarray, pages: np.ndarray, weights: FloatArray | None) -> None:
        if pages.shape[0] == 0:
            return
        first = int(pages.min())
        span = slice(first, int(pages.max()) + 1)
        local = pages - first
        width = span.stop - first

        def per_page(values: np.ndarray) -> FloatArray:
            # With weights bincount sums floats (numpy's stubs only know the int result).
            return cast(FloatArray, np.bincount(local, weights=values, minlength=width))

        columns = counts.T.astype(np.float64, order="C")
        coders = columns.sum(axis=0)
        used = coders >= MIN_CODERS
        # S_i = sum_k n_ik (n_ik - 1): ordered pairs of coders on item i that agree.
        # Items with fewer than two tags have S_i = 0, so the ratios below are 0 there.
        same = (columns * (columns - 1.0)).sum(axis=0)
        # Observed agreement of item i: agreeing pairs / all ordered pairs c_i (c_i - 1).
        item_agreement = same / np.maximum(coders * (coders - 1.0), 1.0)
        # Item i's share of the trace of Krippendorff's coincidence matrix.
        item_coincidence = same / np.maximum(coders - 1.0, 1.0)
        # Only used items enter the pool of assignments.
        used_columns = columns * used

        self.nodes[span] += np.bincount(local, minlength=width)
        np.maximum.at(self.coders, pages, coders.astype(np.int64))
        self.items[span] += per_page(used.astype(np.float64))
        self.agreement[span] += per_page(item_agreement)
        self.coincidence[span] += per_page(item_coincidence)
        for k in range(self.n_categories):
            self.pooled[k, span] += per_page(used_columns[k])
        if weights is None:
            return
        self.items_w[span] += per_page(weights * used)
        self.agreement_w[span] += per_page(weights * item_agreement)
        self.coincidence_w[span] += per_page(weights * item_coincidence)
        for k in range(self.n_categories):
            self.pooled_w[k, span] += per_page(weights * used_columns[k])


def _coefficients(
    items: FloatArray, agreement_sum: FloatArray, pooled: FloatArray, coincidence_sum: FloatArray
) -> dict[str, FloatArray]:
    """pi and alpha per page from per-page sums (weighted or not).

    ``items``: (weighted) number of used items; ``agreement_sum``: sum of item
    agreements; ``pooled``: (categories, pages) tag counts over the used items;
    ``coincidence_sum``: trace of the coincidence matrix.
    """
    assignments = pooled.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        a_o = agreement_sum / items
        proportions = pooled / assignments
        a_e = (proportions * proportions).sum(axis=0)
        pi = (a_o - a_e) / (1.0 - a_e)
        # alpha = 1 - D_o / D_e = 1 - (n - 1)(n - sum_c o_cc) / (n^2 - sum_c n_c^2).
        n = assignments
        disagreeing_expected = n * n - (pooled * pooled).sum(axis=0)
        alpha = 1.0 - (n - 1.0) * (n - coincidence_sum) / disagreeing_expected
    has_pairs = items > 0
    # A single category among the used tags: a_e = 1 and pi, alpha are 0/0.
    varies = (pooled > 0).sum(axis=0) >= 2
    defined = has_pairs & varies
    return {
        "a_o": np.where(has_pairs, a_o, np.nan),
        "a_e": np.where(has_pairs, a_e, np.nan),
        "pi": np.where(defined, pi, np.nan),
        "alpha": np.where(defined, alpha, np.nan),
    }


def corpus_summary(
    per_page: Mapping[str, npt.ArrayLike],
    node_counts: npt.ArrayLike,
    token_counts: npt.ArrayLike | None = None,
    *,
    metrics: Sequence[str] = ("pi", "alpha"),
    bins: int = HISTOGRAM_BINS,
) -> dict[str, Any]:
    """Summarise per-page coefficients over a corpus (JSON-ready: floats, ints, None).

    ``per_page`` is :func:`batch_agreement`'s result (or any mapping holding the
    ``metrics`` arrays and ideally ``items`` and ``tokens``); ``node_counts`` and
    ``token_counts`` weight the pages (pass ``per_page["items"]`` to weight by used
    nodes only). For every metric: the number of defined and undefined pages (split
    into *no pairs* and *no variation*), the mean and median over defined pages, the
    node- and token-weighted means, and a histogram over [-1, 1]; values below -1
    (possible with few coders) are counted in the first bin and in ``below_range``.
    """
    node_weights = _check_page_weights(node_counts, "node_counts")
    n_pages = node_weights.shape[0]
    token_weights = (
        None if token_counts is None else _check_page_weights(token_counts, "token_counts")
    )
    if token_weights is not None and token_weights.shape[0] != n_pages:
        raise ValueError("token_counts and node_counts must have one entry per page each.")
    edges = np.linspace(*HISTOGRAM_RANGE, bins + 1)
    summary: dict[str, Any] = {"pages": int(n_pages)}
    for metric in metrics:
        values = np.asarray(per_page[metric], dtype=np.float64)
        if values.shape != (n_pages,):
            raise ValueError(f"per_page[{metric!r}] must have one value per page ({n_pages}).")
        defined = ~np.isnan(values)
        chosen = values[defined]
        undefined = int(n_pages - chosen.shape[0])
        entry: dict[str, Any] = {
            "pages": int(chosen.shape[0]),
            "undefined": undefined,
            "mean": _mean(chosen),
            "median": float(np.median(chosen)) if chosen.size else None,
            "node_weighted_mean": _mean(chosen, node_weights[defined]),
            "token_weighted_mean": (
                None if token_weights is None else _mean(chosen, token_weights[defined])
            ),
        }
        pair_key = "tokens" if metric.endswith("_tokens") else "items"
        if pair_key in per_page:
            pairs = np.asarray(per_page[pair_key], dtype=np.float64)
            no_pairs = int(np.count_nonzero(~defined & ~(pairs > 0)))
            entry["undefined_no_pairs"] = no_pairs
            entry["undefined_no_variation"] = undefined - no_pairs
        histogram, _ = np.histogram(np.clip(chosen, *HISTOGRAM_RANGE), bins=edges)
        entry["histogram"] = {
            "edges": [float(edge) for edge in edges],
            "counts": [int(count) for count in histogram],
            "below_range": int(np.count_nonzero(chosen < HISTOGRAM_RANGE[0])),
        }
        summary[metric] = entry
    return summary


def _mean(values: FloatArray, weights: FloatArray | None = None) -> float | None:
    if weights is None:
        return float(values.mean()) if values.size else None
    total = weights.sum()
    return float((values * weights).sum() / total) if total > 0 else None


def _none_if_nan(value: Any) -> Any:
    return None if isinstance(value, float) and math.isnan(value) else value


def _check_counts(counts: npt.ArrayLike, n_categories: int) -> np.ndarray:
    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != n_categories:
        raise ValueError(
            f"Expected counts of shape (nodes, {n_categories}), got {array.shape}; "
            "build them from label vectors with counts_from_vectors()."
        )
    if array.dtype.kind not in "iu":
        raise ValueError(f"Counts must be integers, got dtype {array.dtype}.")
    if array.size and array.min() < 0:
        raise ValueError("Counts must not be negative.")
    return array


def _check_page_index(page_index: npt.ArrayLike, n_nodes: int, n_pages: int) -> np.ndarray:
    if n_pages < 0:
        raise ValueError("n_pages must not be negative.")
    pages = np.asarray(page_index)
    if pages.shape != (n_nodes,):
        raise ValueError(f"page_index must have one entry per node ({n_nodes}), got {pages.shape}.")
    if pages.dtype.kind not in "iu":
        raise ValueError(f"page_index must be integers, got dtype {pages.dtype}.")
    if n_nodes and (pages.min() < 0 or pages.max() >= n_pages):
        raise ValueError(f"page_index values must lie in 0 .. {n_pages - 1}.")
    return pages.astype(np.intp, copy=False)


def _check_tokens(tokens: npt.ArrayLike | None, n_nodes: int) -> FloatArray | None:
    if tokens is None:
        return None
    weights = np.asarray(tokens, dtype=np.float64)
    if weights.shape != (n_nodes,):
        raise ValueError(f"tokens must have one entry per node ({n_nodes}), got {weights.shape}.")
    if not np.all(np.isfinite(weights)) or (weights.size and weights.min() < 0):
        raise ValueError("tokens must be finite and non-negative.")
    return weights


def _check_page_weights(values: npt.ArrayLike, name: str) -> FloatArray:
    weights = np.asarray(values, dtype=np.float64)
    if weights.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {weights.shape}.")
    if not np.all(np.isfinite(weights)) or (weights.size and weights.min() < 0):
        raise ValueError(f"{name} must be finite and non-negative.")
    return weights

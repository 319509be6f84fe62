"""Cross-validation folds that never put one page's nodes on both sides.

Nodes of one page are strongly alike (same template, same site), so a node-level split
would let the model see a page while being tested on it. Folds are made over pages,
optionally grouped further by site so that no site is on both sides either.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

import numpy as np


def site_of(url: str) -> str:
    """The host name without a leading ``www.`` (the site grouping key)."""
    host = urlsplit(url).hostname or url
    return host.removeprefix("www.")


def page_folds(
    page_ids: Sequence[str], k: int = 10, *, groups: Sequence[str] | None = None, seed: int = 0
) -> list[tuple[np.ndarray, np.ndarray]]:
    """``k`` (train, test) pairs of indices into ``page_ids``; each page is tested once.

    ``groups`` (one key per page, e.g. :func:`site_of` its URL) keeps every group on one
    side; by default each page is its own group.
    """
    # Imported here: predicting never needs folds, and scikit-learn costs start-up time.
    from sklearn.model_selection import GroupKFold

    if len(set(page_ids)) != len(page_ids):
        raise ValueError("a page id appears twice: folds are over distinct pages.")
    keys = list(groups) if groups is not None else list(page_ids)
    if len(keys) != len(page_ids):
        raise ValueError(f"{len(page_ids)} pages but {len(keys)} group keys: one per page.")
    if not 2 <= k <= len(set(keys)):
        raise ValueError(
            f"k={k} folds need 2 to {len(set(keys))} groups (there are {len(set(keys))})."
        )
    splitter = GroupKFold(n_splits=k, shuffle=True, random_state=seed)
    index = np.arange(len(page_ids))
    return [(train, test) for train, test in splitter.split(index, groups=keys)]

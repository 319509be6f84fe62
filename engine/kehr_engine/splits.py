"""Cross-validation folds that never put one page's nodes on both sides.

Nodes of one page are strongly alike (same template, same site), so a node-level split
would let the model see a page while being tested on it. Folds are made over pages,
optionally grouped further by site (registered domain) so that no site is on both
sides either.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import numpy as np


@cache
def _suffixes() -> Any:
    # Imported here: predicting never groups pages, and the suffix list costs start-up
    # time. The list bundled with tldextract, never fetched (a fold must not change
    # because a download happened). Private suffixes count: a.github.io and
    # b.github.io are two sites with two owners.
    import tldextract

    return tldextract.TLDExtract(
        suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True
    )


def site_of(url: str) -> str:
    """The site grouping key: the registered domain, public-suffix aware
    (``news.bbc.co.uk`` and ``www.bbc.co.uk`` are one site, ``bbc.co.uk``); hosts
    without a public suffix (``localhost``, ``site.test``, IP addresses) are their own
    site, without a leading ``www.``."""
    host = (urlsplit(url).hostname or url).removeprefix("www.")
    return _suffixes()(host).top_domain_under_public_suffix or host


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

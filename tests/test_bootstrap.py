"""The cluster bootstrap (learning.bootstrap) behind the bias figures and the retraining
decision: its intervals cover a true difference of 0 as often as they say (95 %), and the
paired form resamples whole clusters."""

from __future__ import annotations

import time

import numpy as np
import pytest
from scipy.stats import binom

from learning import bootstrap

#: Simulated studies under the null, and the bootstrap replicates of each: together
#: about 2 s, and enough to tell 95 % from 90 % coverage (5 % against 10 % misses).
STUDIES = 600
REPLICATES = 1000


def null_groups(rng: np.random.Generator, pages: int = 60) -> dict[object, tuple[list, list]]:
    """Pages with values in both suggestion groups and no effect: a page's values share
    its page effect, and the groups draw from the same distribution."""
    groups: dict[object, tuple[list, list]] = {}
    for page in range(pages):
        base = rng.normal(0.0, 1.0)
        sides = tuple(list(base + rng.normal(0.0, 0.5, int(rng.integers(1, 4)))) for _ in range(2))
        groups[page] = (sides[0], sides[1])
    return groups


def test_the_interval_excludes_0_in_about_5_percent_of_studies_without_an_effect():
    rng = np.random.default_rng(11)
    started = time.perf_counter()
    misses = 0
    for _ in range(STUDIES):
        low, high = bootstrap.cluster_interval(
            null_groups(rng), bootstrap.mean, rng, replicates=REPLICATES
        )
        assert low is not None and high is not None
        misses += low > 0 or high < 0
    # Two-sided 99.9 % acceptance region of Binomial(STUDIES, 0.05): a 90 % interval
    # (10 % misses, about 60) or a 99 % one (about 6) falls outside it.
    lowest, highest = binom.ppf([0.0005, 0.9995], STUDIES, 1 - bootstrap.LEVEL)
    assert lowest <= misses <= highest, f"{misses} of {STUDIES} intervals excluded 0"
    assert bootstrap.LEVEL == 0.95
    assert time.perf_counter() - started < 10


def test_the_paired_interval_is_the_mean_difference_resampled_by_cluster():
    rng = np.random.default_rng(5)
    current = rng.uniform(0.6, 0.9, 40)
    better = current + 0.05 + rng.normal(0, 0.01, 40)
    found = bootstrap.paired_interval(better.tolist(), current.tolist(), seed=1)
    assert found.difference == pytest.approx(float(np.mean(better - current)))
    assert found.low is not None and found.high is not None
    assert 0 < found.low < found.difference < found.high
    assert (found.units, found.clusters) == (40, 40)
    # The same pages in 4 sites, one of which is much better: resampling sites sees
    # fewer independent units, so its interval is wider than the page-wise one.
    sites = [f"site{i % 4}" for i in range(40)]
    lifted = better + np.where(np.arange(40) % 4 == 0, 0.2, 0.0)
    by_page = bootstrap.paired_interval(lifted.tolist(), current.tolist(), seed=1)
    by_site = bootstrap.paired_interval(lifted.tolist(), current.tolist(), sites, seed=1)
    assert by_site.clusters == 4 and by_site.difference == pytest.approx(by_page.difference)
    assert by_page.low is not None and by_page.high is not None
    assert by_site.low is not None and by_site.high is not None
    assert by_site.high - by_site.low > 2 * (by_page.high - by_page.low)


def test_identical_sides_give_a_zero_width_interval():
    values = [0.5, 0.7, 0.9]
    found = bootstrap.paired_interval(values, values)
    assert (found.low, found.high, found.difference) == (0.0, 0.0, 0.0)


def test_unpaired_input_is_refused():
    with pytest.raises(ValueError, match="one of each per unit"):
        bootstrap.paired_interval([0.1, 0.2], [0.1])
    with pytest.raises(ValueError, match="2 units but 1 cluster keys"):
        bootstrap.paired_interval([0.1, 0.2], [0.1, 0.2], ["a"])

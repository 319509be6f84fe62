"""Filters, robots.txt and the per-host politeness limits."""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from harvest import filters
from harvest.models import HostSlot
from harvest.robots import (
    HostSlotLease,
    PolitenessTimeout,
    acquire_slot,
    clear_robots_cache,
    free_slots_of,
    robots_allowed,
)
from tests.expect import present
from tests.fixture_site_server import FixtureSite


def test_word_count_filter_bounds():
    assert filters.check_word_count(500, 500, 6000) is None
    assert filters.check_word_count(6000, 500, 6000) is None
    assert present(filters.check_word_count(499, 500, 6000))[0] == "too_short"
    assert present(filters.check_word_count(6001, 500, 6000))[0] == "too_long"


@pytest.mark.parametrize(
    ("content_type", "ok"),
    [
        ("text/html", True),
        ("text/html; charset=utf-8", True),
        ("application/xhtml+xml", True),
        ("image/png", False),
        ("text/plain", False),
        ("", False),
    ],
)
def test_content_type_filter(content_type, ok):
    assert (filters.check_content_type(content_type) is None) is ok


def test_http_status_filter():
    assert filters.check_http_status(200) is None
    assert filters.check_http_status(None) is None
    assert filters.check_http_status(404) == ("http_error", "HTTP status 404")


def test_text_digest_ignores_whitespace_but_not_node_boundaries():
    digest = filters.text_digest(["Hello  world", " again\n"])
    assert digest == filters.text_digest(["Hello world", "again"])
    assert digest != filters.text_digest(["Hello world again"])
    assert digest != filters.text_digest(["Hello world", "again!"])


def test_robots_txt_is_respected_and_cached():
    site = FixtureSite.start()
    try:
        clear_robots_cache()
        assert robots_allowed(site.url("/index.html"), "KehrHarvester")
        assert not robots_allowed(site.url("/private/secret.html"), "KehrHarvester")
        assert robots_allowed(site.url("/private-not/x.html"), "KehrHarvester")
        assert site.count("/robots.txt") == 1  # cached per host
    finally:
        site.stop()
        clear_robots_cache()


def test_unreachable_robots_txt_allows():
    clear_robots_cache()
    site = FixtureSite.start()
    url = site.url("/page.html")
    site.stop()
    try:
        assert robots_allowed(url, "KehrHarvester")
    finally:
        clear_robots_cache()


@pytest.mark.django_db(transaction=True)
def test_host_delay_and_concurrency_limits():
    starts: list[float] = []
    running = 0
    peak = 0
    lock = threading.Lock()

    def load():
        nonlocal running, peak
        with HostSlotLease("example.test", concurrency=1, delay_ms=300):
            with lock:
                starts.append(time.monotonic())
                running += 1
                peak = max(peak, running)
            time.sleep(0.05)
            with lock:
                running -= 1

    threads = [threading.Thread(target=load) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert peak == 1
    starts.sort()
    gaps = [b - a for a, b in itertools.pairwise(starts)]
    assert len(starts) == 3 and all(gap >= 0.3 for gap in gaps), gaps


@pytest.mark.django_db(transaction=True)
def test_two_slots_run_together_and_a_dead_holder_can_be_freed():
    first = acquire_slot("two.test", "item-1-a", 2, wait_s=1)
    second = acquire_slot("two.test", "item-2-b", 2, wait_s=1)
    assert {first, second} == {0, 1}
    with pytest.raises(PolitenessTimeout):
        acquire_slot("two.test", "item-3-c", 2, wait_s=0.2)
    assert free_slots_of("item-1-") == 1
    assert acquire_slot("two.test", "item-3-c", 2, wait_s=1) == first
    assert HostSlot.objects.filter(host="two.test", holder="").count() == 0

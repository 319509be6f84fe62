"""Politeness: robots.txt and per-host delay/concurrency limits.

robots.txt is fetched once per host and process and cached for ROBOTS_TTL_S
(``urllib.robotparser`` decides). A robots.txt answering 401/403 disallows the whole
host and other 4xx allow it (the robotparser's and Google's rule). When robots.txt
cannot be fetched at all (network error, 5xx) the host is treated as allowed: the page
load itself will then usually fail with a recorded reason, and a re-run asks again.

robots.txt goes the way the page goes: when the harvest records through the recording
proxy, robots.txt is asked for through it too, redirects included, so the recorder's
address checks (``kehr_proxy.netguard``) apply to it as to every page and resource: a
host on a refused address, or a redirect to one (a cloud metadata address, the
installation itself), is never contacted. The request carries ``X-Kehr-Robots``, which
makes the recorder fetch it live and archive nothing (like a visit): robots.txt is not
page content, and an archived copy would be answered forever. The recorder's own
refusal (``X-Kehr-Archive: refused``/``unreachable``) counts as "could not be fetched":
the page load then fails with the recorder's reason (``refused_address``), not as
"filtered by robots.txt". Without a proxy, robots.txt is fetched directly, as the
pages are.

Per-host limits are shared by all worker processes through the database
(:class:`harvest.models.HostSlot`): a host has ``concurrency`` slots; a page load
holds one (an atomic conditional UPDATE, so two workers can never take the same
slot) and on release the slot may not be taken again for ``delay_ms``. A slot held
by a worker that died is free again once its lease expires.
"""

from __future__ import annotations

import ssl
import time
import urllib.error
import urllib.request
import urllib.robotparser
import uuid
from datetime import timedelta
from urllib.parse import urlsplit

from django.db.models import Q
from django.utils import timezone

from harvest.models import HostSlot

ROBOTS_TTL_S = 3600
ROBOTS_TIMEOUT_S = 10
ROBOTS_MAX_BYTES = 512 * 1024
LEASE_S = 180
POLL_S = 0.05

# Asks the recorder to fetch live and archive nothing (kehr_proxy.addon).
ROBOTS_HEADER = "X-Kehr-Robots"
# The recorder's own answers (not the site's): robots.txt could not be fetched.
RECORDER_ANSWERS = {"refused", "unreachable", "error"}

_robots_cache: dict[tuple[str, str], tuple[float, urllib.robotparser.RobotFileParser]] = {}


class PolitenessTimeout(Exception):
    """No slot of the host became free in time."""


def robots_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/robots.txt"


def _opener(proxy: str, proxy_ca: str) -> urllib.request.OpenerDirector:
    """Through the recording proxy when the harvest uses one (trusting its CA for HTTPS),
    else direct; never a proxy from the environment."""
    if not proxy:
        return urllib.request.build_opener(urllib.request.ProxyHandler({}))
    proxy_url = f"http://{proxy}"
    context = ssl.create_default_context(cafile=proxy_ca or None)
    return urllib.request.build_opener(
        urllib.request.ProxyHandler({"http": proxy_url, "https": proxy_url}),
        urllib.request.HTTPSHandler(context=context),
    )


def _fetch_robots(
    url: str, user_agent: str, proxy: str = "", proxy_ca: str = ""
) -> urllib.robotparser.RobotFileParser:
    parser = urllib.robotparser.RobotFileParser(url)
    headers = {"User-Agent": user_agent}
    if proxy:
        headers[ROBOTS_HEADER] = "1"
    request = urllib.request.Request(url, headers=headers)
    try:
        with _opener(proxy, proxy_ca).open(request, timeout=ROBOTS_TIMEOUT_S) as response:
            body = response.read(ROBOTS_MAX_BYTES)
    except urllib.error.HTTPError as exc:
        recorder_answer = (exc.headers.get("X-Kehr-Archive") or "") in RECORDER_ANSWERS
        # RobotFileParser.read() sets these same attributes; typeshed does not list them.
        if exc.code in (401, 403) and not recorder_answer:
            parser.disallow_all = True  # type: ignore[attr-defined]
        else:  # 404 and other 4xx: no rules; 5xx, the recorder's refusal: see the docstring
            parser.allow_all = True  # type: ignore[attr-defined]
        return parser
    except (OSError, ValueError):
        parser.allow_all = True  # type: ignore[attr-defined]
        return parser
    parser.parse(body.decode("utf-8", "replace").splitlines())
    return parser


def robots_allowed(url: str, user_agent: str, *, proxy: str = "", proxy_ca: str = "") -> bool:
    """Whether robots.txt of the URL's host lets ``user_agent`` fetch it (cached).

    ``proxy`` (host:port) and ``proxy_ca`` (PEM file) are the harvest's recording proxy:
    robots.txt is then fetched through it (see the module docstring).
    """
    key = robots_url(url)
    cached = _robots_cache.get((key, proxy))
    now = time.monotonic()
    if cached is None or now - cached[0] > ROBOTS_TTL_S:
        cached = (now, _fetch_robots(key, user_agent, proxy, proxy_ca))
        _robots_cache[(key, proxy)] = cached
    return cached[1].can_fetch(user_agent, url)


def clear_robots_cache() -> None:
    _robots_cache.clear()


class HostSlotLease:
    """``with HostSlotLease(host, concurrency=1, delay_ms=1000): load the page``."""

    def __init__(
        self,
        host: str,
        *,
        concurrency: int,
        delay_ms: int,
        wait_s: float = 600,
        lease_s: float = LEASE_S,
        holder_prefix: str = "",
    ) -> None:
        self.host = host
        self.concurrency = concurrency
        self.delay_ms = delay_ms
        self.wait_s = wait_s
        self.lease_s = lease_s
        # The prefix names the item, so a re-run can free the slot of a dead worker.
        self.holder = f"{holder_prefix}{uuid.uuid4().hex}"
        self.slot: int | None = None
        self.waited_s = 0.0

    def __enter__(self) -> HostSlotLease:
        self.slot = acquire_slot(
            self.host, self.holder, self.concurrency, self.wait_s, self.lease_s
        )
        return self

    def __exit__(self, *exc_info) -> None:
        if self.slot is not None:
            release_slot(self.host, self.slot, self.holder, self.delay_ms)


def acquire_slot(
    host: str, holder: str, concurrency: int, wait_s: float, lease_s: float = LEASE_S
) -> int:
    for slot in range(concurrency):
        HostSlot.objects.get_or_create(host=host, slot=slot)
    deadline = time.monotonic() + wait_s
    while True:
        now = timezone.now()
        free = HostSlot.objects.filter(host=host, slot__lt=concurrency).filter(
            Q(holder="") | Q(lease_until__lt=now),
            Q(next_allowed_at__isnull=True) | Q(next_allowed_at__lte=now),
        )
        for slot in free.values_list("slot", flat=True):
            taken = (
                HostSlot.objects.filter(host=host, slot=slot)
                .filter(Q(holder="") | Q(lease_until__lt=now))
                .update(holder=holder, lease_until=now + timedelta(seconds=lease_s))
            )
            if taken:
                return slot
        if time.monotonic() > deadline:
            raise PolitenessTimeout(f"no free slot for {host} within {wait_s:.0f} s")
        time.sleep(POLL_S)


def free_slots_of(holder_prefix: str) -> int:
    """Free the slots held under ``holder_prefix`` (their worker died)."""
    return HostSlot.objects.filter(holder__startswith=holder_prefix).update(
        holder="", lease_until=None
    )


def release_slot(host: str, slot: int, holder: str, delay_ms: int) -> None:
    HostSlot.objects.filter(host=host, slot=slot, holder=holder).update(
        holder="",
        lease_until=None,
        next_allowed_at=timezone.now() + timedelta(milliseconds=delay_ms),
    )

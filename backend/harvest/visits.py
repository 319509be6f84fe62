"""Live visits of harvested pages, for visual stability (harvest setting ``visits``).

After an item is done, its page is visited ``visits`` times more: live, through the
recorder's visits listener (never archived, so replay keeps serving the first
capture), in a second Firefox with a 1920x1080 viewport and no cache (one per browser
profile with ``visit_profiles`` > 1, taking turns, so personalised ads differ), with the
thesis' settle sequence before each viewport screenshot (:meth:`Browser.visit`). Each
PNG is stored once per content hash under ``<KEHR_HARVEST_DIR>/visits/``; the node
rectangles are measured once at the same viewport. A visit that fails ends the visits
of that page with the reason in ``PageVisits.message``: the page itself stays done.

Resumable: the visits already taken are counted, and a re-run (or a redelivered task)
takes only the missing ones; the unique (visits, number) row means two workers never
store the same visit twice.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

from django.db import IntegrityError, transaction
from django.db.models import Count, Q, QuerySet

from harvest import conf
from harvest.browser import (
    VISIT_VIEWPORT,
    BrowserError,
    discard_visit_browser,
    shared_visit_browser,
)
from harvest.models import HarvestItem, HarvestJob, PageVisits, VisitCapture
from harvest.robots import HostSlotLease, PolitenessTimeout
from harvest.urllist import host_of

log = logging.getLogger(__name__)


def capture_path(sha256: str, folder: str = "visits") -> Path:
    """Where a stored PNG is: ``<KEHR_HARVEST_DIR>/<folder>/<sha256[:2]>/<sha256>.png``."""
    return conf.harvest_dir() / folder / sha256[:2] / f"{sha256}.png"


def store_png(png: bytes, folder: str = "visits") -> str:
    """Write the PNG under its hash (once) and return the hash."""
    digest = hashlib.sha256(png).hexdigest()
    path = capture_path(digest, folder)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(png)
        os.replace(tmp, path)
    return digest


def short_of_visits(job: HarvestJob) -> QuerySet[HarvestItem]:
    """The job's done items whose page lacks visits under its settings: fewer captures than
    planned, or no node rectangles yet (none when the job asks for no visits). One query,
    whatever the job's size: the harvest command polls it."""
    planned = job.harvest_settings.visits
    done = job.items.filter(state=HarvestItem.State.DONE, page__isnull=False)
    if not planned:
        return done.none()
    return done.annotate(taken=Count("page__visits__captures")).filter(
        Q(page__visits__isnull=True) | Q(taken__lt=planned) | Q(page__visits__layout__isnull=True)
    )


def lacks_visits(item: HarvestItem) -> bool:
    """Whether the item is done and its page still lacks visits (see short_of_visits)."""
    return short_of_visits(item.job).filter(pk=item.pk).exists()


def visit_pages_pending(job: HarvestJob) -> int:
    """Done pages of the job whose visits are neither all taken nor ended by a failure."""
    return (
        short_of_visits(job)
        .filter(Q(page__visits__isnull=True) | Q(page__visits__message=""))
        .count()
    )


def run_visits(item_id: int) -> int:
    """Take the item's missing visits; return how many were taken now."""
    item = HarvestItem.objects.select_related("job", "page").get(pk=item_id)
    if not lacks_visits(item):
        return 0
    s = item.job.harvest_settings
    page = item.page
    assert page is not None  # lacks_visits checked it
    visits, _ = PageVisits.objects.get_or_create(
        page=page, defaults={"planned": s.visits, "viewport": list(VISIT_VIEWPORT)}
    )
    if visits.planned != s.visits:
        visits.planned = s.visits
        visits.save(update_fields=["planned", "updated_at"])
    url = item.final_url or item.url
    lease = HostSlotLease(
        host_of(url),
        concurrency=s.host_concurrency,
        delay_ms=s.host_delay_ms,
        lease_s=s.stale_after.total_seconds(),
        holder_prefix=f"visits-{item.pk}-",
    )
    taken = 0
    proxy_ca = s.proxy_ca if s.visit_proxy else ""
    try:
        browser = None
        for number in range(visits.captures.count(), s.visits):
            # Visit k goes to profile k mod visit_profiles: each profile keeps its own
            # cookies, so sites that personalise ads show different ones.
            browser = shared_visit_browser(
                binary=conf.firefox_binary(), proxy=s.visit_proxy, ca_cert_path=proxy_ca,
                profile=number % s.visit_profiles,
            )  # fmt: skip
            with lease:
                png = browser.visit(url, wait_ms=s.visit_wait_ms, timeout_s=s.page_timeout_s)
            try:
                with transaction.atomic():
                    VisitCapture.objects.create(visits=visits, number=number, sha256=store_png(png))
            except IntegrityError:
                break  # another worker took this visit: it goes on from here
            taken += 1
        if visits.layout is None:
            if browser is None:  # every visit was taken before: load the page once more
                browser = shared_visit_browser(
                    binary=conf.firefox_binary(), proxy=s.visit_proxy, ca_cert_path=proxy_ca
                )
                with lease:
                    browser.visit(url, wait_ms=0, timeout_s=s.page_timeout_s)
            # The tab is on the page's origin: measure the annotation document there,
            # at the captures' viewport.
            visits.layout = browser.node_rects(page.document, page.node_count)
        visits.message = ""
    except (BrowserError, PolitenessTimeout) as error:
        visits.message = f"visit {visits.captures.count() + 1}: {error}"
    except Exception as error:  # the browser itself broke: the next run starts a new one
        log.exception("visits of %s failed", url)
        discard_visit_browser()
        visits.message = f"visit {visits.captures.count() + 1}: {type(error).__name__}: {error}"
    visits.save(update_fields=["layout", "message", "updated_at"])
    return taken


__all__ = ["capture_path", "lacks_visits", "run_visits", "short_of_visits", "store_png",
           "visit_pages_pending"]  # fmt: skip

"""The harvest itself, as plain functions (the Celery tasks and the tests call these).

Life of an item: queued → running → done | filtered | failed. Only the last step
writes a page, and it does so in one transaction together with the item's new state
and its duplicate claims, so a worker killed at any moment leaves either nothing or
a finished item. An item found ``running`` again (its worker died) is simply
harvested again: every step before the transaction is repeatable.
"""

from __future__ import annotations

import json
import logging
import os
import socket
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from corpora.ingest import add_page
from corpora.models import Corpus, Page, PageLayout
from corpora.segmenter import SegmenterError, segment
from corpora.signals import pages_arrived
from harvest import conf, filters
from harvest.browser import Browser, BrowserError, Capture, discard_shared_browser, shared_browser
from harvest.job_settings import FIELDS, HarvestSettings
from harvest.models import Fingerprint, HarvestItem, HarvestJob
from harvest.robots import HostSlotLease, PolitenessTimeout, free_slots_of, robots_allowed
from harvest.urllist import URLError, domain_of, host_of, normalise_url, parse_url_list
from harvest.visits import lacks_visits, run_visits, short_of_visits

log = logging.getLogger(__name__)

State = HarvestItem.State
Reason = HarvestItem.Reason


class _Duplicate(Exception):
    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


# --------------------------------------------------------------------------- jobs


def create_job(
    corpus: Corpus,
    url_list: str,
    *,
    created_by=None,
    settings: HarvestSettings | Mapping[str, Any] | None = None,
) -> HarvestJob:
    """Parse the list and create the job with one item per URL line.

    ``settings``: the job's settings, or changes to the installation's
    (``conf.job_settings()``; any field, proxy included: this is for code and tests;
    people's changes come checked through ``HarvestSettings.with_changes``).
    Malformed lines go to ``job.list_errors``; a URL listed twice becomes a
    filtered item (duplicate_url) pointing at the first line.
    """
    if not isinstance(settings, HarvestSettings):
        settings = conf.job_settings().with_changes(settings or {}, allowed=FIELDS)
    with transaction.atomic():
        job = HarvestJob.objects.create(
            corpus=corpus, url_list=url_list, created_by=created_by, settings=settings.to_json()
        )
        add_items(job)
    return job


def add_items(job: HarvestJob) -> None:
    """Create the items of a new job from its ``url_list`` (and record malformed lines)."""
    parsed = parse_url_list(job.url_list)
    job.list_errors = [{"line": e.line, "text": e.text, "error": e.error} for e in parsed.errors]
    job.save(update_fields=["list_errors"])
    items = [HarvestItem(job=job, line=u.line, url=u.url, url_key=u.key) for u in parsed.urls]
    now = timezone.now()
    items += [
        HarvestItem(
            job=job,
            line=u.line,
            url=u.url,
            url_key=u.key,
            state=State.FILTERED,
            reason=Reason.DUPLICATE_URL,
            message=f"same URL as line {first}",
            finished_at=now,
        )
        for u, first in parsed.duplicates
    ]
    HarvestItem.objects.bulk_create(sorted(items, key=lambda i: i.line))


def prepare_run(job: HarvestJob) -> list[int]:
    """Make a job ready to (re-)run; return the ids of the items to harvest.

    Done and filtered items are kept. Items left ``running`` by a dead worker and
    failed items with attempts left go back to the queue; failed items without become
    ``gave_up`` (:func:`_give_up`).
    """
    max_attempts = job.harvest_settings.max_attempts
    with transaction.atomic():
        for item_id in job.items.filter(state=State.RUNNING).values_list("id", flat=True):
            free_slots_of(_holder_prefix(item_id))
        job.items.filter(state=State.RUNNING).update(state=State.QUEUED)
        job.items.filter(state=State.FAILED, attempts__lt=max_attempts).update(
            state=State.QUEUED, reason="", message=""
        )
        _give_up(job, max_attempts)
        job.state = HarvestJob.State.RUNNING
        job.finished_at = None
        job.save(update_fields=["state", "finished_at"])
    ids = list(job.items.filter(state=State.QUEUED).values_list("id", flat=True))
    # Done pages whose visits were cut short take the rest.
    ids += list(short_of_visits(job).values_list("id", flat=True))
    if not ids:
        _maybe_finish_job(job.pk)
    return ids


def _give_up(job: HarvestJob, max_attempts: int) -> None:
    """Failed items a re-run does not try again say so (``gave_up``), keeping their last
    reason in the message: otherwise every re-run would print the old reason as if it
    had just happened again."""
    exhausted = job.items.filter(state=State.FAILED, attempts__gte=max_attempts).exclude(
        reason=Reason.GAVE_UP
    )
    for item in exhausted.only("id", "attempts", "reason", "message"):
        last = f"{item.reason} ({item.message})" if item.message else item.reason
        message = (
            f"{item.attempts} attempts failed, the last: {last}. Not tried again: "
            f"max_attempts is {max_attempts} (raise it with manage.py harvest --job "
            f"{job.pk} --set max_attempts=N)"
        )
        HarvestItem.objects.filter(pk=item.pk).update(reason=Reason.GAVE_UP, message=message[:2000])


def run_job_sync(
    job: HarvestJob,
    on_item: Callable[[HarvestItem], object] | None = None,
    on_start: Callable[[], object] | None = None,
) -> dict:
    """Harvest every pending item of the job in this process, one after the other.

    ``on_start`` is called once the job is ready to run (failed URLs back in the queue),
    ``on_item`` after each item."""
    ids = prepare_run(job)
    if on_start is not None:
        on_start()
    for item_id in ids:
        harvest_item(item_id)
        if on_item is not None:
            on_item(HarvestItem.objects.get(pk=item_id))
    return job.progress()


def _maybe_finish_job(job_id: int) -> None:
    job = HarvestJob.objects.get(pk=job_id)
    if job.is_complete:
        finished = (
            HarvestJob.objects.filter(pk=job_id)
            .exclude(state=HarvestJob.State.FINISHED)
            .update(state=HarvestJob.State.FINISHED, finished_at=timezone.now())
        )
        if finished:  # once per job, by whichever item ended it
            page_ids = list(
                job.items.filter(state=HarvestItem.State.DONE, page__isnull=False)
                .order_by("page_id")
                .values_list("page_id", flat=True)
            )
            if page_ids:
                pages_arrived.send(
                    sender=Corpus, corpus=job.corpus, page_ids=page_ids, source="harvest"
                )


# --------------------------------------------------------------------------- items


def item_paths(item: HarvestItem) -> tuple[Path, Path]:
    directory = conf.harvest_dir() / str(item.job_id)
    return directory / f"{item.pk}.png", directory / f"{item.pk}.json"


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _finish(item: HarvestItem, state: str, reason: str = "", message: str = "", **fields) -> str:
    HarvestItem.objects.filter(pk=item.pk).update(
        state=state, reason=reason, message=message[:2000], finished_at=timezone.now(), **fields
    )
    _maybe_finish_job(item.job_id)
    return state


def _holder_prefix(item_id: int) -> str:
    return f"item-{item_id}-"


def harvest_item(item_id: int) -> str:
    """Harvest one item; returns its final state. Idempotent (see the module docstring).

    Claims a queued item, or a running one whose worker must have died (a redelivered
    task); a running item that is still fresh belongs to another worker and is left
    alone, so a task delivered twice does not load the page twice at the same time.
    """
    item = HarvestItem.objects.select_related("job").get(pk=item_id)
    now = timezone.now()
    stale = now - item.job.harvest_settings.stale_after
    claimed = (
        HarvestItem.objects.filter(pk=item_id)
        .filter(Q(state=State.QUEUED) | Q(state=State.RUNNING, started_at__lt=stale))
        .update(state=State.RUNNING, attempts=F("attempts") + 1, started_at=now)
    )
    item = HarvestItem.objects.select_related("job__corpus").get(pk=item_id)
    if not claimed:
        if lacks_visits(item):  # done, but its visits were cut short: take the rest
            run_visits(item_id)
        return item.state
    settings = item.job.harvest_settings
    if item.attempts > settings.max_attempts:
        return _finish(item, State.FAILED, Reason.GAVE_UP, f"{item.attempts - 1} attempts failed")
    proxy = settings.proxy
    if proxy and not proxy_reachable(proxy):
        # Not the page's fault: give the attempt back so a re-run after starting the
        # recorder does not count it against max_attempts.
        return _finish(
            item,
            State.FAILED,
            Reason.PROXY_UNREACHABLE,
            f"the recording proxy at {proxy} does not answer: start it with "
            "`manage.py archive_proxy --mode record` (./dev run starts it), then re-run the job",
            attempts=F("attempts") - 1,
        )
    try:
        state = _harvest(item, settings)
    except PolitenessTimeout as exc:
        return _finish(item, State.FAILED, Reason.TIMEOUT, str(exc))
    if state == State.DONE and settings.visits:
        run_visits(item_id)
    return state


def _harvest(item: HarvestItem, s: HarvestSettings) -> str:
    corpus = item.job.corpus
    other_items = Fingerprint.objects.filter(corpus=corpus).exclude(item=item)
    if other_items.filter(key=filters.fingerprint_key("url", item.url_key)).exists() or (
        Page.objects.filter(corpus=corpus, url=item.url).exclude(harvest_items=item).exists()
    ):
        return _finish(item, State.FILTERED, Reason.DUPLICATE_URL, "already in the corpus")
    if (
        s.one_per_domain
        and other_items.filter(key=filters.fingerprint_key("domain", domain_of(item.url))).exists()
    ):
        return _finish(item, State.FILTERED, Reason.SAME_DOMAIN, domain_of(item.url))
    # Through the recorder when there is one: its address checks apply to robots.txt too.
    if s.robots and not robots_allowed(item.url, s.user_agent, proxy=s.proxy, proxy_ca=s.proxy_ca):
        return _finish(item, State.FILTERED, Reason.ROBOTS, "robots.txt disallows this URL")

    lease = HostSlotLease(
        host_of(item.url),
        concurrency=s.host_concurrency,
        delay_ms=s.host_delay_ms,
        lease_s=s.stale_after.total_seconds(),
        holder_prefix=_holder_prefix(item.pk),
    )
    with lease:
        try:
            browser, capture = _capture(item.url, s)
        except BrowserError as exc:
            return _finish(item, State.FAILED, exc.reason, str(exc))
        except Exception as exc:  # the browser broke twice in a row
            log.exception("browser failed on %s", item.url)
            discard_shared_browser()
            return _finish(item, State.FAILED, Reason.BROWSER_ERROR, f"{type(exc).__name__}: {exc}")
        # HarvestItem columns, passed on to _finish's **fields.
        fields: dict[str, Any] = {
            "final_url": capture.final_url[:2000],
            "http_status": capture.status,
            "content_type": capture.content_type[:200],
        }
        rejected = _check_recorder_answer(capture, s)
        if rejected and rejected[0] == Reason.REFUSED_ADDRESS:
            # The recorder's setting, not the page: like a stopped recorder, the attempt
            # is given back, so re-runs until the recorder allows the address cost none.
            return _finish(item, State.FAILED, *rejected, attempts=F("attempts") - 1, **fields)
        if rejected:
            return _finish(item, State.FAILED, *rejected, **fields)
        rejected = filters.check_http_status(capture.status)
        if rejected:
            # 5xx may be temporary: a re-run tries again. 4xx will not change.
            state = State.FAILED if (capture.status or 0) >= 500 else State.FILTERED
            return _finish(item, state, *rejected, **fields)
        rejected = filters.check_content_type(capture.content_type)
        if rejected:
            return _finish(item, State.FILTERED, *rejected, **fields)
        try:
            final_key = normalise_url(capture.final_url)
        except URLError:
            final_key = item.url_key
        try:
            segmented = segment(capture.html, capture.final_url)
        except SegmenterError as exc:
            return _finish(item, State.FILTERED, Reason.UNPARSEABLE, str(exc), **fields)
        fields["word_count"] = segmented.word_count
        rejected = filters.check_word_count(
            segmented.word_count, corpus.min_words, corpus.max_words
        )
        if rejected:
            return _finish(item, State.FILTERED, *rejected, **fields)
        digest = filters.text_digest(segmented.node_texts)
        fields["text_digest"] = digest
        try:
            rects = browser.node_rects(segmented.document, segmented.node_count)
        except Exception as exc:
            discard_shared_browser()
            return _finish(item, State.FAILED, Reason.BROWSER_ERROR, f"node rectangles: {exc}")

    png_path, rects_path = item_paths(item)
    rects["node_count"] = segmented.node_count
    rects["url"] = item.url
    rects["final_url"] = capture.final_url
    _write_atomic(png_path, capture.screenshot_png)
    _write_atomic(rects_path, json.dumps(rects, separators=(",", ":")).encode())
    claims = [
        (filters.fingerprint_key("url", item.url_key), Reason.DUPLICATE_URL),
        (filters.fingerprint_key("url", final_key), Reason.DUPLICATE_URL),
        (filters.fingerprint_key("text", digest), Reason.DUPLICATE_TEXT),
    ]
    if s.one_per_domain:
        claims.append((filters.fingerprint_key("domain", domain_of(item.url)), Reason.SAME_DOMAIN))
    try:
        with transaction.atomic():
            for key, reason in claims:
                claim, _created = Fingerprint.objects.get_or_create(
                    corpus=corpus, key=key, defaults={"item": item}
                )
                if claim.item_id != item.pk:
                    other = HarvestItem.objects.get(pk=claim.item_id)
                    raise _Duplicate(reason, f"same as {other.url} (job {other.job_id})")
            # The snapshot is text already decoded by Firefox: the page's own charset is
            # the one Firefox reported, not the UTF-8 the segmenter saw.
            page = add_page(
                corpus,
                capture.html,
                url=item.url,
                final_url=capture.final_url,
                segmented=segmented,
                source_encoding=capture.charset,
                capture_record_id=_capture_record_id(capture.final_url, s),
            )
            # The engine's visual features read it from the database (the file stays
            # beside the screenshot for people and older tools).
            # add_page updates a page already at that URL (a page harvested again).
            PageLayout.objects.update_or_create(
                page=page,
                defaults={"data": rects, "source": PageLayout.Source.HARVEST,
                          "with_archive": False},
            )  # fmt: skip
            HarvestItem.objects.filter(pk=item.pk).update(
                state=State.DONE,
                reason="",
                message="",
                page=page,
                screenshot_path=str(png_path),
                rects_path=str(rects_path),
                finished_at=timezone.now(),
                **fields,
            )
    except _Duplicate as dup:
        png_path.unlink(missing_ok=True)
        rects_path.unlink(missing_ok=True)
        return _finish(item, State.FILTERED, dup.reason, str(dup), **fields)
    _maybe_finish_job(item.job_id)
    return State.DONE


def _capture_record_id(url: str, s: HarvestSettings) -> str:
    """The WARC-Record-ID of the page's pristine response in the recorder's archive.

    Empty when the job harvests without the archive (``proxy`` = direct) or when the
    recorder did not archive that URL (e.g. a proxy of someone else's).
    """
    archive_dir = s.archive_dir
    if not archive_dir or not (Path(archive_dir) / "index.sqlite3").exists():
        return ""
    import kehr_proxy

    entry = kehr_proxy.lookup(archive_dir, url)
    return entry.record_id if entry is not None else ""


def _check_recorder_answer(capture: Capture, s: HarvestSettings) -> tuple[str, str] | None:
    """A recorder's own error answer (see filters.check_recorder_answer), or None.

    Only for this installation's archive: through a proxy whose archive we cannot read,
    an error page is taken as the site's.
    """
    if not s.proxy or not s.archive_dir:
        return None
    if capture.status is None or capture.status < 400:
        return None
    recorded = bool(_capture_record_id(capture.final_url, s))
    return filters.check_recorder_answer(capture.status, capture.html, recorded=recorded)


def proxy_reachable(proxy: str) -> bool:
    host, _, port = proxy.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=3):
            return True
    except OSError:
        return False


def _capture(url: str, s: HarvestSettings) -> tuple[Browser, Capture]:
    """Load the page with this process's browser; on a broken browser restart it once."""
    binary = conf.firefox_binary()
    browser = shared_browser(binary=binary, proxy=s.proxy, ca_cert_path=s.proxy_ca)
    try:
        capture = browser.capture(url, settle_ms=s.settle_ms, timeout_s=s.page_timeout_s)
    except BrowserError:
        raise
    except Exception:
        log.warning("browser failed on %s; restarting it", url, exc_info=True)
        discard_shared_browser()
        browser = shared_browser(binary=binary, proxy=s.proxy, ca_cert_path=s.proxy_ca)
        capture = browser.capture(url, settle_ms=s.settle_ms, timeout_s=s.page_timeout_s)
    return browser, capture

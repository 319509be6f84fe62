"""DBCE over a corpus in parts, on several Celery workers sharing one index in Redis.

``manage.py dbce --corpus SLUG --parts N --queue`` splits the run in two phases:

1. **index**: part *i* of *N* signs every *N*-th capture (the corpus' pages by key,
   then the earlier captures of its imported archives) into the run's shared index
   (kehr_engine.dbce.shared, Redis keys under ``kehr:dbce:run:<id>``);
2. **label**: once every part has indexed, part *i* labels every *N*-th page against its
   cross, drawn from all the captures any part indexed, and stores the vectors.

The last label part widens pages to the site's content container (each label part
records its pages' own containers; :func:`kehr_engine.dbce.run.widen_to_site` over all
of them, on the stored vectors), records the run's end and deletes the index. The labels
are the ones a single process gives (same index content, same tie-breaking; tested). Every part
can run twice without harm (adding a capture again changes nothing, a page's vector is
replaced), so a part whose worker died is redelivered (acks_late) and runs again. A part
records its end in a MethodRunPart row; the part that completes a phase starts the next.
The index lives in the Redis of ``KEHR_DBCE_INDEX_URL``, by default the broker's when
that is Redis; with the filesystem broker a run has one part (services.run_dbce).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from archive.models import WarcCapture
from crosspage import services
from crosspage.models import MethodRun, MethodRunPart
from crosspage.services import CorpusCaptures, RunError
from kehr.env import env_str
from kehr_engine.dbce.run import index_captures, label_pages
from kehr_engine.dbce.shared import drop_namespace, redis_index
from kehr_engine.dbce.similar import Capture, SimilarityIndex

logger = logging.getLogger(__name__)

#: Share of the run's progress bar the index phase takes (labelling costs the rest).
INDEX_SHARE = 0.3
PROGRESS_EVERY = 25  # pages between a label part's progress writes
# More parts than worker processes only adds tasks; each part reads the corpus' list.
MAX_PARTS = 64


def index_url() -> str:
    """The Redis the parts share: KEHR_DBCE_INDEX_URL, else the broker's if it is Redis."""
    url = env_str("KEHR_DBCE_INDEX_URL", "")
    if not url and settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        url = settings.CELERY_BROKER_URL
    return url


def check_parts(parts: int) -> None:
    """Refuse a split the platform cannot run, saying what to do."""
    if not 1 <= parts <= MAX_PARTS:
        raise RunError(
            f"--parts {parts}: give 1 to {MAX_PARTS} parts (about one per worker process)."
        )
    if parts == 1:
        return
    url = index_url()
    if not url:
        raise RunError(
            f"--parts {parts} needs a Redis the workers share for the DBCE index: set "
            "KEHR_DBCE_INDEX_URL=redis://host:port/db (or use the Redis broker), or run "
            "with --parts 1."
        )
    if not url.startswith(("redis://", "rediss://")):
        raise RunError(f"KEHR_DBCE_INDEX_URL={url!r} is not a Redis URL (redis://host:port/db).")


def namespace(run_id: int) -> str:
    return f"kehr:dbce:run:{run_id}"


def shared_index(run_id: int) -> SimilarityIndex:
    return redis_index(index_url(), namespace(run_id))


# ---------------------------------------------------------------------- the run's parts


def start(run_id: int, queue: Callable[[int, str, int], object]) -> None:
    """Begin a split run: a fresh index, no parts yet, every index part queued
    (``queue(run_id, phase, number)``, after the commit)."""
    run = MethodRun.objects.select_related("corpus").get(pk=run_id)
    parts = int(run.options.get("parts", 1))
    check_parts(parts)
    drop_namespace(index_url(), namespace(run.pk))
    with transaction.atomic():
        MethodRunPart.objects.filter(run=run).delete()
        MethodRun.objects.filter(pk=run.pk).update(
            state=MethodRun.State.RUNNING, message="", progress=0.0,
            progress_text=f"{run.corpus.slug}: indexing in {parts} parts",
        )  # fmt: skip
        transaction.on_commit(lambda: [queue(run.pk, "index", n) for n in range(parts)])


def run_part(run_id: int, phase: str, number: int, queue: Callable[[int, str, int], object]):
    """Do one part of a phase; the part that ends the phase starts the next one."""
    run = MethodRun.objects.select_related("corpus").get(pk=run_id)
    if run.state != MethodRun.State.RUNNING:
        return  # ended (failed, or done by an earlier delivery of this part)
    parts = int(run.options.get("parts", 1))
    try:
        found = services.corpus_captures(run.corpus)
        if phase == MethodRunPart.Phase.INDEX:
            counts = _index_part(run, found, number, parts)
        elif phase == MethodRunPart.Phase.LABEL:
            counts = _label_part(run, found, number, parts)
        else:
            raise ValueError(f"unknown phase {phase!r}")
        _part_done(run, phase, number, parts, counts, queue)
    except Exception as error:
        services.mark_failed(run.pk, error, f"{phase} part {number + 1} of {parts}: ")
        raise


def _captures(found: CorpusCaptures) -> tuple[list[Capture], dict[str, object]]:
    """Every capture (pages first, then earlier captures) and what each one is."""
    captures = [page.capture for page in found.archive_pages]
    what: dict[str, object] = {page.capture.key: page for page in found.archive_pages}
    for capture, stored in found.earlier_captures():
        captures.append(capture)
        what[capture.key] = stored
    return captures, what


def _html_of(what: dict[str, object]) -> Callable[[str], str]:
    def html_of(key: str) -> str:
        item = what[key]
        if isinstance(item, WarcCapture):
            return services.capture_html(item)
        return item.html  # type: ignore[attr-defined]

    return html_of


def _index_part(run: MethodRun, found: CorpusCaptures, number: int, parts: int) -> dict:
    captures, what = _captures(found)
    mine = captures[number::parts]
    html_of = _html_of(what)
    unreadable = 0

    def readable():
        nonlocal unreadable
        for capture in mine:
            try:
                yield capture, html_of(capture.key)
            except (OSError, ValueError, StopIteration) as error:
                unreadable += 1
                logger.warning("capture %s unreadable: %s", capture.key, error)

    indexed = index_captures(readable(), shared_index(run.pk))
    earlier = sum(1 for c in mine if isinstance(what[c.key], WarcCapture)) - unreadable
    return {"indexed": indexed, "earlier_captures": earlier, "unreadable_captures": unreadable}


def _label_part(run: MethodRun, found: CorpusCaptures, number: int, parts: int) -> dict:
    index = shared_index(run.pk)
    captures, what = _captures(found)
    indexed = set(index.signatures)  # an unreadable earlier capture is in no cross
    known = {c.key: c for c in captures if c.key in indexed}
    pages = found.pages[number::parts]
    keys = {services.page_key(page) for page in pages}
    mine = [page for page in found.archive_pages if page.capture.key in keys]
    part = MethodRunPart.objects.get_or_create(run=run, phase="label", number=number)[0]
    MethodRunPart.objects.filter(pk=part.pk).update(items=len(mine), items_done=0)

    def progress(done: int, total: int) -> None:
        if done == total or done % PROGRESS_EVERY == 0:
            MethodRunPart.objects.filter(pk=part.pk).update(items_done=done)
            _show_label_progress(run, len(found.archive_pages))

    results = label_pages(mine, index, known, _html_of(what), progress=progress)
    rows, unlabelled = services.dbce_rows(pages, results)
    for start in range(0, len(rows), services.BATCH):
        services.store_rows(run, rows[start : start + services.BATCH])
    # Each labelled page's own content container, for the site pass at the run's end.
    containers = {key: r.container for key, r in results.items() if r.labelled}
    return {"pages": len(pages), "unlabelled": unlabelled, "containers": containers}


def _show_label_progress(run: MethodRun, total: int) -> None:
    done = (
        MethodRunPart.objects.filter(run=run, phase="label").aggregate(n=Sum("items_done"))["n"]
        or 0
    )
    share = INDEX_SHARE + (1 - INDEX_SHARE) * done / max(total, 1)
    MethodRun.objects.filter(pk=run.pk).update(
        progress=min(share, 0.99), progress_text=f"{run.corpus.slug}: {done}/{total} pages labelled"
    )


def _part_done(
    run: MethodRun,
    phase: str,
    number: int,
    parts: int,
    counts: dict,
    queue: Callable[[int, str, int], object],
) -> None:
    with transaction.atomic():
        # The run's row is the lock: of two parts ending at once, one sees the other.
        locked = MethodRun.objects.select_for_update().get(pk=run.pk)
        MethodRunPart.objects.update_or_create(
            run=run, phase=phase, number=number, defaults={"done": True, "counts": counts}
        )
        ended = MethodRunPart.objects.filter(run=run, phase=phase, done=True).count()
        if ended < parts or locked.state != MethodRun.State.RUNNING:
            if phase == MethodRunPart.Phase.INDEX:
                MethodRun.objects.filter(pk=run.pk).update(
                    progress=INDEX_SHARE * ended / parts,
                    progress_text=f"{run.corpus.slug}: {ended}/{parts} index parts done",
                )
            return
        if phase == MethodRunPart.Phase.INDEX:
            if locked.counts.get("labelling"):
                return  # another delivery of this part started the label phase already
            MethodRun.objects.filter(pk=run.pk).update(
                counts={"labelling": True}, progress=INDEX_SHARE,
                progress_text=f"{run.corpus.slug}: indexed; labelling in {parts} parts",
            )  # fmt: skip
            transaction.on_commit(lambda: [queue(run.pk, "label", n) for n in range(parts)])
            return
        _finish(run, parts)
    drop_namespace(index_url(), namespace(run.pk))


def _finish(run: MethodRun, parts: int) -> None:
    total: dict[str, int] = {"pages": 0, "unlabelled": 0, "earlier_captures": 0,
                             "unreadable_captures": 0}  # fmt: skip
    containers: dict[str, object] = {}
    for part in MethodRunPart.objects.filter(run=run):
        for key in total:
            total[key] += int(part.counts.get(key, 0))
        containers.update(part.counts.get("containers", {}))
    MethodRun.objects.filter(pk=run.pk).update(
        progress_text=f"{run.corpus.slug}: widening pages to the site's content container"
    )
    services.widen_stored_to_site(run, services.corpus_captures(run.corpus), containers)
    counts = {**total, "parts": parts}
    MethodRun.objects.filter(pk=run.pk).update(
        state=MethodRun.State.DONE, progress=1.0, finished_at=timezone.now(), counts=counts,
        message=services.dbce_summary(counts) + f" (in {parts} parts)",
        progress_text=f"{run.corpus.slug}: done",
    )  # fmt: skip

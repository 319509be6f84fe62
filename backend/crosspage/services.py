"""Running the template methods over a corpus: plain functions the tasks and commands call.

Each run records its progress and end on its :class:`MethodRun` row; vectors are
written per batch as they are computed, so a run that dies keeps what it stored and a
new run replaces the vectors of the pages it reaches (update or create, per page and
method).

- **URL Tree** streams the corpus' pages in capture order (``captured_at``, else when
  the page was stored) through one :class:`UrlTreeStream` with the chosen heuristics
  and writes ``urltree:<heuristic>`` per page: each page is judged by what the stream
  had seen up to it, as in the paper. A page whose URL key came before is a
  within-domain duplicate: unlabelled, with that reason.
- **DBCE** labels every page against its cross drawn from all the corpus' captures: the
  pages themselves, and the earlier captures of imported archives (archive.WarcCapture),
  whose HTML is read back from their WARC files.
"""

from __future__ import annotations

import io
import logging
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from django.db import transaction
from django.utils import timezone
from warcio.archiveiterator import ArchiveIterator

from archive.body import read_body
from archive.models import WarcCapture
from corpora.models import Corpus, Page
from crosspage.models import MethodRun, MethodVector, UrlTreeState
from kehr.progress import Say
from kehr_engine.dbce.labels import DbceResult
from kehr_engine.dbce.options import DEFAULT_OPTIONS
from kehr_engine.dbce.run import ArchivePage, label_archive, site_key, widen_result
from kehr_engine.dbce.similar import Capture
from kehr_engine.limits import max_bytes
from kehr_engine.segmenter import decode_html
from kehr_engine.site_container import ContainerKey
from kehr_engine.urltree.keys import QueryRules, url_key
from kehr_engine.urltree.stream import StreamDocument, UrlTreeStream

logger = logging.getLogger(__name__)

#: The heuristics a URL Tree run writes when none are named: the paper's four and
#: Kehr's two share rules (relaxed-share-40 is the one that meets issue 31's goal on
#: documentation sites: docs/methods.md).
DEFAULT_HEURISTICS = ("strict", "strict-support-100", "strict-at-domain", "relaxed-at-domain-500",
                      "strict-share-40", "relaxed-share-40")  # fmt: skip
BATCH = 200
BAD, GOOD = 1, 3


class RunError(ValueError):
    """A run that cannot start or went wrong; the message says why and what to do."""


def start_run(corpus: Corpus, method: str, **options) -> MethodRun:
    """Record a queued run; refused while another run of the method on the corpus is on."""
    busy = MethodRun.objects.filter(
        corpus=corpus, method=method, state__in=[MethodRun.State.QUEUED, MethodRun.State.RUNNING]
    ).first()
    if busy is not None:
        raise RunError(
            f"A {method} run on {corpus.slug} is {busy.state} already (run {busy.pk}, "
            f"{busy.progress:.0%}): wait for it to end."
        )
    return MethodRun.objects.create(corpus=corpus, method=method, options=options)


def mark_failed(run_id: int, error: Exception, where: str = "") -> None:
    """End the run as failed with the error, and where it happened if that helps."""
    MethodRun.objects.filter(pk=run_id).update(
        state=MethodRun.State.FAILED, finished_at=timezone.now(),
        message=f"{where}{type(error).__name__}: {error}"[:5000],
    )  # fmt: skip


@contextmanager
def running(run: MethodRun, say: Say | None) -> Iterator[Callable[[str, float], None]]:
    """Mark the run running; yield a function that writes a line and the share done into
    its row (and says the line when given ``say``); record its end (done or failed)."""
    MethodRun.objects.filter(pk=run.pk).update(state=MethodRun.State.RUNNING, message="")

    def row(text: str, share: float) -> None:
        MethodRun.objects.filter(pk=run.pk).update(progress=share, progress_text=text[:500])
        if say:
            say(f"{share:4.0%} {text}")

    try:
        yield row
    except Exception as error:
        mark_failed(run.pk, error)
        raise
    MethodRun.objects.filter(pk=run.pk).update(
        state=MethodRun.State.DONE, progress=1.0, finished_at=timezone.now()
    )


def store_rows(run: MethodRun | None, rows: Sequence[tuple[Page, str, np.ndarray, str]]) -> None:
    """(page, method, labels, reason) rows, replacing earlier vectors of the same method."""
    with transaction.atomic():
        for page, method, labels, reason in rows:
            MethodVector.objects.update_or_create(
                page=page, method=method,
                defaults={"labels": labels.astype(np.uint8).tobytes(), "reason": reason,
                          "run": run},
            )  # fmt: skip


def _time(page: Page) -> datetime:
    return page.captured_at or page.created_at


# ---------------------------------------------------------------------- URL Tree


DUPLICATE = (
    "a within-domain duplicate: its URL key was seen before in the stream, so it was "
    "skipped, as the method does"
)


def _stream_rows(
    stream: UrlTreeStream, page: Page
) -> tuple[list[tuple[Page, str, np.ndarray, str]], str]:
    """The page through the stream: its vector rows, and "duplicate", "refused" or ""."""
    document = StreamDocument.from_document(
        page.final_url or page.url, page.document, page.node_count, _time(page).timestamp()
    )
    empty = np.zeros(page.node_count)
    try:
        outcome = stream.process(document)
    except ValueError as error:  # a URL the tree cannot key (no http(s) host)
        reason = f"not streamed: {error}"
        return [(page, f"urltree:{h.name}", empty, reason) for h in stream.heuristics], "refused"
    if outcome.duplicate:
        return [(page, f"urltree:{h.name}", empty, DUPLICATE) for h in stream.heuristics], (
            "duplicate"
        )
    rows = [(page, f"urltree:{name}", np.where(boilerplate, BAD, GOOD), "")
            for name, boilerplate in outcome.boilerplate.items()]  # fmt: skip
    return rows, ""


def _ordered(pages) -> list[Page]:
    fields = ("pk", "url", "final_url", "document", "node_count", "captured_at", "created_at",
              "updated_at")  # fmt: skip
    return sorted(pages.only(*fields), key=lambda p: (_time(p), p.pk))


def _save_state(corpus: Corpus, stream: UrlTreeStream, pages: int) -> None:
    UrlTreeState.objects.update_or_create(
        corpus=corpus, defaults={"snapshot": stream.snapshot(), "pages": pages}
    )


def run_urltree(run_id: int, *, say: Say | None = None) -> MethodRun:
    run = MethodRun.objects.select_related("corpus").get(pk=run_id)
    heuristics = list(run.options.get("heuristics") or DEFAULT_HEURISTICS)
    with running(run, say) as row:
        stream = UrlTreeStream(heuristics)  # ValueError names an unknown heuristic
        pages = _ordered(Page.objects.filter(corpus=run.corpus))
        rows: list[tuple[Page, str, np.ndarray, str]] = []
        outcomes: Counter[str] = Counter()
        for done, page in enumerate(pages, start=1):
            page_rows, outcome = _stream_rows(stream, page)
            rows += page_rows
            outcomes[outcome] += 1
            if len(rows) >= BATCH or done == len(pages):
                store_rows(run, rows)
                rows = []
                share = done / len(pages)
                row(f"{run.corpus.slug}: {done}/{len(pages)} pages streamed", share)
        # Pages that arrive later continue this stream.
        _save_state(run.corpus, stream, len(pages))
        duplicates, refused = outcomes["duplicate"], outcomes["refused"]
        counts = {"pages": len(pages), "duplicates": duplicates, "not_streamed": refused,
                  "heuristics": [h.name for h in stream.heuristics]}  # fmt: skip
        MethodRun.objects.filter(pk=run.pk).update(
            counts=counts,
            message=f"{len(pages)} pages streamed, {duplicates} within-domain duplicates"
            + (f", {refused} not streamed" if refused else ""),
        )
    run.refresh_from_db()
    return run


def stream_arrivals(corpus_id: int, page_ids: Sequence[int]) -> int:
    """Continue the corpus' URL Tree with pages that arrived; returns how many it judged.

    One transaction under a lock on the corpus' stream state: two jobs that finish at
    once take turns, and a task that dies stores nothing (its redelivery starts clean).
    A page that was judged already and has not changed since is not streamed again
    (its key would now count as a duplicate of itself).
    """
    corpus = Corpus.objects.get(pk=corpus_id)
    with transaction.atomic():
        state, _created = UrlTreeState.objects.select_for_update().get_or_create(corpus=corpus)
        snapshot = bytes(state.snapshot)
        stream = UrlTreeStream.restore(snapshot) if snapshot else UrlTreeStream(DEFAULT_HEURISTICS)
        first = f"urltree:{stream.heuristics[0].name}"
        judged_at = dict(
            MethodVector.objects.filter(page_id__in=page_ids, method=first).values_list(
                "page_id", "updated_at"
            )
        )
        rows: list[tuple[Page, str, np.ndarray, str]] = []
        streamed = 0
        for page in _ordered(Page.objects.filter(corpus=corpus, pk__in=page_ids)):
            if page.pk in judged_at and judged_at[page.pk] >= page.updated_at:
                continue
            rows += _stream_rows(stream, page)[0]
            streamed += 1
        store_rows(None, rows)
        _save_state(corpus, stream, state.pages + streamed)
    return streamed


# ---------------------------------------------------------------------- DBCE


def capture_html(capture: WarcCapture) -> str:
    """The HTML of an indexed capture, read back from its WARC file."""
    with open(capture.warc_path, "rb") as stream:
        stream.seek(capture.offset)
        data = stream.read(capture.length)
    record = next(iter(ArchiveIterator(io.BytesIO(data))))
    content_type = record.http_headers.get_header("Content-Type") or ""
    charset = None
    for part in content_type.split(";")[1:]:
        key, _, value = part.strip().partition("=")
        if key.lower() == "charset":
            charset = value.strip("\"' ")
    # archive.body, as the import read it: warcio's content_stream() breaks on brotli and
    # would inflate a compression bomb whole. A BodyError is a ValueError (unreadable).
    return decode_html(read_body(record, max_bytes()), charset)[0]


def capture_of(key: str, url: str, when: datetime) -> Capture:
    return Capture(key, url, url_key(url, QueryRules.default()).domain, when.timestamp())


@dataclass
class CorpusCaptures:
    """What DBCE works on in a corpus: its pages (by pk), those with an http(s) URL as
    DBCE takes them, and the earlier captures of its imported archives (WARC records
    whose URL has a later page), which serve in crosses but are not labelled."""

    pages: list[Page]
    archive_pages: list[ArchivePage]
    earlier: list[WarcCapture]

    def earlier_captures(self) -> list[tuple[Capture, WarcCapture]]:
        """Earlier captures as DBCE keys them, without those whose URL it cannot key."""
        out = []
        for stored in self.earlier:
            try:
                out.append((capture_of(stored.record_id, stored.url, stored.captured_at), stored))
            except ValueError:
                continue
        return out


def page_key(page: Page) -> str:
    return page.capture_record_id or f"page:{page.pk}"


def corpus_captures(corpus: Corpus) -> CorpusCaptures:
    pages = list(Page.objects.filter(corpus=corpus).order_by("pk"))
    archive_pages = []
    for page in pages:
        try:
            capture = capture_of(page_key(page), page.final_url or page.url, _time(page))
        except ValueError:
            continue  # no http(s) URL: no domain, no cross; stays unlabelled
        # The annotation document stands for the page: the capture's tags and text
        # (scripts removed, text wrapped in <kehr-t>, which the structure skips).
        archive_pages.append(ArchivePage(capture, page.document, page.document, page.node_count))
    page_records = {p.capture_record_id for p in pages if p.capture_record_id}
    earlier = list(
        WarcCapture.objects.filter(corpus=corpus).exclude(record_id__in=page_records).order_by("pk")
    )
    return CorpusCaptures(pages, archive_pages, earlier)


def dbce_rows(
    pages: Sequence[Page], results: dict[str, DbceResult]
) -> tuple[list[tuple[Page, str, np.ndarray, str]], int]:
    """The pages' dbce rows from the results by capture key; and how many are unlabelled."""
    rows: list[tuple[Page, str, np.ndarray, str]] = []
    unlabelled = 0
    for page in pages:
        result = results.get(page_key(page))
        if result is None:
            rows.append((page, "dbce", np.zeros(page.node_count), "not an http(s) URL"))
            unlabelled += 1
            continue
        unlabelled += not result.labelled
        rows.append((page, "dbce", result.labels, result.reason))
    return rows, unlabelled


def widen_stored_to_site(
    run: MethodRun, found: CorpusCaptures, containers: dict[str, object]
) -> int:
    """The site pass of a run labelled in parts (crosspage.dbce_parts): ``containers``
    holds every labelled page's own content container key (by capture key, as JSON
    lists; None: none), the run's stored vectors are widened to the site's container
    as :func:`kehr_engine.dbce.run.widen_to_site` widens a one-process run's. Returns
    how many vectors changed."""
    results = {
        key: DbceResult(np.zeros(0, dtype=np.uint8), container=_container_key(value))
        for key, value in containers.items()
    }
    site = site_key(results.values(), DEFAULT_OPTIONS)
    if site is None:
        return 0
    pages = {page_key(page): page for page in found.pages}
    changed = 0
    for archive_page in found.archive_pages:
        key = archive_page.capture.key
        page = pages.get(key)
        if key not in results or page is None:
            continue
        vector = MethodVector.objects.filter(page=page, method="dbce", run=run).first()
        if vector is None or vector.reason:
            continue
        labels = np.frombuffer(vector.labels, dtype=np.uint8)
        stored = DbceResult(labels, container=results[key].container)
        widened = widen_result(stored, archive_page.document, archive_page.node_count, site)
        if widened is not stored:
            vector.labels = widened.labels.astype(np.uint8).tobytes()
            vector.save(update_fields=["labels"])
            changed += 1
    return changed


def _container_key(value: object) -> ContainerKey | None:
    """A container key from its JSON form (a list of [tag, id, classes])."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise ValueError(f"not a container key: {value!r}")
    return tuple((str(tag), str(id_), str(classes)) for tag, id_, classes in value)


def dbce_summary(counts: dict) -> str:
    pages, unlabelled, failed = counts["pages"], counts["unlabelled"], counts["unreadable_captures"]
    return (
        f"{pages - unlabelled} of {pages} pages labelled"
        + (f"; {unlabelled} left unlabelled (see each page's reason)" if unlabelled else "")
        + (f"; {failed} captures unreadable" if failed else "")
    )


def run_dbce(run_id: int, *, say: Say | None = None) -> MethodRun:
    """DBCE over the corpus in this process (crosspage.dbce_parts splits it over workers)."""
    run = MethodRun.objects.select_related("corpus").get(pk=run_id)
    corpus = run.corpus
    with running(run, say) as row:
        found = corpus_captures(corpus)
        members = []
        failed_reads = 0
        for capture, stored in found.earlier_captures():
            try:
                members.append((capture, capture_html(stored)))
            except (OSError, ValueError, StopIteration) as error:
                failed_reads += 1
                logger.warning("capture %s unreadable: %s", stored.record_id, error)
        row(f"{corpus.slug}: {len(found.archive_pages)} pages, {len(members)} earlier "
                 "captures indexed", 0.05)  # fmt: skip

        def labelled(done: int, total: int) -> None:
            if done == total or done % 50 == 0:
                row(f"{corpus.slug}: {done}/{total} pages labelled", 0.05 + 0.9 * done / total)

        results = label_archive(found.archive_pages, members=members, progress=labelled)
        rows, unlabelled = dbce_rows(found.pages, results)
        for start in range(0, len(rows), BATCH):
            store_rows(run, rows[start : start + BATCH])
        counts = {
            "pages": len(found.pages),
            "unlabelled": unlabelled,
            "earlier_captures": len(members),
            "unreadable_captures": failed_reads,
        }
        MethodRun.objects.filter(pk=run.pk).update(counts=counts, message=dbce_summary(counts))
    run.refresh_from_db()
    return run

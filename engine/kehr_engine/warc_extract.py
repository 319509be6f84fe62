"""Clean text of WARC HTML records, in this process or in a pool of worker processes.

:func:`extract_record` is one record's way through the engine (segment, predict, good
text, language), and never raises: a page the engine refuses, or any error of its own,
comes back as :attr:`RecordResult.error`, so that one odd page of a crawl cannot end
the run. :func:`extract_all` maps it over the records of :mod:`kehr_engine.warc` with
``workers`` processes:

- each worker loads the model once (the pool's initializer) and runs one BLAS/OpenMP
  thread, so that N workers use N cores and not N * cores threads;
- records travel in batches (:data:`BATCH_RECORDS`, :data:`BATCH_BYTES`) and at most
  ``2 * workers`` batches are in flight: reading the WARC waits for the workers, so
  memory stays bounded whatever the file's size (a record itself is bounded by the
  engine's byte limit, its page by the node limit);
- results come back in input order (the oldest batch is awaited first), so the output
  of ``--workers 4`` is byte for byte that of ``--workers 1``;
- workers ignore SIGINT: Ctrl-C reaches the parent, which cancels what has not started
  and shuts the pool down (see kehr_engine.warc_cli);
- a worker that dies (the OOM killer, a segfault) breaks the pool: :class:`WorkerDied`
  names the file and offset of the oldest batch not answered, and the run stops there
  (the engine's byte and node limits make this rare; a retry could only guess which
  record killed it).

``workers=1`` runs in this process, with no pool at all.
"""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from kehr_engine.krdwrd.corpus import GOOD
from kehr_engine.language import guess_language
from kehr_engine.limits import EngineInputError
from kehr_engine.model import Model
from kehr_engine.model_file import load_model
from kehr_engine.page_input import PageInput
from kehr_engine.pipeline import predict
from kehr_engine.warc import HtmlRecord

__all__ = [
    "BATCH_BYTES", "BATCH_RECORDS", "RecordResult", "WorkerDied", "extract_all", "extract_record",
]  # fmt: skip

BATCH_RECORDS = 8
BATCH_BYTES = 2 * 1024 * 1024


class WorkerDied(RuntimeError):
    """A worker process ended without an answer (the OOM killer, a segfault)."""


@dataclass(frozen=True)
class RecordResult:
    """One HTML record's clean text (or why there is none)."""

    path: str  # the WARC file
    url: str
    record_id: str
    date: str
    offset: int
    text: str = ""
    language: str = ""
    good_share: float = 0.0  # the share of the page's text nodes kept
    labels: list[int] | None = None  # per node, when asked for
    error: str | None = None  # the engine refused the page: why

    def json_record(self) -> dict[str, object]:
        """The JSONL line's fields (``labels`` only when they were asked for)."""
        record: dict[str, object] = {
            "url": self.url,
            "warc_record_id": self.record_id,
            "date": self.date,
            "language": self.language,
            "text": self.text,
        }
        if self.labels is not None:
            record["labels"] = self.labels
        return record


def _result(record: HtmlRecord, **fields: object) -> RecordResult:
    return RecordResult(
        path=record.path, url=record.url, record_id=record.record_id, date=record.date,
        offset=record.offset,
        **fields,  # type: ignore[arg-type]
    )  # fmt: skip


def extract_record(
    model: Model, record: HtmlRecord, *, max_nodes: int | None = None, labels: bool = False
) -> RecordResult:
    """One record through the engine; never raises (errors are in the result)."""
    try:
        page = PageInput.from_html(
            record.payload, record.url, record.charset, max_nodes=max_nodes,
            name=record.url or f"the record at offset {record.offset}",
        )  # fmt: skip
        prediction = predict(model, page, max_nodes=max_nodes)
        text = prediction.good_text(page)
    except EngineInputError as error:
        return _result(record, error=" ".join(str(error).split()))
    except Exception as error:  # the engine's own bug on an odd page: report, go on
        return _result(record, error=f"{type(error).__name__}: {error}")
    good = prediction.labels == GOOD
    return _result(
        record,
        text=text,
        language=guess_language([text]) if text else "",
        good_share=round(float(good.mean()), 4) if len(good) else 0.0,
        labels=prediction.labels.tolist() if labels else None,
    )


# --- the worker processes --------------------------------------------------------------

_worker_model: Model | None = None
_worker_options: dict[str, object] = {}


def _init_worker(model_path: Path, max_nodes: int | None, labels: bool) -> None:
    global _worker_model, _worker_options
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    threadpool_limits(1)  # one core per worker: the pool is the parallelism
    _worker_model = load_model(model_path)
    _worker_options = {"max_nodes": max_nodes, "labels": labels}


def _extract_batch(batch: list[HtmlRecord]) -> list[RecordResult]:
    assert _worker_model is not None, "the pool's initializer loads the model"
    return [extract_record(_worker_model, r, **_worker_options) for r in batch]  # type: ignore[arg-type]


def _batches(records: Iterable[HtmlRecord]) -> Iterator[list[HtmlRecord]]:
    batch: list[HtmlRecord] = []
    size = 0
    for record in records:
        batch.append(record)
        size += len(record.payload)
        if len(batch) >= BATCH_RECORDS or size >= BATCH_BYTES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def extract_all(
    records: Iterable[HtmlRecord],
    model_path: Path,
    *,
    workers: int = 1,
    max_nodes: int | None = None,
    labels: bool = False,
    model: Model | None = None,
) -> Generator[RecordResult, None, None]:
    """Every record's result, in input order, with ``workers`` processes (1: here).

    ``model`` (already loaded from ``model_path``) saves a second load when
    ``workers`` is 1. Closing the iterator early (or an exception in the caller, such
    as KeyboardInterrupt) cancels the batches not started and shuts the pool down.
    """
    if workers <= 1:
        loaded = model if model is not None else load_model(model_path)
        for record in records:
            yield extract_record(loaded, record, max_nodes=max_nodes, labels=labels)
        return
    pool = ProcessPoolExecutor(workers, initializer=_init_worker,
                               initargs=(model_path, max_nodes, labels))  # fmt: skip
    pending: deque[tuple[HtmlRecord, Future[list[RecordResult]]]] = deque()

    def oldest() -> list[RecordResult]:
        first, future = pending.popleft()
        try:
            return future.result()
        except BrokenProcessPool:
            raise WorkerDied(
                f"a worker process died (killed for memory, or a crash in a library) "
                f"while extracting the records from offset {first.offset} of {first.path} "
                "on: stopped there; the output so far is complete"
            ) from None

    try:
        for batch in _batches(records):
            pending.append((batch[0], pool.submit(_extract_batch, batch)))
            while len(pending) >= 2 * workers:
                yield from oldest()
        while pending:
            yield from oldest()
    finally:
        pool.shutdown(wait=not pending, cancel_futures=True)

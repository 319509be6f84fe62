"""``python -m kehr_engine extract FILE.warc[.gz]...``: clean text of a crawl's HTML.

Reads the WARC files in the order given (:mod:`kehr_engine.warc`), extracts with
``--workers`` processes (:mod:`kehr_engine.warc_extract`; default: every core) and
writes one JSONL line per HTML response, in input order (``url``, ``warc_record_id``,
``date``, ``language``, ``text``; ``labels`` with ``--labels``), or with ``--format
text`` the texts separated by an empty line (pages with no good text print nothing).

stderr gets one line per problem (a record the engine refused, an unreadable stretch of
a file with its offset, a file that is no WARC file), a progress bar when it is a
terminal, and the summary at the end (records read, HTML, extracted, empty, failed,
skipped by reason). Exit code 0 when nothing failed (a WARC with no HTML at all is no
failure), 1 when a record or a file could not be read, 2 for bad arguments (a path that
does not exist) before anything is read, 130 after Ctrl-C (the summary so far is
printed). A reader that goes away (``| head``) ends the run quietly with exit code 0. A
worker process that dies (the OOM killer, a crash in a library) stops the run with the
offset it had reached, the summary and exit code 1: what was written is complete.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from kehr_engine.limits import EngineInputError
from kehr_engine.model_file import load_model
from kehr_engine.warc import WarcSummary, html_records, is_warc_path
from kehr_engine.warc_extract import WorkerDied, extract_all

__all__ = ["default_workers", "extract_warcs", "warc_files"]

Say = Callable[[str], object]


def default_workers() -> int:
    """The cores this process may run on (a container's or taskset's share, not the
    machine's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def warc_files(paths: Sequence[Path], recursive: bool = False) -> list[Path]:
    """The WARC files named, and those in the folders named; EngineInputError (exit 2)
    for a path that does not exist or a file that is not named as a WARC file."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            children = path.rglob("*") if recursive else path.iterdir()
            found.extend(sorted(p for p in children if p.is_file() and is_warc_path(p)))
        elif not path.exists():
            raise EngineInputError(f"{path} does not exist.")
        elif not is_warc_path(path):
            raise EngineInputError(
                f"{path} is not a .warc or .warc.gz file: give WARC files, or HTML files, "
                "not both in one run."
            )
        else:
            found.append(path)
    return found


class _Progress:
    """A bar over the input bytes (MB/s) with records/s, on a terminal only."""

    def __init__(self, files: Sequence[Path], enabled: bool) -> None:
        self.bar = None
        self.records = 0
        self.started = time.monotonic()
        if enabled:
            from tqdm import tqdm

            # No monitor thread: the worker pool forks after the bar exists, and a fork
            # copies no thread but every lock a thread may hold.
            tqdm.monitor_interval = 0
            total = sum(p.stat().st_size for p in files)
            self.bar = tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024,
                            desc="extract", file=sys.stderr, leave=False)  # fmt: skip

    def advance(self, nbytes: int) -> None:
        self.records += 1
        if self.bar is not None:
            self.bar.update(nbytes)
            if self.records % 20 == 0:
                rate = self.records / max(time.monotonic() - self.started, 1e-9)
                self.bar.set_postfix_str(f"{rate:.0f} records/s", refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def extract_warcs(args: argparse.Namespace, say: Say) -> int:
    """The WARC branch of ``extract`` (see the module docstring); ``args`` as the
    command's parser makes them (paths, model, format, max_nodes, workers, labels)."""
    files = warc_files(args.paths, getattr(args, "recursive", False))
    model = load_model(args.model)  # a bad model file ends the run before any reading
    workers = getattr(args, "workers", None) or default_workers()
    summary = WarcSummary()
    progress = _Progress(files, sys.stderr.isatty())

    def records() -> Iterator:
        for path in files:
            last = 0
            try:
                for record in html_records(path, summary, say):
                    progress.advance(max(0, record.offset - last))
                    last = record.offset
                    yield record
            except OSError as error:
                summary.bad_files += 1
                say(f"{path}: {error.strerror or error}")

    out = sys.stdout
    wrote_text = False
    results = extract_all(records(), args.model, workers=workers, max_nodes=args.max_nodes,
                          labels=getattr(args, "labels", False), model=model)  # fmt: skip
    try:
        for result in results:
            if result.error is not None:
                summary.failed += 1
                say(f"{result.path}: offset {result.offset}: {result.url}: {result.error}")
                continue
            if result.text:
                summary.extracted += 1
            else:
                summary.empty += 1
            if args.format == "jsonl":
                out.write(json.dumps(result.json_record(), ensure_ascii=False) + "\n")
            elif result.text:
                out.write(("\n" if wrote_text else "") + result.text + "\n")
                wrote_text = True
        out.flush()
    except KeyboardInterrupt:
        results.close()  # cancels the batches not started, shuts the workers down
        progress.close()
        out.flush()
        say(f"interrupted: {summary.line()}")
        return 130
    except WorkerDied as error:
        progress.close()
        out.flush()
        say(f"{error}")
        say(f"stopped: {summary.line()}")
        return 1
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as cat does
        results.close()
        progress.close()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        say(f"output closed: {summary.line()}")
        return 0
    progress.close()
    say(summary.line())
    return 1 if summary.problems else 0

"""DBCE pages/s with one worker and with two sharing one Redis index (issue 13).

An archive of synthetic pages (bench/template_stream.py: Zipf-sized domains, each page's
blocks rendered as HTML, boilerplate in the template's boxes and content in an article)
is segmented into annotation documents first (the platform has those already), then
labelled twice against a real Redis (started here on a free loopback port): by one
process, and by two processes that each sign half the captures into the shared index
and then each label half the pages (kehr_engine.dbce.shared). Wall time covers both
phases; both runs must give identical labels (checked).

Used by bench/template_methods.py (keys dbce_pages_per_s_1w / _2w); alone:
  python bench/dbce_parallel.py [--pages N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from html import escape
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine"), str(REPO / "bench")]

from template_stream import SyntheticStream  # noqa: E402

from kehr_engine.dbce.run import ArchivePage, index_captures, label_pages  # noqa: E402
from kehr_engine.dbce.shared import drop_namespace, redis_index  # noqa: E402
from kehr_engine.dbce.similar import Capture  # noqa: E402
from kehr_engine.segmenter import segment  # noqa: E402
from kehr_engine.urltree.keys import QueryRules, url_key  # noqa: E402


def render(blocks, boilerplate) -> str:
    """Blocks as a templated page: runs of boilerplate in boxes, content in an article."""
    parts, run, kind = [], [], None
    for text, is_boilerplate in zip(blocks, boilerplate, strict=True):
        if kind is not None and bool(is_boilerplate) != kind:
            parts.append((kind, run))
            run = []
        kind = bool(is_boilerplate)
        run.append(text)
    if run:
        parts.append((bool(kind), run))
    chunks = []
    for chrome, texts in parts:
        if chrome:
            items = "".join(f"<li><a href=#>{escape(t)}</a></li>" for t in texts)
            chunks.append(f"<div class='box'><ul>{items}</ul></div>")
        else:
            chunks.append(f"<article>{''.join(f'<p>{escape(t)}</p>' for t in texts)}</article>")
    body = "".join(chunks)
    return f"<html><head><title>t</title></head><body><div id='page'>{body}</div></body></html>"


def archive(pages: int) -> list[ArchivePage]:
    rules = QueryRules.default()
    result = []
    for number, gold in enumerate(SyntheticStream(pages, domains=max(pages // 50, 4), seed=3)):
        html = render(gold.document.blocks, gold.boilerplate)
        url = gold.document.url
        segmented = segment(html, url)
        capture = Capture(str(number), url, url_key(url, rules).domain, gold.document.time)
        result.append(ArchivePage(capture, html, segmented.document, len(segmented.node_texts)))
    return result


_PAGES: list[ArchivePage] = []  # shared with forked workers (copy on write)


def _index(url: str, namespace: str, part: int, parts: int) -> int:
    chunk = _PAGES[part::parts]
    return index_captures(((p.capture, p.html) for p in chunk), redis_index(url, namespace))


def _label(url: str, namespace: str, part: int, parts: int) -> dict[str, bytes]:
    captures = {p.capture.key: p.capture for p in _PAGES}
    html = {p.capture.key: p.html for p in _PAGES}
    results = label_pages(
        _PAGES[part::parts], redis_index(url, namespace), captures, html.__getitem__
    )
    return {key: r.labels.tobytes() for key, r in results.items()}


def run(url: str, workers: int) -> tuple[float, dict[str, bytes]]:
    namespace = f"kehr-bench-dbce-{workers}w"
    drop_namespace(url, namespace)
    started = time.perf_counter()
    labels: dict[str, bytes] = {}
    if workers == 1:
        _index(url, namespace, 0, 1)
        labels = _label(url, namespace, 0, 1)
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            pool.starmap(_index, [(url, namespace, n, workers) for n in range(workers)])
            for part in pool.starmap(
                _label, [(url, namespace, n, workers) for n in range(workers)]
            ):
                labels.update(part)
    seconds = time.perf_counter() - started
    drop_namespace(url, namespace)
    return seconds, labels


class Redis:
    """A throwaway redis-server on a free loopback port."""

    def __enter__(self) -> str:
        binary = shutil.which("redis-server")
        if binary is None:
            sys.exit("the DBCE benchmark shares its index in Redis: apt-get install redis-server")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.dir = tempfile.mkdtemp(prefix="kehr-bench-redis-")
        self.proc = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
             "no", "--dir", self.dir], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return f"redis://127.0.0.1:{port}/0"
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


def measure(pages: int) -> dict:
    global _PAGES
    started = time.perf_counter()
    _PAGES = archive(pages)
    prepared = time.perf_counter() - started
    with Redis() as url:
        one, labels_one = run(url, 1)
        two, labels_two = run(url, 2)
    if labels_one != labels_two:
        raise SystemExit("one and two workers disagree: a bug, not a figure")
    labelled = sum(1 for v in labels_one.values() if np.frombuffer(v, np.uint8).any())
    return {"dbce_pages": pages, "dbce_labelled_pages": labelled,
            "dbce_prepare_s": prepared, "dbce_pages_per_s_1w": pages / one,
            "dbce_pages_per_s_2w": pages / two}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=5000)
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    if args.smoke:
        args.pages = 20
    figures = measure(args.pages)
    for key, value in figures.items():
        print(f"{key}: {value}")
    print(f"BENCH dbce pages={args.pages} pages_per_s_1w={figures['dbce_pages_per_s_1w']:.1f} "
          f"pages_per_s_2w={figures['dbce_pages_per_s_2w']:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()

"""Harvest throughput: pages per minute with 1 and 2 workers, screenshot and rectangles included.

Serves generated fixture pages (tests/fixture_site: stylesheet, image, web font,
600+ words, each page with its own text so none is filtered as a duplicate) on
loopback and harvests them with ``harvest.harvester.harvest_item`` — the function
the Celery task runs — in 1 and then 2 worker processes, each with its own
headless Firefox (started and warmed up before timing, as a long-running worker's
would be), through a real recorder (a fresh archive per configuration), as every
production harvest is. SQLite in a temporary directory; no politeness delay (one
loopback host).

Baselines in the same run: a bare ``navigate()`` of the same pages in one browser
(what loading alone costs) and KrdWrd 2009's 2.5 s per page (24 pages/min). Real 2008
pages are slower (bigger, with many dead resource hosts): bench/harvest_krdwrd.py.

    python bench/harvest.py [--quick] [--pages N]

Last line: BENCH harvest pages_per_min_1w=… pages_per_min_2w=… s_per_page_1w=…
navigate_only_pages_per_min=… krdwrd_2009_ratio=…
"""

from __future__ import annotations

import argparse
import http.server
import multiprocessing
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO / "proxy"), str(REPO)]

from benchlib import setup_sqlite_django  # noqa: E402

from tests.proxy_fixtures import ALLOW_LOOPBACK, start_archive_proxy  # noqa: E402

KRDWRD_S_PER_PAGE = 2.5


def serve_pages() -> http.server.ThreadingHTTPServer:
    from tests.fixture_site.make_site import page

    static = REPO / "tests" / "fixture_site" / "static"
    types = {".css": "text/css", ".png": "image/png", ".ttf": "font/ttf", ".js": "text/javascript"}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            path = urlsplit(self.path).path
            if path.startswith("/p/"):
                seed = int(path.split("/")[2].split(".")[0])
                extra = '<img src="/static/photo.png" alt="photo">'
                body = page(f"Bench page {seed}", 1000 + seed, extra_body=extra).encode()
                ctype = "text/html; charset=utf-8"
            elif path.startswith("/static/") and (static / path[8:]).is_file():
                body = (static / path[8:]).read_bytes()
                ctype = types.get(Path(path).suffix, "application/octet-stream")
            else:
                body, ctype = b"not found", "text/plain"
            self.send_response(200 if ctype != "text/plain" else 404)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            if not isinstance(sys.exc_info()[1], ConnectionError):  # Firefox hanging up
                super().handle_error(request, client_address)

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def setup_django(var_dir: str) -> None:
    setup_sqlite_django(var_dir)


def worker(queue, ready, go, results, browser_kwargs) -> None:
    from django.db import connections

    connections.close_all()
    from harvest import conf
    from harvest.browser import shared_browser
    from harvest.harvester import harvest_item

    # The same arguments harvest_item passes, so the warmed-up browser is the one it uses.
    browser = shared_browser(binary=conf.firefox_binary(), **browser_kwargs)
    browser.capture("about:blank", settle_ms=0)
    ready.release()
    go.wait()
    done = 0
    while True:
        item_id = queue.get()
        if item_id is None:
            break
        harvest_item(item_id)
        done += 1
    results.put(done)


def run(workers: int, urls: list[str], label: str, var_dir: str) -> float:
    """Harvest ``urls`` with ``workers`` processes through a fresh recorder (as in
    production, every resource is archived); returns pages per minute."""
    recorder = start_archive_proxy(
        "record", Path(var_dir) / f"archive-{label}", allow_private=ALLOW_LOOPBACK
    )
    try:
        return _run(workers, urls, label, recorder)
    finally:
        recorder.stop()


def _run(workers: int, urls: list[str], label: str, recorder) -> float:
    from django.db import connections

    from corpora.models import Corpus
    from harvest.harvester import create_job, prepare_run
    from harvest.models import HarvestItem

    corpus = Corpus.objects.create(name=label, slug=label)
    job = create_job(
        corpus, "\n".join(urls),
        settings={"host_delay_ms": 0, "host_concurrency": workers, "settle_ms": 300,
                  "robots": False, "proxy": f"127.0.0.1:{recorder.port}",
                  "proxy_ca": str(recorder.ca_cert_path),
                  "archive_dir": str(recorder.archive_dir)},
    )  # fmt: skip
    settings = job.harvest_settings
    browser_kwargs = {"proxy": settings.proxy, "ca_cert_path": settings.proxy_ca}
    ids = prepare_run(job)
    connections.close_all()
    ctx = multiprocessing.get_context("fork")
    queue, results, ready, go = ctx.Queue(), ctx.Queue(), ctx.Semaphore(0), ctx.Event()
    procs = [
        ctx.Process(target=worker, args=(queue, ready, go, results, browser_kwargs))
        for _ in range(workers)
    ]
    for proc in procs:
        proc.start()
    for _ in procs:
        ready.acquire()
    for item_id in ids:
        queue.put(item_id)
    for _ in procs:
        queue.put(None)
    start = time.perf_counter()
    go.set()
    total = sum(results.get() for _ in procs)
    elapsed = time.perf_counter() - start
    for proc in procs:
        proc.join(30)
    done = HarvestItem.objects.filter(job=job, state=HarvestItem.State.DONE).count()
    if done != len(urls) or total != len(urls):
        bad = list(job.items.exclude(state="done").values_list("url", "reason", "message")[:5])
        raise SystemExit(f"{label}: only {done}/{len(urls)} pages done: {bad}")
    rate = len(urls) / elapsed * 60
    print(f"{label}: {len(urls)} pages in {elapsed:.1f} s = {rate:.1f} pages/min "
          f"({elapsed / len(urls) * workers:.2f} s per page per worker)")  # fmt: skip
    return rate


def navigate_only(urls: list[str]) -> float:
    from harvest import conf
    from harvest.browser import Browser

    browser = Browser(binary=conf.firefox_binary())
    browser.start()
    try:
        browser.client.navigate(urls[0])
        start = time.perf_counter()
        for url in urls:
            browser.client.navigate(url)
        elapsed = time.perf_counter() - start
    finally:
        browser.stop()
    rate = len(urls) / elapsed * 60
    print(f"baseline navigate() only: {rate:.1f} pages/min")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer pages (< 60 s)")
    parser.add_argument("--pages", type=int, help="pages per configuration")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    pages = args.pages or (2 if args.smoke else 10 if args.quick else 60)
    with tempfile.TemporaryDirectory(prefix="kehr-bench-harvest-") as var_dir:
        setup_django(var_dir)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        server = serve_pages()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        one = run(1, [f"{base}/p/{i}.html" for i in range(pages)], "w1", var_dir)
        two = run(2, [f"{base}/p/{i}.html" for i in range(pages, 2 * pages)], "w2", var_dir)
        nav = navigate_only([f"{base}/p/{i}.html" for i in range(pages)])
        server.shutdown()
    krdwrd = 60 / KRDWRD_S_PER_PAGE
    print(
        f"BENCH harvest pages_per_min_1w={one:.1f} pages_per_min_2w={two:.1f} "
        f"s_per_page_1w={60 / one:.2f} navigate_only_pages_per_min={nav:.1f} "
        f"krdwrd_2009_ratio={one / krdwrd:.2f}"
    )


if __name__ == "__main__":
    main()

"""Harvest speed on real 2008 pages whose resource hosts are gone: DNS failure memory
off (as before) and on (now).

The saved KrdWrd pages (../shared/data/krdwrd/canola-*/pages) are served from a local
server. Each keeps its ``<base href>`` to the original site, so its stylesheets,
scripts and images point at hosts that no longer resolve here — the situation that
made harvesting real pages take 2 to 8 s per URL: every one of thousands of resource
requests waited for its own DNS failure in the recorder. The pages are harvested with
``harvest.harvester.harvest_item`` (what a Celery worker runs), one warmed-up headless
Firefox, through a real recorder, in two configurations:

1. ``before``: the recorder started with ``kehr_dns_failure_ttl=0`` (no memory of failed
   host names, every request resolves on its own);
2. ``after``: the default (a failed name is remembered for the run and concurrent
   requests share one lookup).

Each at two resolver speeds: this machine's (a missing name fails in milliseconds) and
a slow one, where each failed lookup takes ``--dns-delay`` seconds (default 1.0; see
bench/slow_dns.py) as dead hosts' lookups often do on the internet.

    python bench/harvest_krdwrd.py [--quick] [--pages N] [--dns-delay S]

Last line: BENCH harvest_krdwrd s_per_page_before=… s_per_page_after=… speedup=…
s_per_page_before_fastdns=… s_per_page_after_fastdns=… fixture_s_per_page=…
(the first three at the slow resolver). Skips with a message when the data is absent.
"""

from __future__ import annotations

import argparse
import http.server
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO / "proxy"), str(REPO)]

from benchlib import setup_sqlite_django  # noqa: E402

from tests.proxy_fixtures import ALLOW_LOOPBACK, start_archive_proxy  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "krdwrd"
SLOW_DNS_SCRIPT = Path(__file__).resolve().with_name("slow_dns.py")


def saved_pages(limit: int) -> list[Path]:
    pages = sorted((DATA / "canola-sample" / "pages").glob("*.html"))
    pages += sorted((DATA / "canola-train" / "pages").glob("*.html"))
    return pages[:limit]


def serve(pages: list[Path]) -> http.server.ThreadingHTTPServer:
    by_name = {page.name: page for page in pages}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            page = by_name.get(self.path.lstrip("/").split("?")[0])
            body = page.read_bytes() if page else b"not found"
            self.send_response(200 if page else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8" if page else "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            if not isinstance(sys.exc_info()[1], ConnectionError):
                super().handle_error(request, client_address)

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def setup_django(var_dir: str) -> None:
    setup_sqlite_django(var_dir)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def harvest(urls: list[str], label: str, var_dir: str, *, remember: bool, delay: float):
    """Seconds per page (median and mean) and the items' outcomes."""
    from corpora.models import Corpus
    from harvest import conf
    from harvest.browser import discard_shared_browser, shared_browser
    from harvest.harvester import create_job, harvest_item, prepare_run

    extra = [] if remember else ["kehr_dns_failure_ttl=0"]
    if delay > 0:
        os.environ["BENCH_DNS_FAILURE_DELAY"] = str(delay)
        extra.append(f"scripts={SLOW_DNS_SCRIPT}")
    recorder = start_archive_proxy(
        "record", Path(var_dir) / f"archive-{label}", allow_private=ALLOW_LOOPBACK, extra_set=extra
    )
    try:
        corpus = Corpus.objects.create(name=label, slug=label, min_words=1)
        job = create_job(
            corpus,
            "\n".join(urls),
            settings={
                "host_delay_ms": 0,
                "settle_ms": 300,
                "robots": False,
                "proxy": f"127.0.0.1:{recorder.port}",
                "proxy_ca": str(recorder.ca_cert_path),
                "archive_dir": str(recorder.archive_dir),
            },
        )
        # Warm up the browser harvest_item will use, as a long-running worker's is.
        browser = shared_browser(
            binary=conf.firefox_binary(),
            proxy=job.settings["proxy"],
            ca_cert_path=job.settings["proxy_ca"],
        )
        browser.capture("about:blank", settle_ms=0)
        times = []
        for item_id in prepare_run(job):
            started = time.perf_counter()
            harvest_item(item_id)
            times.append(time.perf_counter() - started)
        outcomes = sorted(
            f"{state}{'/' + reason if reason else ''}"
            for state, reason in job.items.values_list("state", "reason")
        )
    finally:
        discard_shared_browser()
        recorder.stop()
    median, mean = statistics.median(times), statistics.mean(times)
    print(
        f"{label:22s} {len(times)} pages: median {median:.2f} s, mean {mean:.2f} s, "
        f"max {max(times):.2f} s per page; {', '.join(sorted(set(outcomes)))}",
        file=sys.stderr,
    )
    return median, mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="2 pages, slow resolver only (about a minute)"
    )
    parser.add_argument("--pages", type=int, help="pages per configuration (default 21)")
    parser.add_argument("--dns-delay", type=float, default=1.0, help="slow resolver: s per failure")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    quick = args.quick or args.smoke  # --smoke: as --quick, one page, a shorter delay
    if args.smoke and args.dns_delay == parser.get_default("dns_delay"):
        args.dns_delay = 0.2
    count = args.pages or (1 if args.smoke else 2 if args.quick else 21)
    pages = saved_pages(count)
    if not pages:
        print(f"SKIP harvest_krdwrd: no saved pages under {DATA}", file=sys.stderr)
        print("BENCH harvest_krdwrd skipped=1")
        return
    with tempfile.TemporaryDirectory(prefix="kehr-bench-krdwrd-") as var_dir:
        setup_django(var_dir)
        server = serve(pages)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        results = {}
        delays = [args.dns_delay] if quick else [0.0, args.dns_delay]
        for delay in delays:
            for remember in (False, True):
                label = f"{'after' if remember else 'before'}-dns{delay:g}s"
                # Fresh URLs per configuration: nothing is answered from an earlier archive.
                urls = [f"{base}/{page.name}?run={label}" for page in pages]
                results[(remember, delay)] = harvest(
                    urls, label, var_dir, remember=remember, delay=delay
                )
        server.shutdown()
    slow_before = results[(False, args.dns_delay)][1]
    slow_after = results[(True, args.dns_delay)][1]
    fields = [
        f"s_per_page_before={slow_before:.2f}",
        f"s_per_page_after={slow_after:.2f}",
        f"speedup={slow_before / slow_after:.1f}",
    ]
    if 0.0 in delays:
        fields += [
            f"s_per_page_before_fastdns={results[(False, 0.0)][1]:.2f}",
            f"s_per_page_after_fastdns={results[(True, 0.0)][1]:.2f}",
        ]
    print(
        f"pages={len(pages)} dns_delay_s={args.dns_delay:g} cpus={os.cpu_count()}", file=sys.stderr
    )
    print("BENCH harvest_krdwrd " + " ".join(fields))


if __name__ == "__main__":
    main()

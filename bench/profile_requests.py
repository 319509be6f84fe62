"""CPU milliseconds per next-page and submit request, by layer, on PostgreSQL.

Runs the project's real WSGI application (kehr.wsgi, every middleware, token auth)
in this process against a throwaway PostgreSQL cluster filled like bench/next_page.py
(the same populate()), and alternates GET next-page and POST submission for 50
annotators, as the annotators of the HTTP benchmark do. No HTTP server and no client:
what it measures is the application's CPU per request, which bounds the throughput
a gunicorn worker can reach. Three passes over the same mix:

1. plain: Python CPU of this thread per request (``time.thread_time``) and the
   PostgreSQL backend's CPU per request (its /proc/PID/schedstat), no probes;
2. layers: the same with bench/layers.py's spans, CPU split into WSGI, each
   middleware, routing, DRF, auth, parsing, validation, view, ORM, driver, signals,
   serialisation, rendering (the probes' own cost is the difference to pass 1),
   and the number of SQL statements per request;
3. with --cprofile: cProfile over the mix, the functions with the most own time.

    python bench/profile_requests.py [--pages N] [--requests N] [--cprofile]

Last line: BENCH profile_requests next_cpu_ms=… submit_cpu_ms=… next_db_cpu_ms=…
submit_db_cpu_ms=… next_queries=… submit_queries=…
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO)]

import layers  # noqa: E402
from benchlib import thread_cpu_ns  # noqa: E402
from next_page import SUBMISSIONS_PER_PAGE, annotator_tokens, populate  # noqa: E402

ANNOTATORS = 50
ENDPOINTS = ("next", "submit")


def wsgi_environ(method: str, path: str, token: str, body: bytes = b"") -> dict:
    """What gunicorn hands the application for an httpx request like the benchmark's."""
    return {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_ACCEPT": "*/*",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate",
        "HTTP_CONNECTION": "keep-alive",
        "HTTP_USER_AGENT": "python-httpx/0.28.1",
        "HTTP_AUTHORIZATION": f"Token {token}",
        "CONTENT_TYPE": "application/json" if body else "",
        "CONTENT_LENGTH": str(len(body)) if body else "",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


class Mix:
    """Annotators taking turns: next page, then submit for it, then the next one."""

    def __init__(self, application, tokens: list[str], seed: int = 1) -> None:
        self.application = application
        self.tokens = tokens
        self.rng = random.Random(seed)
        self.pending: dict[str, dict] = {}  # token → page it got and has not submitted
        self.turn = 0

    def request(self) -> tuple[str, str, bytes]:
        """The next request of the mix (kind, token, body), prepared outside any timer."""
        token = self.tokens[self.turn % len(self.tokens)]
        self.turn += 1
        page = self.pending.pop(token, None)
        if page is None:
            return "next", token, b""
        labels = [self.rng.choice((1, 2, 3)) for _ in range(page["node_count"])]
        return "submit", token, json.dumps({"page": page["id"], "labels": labels}).encode()

    def call(self, kind: str, token: str, body: bytes) -> bytes:
        statuses = []

        def start_response(status, headers, exc_info=None):
            statuses.append(status)

        if kind == "next":
            environ = wsgi_environ("GET", "/api/corpora/bench/next-page/", token)
        else:
            environ = wsgi_environ("POST", "/api/submissions/", token, body)
        response = self.application(environ, start_response)
        try:
            content = b"".join(response)
        finally:
            response.close()  # request_finished: what a WSGI server does after sending
        if not statuses[0].startswith(("200", "201")):
            raise SystemExit(f"{kind}: {statuses[0]}: {content[:300]!r}")
        return content

    def record(self, kind: str, token: str, content: bytes) -> None:
        if kind == "next":
            body = json.loads(content)
            if not body["done"]:
                self.pending[token] = body["page"]


def backend_pid() -> int | None:
    """The PostgreSQL backend serving Django's connection (psycopg knows it, no query)."""
    from django.db import connection

    return connection.connection.info.backend_pid if connection.connection else None


def run_plain(mix: Mix, pairs: int) -> dict:
    """Python CPU and PostgreSQL backend CPU per request of each kind, no probes."""
    cpu = defaultdict(int)
    count = defaultdict(int)
    db = defaultdict(int)
    db_count = defaultdict(int)
    for _ in range(2 * pairs):
        kind, token, body = mix.request()
        pid = backend_pid()
        db_before = thread_cpu_ns(pid) if pid else 0
        before = time.thread_time_ns()
        content = mix.call(kind, token, body)
        cpu[kind] += time.thread_time_ns() - before
        count[kind] += 1
        # A request that opened a new connection (CONN_MAX_AGE ran out) has no before.
        if pid and backend_pid() == pid:
            db[kind] += thread_cpu_ns(pid) - db_before
            db_count[kind] += 1
        mix.record(kind, token, content)
    return {
        kind: {
            "cpu_ms": cpu[kind] / count[kind] / 1e6,
            "db_cpu_ms": db[kind] / max(1, db_count[kind]) / 1e6,
        }
        for kind in ENDPOINTS
    }


def run_layers(mix: Mix, pairs: int) -> tuple[dict, dict]:
    """CPU ms per request by layer, and SQL statements per request, for each kind."""
    from django.db import connection

    ns: dict[str, defaultdict[str, int]] = {kind: defaultdict(int) for kind in ENDPOINTS}
    queries = defaultdict(int)
    count = defaultdict(int)
    current = [""]

    def count_queries(execute, sql, params, many, context):
        queries[current[0]] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count_queries):
        for _ in range(2 * pairs):
            kind, token, body = mix.request()
            current[0] = kind
            layers.LEDGER.reset()
            with layers.LEDGER.span("wsgi"):
                content = mix.call(kind, token, body)
            for layer, spent in layers.LEDGER.ns.items():
                ns[kind][layer] += spent
            count[kind] += 1
            mix.record(kind, token, content)
    per_request = {
        kind: {layer: spent / count[kind] / 1e6 for layer, spent in ns[kind].items()}
        for kind in ENDPOINTS
    }
    return per_request, {kind: queries[kind] / count[kind] for kind in ENDPOINTS}


def run_cprofile(mix: Mix, pairs: int, top: int = 35) -> str:
    profiler = cProfile.Profile()
    for _ in range(2 * pairs):
        kind, token, body = mix.request()
        profiler.enable()
        content = mix.call(kind, token, body)
        profiler.disable()
        mix.record(kind, token, content)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def layer_table(per_request: dict, plain: dict) -> str:
    rows = sorted(
        {layer for kind in ENDPOINTS for layer in per_request[kind]},
        key=lambda layer: -sum(per_request[kind].get(layer, 0) for kind in ENDPOINTS),
    )
    lines = [f"{'layer':<28}{'next ms':>9}{'submit ms':>11}"]
    for layer in rows:
        lines.append(
            f"{layer:<28}{per_request['next'].get(layer, 0):>9.3f}"
            f"{per_request['submit'].get(layer, 0):>11.3f}"
        )
    totals = {kind: sum(per_request[kind].values()) for kind in ENDPOINTS}
    lines.append(f"{'sum of layers (probed)':<28}{totals['next']:>9.3f}{totals['submit']:>11.3f}")
    lines.append(
        f"{'Python CPU (no probes)':<28}{plain['next']['cpu_ms']:>9.3f}"
        f"{plain['submit']['cpu_ms']:>11.3f}"
    )
    lines.append(
        f"{'PostgreSQL backend CPU':<28}{plain['next']['db_cpu_ms']:>9.3f}"
        f"{plain['submit']['db_cpu_ms']:>11.3f}"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=2_000, help="per pass (next + submit)")
    parser.add_argument("--cprofile", action="store_true", help="also print cProfile's top")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    if args.smoke:
        args.pages, args.requests = 200, 2 * ANNOTATORS
    if args.requests < 2 * ANNOTATORS:
        # The annotators take turns: with fewer requests than two rounds, none submits and
        # the submit figures would divide by zero.
        parser.error(f"--requests {args.requests}: at least {2 * ANNOTATORS} (two rounds of "
                     f"the {ANNOTATORS} annotators, so that each submits once)")  # fmt: skip
    pairs = args.requests // 2

    from tests.services import PostgresCluster  # the test harness's throwaway cluster

    workdir = Path(tempfile.mkdtemp(prefix="kehr-profile-"))
    postgres = PostgresCluster(workdir / "postgres")
    postgres.start()
    try:
        os.environ["DATABASE_URL"] = postgres.url
        os.environ["KEHR_VAR_DIR"] = str(workdir / "var")
        os.environ["DJANGO_SETTINGS_MODULE"] = "kehr.settings"
        os.environ["LOG_LEVEL"] = "WARNING"
        # The settings only read var/: the start-up command makes it (kehr/instance.py).
        from kehr.instance import init_instance

        init_instance()
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.utils.module_loading import import_string

        call_command("migrate", verbosity=0)
        call_command("createcachetable", verbosity=0)
        populate(args.pages, per_page=SUBMISSIONS_PER_PAGE, users=500)
        tokens = annotator_tokens(ANNOTATORS)
        connection.close()  # the application opens its own, as in a gunicorn worker

        from api.views.corpora import CorpusViewSet
        from api.views.submissions import SubmissionViewSet
        from kehr.wsgi import application

        mix = Mix(application, tokens)
        for _ in range(100):  # warm-up: imports, URL resolver, connection, plan caches
            kind, token, body = mix.request()
            mix.record(kind, token, mix.call(kind, token, body))
        plain = run_plain(mix, pairs)
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements")
            prepared = [row[0] for row in cursor.fetchall()]
        # Server-side binding lets psycopg prepare what a connection repeats (settings).
        print(f"statements PostgreSQL holds prepared: {len(prepared)}", file=sys.stderr)
        layers.install(
            view_handlers=[(CorpusViewSet, "next_page"), (SubmissionViewSet, "create")],
            middleware=[import_string(path) for path in settings.MIDDLEWARE],
        )
        per_layer, queries = run_layers(mix, pairs)
        print(layer_table(per_layer, plain), file=sys.stderr)
        print(
            f"SQL statements per request: next {queries['next']:.1f}, "
            f"submit {queries['submit']:.1f}",
            file=sys.stderr,
        )
        if args.cprofile:
            print(run_cprofile(mix, pairs), file=sys.stderr)
    finally:
        postgres.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    print(
        "BENCH profile_requests "
        f"next_cpu_ms={plain['next']['cpu_ms']:.2f} "
        f"submit_cpu_ms={plain['submit']['cpu_ms']:.2f} "
        f"next_db_cpu_ms={plain['next']['db_cpu_ms']:.2f} "
        f"submit_db_cpu_ms={plain['submit']['db_cpu_ms']:.2f} "
        f"next_queries={queries['next']:.1f} "
        f"submit_queries={queries['submit']:.1f}"
    )


if __name__ == "__main__":
    main()

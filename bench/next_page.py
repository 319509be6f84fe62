"""Next-page and submit latency under 50 concurrent annotators, on PostgreSQL over HTTP.

Builds a corpus of 100,000 pages and about 1,000,000 submissions (10 per page on
average, 300-node vectors) in a throwaway PostgreSQL cluster with COPY, serves the
API with gunicorn (sync workers), and runs 50 simulated annotators that alternately
ask for the next page and submit a vector for it, in three phases:

1. warm-up (3 s, not measured): workers import views and open connections;
2. latency: each annotator pauses between actions (exponential, mean --think s;
   1 s means a page every ~2 s, far faster than a person) — p50/p99 as the client
   sees them, and the server's own request time from gunicorn's access log
   (the load generator shares the machine's two cores, so the client's tail
   includes its own scheduling);
3. capacity: no pauses at all — requests per second the machine sustains.

In the same run it times Kehr's indexed next-page query against a naive one that
counts every page's submissions at request time, and prints the ratio.

    python bench/next_page.py [--quick] [--think S] [--workers N] [--annotators N]

Last line: BENCH next_page p50_ms=… p99_ms=… submit_p99_ms=… server_p99_ms=… rps=…
naive_ratio=… errors=…
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO)]

from benchlib import free_port, percentile, tree_cpu_seconds  # noqa: E402

NODES = 300
# 100,000 pages x 10 = about 1,000,000 submissions, the size the foundation issue names.
SUBMISSIONS_PER_PAGE = 10.0


def populate(pages: int, per_page: float, users: int) -> int:
    """Bulk-load with COPY: pages, users and submissions, counters set to match."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from corpora.models import Corpus, Page
    from gold.models import PageGold

    corpus = Corpus.objects.create(name="Bench", slug="bench", min_words=0)
    User = get_user_model()
    rng = random.Random(7)
    User.objects.bulk_create(
        [User(username=f"filler{i}", password="!") for i in range(users)], batch_size=5000
    )
    user_ids = list(User.objects.values_list("id", flat=True))
    document = (
        "<html><body>"
        + "".join(f"<p><kehr-t data-i='{i}'>w</kehr-t></p>" for i in range(NODES))
        + "</body></html>"
    )
    tokens = "[" + ",".join(["1"] * NODES) + "]"
    with connection.cursor() as cursor:
        with cursor.copy(
            "COPY corpora_page (corpus_id, url, final_url, title, document, source_encoding,"
            " node_count, word_count, node_tokens, capture_record_id, submission_count,"
            " shuffle_key, uncertainty, created_at, updated_at) FROM STDIN"
        ) as copy:
            for n in range(pages):
                copy.write_row(
                    (
                        corpus.pk,
                        f"https://bench.example/{n}",
                        "",
                        f"Page {n}",
                        document,
                        "utf-8",
                        NODES,
                        NODES,
                        tokens,
                        "",
                        0,
                        rng.randrange(2**31),
                        0.0,  # no model has labelled the pages (the random page order)
                        "now",
                        "now",
                    )
                )
        cursor.execute("SELECT id FROM corpora_page WHERE corpus_id = %s", [corpus.pk])
        page_ids = [row[0] for row in cursor.fetchall()]
        vector = bytes(rng.choice((1, 2, 3)) for _ in range(NODES))
        with cursor.copy(
            "COPY annotations_submission (page_id, user_id, labels, revision, submitted_at,"
            " client_version, created_at) FROM STDIN"
        ) as copy:
            for page_id in page_ids:
                count = min(len(user_ids), max(0, round(rng.gauss(per_page, 3))))
                for user_id in rng.sample(user_ids, count):
                    copy.write_row((page_id, user_id, vector, 1, "now", "bench", "now"))
        cursor.execute(
            "UPDATE corpora_page p SET submission_count = s.n FROM (SELECT page_id,"
            " count(*) n FROM annotations_submission GROUP BY page_id) s WHERE s.page_id = p.id"
        )
        cursor.execute("SELECT count(*) FROM annotations_submission")
        submissions = cursor.fetchone()[0]
    # Every page with a submission has a gold row, as the submissions' signals would have
    # given it (COPY sends none): a submission then marks its page with one UPDATE.
    PageGold.objects.bulk_create(
        (
            PageGold(page_id=page_id, corpus_id=corpus.pk)
            for page_id in Page.objects.filter(corpus=corpus, submission_count__gt=0)
            .values_list("pk", flat=True)
            .iterator()
        ),
        batch_size=5000,
    )
    with connection.cursor() as cursor:
        # As autovacuum would leave a long-running database: statistics for the planner,
        # a visibility map for index-only scans of the (page, user) index.
        cursor.execute("VACUUM ANALYZE")
    return submissions


def annotator_tokens(count: int) -> list[str]:
    """Accounts bench0… with an API token each, as the add-on would hold them."""
    from django.contrib.auth import get_user_model

    from accounts.models import issue_token

    tokens = []
    for i in range(count):
        # No password: they log in by token, and hashing 50 passwords (PBKDF2) would
        # cost --quick a good part of its minute.
        user = get_user_model().objects.create_user(username=f"bench{i}", password=None)
        tokens.append(issue_token(user, "bench").key)
    return tokens


def naive_next_page(user, corpus, rng: random.Random):
    """Kehr's selection with the counter computed per request instead of stored.

    The same steps as annotations.selection.next_page_for — the lowest submission count
    among the user's undone pages, then the first page of that level at or after a
    random point of the shuffle key — only the count is Count("submissions") over the
    submissions table, as a first version without the stored counter would do it.
    """
    from django.db.models import Count, Exists, OuterRef, Subquery

    from annotations.models import Submission
    from corpora.models import Page

    done = Submission.objects.filter(page=OuterRef("pk"), user=user)
    counted = (
        Page.objects.filter(corpus=corpus)
        .exclude(Exists(done))
        .annotate(n=Count("submissions"))
        .defer("document", "node_tokens")
    )
    least = Subquery(counted.order_by("n").values("n")[:1])
    level = counted.filter(n=least)
    pivot = rng.randrange(2**31)
    page = level.filter(shuffle_key__gte=pivot).order_by("shuffle_key").first()
    return page or level.order_by("shuffle_key").first()


def time_queries(samples: int) -> tuple[float, float]:
    from django.contrib.auth import get_user_model

    from annotations.selection import next_page_for
    from corpora.models import Corpus

    corpus = Corpus.objects.get(slug="bench")
    user = get_user_model().objects.get(username="filler0")
    ours, naive = [], []
    rng = random.Random(11)
    for _ in range(samples):
        start = time.perf_counter()
        next_page_for(user, corpus, rng)
        ours.append(time.perf_counter() - start)
    for _ in range(max(3, samples // 20)):
        start = time.perf_counter()
        naive_next_page(user, corpus, rng)
        naive.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(naive)


async def annotator_loop(base: str, token: str, think: float, deadline: float, out: dict) -> None:
    """One simulated annotator: next page, (think), submit, (think), … until the deadline.

    All annotators share one asyncio loop in one thread: unlike 50 OS threads fighting
    over the GIL, a response is timed as soon as it arrives. Each has its own session
    (its own keep-alive connection, as each annotator's browser has). aiohttp rather
    than httpx: the load generator shares the two cores with the server, and aiohttp
    spends a fifth of httpx's CPU per request (about 1 ms against 5 ms here).
    """
    import aiohttp

    rng = random.Random(token)
    headers = {"Authorization": f"Token {token}"}

    async def pause() -> None:
        if think > 0:
            await asyncio.sleep(min(rng.expovariate(1 / think), 10 * think))

    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(base, headers=headers, timeout=timeout) as session:
        while time.monotonic() < deadline:
            await pause()
            start = time.perf_counter()
            async with session.get("/api/corpora/bench/next-page/") as response:
                content = await response.read()
            out["next"].append(time.perf_counter() - start)
            if response.status != 200:
                out["errors"].append(response.status)
                continue
            body = json.loads(content)
            if body["done"]:
                break
            page = body["page"]
            labels = [rng.choice((1, 2, 3)) for _ in range(page["node_count"])]
            await pause()
            start = time.perf_counter()
            async with session.post(
                "/api/submissions/", json={"page": page["id"], "labels": labels}
            ) as posted:
                await posted.read()
            out["submit"].append(time.perf_counter() - start)
            if posted.status not in (200, 201):
                out["errors"].append(posted.status)


def count_lines(path: Path) -> int:
    return sum(1 for _ in path.open()) if path.exists() else 0


def server_times(path: Path, skip: int) -> dict[str, list[float]]:
    """Server-side durations in ms per endpoint, from gunicorn's access log."""
    times: dict[str, list[float]] = {"next": [], "submit": []}
    with path.open() as log:
        for number, line in enumerate(log):
            if number < skip:
                continue
            url, micros = line.split()
            kind = "next" if url.endswith("/next-page/") else "submit"
            times[kind].append(int(micros) / 1000)
    return times


def run_annotators(
    base: str, tokens: list[str], think: float, seconds: float, pids: dict[str, int]
) -> dict:
    """Run the annotators for `seconds`; their timings, and the CPU each party spent.

    ``pids`` names the process trees to account (gunicorn's master, PostgreSQL's
    postmaster); the load generator is this process.
    """
    out: dict = {"next": [], "submit": [], "errors": []}
    cpu_before = {name: tree_cpu_seconds(pid) for name, pid in pids.items()}
    client_before = time.process_time()

    async def everyone() -> None:
        deadline = time.monotonic() + seconds
        await asyncio.gather(
            *(annotator_loop(base, token, think, deadline, out) for token in tokens)
        )

    began = time.perf_counter()
    asyncio.run(everyone())
    requests = len(out["next"]) + len(out["submit"])
    out["rps"] = requests / (time.perf_counter() - began)
    cpu = {name: tree_cpu_seconds(pid) - cpu_before[name] for name, pid in pids.items()}
    cpu["client"] = time.process_time() - client_before
    out["cpu_ms"] = {name: 1000 * spent / max(1, requests) for name, spent in cpu.items()}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small corpus, ends within 60 s")
    parser.add_argument("--annotators", type=int, default=50)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument(
        "--worker-class", default="sync", choices=("sync", "gthread"), help="gunicorn's"
    )
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument("--seconds", type=float, default=None, help="length of the latency phase")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean pause of an annotator between actions (s)"
    )
    parser.add_argument(
        "--smoke", action="store_true",
        help="tiniest sizes (100 pages, 4 annotators, 1 worker, 1 s phases): only checks that "
        "the bench runs",
    )  # fmt: skip
    args = parser.parse_args()
    if args.smoke:
        args.annotators, args.workers = 4, 1
    # --quick must end within 60 s on this 2-core machine, PostgreSQL start and
    # migrations included (about 25 s of it): a small corpus and short phases.
    pages, seconds = (100, 1.0) if args.smoke else (2_000, 6.0) if args.quick else (100_000, 30.0)
    seconds = args.seconds or seconds

    from tests.services import PostgresCluster  # the test harness's throwaway cluster

    workdir = Path(tempfile.mkdtemp(prefix="kehr-bench-"))
    postgres = PostgresCluster(workdir / "postgres")
    postgres.start()
    try:
        os.environ["DATABASE_URL"] = postgres.url
        os.environ["KEHR_VAR_DIR"] = str(workdir / "var")
        os.environ["DJANGO_SETTINGS_MODULE"] = "kehr.settings"
        os.environ["LOG_LEVEL"] = "WARNING"  # no log line per request (httpx, gunicorn)
        # The settings only read var/: the start-up command makes it (kehr/instance.py).
        from kehr.instance import init_instance

        init_instance()
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("createcachetable", verbosity=0)
        started = time.perf_counter()
        submissions = populate(
            pages, per_page=SUBMISSIONS_PER_PAGE, users=200 if args.quick or args.smoke else 2_000
        )
        print(f"populated {pages} pages in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        ours, naive = time_queries(5 if args.smoke else 60 if args.quick else 200)
        tokens = annotator_tokens(args.annotators)

        port = free_port()
        access_log = workdir / "access.log"
        env = {**os.environ, "PYTHONPATH": f"{REPO / 'backend'}"}
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "kehr.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(args.workers),
                "--worker-class",
                args.worker_class,
                "--threads",
                str(args.threads),
                "--log-level",
                "warning",
                # The server's own view of each request (microseconds), to tell server
                # latency from the load generator's, which shares these two cores.
                "--access-logfile",
                str(access_log),
                "--access-logformat",
                "%(U)s %(D)s",
            ],
            cwd=REPO,
            env=env,
        )
        try:
            import httpx

            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx.get(f"{base}/healthz/").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not come up within 30 s")
                time.sleep(0.2)
            # Warm-up, not measured: every gunicorn worker imports the views, resolves
            # URLs and opens its database connection on its first requests.
            pids = {"server": server.pid, "db": postgres.proc.pid}
            run_annotators(
                base, tokens, 0.0, 0.5 if args.smoke else 1.5 if args.quick else 3.0, pids
            )
            # Phase 1, latency: annotators pause between actions (exponential think time,
            # --think mean), as people do; the server is busy but not saturated.
            logged_before = count_lines(access_log)
            latency = run_annotators(base, tokens, args.think, seconds, pids)
            time.sleep(0.5)  # let the workers flush their access log lines
            served = server_times(access_log, skip=logged_before)
            # Phase 2, capacity: no pauses at all, every annotator hammers the server;
            # requests per second here is the throughput ceiling of this machine.
            capacity = run_annotators(base, tokens, 0.0, seconds / 2, pids)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    finally:
        postgres.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    errors = latency["errors"] + capacity["errors"]
    if errors:
        print(f"errors: {len(errors)} (statuses {sorted(set(errors))})", file=sys.stderr)
    ms = {name: [v * 1000 for v in latency[name]] for name in ("next", "submit")}
    print(
        f"pages={pages} submissions={submissions} annotators={args.annotators} "
        f"think_s={args.think} latency_phase_rps={latency['rps']:.0f} "
        f"next_p50_ms={statistics.median(ms['next']):.1f} "
        f"server_next_p50_ms={percentile(served['next'], 0.5):.1f} "
        f"server_submit_p99_ms={percentile(served['submit'], 0.99):.1f} "
        f"submit_p50_ms={statistics.median(ms['submit']):.1f} "
        f"saturated_next_p99_ms={percentile(capacity['next'], 0.99) * 1000:.0f} "
        f"next_page_query_ms={ours * 1000:.2f} naive_query_ms={naive * 1000:.1f}",
        file=sys.stderr,
    )
    for phase, out in (("latency", latency), ("saturated", capacity)):
        print(
            f"{phase} phase CPU ms per request: "
            + " ".join(f"{name}={spent:.2f}" for name, spent in out["cpu_ms"].items()),
            file=sys.stderr,
        )
    # CPU per request at saturation, where idle work (gunicorn's heartbeats, PostgreSQL's
    # background writers) is spread thinnest: the server's (gunicorn + PostgreSQL) and,
    # separately, the load generator's, which runs on the same two cores.
    cpu = capacity["cpu_ms"]
    print(
        "BENCH next_page "
        f"p50_ms={percentile(ms['next'], 0.5):.1f} "
        f"p99_ms={percentile(ms['next'], 0.99):.1f} "
        f"submit_p99_ms={percentile(ms['submit'], 0.99):.1f} "
        f"server_p99_ms={percentile(served['next'], 0.99):.1f} "
        f"rps={capacity['rps']:.0f} "
        f"cpu_ms={cpu['server'] + cpu['db']:.2f} "
        f"app_cpu_ms={cpu['server']:.2f} "
        f"db_cpu_ms={cpu['db']:.2f} "
        f"client_cpu_ms={cpu['client']:.2f} "
        f"naive_ratio={naive / ours:.0f} "
        f"errors={len(errors)}"
    )


if __name__ == "__main__":
    main()

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

from benchlib import free_port, percentile  # noqa: E402

NODES = 300
# 100,000 pages x 10 = about 1,000,000 submissions, the size the foundation issue names.
SUBMISSIONS_PER_PAGE = 10.0


def populate(pages: int, per_page: float, users: int) -> int:
    """Bulk-load with COPY: pages, users and submissions, counters set to match."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from corpora.models import Corpus

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
            " shuffle_key, created_at, updated_at) FROM STDIN"
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
        cursor.execute("ANALYZE")
        cursor.execute("SELECT count(*) FROM annotations_submission")
        return cursor.fetchone()[0]


def naive_next_page(user, corpus):
    """What a first version would do: count every page's submissions per request."""
    from django.db.models import Count

    from corpora.models import Page

    return (
        Page.objects.filter(corpus=corpus)
        .exclude(submissions__user=user)
        .annotate(n=Count("submissions"))
        .order_by("n", "?")
        .defer("document", "node_tokens")
        .first()
    )


def time_queries(samples: int) -> tuple[float, float]:
    from django.contrib.auth import get_user_model

    from annotations.selection import next_page_for
    from corpora.models import Corpus

    corpus = Corpus.objects.get(slug="bench")
    user = get_user_model().objects.get(username="filler0")
    ours, naive = [], []
    for _ in range(samples):
        start = time.perf_counter()
        next_page_for(user, corpus)
        ours.append(time.perf_counter() - start)
    for _ in range(max(3, samples // 20)):
        start = time.perf_counter()
        naive_next_page(user, corpus)
        naive.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(naive)


async def annotator_loop(base: str, token: str, think: float, deadline: float, out: dict) -> None:
    """One simulated annotator: next page, (think), submit, (think), … until the deadline.

    All annotators share one asyncio loop in one thread: unlike 50 OS threads fighting
    over the GIL, a response is timed as soon as it arrives.
    """
    import httpx

    rng = random.Random(token)
    headers = {"Authorization": f"Token {token}"}

    async def pause() -> None:
        if think > 0:
            await asyncio.sleep(min(rng.expovariate(1 / think), 10 * think))

    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        while time.monotonic() < deadline:
            await pause()
            start = time.perf_counter()
            response = await client.get("/api/corpora/bench/next-page/")
            out["next"].append(time.perf_counter() - start)
            if response.status_code != 200:
                out["errors"].append(response.status_code)
                continue
            body = response.json()
            if body["done"]:
                break
            page = body["page"]
            labels = [rng.choice((1, 2, 3)) for _ in range(page["node_count"])]
            await pause()
            start = time.perf_counter()
            posted = await client.post(
                "/api/submissions/", json={"page": page["id"], "labels": labels}
            )
            out["submit"].append(time.perf_counter() - start)
            if posted.status_code not in (200, 201):
                out["errors"].append(posted.status_code)


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


def run_annotators(base: str, tokens: list[str], think: float, seconds: float) -> dict:
    out: dict = {"next": [], "submit": [], "errors": []}

    async def everyone() -> None:
        deadline = time.monotonic() + seconds
        await asyncio.gather(
            *(annotator_loop(base, token, think, deadline, out) for token in tokens)
        )

    began = time.perf_counter()
    asyncio.run(everyone())
    out["rps"] = (len(out["next"]) + len(out["submit"])) / (time.perf_counter() - began)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small corpus, ends within 60 s")
    parser.add_argument("--annotators", type=int, default=50)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers")
    parser.add_argument("--seconds", type=float, default=None, help="length of the latency phase")
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean pause of an annotator between actions (s)"
    )
    args = parser.parse_args()
    pages, seconds = (5_000, 10.0) if args.quick else (100_000, 30.0)
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
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from accounts.models import issue_token

        call_command("migrate", verbosity=0)
        call_command("createcachetable", verbosity=0)
        started = time.perf_counter()
        submissions = populate(
            pages, per_page=SUBMISSIONS_PER_PAGE, users=2_000 if not args.quick else 200
        )
        print(f"populated {pages} pages in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        ours, naive = time_queries(200 if not args.quick else 60)
        tokens = []
        for i in range(args.annotators):
            user = get_user_model().objects.create_user(username=f"bench{i}", password="x")
            tokens.append(issue_token(user, "bench").key)

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
            run_annotators(base, tokens, 0.0, 3.0)
            # Phase 1, latency: annotators pause between actions (exponential think time,
            # --think mean), as people do; the server is busy but not saturated.
            logged_before = count_lines(access_log)
            latency = run_annotators(base, tokens, args.think, seconds)
            time.sleep(0.5)  # let the workers flush their access log lines
            served = server_times(access_log, skip=logged_before)
            # Phase 2, capacity: no pauses at all, every annotator hammers the server;
            # requests per second here is the throughput ceiling of this machine.
            capacity = run_annotators(base, tokens, 0.0, seconds / 2)
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
    print(
        "BENCH next_page "
        f"p50_ms={percentile(ms['next'], 0.5):.1f} "
        f"p99_ms={percentile(ms['next'], 0.99):.1f} "
        f"submit_p99_ms={percentile(ms['submit'], 0.99):.1f} "
        f"server_p99_ms={percentile(served['next'], 0.99):.1f} "
        f"rps={capacity['rps']:.0f} "
        f"naive_ratio={naive / ours:.0f} "
        f"errors={len(errors)}"
    )


if __name__ == "__main__":
    main()

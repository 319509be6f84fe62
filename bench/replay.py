"""Replay throughput and latency: Kehr's replay proxy vs a static server vs server_replay.

One page's resources (an HTML page, two stylesheets, twelve images of 2-60 KB) are
served by a plain static file server (python's http.server in its own process). They
are recorded once through the Kehr recorder into a fresh archive, and once through
mitmdump's save_stream_file into a flows file. Then, in the same run, a client
(asyncio + httpx, --concurrency parallel connections) fetches the resources in a
loop for --seconds against each of:

1. static        the static file server directly (the floor: no proxy at all);
2. kehr          Kehr's replay proxy (index lookup + WARC read, cached), origin stopped;
3. server_replay mitmproxy's built-in server_replay on the same flows, origin stopped.

The origin is stopped before both replays run, and every answer is checked: a
request counts (in rps and the latencies) only when it is a 200 whose body is byte for
byte the file on disk. Anything else is an error; the run then prints what went wrong
and exits with status 1 (after the BENCH line, which reports errors=N).

    python bench/replay.py [--quick] [--seconds S] [--concurrency N]

Last line: BENCH replay rps=… p50_ms=… static_ratio=… server_replay_ratio=…
(rps and p50 are Kehr's replay proxy; the ratios are Kehr's rps over the other's).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "proxy"), str(REPO)]

from benchlib import free_port, percentile  # noqa: E402

from tests.proxy_fixtures import ALLOW_LOOPBACK, start_archive_proxy  # noqa: E402

MITMDUMP = str(Path(sys.executable).with_name("mitmdump"))


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def make_site(root: Path) -> list[str]:
    rng = random.Random(3)
    images = [f"img/{n}.png" for n in range(12)]
    html = ["<!DOCTYPE html><html><head><title>Bench page</title>"]
    html += ['<link rel="stylesheet" href="/a.css">', '<link rel="stylesheet" href="/b.css">']
    html += ["</head><body>"] + [f"<p>Paragraph {n} of running text.</p>" for n in range(300)]
    html += [f'<img src="/{name}">' for name in images] + ["</body></html>"]
    (root / "img").mkdir(parents=True)
    (root / "index.html").write_text("\n".join(html))
    (root / "a.css").write_text("p { margin: 0 0 1em; color: #222; }\n" * 200)
    (root / "b.css").write_text("img { max-width: 100%; border: 0; }\n" * 100)
    for name in images:
        (root / name).write_bytes(rng.randbytes(rng.randint(2_000, 60_000)))
    return ["/index.html", "/a.css", "/b.css", *[f"/{name}" for name in images]]


def problem(response: httpx.Response, expected: bytes) -> str | None:
    """Why an answer is wrong (None when it is the archived file, byte for byte)."""
    if response.status_code != 200:
        return f"status {response.status_code}"
    if response.content != expected:
        return f"body of {len(response.content)} bytes differs from the {len(expected)} on disk"
    return None


async def load(
    base: str,
    paths: list[str],
    expected: dict[str, bytes],
    proxy: str | None,
    seconds: float,
    conc: int,
):
    latencies: list[float] = []
    errors: list[str] = []

    async def worker(client: httpx.AsyncClient, offset: int):
        i = offset
        while time.perf_counter() < stop_at:
            path = paths[i % len(paths)]
            i += 1
            started = time.perf_counter()
            try:
                response = await client.get(base + path)
            except httpx.HTTPError as error:
                errors.append(f"{path}: {type(error).__name__}: {error}")
                continue
            elapsed = time.perf_counter() - started
            wrong = problem(response, expected[path])
            if wrong:
                errors.append(f"{path}: {wrong}")
            else:
                latencies.append(elapsed)

    limits = httpx.Limits(max_connections=conc, max_keepalive_connections=conc)
    async with httpx.AsyncClient(proxy=proxy, limits=limits, timeout=30) as client:
        for path in paths:  # warm-up: connections, caches; a wrong answer here is an error too
            wrong = problem(await client.get(base + path), expected[path])
            if wrong:
                errors.append(f"{path} (warm-up): {wrong}")
        began = time.perf_counter()
        # The phase starts after the warm-up: timed from before it, a slow warm-up (a busy
        # machine, mitmdump's first connection) ate the phase and nothing was measured.
        stop_at = began + seconds
        await asyncio.gather(*(worker(client, n) for n in range(conc)))
        elapsed = time.perf_counter() - began
    # Only correct answers count: a fast 404 must not look like throughput.
    return {"rps": len(latencies) / elapsed, "lat": latencies, "errors": errors}


def ratio(ours: float, theirs: float) -> float:
    """ours / theirs; NaN when theirs answered nothing correctly (errors=N says why)."""
    return ours / theirs if theirs else math.nan


def run(cmd: list[str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)


def mitmdump(port: int, work: Path) -> list[str]:
    listen = ("--listen-host", "127.0.0.1", "--listen-port", str(port))
    return [MITMDUMP, "-q", *listen, "--set", f"confdir={work / 'mitm-conf'}"]


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    seconds = args.seconds or (1.0 if args.smoke else 6.0 if args.quick else 20.0)
    work = Path(tempfile.mkdtemp(prefix="kehr-bench-replay-"))
    processes: list = []
    try:
        paths = make_site(work / "site")
        expected = {path: (work / "site" / path.lstrip("/")).read_bytes() for path in paths}
        port = free_port()
        static = run(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=work / "site",
        )
        processes.append(static)
        wait_port(port)
        base = f"http://127.0.0.1:{port}"

        # Record with Kehr, and into a flows file for server_replay, from the live site.
        recorder = start_archive_proxy(
            "record", work / "archive", inject=False, allow_private=ALLOW_LOOPBACK
        )
        flows_port = free_port()
        saver = run(
            [
                *mitmdump(flows_port, work),
                *("--set", f"save_stream_file={work / 'flows.mitm'}"),
            ]
        )
        wait_port(flows_port)
        with httpx.Client(timeout=30) as c:
            for proxy in (recorder.url, f"http://127.0.0.1:{flows_port}"):
                for path in paths:
                    with httpx.Client(proxy=proxy, timeout=30) as pc:
                        assert pc.get(base + path).status_code == 200
            static_bytes = sum(len(c.get(base + p).content) for p in paths)
        recorder.stop()
        stop(saver)

        static_result = asyncio.run(load(base, paths, expected, None, seconds, args.concurrency))
        stop(static)  # from here on, only archives can answer

        kehr = start_archive_proxy("replay", work / "archive", inject=False)
        processes.append(kehr.process)
        kehr_result = asyncio.run(load(base, paths, expected, kehr.url, seconds, args.concurrency))
        kehr.stop()

        sr_port = free_port()
        server_replay = run(
            [
                *mitmdump(sr_port, work),
                *("--server-replay", str(work / "flows.mitm")),
                *("--set", "server_replay_reuse=true", "--set", "server_replay_extra=404"),
                *("--set", "connection_strategy=lazy", "--set", "upstream_cert=false"),
            ]
        )
        processes.append(server_replay)
        wait_port(sr_port)
        sr_result = asyncio.run(
            load(base, paths, expected, f"http://127.0.0.1:{sr_port}", seconds, args.concurrency)
        )
        stop(server_replay)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)

    def ms(result, q):
        # A phase where every request failed has no latency: NaN, and errors=N says why.
        return percentile(result["lat"], q) * 1000 if result["lat"] else math.nan

    for name, result in (
        ("static", static_result),
        ("kehr", kehr_result),
        ("server_replay", sr_result),
    ):
        print(
            f"{name:14s} rps={result['rps']:.0f} p50_ms={ms(result, 0.5):.2f} "
            f"p99_ms={ms(result, 0.99):.2f} requests={len(result['lat'])} "
            f"errors={len(result['errors'])}",
            file=sys.stderr,
        )
        for line in sorted(set(result["errors"]))[:10]:
            print(f"  {name} error: {line}", file=sys.stderr)
    print(
        f"resources={len(paths)} page_bytes={static_bytes} seconds={seconds} "
        f"concurrency={args.concurrency} cpus={os.cpu_count()} "
        f"kehr_mean_ms={statistics.fmean(kehr_result['lat'] or [math.nan]) * 1000:.2f}",
        file=sys.stderr,
    )
    errors = sum(len(r["errors"]) for r in (kehr_result, sr_result, static_result))
    print(
        "BENCH replay "
        f"rps={kehr_result['rps']:.0f} "
        f"p50_ms={ms(kehr_result, 0.5):.2f} "
        f"p99_ms={ms(kehr_result, 0.99):.2f} "
        f"static_ratio={ratio(kehr_result['rps'], static_result['rps']):.2f} "
        f"server_replay_ratio={ratio(kehr_result['rps'], sr_result['rps']):.2f} "
        f"errors={errors}"
    )
    if errors:
        print(f"replay bench: {errors} wrong answers (see above)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

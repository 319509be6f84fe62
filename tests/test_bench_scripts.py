"""Every script in bench/ still runs (issue 26, item 14).

bench/merge.py was broken on main for days: a new NOT NULL column without a database
default made its COPY fail, and nothing ran it. Here every script in bench/, found by
globbing (a new bench is covered without being listed), runs in its tiniest form,
``--smoke``, the way a person runs it (``python bench/NAME.py``, its own databases,
servers and browsers), and must exit 0 with a well-formed ``BENCH name key=value …``
last line. The figures of a smoke run mean nothing and are not checked.

Each bench runs once per CI run, on the leg of the database it uses: the PostgreSQL
benches (each starts a throwaway cluster of its own from tests.services) on the
PostgreSQL leg, all others (SQLite or no database) on the SQLite leg. They run two at a
time (most of a smoke run is waiting: for Firefox, PostgreSQL, a slow resolver).

A script that cannot run here is listed with the reason; the lists fail when a listed
name no longer exists.
"""

from __future__ import annotations

import asyncio
import http.server
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.krdwrd_data import KRDWRD, krdwrd_folder
from tests.services import Services

REPO = Path(__file__).resolve().parents[1]
BENCH_DIR = REPO / "bench"

# Modules the benches import, not benches themselves: they run inside the benches that
# use them (test_helpers_are_used checks that one of the run benches names each).
HELPERS = {
    "benchlib": "helpers the benches share",
    "layers": "profile_requests' per-layer CPU spans",
    "slow_dns": "harvest_krdwrd's slow resolver, a mitmproxy script",
    "template_stream": "the synthetic news stream of template_methods and dbce_parallel",
    "template_sites": "template_eval's Debian sites and their gold rules",
}
# Helpers whose benches CI only imports (HELP_ONLY): their own tests run them instead.
HELP_ONLY_HELPERS = {"template_sites": "tests/test_template_eval.py"}
# Benches that cannot run in CI: only imported (``--help``), each with the reason.
HELP_ONLY = {
    "template_eval": "needs Debian's documentation packages (python3.11-doc, git-doc, "
    "debian-reference-en, …) as its sites; CI does not install them",
    "template_ablation": "crawls template_eval's sites (Debian documentation packages)",
    "template_harvest": "harvests template_eval's sites (Debian documentation packages)",
    "template_screen": "crawls template_eval's sites (Debian documentation packages); "
    "tests/test_template_screen.py runs its cache, screen and comparison on hand-made pages",
    "engine_model_report": "each step overwrites the published report (bench/reports, "
    "docs/evaluation); cv and ablations take minutes even on few folds",
}
# Benches on PostgreSQL (a throwaway cluster of their own): run on the PostgreSQL leg.
POSTGRES = {"merge", "next_page", "profile_requests"}
# Benches that read the 2008 KrdWrd pages (../shared/data/krdwrd): skipped where the
# data is absent, failed in CI (tests/krdwrd_data.py).
KRDWRD_BENCHES = {
    "classify", "harvest_krdwrd", "learning_curve", "modern_cv", "render_krdwrd", "smoothing",
    "suggestions",
}  # fmt: skip
# Benches that also read today's pages (../shared/data/modern, issue 27): the same rule.
MODERN = KRDWRD.parent / "modern"
MODERN_BENCHES = {"classify": "trafilatura-eval/pages", "modern_cv": "readability"}
# Benches whose default run needs no modern pages: extract_warc reads them where present
# (it builds its WARC from the demo and fixture pages too), learning_curve only when
# asked (--dataset readability|trafilatura-eval; its default is CANOLA).
MODERN_OPTIONAL = frozenset({"extract_warc", "learning_curve"})

# The last line of every bench: its name, then at least one key=value.
BENCH_LINE = re.compile(r"BENCH [a-z][a-z0-9_]*( [A-Za-z][A-Za-z0-9_.]*=[^\s=]+)+")
# Far above a smoke run (10-90 s on a loaded 2-core machine), below pytest's 300 s.
TIMEOUT_S = 240
PARALLEL = 2
# What the test harness exports for the tests' own Django: a bench run by hand has none
# of it, and sets up its own database, var folder and broker.
HARNESS_VARIABLES = (
    "DATABASE_URL", "KEHR_VAR_DIR", "CELERY_BROKER_URL", "KEHR_BROKER_DIR",
    "KEHR_HARVEST_PROXY", "KEHR_URLTREE_ON_ARRIVAL", "SECRET_KEY",
)  # fmt: skip


def bench_names() -> list[str]:
    return sorted(path.stem for path in BENCH_DIR.glob("*.py"))


def runnable() -> list[str]:
    return [name for name in bench_names() if name not in HELPERS]


@dataclass(frozen=True)
class Run:
    command: list[str]
    returncode: int | None  # None: killed after TIMEOUT_S
    stdout: str
    stderr: str

    def tail(self, lines: int = 40) -> str:
        out = "\n".join(self.stdout.splitlines()[-10:])
        err = "\n".join(self.stderr.splitlines()[-lines:])
        return f"$ {' '.join(self.command)}\n--- stdout (end)\n{out}\n--- stderr (end)\n{err}"


def command(name: str) -> list[str]:
    flag = "--help" if name in HELP_ONLY else "--smoke"
    return [sys.executable, str(BENCH_DIR / f"{name}.py"), flag]


def bench_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in HARNESS_VARIABLES}
    # scikit-learn's OpenMP threads spin against the other run (docs/development.md).
    env["OMP_NUM_THREADS"] = "1"
    return env


def run_bench(name: str) -> Run:
    """``python bench/NAME.py --smoke`` in its own process group, killed whole on timeout
    (Firefox, PostgreSQL and mitmproxy children included)."""
    cmd = command(name)
    process = subprocess.Popen(
        cmd, cwd=REPO, env=bench_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )  # fmt: skip
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT_S)
        return Run(cmd, process.returncode, stdout, stderr)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        return Run(cmd, None, stdout, stderr)


def leg_of(name: str) -> str:
    return "postgres" if name in POSTGRES else "sqlite"


def not_here(name: str, db: str) -> str | None:
    """Why ``name`` does not run in this test run, or None."""
    if leg_of(name) != db:
        return f"bench/{name}.py runs on the {leg_of(name)} leg (--kehr-db={leg_of(name)})"
    return None


@pytest.fixture(scope="module")
def started(
    request: pytest.FixtureRequest, kehr_services: Services
) -> Iterator[dict[str, Future[Run]]]:
    """Every selected bench of this leg, started at once, PARALLEL at a time, in the
    order the tests ask for them."""
    db = kehr_services.db
    names = [
        str(item.callspec.params["name"])
        for item in request.session.items
        if isinstance(item, pytest.Function)
        and item.module is request.module
        and item.originalname == "test_bench_runs"
    ]
    # Without the KrdWrd data their tests skip (or fail, in CI) before asking for a run.
    has_data = (KRDWRD / "canola-train").is_dir()
    names = [
        n
        for n in names
        if not_here(n, db) is None
        and (has_data or n not in KRDWRD_BENCHES)
        and (n not in MODERN_BENCHES or (MODERN / MODERN_BENCHES[n]).is_dir())
    ]
    pool = ThreadPoolExecutor(max_workers=PARALLEL)
    try:
        yield {name: pool.submit(run_bench, name) for name in names}
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# kehr_services: which leg this is decides which benches run here (so the test runs on
# both legs, also with --kehr-backend-only).
@pytest.mark.parametrize("name", runnable())
def test_bench_runs(name: str, started: dict[str, Future[Run]], kehr_services: Services) -> None:
    reason = not_here(name, kehr_services.db)
    if reason:
        pytest.skip(reason)
    if name in KRDWRD_BENCHES:
        krdwrd_folder("canola-train")  # skips, or fails in CI, without the data
    if name in MODERN_BENCHES:
        krdwrd_folder(MODERN_BENCHES[name], root=MODERN)
    run = started[name].result()
    assert run.returncode is not None, f"bench/{name}.py ran over {TIMEOUT_S} s\n{run.tail()}"
    assert run.returncode == 0, f"bench/{name}.py exited with {run.returncode}\n{run.tail()}"
    if name in HELP_ONLY:
        assert run.stdout.startswith("usage:"), run.tail()
        return
    lines = run.stdout.strip().splitlines()
    last = lines[-1] if lines else ""
    assert BENCH_LINE.fullmatch(last), (
        f"bench/{name}.py's last line is not 'BENCH name key=value …': {last!r}\n{run.tail()}"
    )


def test_lists_name_existing_scripts() -> None:
    """A renamed or removed bench must leave the lists too (no stale exemption)."""
    listed = HELPERS.keys() | HELP_ONLY.keys() | POSTGRES | KRDWRD_BENCHES | MODERN_BENCHES.keys()
    assert sorted(listed - set(bench_names())) == []
    assert HELPERS.keys().isdisjoint(HELP_ONLY)


def test_helpers_are_used() -> None:
    """A helper is only checked through the benches that run it: one must name it."""
    sources = {
        name: (BENCH_DIR / f"{name}.py").read_text() for name in runnable() if name not in HELP_ONLY
    }
    for helper in HELPERS.keys() - HELP_ONLY_HELPERS.keys():
        pattern = re.compile(rf"(import|from) {helper}\b|bench\.{helper}\b|{helper}\.py")
        users = [name for name, text in sources.items() if pattern.search(text)]
        assert users, f"bench/{helper}.py is listed as a helper but no run bench uses it"


def test_krdwrd_benches_are_listed() -> None:
    """A bench that reads the KrdWrd data must be in KRDWRD_BENCHES (the modern pages:
    MODERN_BENCHES), so that a machine without the data skips it with the reason instead
    of failing."""
    for name in runnable():
        text = (BENCH_DIR / f"{name}.py").read_text()
        if "shared/data/krdwrd" in text or '"shared" / "data" / "krdwrd"' in text:
            assert name in KRDWRD_BENCHES | HELP_ONLY.keys(), name
        if "shared/data/modern" in text:
            assert name in MODERN_BENCHES.keys() | HELP_ONLY.keys() | MODERN_OPTIONAL, name


def test_profile_requests_refuses_too_few_requests() -> None:
    """With fewer requests than two rounds of its annotators none submits: it said so
    with a ZeroDivisionError after building its database; now at once, with what to do."""
    result = subprocess.run(
        [*command("profile_requests")[:2], "--requests", "10"],
        cwd=REPO, env=bench_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert re.search(r"--requests 10: at least \d+ \(two rounds", result.stderr), result.stderr


CLASSIFY_KEYS = (
    "pages_per_s p95_ms trafilatura_ratio peak_mb raw_pages_per_s raw_trafilatura_ratio "
    "modern_pages_per_s modern_p95_ms modern_peak_mb modern_trafilatura_pages_per_s "
    "modern_trafilatura_ratio modern_cli_pages_per_s modern_cli_trafilatura_ratio "
    "modern_errors model modern_cpu_trafilatura_ratio modern_cli_cpu_trafilatura_ratio"
).split()


def run_classify(*options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*command("classify")[:2], *options], cwd=REPO, env=bench_env(),
        capture_output=True, text=True, timeout=TIMEOUT_S,
    )  # fmt: skip


def test_classify_counts_pages_the_engine_refuses(tmp_path: Path) -> None:
    """A modern page the engine cannot read (empty, binary) is counted in modern_errors,
    left out of the times, and the run goes on; the last line carries issue 27's keys."""
    krdwrd_folder("canola-train")
    pages = krdwrd_folder(MODERN_BENCHES["classify"], root=MODERN)
    folder = tmp_path / "pages"
    folder.mkdir()
    good = sorted(pages.iterdir())[0]  # a hash: sorts before the two below
    (folder / good.name).symlink_to(good)
    (folder / "empty.html").write_bytes(b"")
    (folder / "binary.html").write_bytes(bytes(range(256)) * 64)
    # --train: independent of the shipped model, which other work may be rebuilding.
    result = run_classify("--smoke", "--train", "--modern", str(folder))
    assert result.returncode == 0, result.stderr[-3000:]
    last = result.stdout.strip().splitlines()[-1]
    figures = dict(pair.split("=", 1) for pair in last.split()[2:])
    assert list(figures) == CLASSIFY_KEYS, last
    assert figures["modern_errors"] == "2", result.stderr[-3000:]
    assert "binary.html" in result.stderr and "empty.html" in result.stderr
    assert float(figures["modern_pages_per_s"]) > 0
    assert float(figures["modern_peak_mb"]) > 0


def test_classify_refuses_a_model_it_cannot_load(tmp_path: Path) -> None:
    """A model this engine cannot load ends the bench at once with exit code 2, the reason
    and the way out, instead of a traceback or 610 counted errors."""
    krdwrd_folder("canola-train")
    krdwrd_folder(MODERN_BENCHES["classify"], root=MODERN)
    bogus = tmp_path / "bogus.kehr-model"
    bogus.write_bytes(b"not a model\n")
    result = run_classify("--smoke", "--model", str(bogus))
    assert result.returncode == 2, result.stderr[-3000:]
    assert "cannot load the model" in result.stderr and str(bogus) in result.stderr
    assert "--train" in result.stderr
    assert "Traceback" not in result.stderr


MODERN_CV_KEYS = (
    "readability_f1 trafilatura_f1 trafilatura_baseline_readability_f1 "
    "trafilatura_baseline_trafilatura_f1 empty"
).split()


def test_modern_cv_writes_its_report_and_the_issue_27_keys(tmp_path: Path) -> None:
    """--smoke with --out and --markdown: the model and the three baselines scored on both
    datasets, per language group, and the last line's keys in order (about 5 s)."""
    krdwrd_folder(MODERN_BENCHES["modern_cv"], root=MODERN)
    out, table = tmp_path / "cv.json", tmp_path / "cv.md"
    result = subprocess.run(
        [*command("modern_cv")[:2], "--smoke", "--out", str(out), "--markdown", str(table)],
        cwd=REPO, env=bench_env(), capture_output=True, text=True, timeout=TIMEOUT_S,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    last = result.stdout.strip().splitlines()[-1]
    figures = dict(pair.split("=", 1) for pair in last.split()[2:])
    assert list(figures) == MODERN_CV_KEYS, last
    assert 0 <= float(figures["readability_f1"]) <= 1
    report = json.loads(out.read_text())
    sources = report["sources"]
    assert list(sources)[1:] == ["trafilatura", "readability", "justext"]
    for by_dataset in sources.values():
        assert set(by_dataset) == {"readability", "trafilatura"}
        assert all("all" in by_group for by_group in by_dataset.values())
    assert table.read_text().startswith("| source | dataset | language | pages | P | R | F1 |")


class SlowHandler(http.server.BaseHTTPRequestHandler):
    """Every answer takes SLOW_S: the replay bench's warm-up alone outlasts its phase."""

    def do_GET(self) -> None:
        time.sleep(SLOW_S)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, format: str, *args: object) -> None:
        pass


SLOW_S = 0.4


def test_replay_phase_starts_after_its_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/replay.py timed its phase from before the warm-up (one request per path):
    where the warm-up took longer than the phase (a busy machine), no request was
    measured and the bench died on an empty list. The phase now starts after it."""
    monkeypatch.syspath_prepend(str(BENCH_DIR))  # as when run: its folder is on the path
    spec = importlib.util.spec_from_file_location("bench_replay", BENCH_DIR / "replay.py")
    assert spec is not None and spec.loader is not None
    replay = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(replay)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SlowHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        paths = ["/a", "/b", "/c"]  # a warm-up of 3 x SLOW_S, longer than the phase
        expected = dict.fromkeys(paths, b"ok")
        result = asyncio.run(replay.load(base, paths, expected, None, SLOW_S, 2))
    finally:
        server.shutdown()
        server.server_close()
    assert result["errors"] == []
    assert len(result["lat"]) >= 2  # each of the 2 workers measured a request


@pytest.mark.parametrize("bench", ["template_harvest", "harvest_krdwrd", "render_krdwrd"])
def test_benches_on_the_backend_find_its_harvest_package(bench: str) -> None:
    """bench/harvest.py shares its name with the backend's harvest package: a bench that
    imports another bench which puts bench/ first on the path (template_eval did) found
    the script, and template_harvest died with "'harvest' is not a package" after
    crawling. Imported as ``python bench/<name>.py`` imports it (bench/ first)."""
    code = (
        "import importlib.util, sys; "
        f"sys.path.insert(0, {str(BENCH_DIR)!r}); "
        f"import {bench}; "
        "print(importlib.util.find_spec('harvest').origin)"
    )
    env = {k: v for k, v in os.environ.items() if k not in HARNESS_VARIABLES}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    origin = Path(result.stdout.strip().splitlines()[-1])
    assert origin == REPO / "backend" / "harvest" / "__init__.py"

"""Classification speed: the engine against trafilatura, on 2008 pages and on today's.

Two page sets, each timed against trafilatura on the same pages in the same run (run it
with OMP_NUM_THREADS=1 on a shared machine):

**CANOLA** (../shared/data/krdwrd/canola-sample, 21 pages; --quick 3, --smoke 2). The
headline times what issue 12 names, features + prediction of a segmented page (the
platform's pages are segmented once, when harvested or imported; parsing the annotation
document is in the figure). ``raw_pages_per_s`` times the whole way from a page's raw
HTML, segmentation included, as ``python -m kehr_engine extract`` goes: trafilatura
also starts from raw HTML, so ``raw_trafilatura_ratio`` is the like-for-like comparison.
``peak_mb`` is this process's peak RSS after the CANOLA pages (before the modern ones).

**Modern** (issue 27: ../shared/data/modern/trafilatura-eval/pages, 610 pages as served,
130 kB on average; --quick 30 evenly spread, --smoke 3). Two measures:

- In this process, page by page, alternating which side goes first: the engine the
  whole way from the raw bytes to clean text as ``extract`` goes (PageInput.from_html,
  predict, Prediction.good_text) against ``trafilatura.extract`` on the same bytes
  (it detects the encoding itself). ``modern_pages_per_s``, ``modern_p95_ms``,
  ``modern_trafilatura_pages_per_s``, ``modern_trafilatura_ratio``. A page the engine
  refuses (encoding, size or node limits) is counted in ``modern_errors`` and left out
  of both sides' times.
- As a user runs it: ``python -m kehr_engine extract --model M FOLDER`` in a fresh
  process against a fresh ``python -c`` loop over ``trafilatura.extract`` (one process
  each, as extract: trafilatura's own ``--input-dir`` starts a process pool), both
  writing the text to a file, start-up and model loading included:
  ``modern_cli_pages_per_s``, ``modern_cli_trafilatura_ratio``. ``modern_peak_mb`` is
  the peak RSS of that extract process (``os.wait4``'s ru_maxrss of that child alone,
  started from a small launcher, see LAUNCHER: interpreter, imports, model and the
  largest page), the honest figure for memory, which tracemalloc would miss (libxml2
  allocates outside Python's allocator).

``--model NAME_OR_PATH`` picks the model (default: what ``extract`` uses without
--model; kehr_engine.default_model resolves the names); a model this engine cannot load
ends the bench with exit code 2 and the reason, unless --train trains a small one here
on canola-train as before. ``--profile FILE`` writes where the engine's time per modern
page goes after the timed runs (each stage timed plainly, then cProfile's top functions
by cumulative and by own time);
``--report FILE`` writes the figures as Markdown (bench/reports/classify-modern.md).

Last line: BENCH classify pages_per_s=… p95_ms=… trafilatura_ratio=… peak_mb=…
raw_pages_per_s=… raw_trafilatura_ratio=… modern_pages_per_s=… modern_p95_ms=…
modern_peak_mb=… modern_trafilatura_pages_per_s=… modern_trafilatura_ratio=…
modern_cli_pages_per_s=… modern_cli_trafilatura_ratio=… modern_errors=… model=…
modern_cpu_trafilatura_ratio=… modern_cli_cpu_trafilatura_ratio=…
(a ratio = engine pages/s ÷ trafilatura pages/s; issue 27's goal: modern ratios ≥ 1.)
The last two give the modern ratios in CPU seconds (time.process_time per page; the
commands' user + system time): on a machine shared with other work, which stretches wall
times unevenly (the two commands run one after the other), they vary less.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from importlib import metadata
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "engine"
sys.path[:0] = [str(ENGINE)]

from kehr_engine import default_model  # noqa: E402
from kehr_engine.baselines import trafilatura_text  # noqa: E402
from kehr_engine.evaluation import page_features  # noqa: E402
from kehr_engine.features import DEFAULT_GROUPS  # noqa: E402
from kehr_engine.krdwrd.corpus import iter_corpus  # noqa: E402
from kehr_engine.limits import EngineInputError  # noqa: E402
from kehr_engine.model import MAX_ITER, Model, train  # noqa: E402
from kehr_engine.model_file import load_model, read_header, save_model  # noqa: E402
from kehr_engine.pipeline import PageInput, predict  # noqa: E402

DATA = REPO.parent / "shared/data/krdwrd"
MODERN = REPO.parent / "shared/data/modern/trafilatura-eval/pages"
MODERN_QUICK = 30
MODERN_SMOKE = 3
PROFILE_TOP = 15
# One process over a folder, as `python -m kehr_engine extract` goes over one; the
# text goes to stdout like extract's. Errors are counted on stderr, not fatal.
TRAFILATURA_LOOP = """\
import sys
from pathlib import Path
import trafilatura
failed = 0
for path in sorted(Path(sys.argv[1]).iterdir()):
    try:
        text = trafilatura.extract(path.read_bytes())
    except Exception as error:
        failed += 1
        print(f"{path}: {error!r}", file=sys.stderr)
        continue
    if text:
        print(text, end="\\n\\n")
print(f"{failed} failed", file=sys.stderr)
"""


SMALL_PAGE = (
    "<html><head><title>A page</title></head><body><nav><a href='/'>Home</a></nav>"
    "<article><h1>A title</h1><p>Some running text of a small page, long enough to be "
    "kept by an extractor, with a second sentence after the first one.</p></article>"
    "</body></html>"
)


class BenchError(Exception):
    """The bench cannot run as asked: exit code 2 with this message."""


@dataclass(frozen=True)
class ModernTimes:
    """Seconds per page of each side on the pages the engine handled."""

    engine: list[float]
    trafilatura: list[float]
    pages: int  # pages tried
    # CPU seconds (process_time) per page: what other work on a shared machine barely
    # changes, where it stretches wall times.
    engine_cpu: list[float]
    trafilatura_cpu: list[float]
    errors: list[str]  # "file: message" of the pages the engine refused


@dataclass(frozen=True)
class CliRun:
    seconds: float
    cpu_seconds: float  # user + system of the command's process
    peak_mb: float
    failed: int  # pages the command reported as failed


def extract_model_name() -> str:
    """What `python -m kehr_engine extract` uses without --model (``article`` once the
    engine ships it; ``default`` before)."""
    return str(getattr(default_model, "EXTRACT_MODEL_NAME", default_model.DEFAULT_MODEL_NAME))


def model_label(name: str, path: Path) -> str:
    """The model's target (from its header) or its name, as one BENCH value."""
    target = ""
    try:
        target = str(read_header(path).get("target") or "")
    except (EngineInputError, OSError):
        pass
    label = target or (name if path.name != name and "/" not in name else path.stem)
    return re.sub(r"[\s=]+", "_", label) or "unnamed"


def get_model(args: argparse.Namespace, workdir: Path) -> tuple[Model, Path, str]:
    """The model to time, its file (the extract command loads it), and a description."""
    path = default_model.model_path(args.model)
    if not args.train:
        try:
            return load_model(path), path, f"{args.model} ({path})"
        except (EngineInputError, OSError) as error:
            raise BenchError(
                f"cannot load the model {args.model!r}: {' '.join(str(error).split())} "
                "(--train trains a small one here instead)"
            ) from None
    quick = args.quick or args.smoke
    train_pages = list(iter_corpus(args.data / "canola-train", 4 if quick else None))
    data = page_features(train_pages, DEFAULT_GROUPS)
    model = train(
        data.matrices, [p.labels for p in train_pages], data.names, DEFAULT_GROUPS,
        max_iter=10 if quick else MAX_ITER, texts=[p.node_texts for p in train_pages],
    )  # fmt: skip
    path = workdir / "trained.kehr-model"
    save_model(model, path)
    return model, path, f"trained here on {len(train_pages)} CANOLA pages"


def check_model_runs(model: Model) -> None:
    """A model that loads may still expect other features (another feature version or
    groups): every page would fail. Say so once instead of counting 610 errors."""
    html = "<html><body><h1>A title</h1><p>Some running text of a page, to check.</p></body></html>"
    try:
        page = PageInput.from_html(html, "https://bench.invalid/")
        predict(model, page).good_text(page)
    except Exception as error:  # e.g. a file pickled by another version of model.py
        message = " ".join(str(error).split())
        raise BenchError(
            f"the model loads but cannot classify pages ({type(error).__name__}: {message}); "
            "rebuild it with this engine, or --train one here"
        ) from None


# --- CANOLA --------------------------------------------------------------------------


def canola(model: Model, args: argparse.Namespace) -> dict[str, float]:
    limit = 2 if args.smoke else 3 if args.quick else None
    test_pages = list(iter_corpus(args.data / "canola-sample", limit))

    def segmented(page) -> None:  # features + prediction of the segmented page
        _, matrix = page.page.feature_matrix(DEFAULT_GROUPS)
        model.predict(matrix, page.node_texts)

    def raw(page) -> None:  # the whole way from raw HTML, as extract runs
        predict(model, PageInput.from_html(page.html, page.url))

    def seconds_per_page(path) -> list[float]:
        times = []
        for page in test_pages:
            started = time.perf_counter()
            path(page)
            times.append(time.perf_counter() - started)
        return times

    # One untimed page through both paths first: lazy imports and first-call set-up
    # (stopword lists, regexes) would otherwise land on whichever path runs first.
    segmented(test_pages[0])
    raw(test_pages[0])
    per_page = seconds_per_page(segmented)
    raw_s = sum(seconds_per_page(raw))
    started = time.perf_counter()
    for page in test_pages:
        trafilatura_text(page.html)
    trafilatura_s = time.perf_counter() - started
    pages = len(test_pages)
    return {
        "pages": pages,
        "pages_per_s": pages / sum(per_page),
        "p95_ms": float(np.percentile(per_page, 95) * 1000),
        "trafilatura_pages_per_s": pages / trafilatura_s,
        "raw_pages_per_s": pages / raw_s,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


# --- modern pages --------------------------------------------------------------------


def modern_files(folder: Path, quick: bool, smoke: bool) -> list[Path]:
    """Every page of the folder, or a few spread evenly over it (names are hashes, so
    sorted order is no order of size or site)."""
    files = sorted(p for p in folder.iterdir() if p.is_file())
    if not files:
        raise BenchError(f"no pages in {folder} (see ../shared/data/modern/README.md)")
    wanted = MODERN_SMOKE if smoke else MODERN_QUICK if quick else len(files)
    step = max(1, len(files) // wanted)
    return files[::step][:wanted]


def engine_text(model: Model, raw: bytes, path: Path) -> str:
    """Raw bytes to clean text, as `python -m kehr_engine extract` goes."""
    page = PageInput.from_html(raw, path.resolve().as_uri(), name=str(path))
    return predict(model, page).good_text(page)


def trafilatura_bytes(raw: bytes) -> str:
    import trafilatura

    return trafilatura.extract(raw) or ""


def time_modern(model: Model, files: Sequence[Path]) -> ModernTimes:
    """Both sides page by page, alternating which goes first (neither always gets the
    warm caches or the quiet moments of a shared machine)."""
    raws = [path.read_bytes() for path in files]
    for warm in (partial(engine_text, model), lambda raw, path: trafilatura_bytes(raw)):
        for raw, path in zip(raws, files, strict=True):  # untimed: lazy imports, set-up
            try:
                warm(raw, path)
                break
            except Exception:  # a page it cannot read: warm up on the next
                continue
    engine_s: list[float] = []
    trafilatura_s: list[float] = []
    engine_cpu: list[float] = []
    trafilatura_cpu: list[float] = []
    errors: list[str] = []
    for number, (path, raw) in enumerate(zip(files, raws, strict=True)):
        sides: list[Callable[[], object]] = [
            partial(engine_text, model, raw, path),
            partial(trafilatura_bytes, raw),
        ]
        took = [0.0, 0.0]
        cpu = [0.0, 0.0]
        failed = False
        for side in (0, 1) if number % 2 == 0 else (1, 0):
            cpu_started = time.process_time()
            started = time.perf_counter()
            try:
                sides[side]()
            except Exception as error:  # counted, not fatal: one page must not end the run
                if side == 0:
                    failed = True
                    errors.append(f"{path.name}: {type(error).__name__}: {error}")
                else:
                    print(f"trafilatura failed on {path.name}: {error!r}", file=sys.stderr)
            took[side] = time.perf_counter() - started
            cpu[side] = time.process_time() - cpu_started
        if not failed:
            engine_s.append(took[0])
            trafilatura_s.append(took[1])
            engine_cpu.append(cpu[0])
            trafilatura_cpu.append(cpu[1])
    if not engine_s:
        raise BenchError(f"the engine failed on all {len(files)} modern pages: {errors[0]}")
    return ModernTimes(engine_s, trafilatura_s, len(files), engine_cpu, trafilatura_cpu, errors)


# Starts the measured command and reports its wall time and its own peak RSS. Linux
# carries a process's peak RSS across exec from the memory it was forked with: a child
# forked from this bench (hundreds of MB after its pages) would report at least that.
# Forked from this small launcher instead, the floor is the launcher's (about 12 MB).
LAUNCHER = """\
import os, subprocess, sys, time
started = time.perf_counter()
process = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(process.pid, 0)
seconds = time.perf_counter() - started
process.returncode = code = os.waitstatus_to_exitcode(status)
with open(sys.argv[1], "w") as out:
    out.write(f"{usage.ru_maxrss} {seconds} {usage.ru_utime + usage.ru_stime}")
sys.exit(code)
"""


def run_child(command: list[str], out: Path, env: dict[str, str]) -> CliRun:
    """Run one command with stdout to ``out``; its wall time and its own peak RSS."""
    err_path = out.with_suffix(".err")
    usage_path = out.with_suffix(".usage")
    with out.open("wb") as stdout, err_path.open("wb") as stderr:
        launched = [sys.executable, "-c", LAUNCHER, str(usage_path), *command]
        returncode = subprocess.run(launched, stdout=stdout, stderr=stderr, env=env).returncode
    err = err_path.read_text(errors="replace")
    # extract exits 1 when some pages failed (it says how many), 2 when it cannot run.
    extracted = re.search(r"(\d+) of (\d+) files extracted, (\d+) failed", err)
    looped = re.search(r"^(\d+) failed$", err, re.M)
    if returncode not in (0, 1) or (returncode == 1 and not extracted):
        tail = "\n".join(err.splitlines()[-5:])
        raise BenchError(f"{' '.join(command)} exited with {returncode}:\n{tail}")
    failed = int(extracted.group(3)) if extracted else int(looped.group(1)) if looped else 0
    maxrss_kb, seconds, cpu_seconds = usage_path.read_text().split()
    return CliRun(float(seconds), float(cpu_seconds), int(maxrss_kb) / 1024, failed)


@dataclass(frozen=True)
class CliTimes:
    engine: CliRun
    trafilatura: CliRun
    # The same commands on one small page: start-up (imports, model) dominates.
    engine_start: CliRun
    trafilatura_start: CliRun


def time_cli(model_file: Path, files: Sequence[Path], workdir: Path) -> CliTimes:
    """extract over a folder of the pages against a trafilatura loop over it, each a
    fresh process (start-up included); then both on one small page."""
    folder = workdir / "pages"
    folder.mkdir()
    for path in files:  # links, not copies: the data stays where it is
        (folder / path.name).symlink_to(path.resolve())
    small = workdir / "small"
    small.mkdir()
    (small / "page.html").write_text(SMALL_PAGE)
    env = dict(os.environ)
    # The engine this bench imports, not whichever one the venv has installed.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ENGINE), env.get("PYTHONPATH")]))
    engine_cmd = [sys.executable, "-m", "kehr_engine", "extract", "--model", str(model_file)]
    loop = [sys.executable, "-c", TRAFILATURA_LOOP]
    return CliTimes(
        run_child([*engine_cmd, str(folder)], workdir / "engine.txt", env),
        run_child([*loop, str(folder)], workdir / "trafilatura.txt", env),
        run_child([*engine_cmd, str(small)], workdir / "engine-start.txt", env),
        run_child([*loop, str(small)], workdir / "trafilatura-start.txt", env),
    )


def stage_times(model: Model, files: Sequence[Path]) -> dict[str, float]:
    """Mean ms per page of each stage of the engine's way, timed without a profiler (its
    per-call overhead inflates code with many small calls). The stages run as predict()
    runs them, features then the model; predict() itself then runs untimed, for the
    labels the clean text needs (a second feature pass would find warm caches, so
    predict minus features would overstate the model)."""
    totals = dict.fromkeys(("from_html", "features", "model", "good_text"), 0.0)
    pages = 0
    for path in files:
        raw = path.read_bytes()
        try:
            t0 = time.perf_counter()
            page = PageInput.from_html(raw, path.resolve().as_uri(), name=str(path))
            t1 = time.perf_counter()
            _, matrix = page.feature_matrix(model.groups)
            t2 = time.perf_counter()
            model.predict_proba(matrix, page.node_texts)
            t3 = time.perf_counter()
            prediction = predict(model, page)
            t4 = time.perf_counter()
            prediction.good_text(page)
            t5 = time.perf_counter()
        except Exception:  # counted by the timed run already
            continue
        pages += 1
        for key, seconds in zip(totals, (t1 - t0, t2 - t1, t3 - t2, t5 - t4), strict=True):
            totals[key] += seconds
    if not pages:
        return {}
    ms = {key: value / pages * 1000 for key, value in totals.items()}
    return {
        "PageInput.from_html (decode, segment)": ms["from_html"],
        "features (node_document, all groups)": ms["features"],
        "Model.predict_proba": ms["model"],
        "Prediction.good_text": ms["good_text"],
        "total": sum(ms.values()),
    }


def profile_modern(model: Model, files: Sequence[Path], out: Path) -> str:
    """Where the engine's time per page goes: the stages timed plainly, then cProfile's
    top functions by cumulative and by own time; written to ``out`` and returned."""
    stages = stage_times(model, files)
    raws = [path.read_bytes() for path in files]
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.enable()
    for path, raw in zip(files, raws, strict=True):
        try:
            engine_text(model, raw, path)
        except Exception:  # counted by the timed run already
            pass
    profiler.disable()
    seconds = time.perf_counter() - started
    total = stages.get("total", 0.0) or 1.0
    parts = [
        f"Stages, mean ms per page over {len(files)} modern pages (no profiler):",
        *(f"  {name:<40} {ms:7.1f} ms {ms / total:6.0%}" for name, ms in stages.items()),
        "",
        f"cProfile of raw bytes -> PageInput.from_html -> predict -> good_text: "
        f"{seconds / len(files) * 1000:.1f} ms per page under the profiler",
    ]
    for order in ("cumulative", "tottime"):
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).strip_dirs().sort_stats(order).print_stats(
            PROFILE_TOP
        )
        table = stream.getvalue().split("\n", 2)[-1].strip("\n")
        parts += ["", f"Top {PROFILE_TOP} by {order} time:", table]
    text = "\n".join(parts) + "\n"
    out.write_text(text)
    return text


# --- output --------------------------------------------------------------------------


def versions() -> str:
    names = ("numpy", "scikit-learn", "lightgbm", "lxml", "trafilatura")
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pass
    return f"python {platform.python_version()}, " + ", ".join(found)


def git_head() -> str:
    result = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    )
    return result.stdout.strip() or "unknown"


def write_report(
    out: Path, figures: dict[str, str], canola_fig: dict[str, float], modern: ModernTimes,
    cli: CliTimes, source: str, argv: Sequence[str], profile: str | None,
    loads: tuple[float, float],
) -> None:  # fmt: skip
    engine_ms = np.array(modern.engine) * 1000
    traf_ms = np.array(modern.trafilatura) * 1000
    handled = len(modern.engine)
    engine_cpu_ms = sum(modern.engine_cpu) / handled * 1000
    traf_cpu_ms = sum(modern.trafilatura_cpu) / handled * 1000

    def cli_row(command: str, run: CliRun, pages: int) -> str:
        return (
            f"| {command} | {pages} | {run.seconds:.1f} | {run.cpu_seconds:.1f} | "
            f"{pages / run.seconds:.1f} | {run.peak_mb:.0f} | {run.failed} |"
        )

    lines = [
        "# bench/classify.py: the engine against trafilatura on modern pages",
        "",
        f"Run {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on commit {git_head()}, "
        f"`{' '.join(['python bench/classify.py', *argv])}`, "
        f"OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}, "
        f"{os.cpu_count()} cores shared with other work (1-minute load average "
        f"{loads[0]:.1f} at the start, {loads[1]:.1f} at the end: figures of one run vary "
        f"with it; the ratios less, both sides share the load). Model: {source}. "
        f"{versions()}.",
        "",
        f"## Modern pages ({modern.pages} of trafilatura's evaluation pages, bytes as served)",
        "",
        "In one process, page by page, alternating which side goes first; the engine from "
        "raw bytes to clean text (PageInput.from_html, predict, Prediction.good_text), "
        f"trafilatura.extract on the same bytes. {len(modern.errors)} pages the engine "
        f"refused are left out of both sides' times ({handled} timed).",
        "",
        "| | pages/s | mean ms | p50 ms | p95 ms | max ms | CPU ms | ratio | CPU ratio |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| engine | {figures['modern_pages_per_s']} | {engine_ms.mean():.1f} | "
        f"{np.percentile(engine_ms, 50):.1f} | {figures['modern_p95_ms']} | "
        f"{engine_ms.max():.0f} | {engine_cpu_ms:.1f} | "
        f"**{figures['modern_trafilatura_ratio']}** | "
        f"{figures['modern_cpu_trafilatura_ratio']} |",
        f"| trafilatura | {figures['modern_trafilatura_pages_per_s']} | {traf_ms.mean():.1f} | "
        f"{np.percentile(traf_ms, 50):.1f} | {np.percentile(traf_ms, 95):.0f} | "
        f"{traf_ms.max():.0f} | {traf_cpu_ms:.1f} | 1 | 1 |",
        "",
        "As a user runs it, each a fresh process over a folder of the same pages, start-up "
        "and model loading included, text written to a file, one after the other; CPU = "
        "user + system seconds of that process; peak = its own max RSS (os.wait4). The "
        "last two rows run the same commands on one small page: start-up alone.",
        "",
        "| command | pages | seconds | CPU s | pages/s | peak MB | failed |",
        "|---|---|---|---|---|---|---|",
        cli_row("`python -m kehr_engine extract --model M FOLDER`", cli.engine, modern.pages),
        cli_row("`python -c` loop over `trafilatura.extract`", cli.trafilatura, modern.pages),
        cli_row("extract, one small page", cli.engine_start, 1),
        cli_row("trafilatura loop, one small page", cli.trafilatura_start, 1),
        "",
        f"CLI ratio: **{figures['modern_cli_trafilatura_ratio']}** (wall), "
        f"{figures['modern_cli_cpu_trafilatura_ratio']} (CPU seconds).",
        "",
    ]
    if modern.errors:
        lines += ["Pages the engine refused:", ""]
        lines += [f"- {error}" for error in modern.errors]
        lines.append("")
    lines += [
        f"## CANOLA ({canola_fig['pages']:.0f} pages of canola-sample)",
        "",
        f"Features + prediction of the segmented page: {figures['pages_per_s']} pages/s, "
        f"p95 {figures['p95_ms']} ms, ratio {figures['trafilatura_ratio']}; from raw HTML: "
        f"{figures['raw_pages_per_s']} pages/s, ratio {figures['raw_trafilatura_ratio']}; "
        f"trafilatura {canola_fig['trafilatura_pages_per_s']:.1f} pages/s.",
        "",
    ]
    if profile:
        lines += [
            "## Where the engine's time per modern page goes",
            "",
            "```",
            profile.rstrip("\n"),
            "```",
            "",
        ]
    lines += ["BENCH line:", "", "```", bench_line(figures), "```", ""]
    out.write_text("\n".join(lines))


def bench_line(figures: dict[str, str]) -> str:
    return "BENCH classify " + " ".join(f"{key}={value}" for key, value in figures.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="few pages, small model (< 60 s)")
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    parser.add_argument("--data", type=Path, default=DATA, help="the KrdWrd data folder")
    parser.add_argument(
        "--modern", type=Path, default=MODERN, help="a folder of modern pages (bytes as served)"
    )
    parser.add_argument(
        "--model", default=extract_model_name(),
        help="a shipped model's name or a model file (default: what extract uses)",
    )  # fmt: skip
    parser.add_argument(
        "--train", action="store_true", help="train a model here instead of loading one"
    )
    parser.add_argument("--profile", type=Path, help="write the engine's cProfile table here")
    parser.add_argument("--report", type=Path, help="write the figures as Markdown here")
    args = parser.parse_args()
    if not (args.data / "canola-train").is_dir():
        sys.exit(f"KrdWrd data not found at {args.data} (see ../shared/data/krdwrd/README.md).")
    if not args.modern.is_dir():
        sys.exit(f"modern pages not found at {args.modern} (see ../shared/data/modern/README.md).")
    try:
        with tempfile.TemporaryDirectory(prefix="kehr-bench-classify-") as tmp:
            run(args, Path(tmp))
    except BenchError as error:
        print(f"bench/classify.py: {error}", file=sys.stderr)
        sys.exit(2)


def run(args: argparse.Namespace, workdir: Path) -> None:
    load_at_start = os.getloadavg()[0]
    model, model_file, source = get_model(args, workdir)
    check_model_runs(model)
    label = model_label(str(args.model) if not args.train else "trained", model_file)

    can = canola(model, args)  # first: its peak_mb is this process's before the modern pages
    files = modern_files(args.modern, args.quick, args.smoke)
    modern = time_modern(model, files)
    cli = time_cli(model_file, files, workdir)
    cli_engine, cli_traf = cli.engine, cli.trafilatura

    engine_pps = len(modern.engine) / sum(modern.engine)
    traf_pps = len(modern.trafilatura) / sum(modern.trafilatura)
    cli_pps = len(files) / cli_engine.seconds
    cpu_ratio = sum(modern.trafilatura_cpu) / sum(modern.engine_cpu)
    figures = {
        "pages_per_s": f"{can['pages_per_s']:.1f}",
        "p95_ms": f"{can['p95_ms']:.0f}",
        "trafilatura_ratio": f"{can['pages_per_s'] / can['trafilatura_pages_per_s']:.2f}",
        "peak_mb": f"{can['peak_mb']:.0f}",
        "raw_pages_per_s": f"{can['raw_pages_per_s']:.1f}",
        "raw_trafilatura_ratio": f"{can['raw_pages_per_s'] / can['trafilatura_pages_per_s']:.2f}",
        "modern_pages_per_s": f"{engine_pps:.1f}",
        "modern_p95_ms": f"{np.percentile(modern.engine, 95) * 1000:.0f}",
        "modern_peak_mb": f"{cli_engine.peak_mb:.0f}",
        "modern_trafilatura_pages_per_s": f"{traf_pps:.1f}",
        "modern_trafilatura_ratio": f"{engine_pps / traf_pps:.2f}",
        "modern_cli_pages_per_s": f"{cli_pps:.1f}",
        "modern_cli_trafilatura_ratio": f"{cli_traf.seconds / cli_engine.seconds:.2f}",
        "modern_errors": str(len(modern.errors)),
        "model": label,
        # Beyond issue 27's keys: the same ratios in CPU seconds (module docstring).
        "modern_cpu_trafilatura_ratio": f"{cpu_ratio:.2f}",
        "modern_cli_cpu_trafilatura_ratio": f"{cli_traf.cpu_seconds / cli_engine.cpu_seconds:.2f}",
    }
    profile = profile_modern(model, files, args.profile) if args.profile else None
    for error in modern.errors:
        print(f"engine refused {error}", file=sys.stderr)
    print(
        f"model: {source}; CANOLA: {can['pages']:.0f} pages, trafilatura "
        f"{can['trafilatura_pages_per_s']:.1f} pages/s; modern: {len(files)} pages, "
        f"{len(modern.errors)} refused; extract {cli_engine.seconds:.1f} s, peak "
        f"{cli_engine.peak_mb:.0f} MB; trafilatura loop {cli_traf.seconds:.1f} s, peak "
        f"{cli_traf.peak_mb:.0f} MB; start-up on one small page: extract "
        f"{cli.engine_start.seconds:.1f} s, {cli.engine_start.peak_mb:.0f} MB, trafilatura "
        f"{cli.trafilatura_start.seconds:.1f} s, {cli.trafilatura_start.peak_mb:.0f} MB"
    )
    if args.report:
        argv = sys.argv[1:]
        write_report(
            args.report, figures, can, modern, cli, source, argv, profile,
            (load_at_start, os.getloadavg()[0]),
        )  # fmt: skip
    print(bench_line(figures))


if __name__ == "__main__":
    main()

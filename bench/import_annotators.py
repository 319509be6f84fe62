"""Bulk annotator import: manage.py create_annotators on a CSV of N accounts (issue 26, 9).

What is measured, in one run on a throwaway SQLite instance:

1. one password hash with Django's default hasher (PBKDF2-SHA256, 1,000,000 iterations)
   and one with accounts.passwords.GeneratedPasswordHasher (KEHR_GENERATED_PASSWORD_
   ITERATIONS), each the median of --samples hashes on one thread;
2. the whole command, wall-clock and CPU seconds (all threads; divided by the CPUs, what
   it takes on an otherwise idle machine, since the shared machine is noisy), on a CSV of
   --rows accounts with empty passwords (generated, the usual class list) and, with
   --given, on one whose passwords are given (hashed at the default cost);
3. what N rows would take hashed one by one at the default cost (the old command), from
   the measured single hash, and the CPUs the pool used.

    python bench/import_annotators.py [--rows 3000] [--given ROWS] [--samples 5]

Last line: BENCH import_annotators rows=… generated_s=… given_rows=… given_s=… …
"""

from __future__ import annotations

import argparse
import contextlib
import io
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "backend"), str(REPO)]

from benchlib import setup_sqlite_django  # noqa: E402


def median_hash_seconds(hasher, samples: int) -> float:
    from django.contrib.auth.hashers import make_password

    times = []
    for n in range(samples):
        start = time.perf_counter()
        make_password(f"sample password {n}", hasher=hasher)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cpu_seconds() -> float:
    """User + system CPU time of this process, all threads: the load-independent cost."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run_command(var_dir: Path, name: str, rows: int, given: bool) -> tuple[float, float]:
    from django.core.management import call_command

    path = var_dir / f"{name}.csv"
    lines = [f"{name}{n},tulip garden {n}x" if given else f"{name}{n}," for n in range(rows)]
    path.write_text("username,password\n" + "\n".join(lines) + "\n")
    start, cpu = time.perf_counter(), cpu_seconds()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        call_command("create_annotators", str(path))
    return time.perf_counter() - start, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=3000)
    parser.add_argument("--given", type=int, default=0, help="rows with given passwords")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument(
        "--smoke", action="store_true", help="tiniest sizes: only checks that the bench runs"
    )
    args = parser.parse_args()
    if args.smoke:  # tests/test_bench_scripts.py
        args.rows, args.given, args.samples = 20, 2, 1
    var_dir = Path(tempfile.mkdtemp(prefix="kehr-bench-import-"))
    try:
        setup_sqlite_django(str(var_dir))
        from django.contrib.auth.hashers import get_hasher
        from django.core.management import call_command

        from accounts.passwords import GeneratedPasswordHasher, cpu_count

        call_command("migrate", verbosity=0)
        full = median_hash_seconds(get_hasher("default"), args.samples)
        cheap = median_hash_seconds(GeneratedPasswordHasher(), args.samples)
        generated_s, generated_cpu = run_command(var_dir, "gen", args.rows, given=False)
        given_s, given_cpu = (
            run_command(var_dir, "giv", args.given, given=True) if args.given else (0.0, 0.0)
        )
        figures = {
            "rows": args.rows,
            "generated_s": round(generated_s, 1),
            "given_rows": args.given,
            "given_s": round(given_s, 1),
            # CPU seconds over the CPUs: the wall-clock time on an otherwise idle machine.
            "generated_cpu_s": round(generated_cpu, 1),
            "generated_idle_s": round(generated_cpu / cpu_count(), 1),
            "given_cpu_s": round(given_cpu, 1),
            "cpus": cpu_count(),
            "hash_default_s": round(full, 3),
            "hash_generated_s": round(cheap, 4),
            "one_by_one_default_s": round(full * args.rows),
        }
        print("BENCH import_annotators " + " ".join(f"{k}={v}" for k, v in figures.items()))
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


if __name__ == "__main__":
    main()

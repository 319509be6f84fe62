"""Small helpers the benchmark scripts share (run as ``python bench/NAME.py``)."""

from __future__ import annotations

import os

from kehr.processes import free_port

__all__ = ["free_port", "percentile", "setup_sqlite_django", "thread_cpu_ns", "tree_cpu_seconds"]


def setup_sqlite_django(var_dir: str) -> None:
    """Django on a SQLite file and the filesystem broker in var_dir (a bench's own)."""
    os.environ["KEHR_VAR_DIR"] = var_dir
    os.environ["DATABASE_URL"] = f"sqlite:///{var_dir}/bench.sqlite3"
    os.environ["CELERY_BROKER_URL"] = "filesystem://"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")
    # The settings only read var/: the start-up command makes it (kehr/instance.py).
    from kehr.instance import init_instance

    init_instance()
    import django

    django.setup()


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method: no interpolation, no numpy."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def thread_cpu_ns(pid: int) -> int:
    """CPU time so far of a single-threaded process (a PostgreSQL backend), in ns.

    /proc/PID/schedstat counts the main thread's time on a CPU to the nanosecond, where
    /proc/PID/stat counts whole clock ticks (10 ms): fine enough to split by request.
    """
    with open(f"/proc/{pid}/schedstat") as schedstat:
        return int(schedstat.read().split()[0])


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) a process and all its descendants have used so far.

    Children that already exited count too (their time moves into the parent's
    children_user/children_system when the parent reaps them): PostgreSQL backends
    and gunicorn workers that come and go during a phase are not lost.
    """
    import psutil

    root = psutil.Process(pid)
    total = 0.0
    for process in [root, *root.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total

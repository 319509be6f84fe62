"""The supervisor ``./dev run`` ends in: it runs the web server, the Celery worker and
beat and the two archive proxies, and restarts whichever dies.

Usage: ``python -m kehr.supervise --host HOST --port PORT [--run-env FILE]``.

- A child that exits without being asked to is restarted after a back-off that doubles
  with each crash within the crash window (``--backoff`` … ``--max-backoff``), with a
  log line naming it and its exit status.
- A child that crashes ``--crash-limit`` times within ``--crash-window`` seconds is in a
  crash loop (a port taken, a broken setting): the whole run stops with a message that
  says so, rather than restarting it for ever.
- SIGINT (Ctrl-C) or SIGTERM stops every child with SIGTERM (gunicorn and Celery shut
  down warm: running requests and tasks finish), SIGKILL after ``--stop-timeout``.
- ``--run-env FILE`` is deleted on the way out if it names this process
  (``KEHR_RUN_PID=<pid>``): ``./dev run`` writes it and then execs this module, so the
  pid stays the same (kehr/env.py reads the file only while that pid lives).

Why a purpose-built one rather than honcho, circus or supervisord: honcho stops all
processes when one exits (exactly the behaviour this replaces), and circus and
supervisord are daemons with their own configuration files, control sockets and
dependencies, for a development command that needs a loop of about a hundred lines.
Plain Python (no Django): it starts before anything else and imports nothing of Kehr's.

Each child runs in its own session (process group): a Ctrl-C in the terminal reaches
only the supervisor, which then stops the children in order, and a crashed child's
leftovers (a prefork pool, gunicorn workers) are killed with its group. Each child also
gets SIGTERM should the supervisor itself be killed (Linux parent-death signal).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from kehr.processes import die_with_parent

REPO_DIR = Path(__file__).resolve().parents[2]
#: How often the loop looks at its children (a sleep, not a busy wait).
TICK_S = 0.2


@dataclass(frozen=True)
class Program:
    """One long-running child: its name in log lines and its command."""

    name: str
    argv: tuple[str, ...]


@dataclass(frozen=True)
class Policy:
    """When to restart and when to give up (the command line's options)."""

    backoff: float = 1.0
    max_backoff: float = 30.0
    crash_limit: int = 5
    crash_window: float = 60.0
    stop_timeout: float = 20.0

    def delay(self, recent_crashes: int) -> float:
        """1, 2, 4, … seconds (by default) for the 1st, 2nd, 3rd crash in the window."""
        return min(self.max_backoff, self.backoff * 2 ** max(recent_crashes - 1, 0))


@dataclass
class Child:
    program: Program
    process: subprocess.Popen | None = None
    restart_at: float | None = None  # monotonic time of a pending restart
    crashes: deque[float] = field(default_factory=deque)


class CrashLoop(Exception):
    """A child crashed too often within the window; the message says which and how."""


def describe_exit(returncode: int) -> str:
    """'exit status 3', or 'killed by SIGKILL (exit status 137)' as a shell would say."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name} (exit status {128 - returncode})"
    return f"exit status {returncode}"


def log(line: str) -> None:
    # stderr, like the children's own logs, so the lines interleave in order.
    print(f"{time.strftime('%H:%M:%S')} supervise: {line}", file=sys.stderr, flush=True)


class Supervisor:
    """Runs the programs until told to stop or one of them loops; see the module doc."""

    def __init__(
        self,
        programs: Sequence[Program],
        policy: Policy | None = None,
        *,
        cwd: Path = REPO_DIR,
        on_exit: Callable[[], None] | None = None,
    ) -> None:
        self.children = [Child(program) for program in programs]
        self.policy = policy or Policy()
        self.cwd = cwd
        self.on_exit = on_exit
        self.stop_signal: int | None = None

    # ------------------------------------------------------------------ lifecycle

    def run(self) -> int:
        """Supervise until a signal (128 + its number) or a crash loop (1)."""
        previous = {
            sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            for child in self.children:
                self._start(child)
            while self.stop_signal is None:
                self._tick()
                time.sleep(TICK_S)
            log(f"{signal.Signals(self.stop_signal).name}: stopping {self._names()}")
            return 128 + self.stop_signal
        except CrashLoop as error:
            log(f"{error} Stopping {self._names()}.")
            return 1
        finally:
            # A second Ctrl-C must not interrupt the shutdown itself.
            for sig in previous:
                signal.signal(sig, signal.SIG_IGN)
            self.stop_all()
            if self.on_exit is not None:
                self.on_exit()
            for sig, handler in previous.items():
                if handler is not None:  # None: installed from C, cannot be put back
                    signal.signal(sig, handler)

    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        self.stop_signal = signum

    def _names(self) -> str:
        return ", ".join(child.program.name for child in self.children)

    def _start(self, child: Child) -> None:
        child.restart_at = None
        child.process = subprocess.Popen(
            child.program.argv, cwd=self.cwd, stdin=subprocess.DEVNULL,
            start_new_session=True, preexec_fn=die_with_parent(signal.SIGTERM),
        )  # fmt: skip
        log(f"started {child.program.name} (pid {child.process.pid})")

    def _tick(self) -> None:
        now = time.monotonic()
        for child in self.children:
            if child.restart_at is not None:
                if now >= child.restart_at:
                    self._start(child)
                continue
            assert child.process is not None
            returncode = child.process.poll()
            if returncode is not None:
                self._crashed(child, returncode, now)

    def _crashed(self, child: Child, returncode: int, now: float) -> None:
        """Record an unexpected exit; schedule the restart or raise CrashLoop."""
        assert child.process is not None
        kill_group(child.process.pid)  # its pool processes or workers, if any outlived it
        policy = self.policy
        child.crashes.append(now)
        while child.crashes and now - child.crashes[0] > policy.crash_window:
            child.crashes.popleft()
        name, status = child.program.name, describe_exit(returncode)
        if len(child.crashes) >= policy.crash_limit:
            raise CrashLoop(
                f"{name} exited {len(child.crashes)} times within {policy.crash_window:g} s "
                f"(last: {status}): a crash loop; its log lines above say why."
            )
        delay = policy.delay(len(child.crashes))
        log(
            f"{name} (pid {child.process.pid}) exited unexpectedly ({status}); restarting "
            f"in {delay:g} s (crash {len(child.crashes)} of {policy.crash_limit} allowed "
            f"within {policy.crash_window:g} s)"
        )
        child.restart_at = now + delay

    def stop_all(self) -> None:
        """SIGTERM to every running child, wait up to the stop timeout, then SIGKILL."""
        running = [c.process for c in self.children if c.process and c.process.poll() is None]
        for process in running:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
        deadline = time.monotonic() + self.policy.stop_timeout
        for process in running:
            try:
                process.wait(max(deadline - time.monotonic(), 0.0))
            except subprocess.TimeoutExpired:
                log(f"pid {process.pid} did not stop within {self.policy.stop_timeout:g} s: killed")
        for child in self.children:
            if child.process is not None:
                kill_group(child.process.pid)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    child.process.wait(10)


def kill_group(pgid: int) -> None:
    """SIGKILL what is left of a child's process group (each child leads its own)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


# --------------------------------------------------------------------------- Kehr's programs


def kehr_programs(host: str, port: int, python: str = sys.executable) -> list[Program]:
    """What ``./dev run`` runs. Ports and hosts of the proxies come from the environment
    (KEHR_ARCHIVE_RECORD_PORT, …), which the children inherit."""
    manage = (python, str(REPO_DIR / "manage.py"))
    return [
        Program("web server (gunicorn)", (python, "-m", "gunicorn", "kehr.wsgi:application",
                "--bind", f"{host}:{port}", "--workers", "2", "--access-logfile", "-")),
        Program("Celery worker", (python, "-m", "celery", "-A", "kehr", "worker",
                "--loglevel=INFO", "--concurrency=2")),
        Program("Celery beat", (python, "-m", "celery", "-A", "kehr", "beat", "--loglevel=INFO")),
        Program("archive recorder", (*manage, "archive_proxy", "--mode", "record")),
        Program("replay proxy", (*manage, "archive_proxy", "--mode", "replay")),
    ]  # fmt: skip


def remove_run_env(path: Path, pid: int) -> None:
    """Delete ``path`` if it names ``pid``: another ./dev run may have replaced it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return
    if f"KEHR_RUN_PID={pid}" in lines:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def positive(kind: type[int] | type[float]) -> Callable[[str], float]:
    def parse(raw: str) -> float:
        try:
            value = kind(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{raw!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{raw!r}: give a number above 0")
        return value

    return parse


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    defaults = Policy()
    parser = argparse.ArgumentParser(
        prog="python -m kehr.supervise",
        description="Run and supervise Kehr's web server, Celery worker and beat and "
        "archive proxies (what ./dev run starts).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="the web server's address")
    parser.add_argument("--port", type=positive(int), default=8000, help="its port")
    parser.add_argument("--run-env", type=Path, help="file to delete on exit if it names this pid")
    parser.add_argument(
        "--backoff",
        type=positive(float),
        default=defaults.backoff,
        help="seconds before the first restart (doubling per crash)",
    )
    parser.add_argument("--max-backoff", type=positive(float), default=defaults.max_backoff)
    parser.add_argument(
        "--crash-limit",
        type=positive(int),
        default=defaults.crash_limit,
        help="crashes within the window that stop the run",
    )
    parser.add_argument(
        "--crash-window", type=positive(float), default=defaults.crash_window, help="seconds"
    )
    parser.add_argument("--stop-timeout", type=positive(float), default=defaults.stop_timeout,
                        help="seconds of warm shutdown before SIGKILL")  # fmt: skip
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    policy = Policy(
        backoff=args.backoff, max_backoff=args.max_backoff, crash_limit=int(args.crash_limit),
        crash_window=args.crash_window, stop_timeout=args.stop_timeout,
    )  # fmt: skip
    run_env: Path | None = args.run_env
    pid = os.getpid()
    supervisor = Supervisor(
        kehr_programs(args.host, int(args.port)),
        policy,
        on_exit=(lambda: remove_run_env(run_env, pid)) if run_env else None,
    )
    return supervisor.run()


if __name__ == "__main__":
    sys.exit(main())

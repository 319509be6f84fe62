"""Helpers for the helper processes Kehr starts (Firefox, and in tests and benches
PostgreSQL, Redis, Celery workers, gunicorn): a free loopback port and a child that
dies with its parent.

Plain Python on purpose (no Django, no app): the test harness imports it before
Django's settings exist, the benches without setting Django up.
"""

from __future__ import annotations

import ctypes
import signal
import socket
from collections.abc import Callable

_PR_SET_PDEATHSIG = 1
_prctl: Callable[..., int] | None
try:
    _prctl = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError):  # not Linux: no parent-death signal
    _prctl = None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now.

    Another process may take it before the caller binds it; callers that cannot
    afford that retry (tests/services.py ``start_on_free_port``).
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def die_with_parent(sig: int = signal.SIGKILL) -> Callable[[], None] | None:
    """A ``preexec_fn`` for ``subprocess.Popen``: the child gets ``sig`` when the thread
    that started it dies, even by SIGKILL (Linux ``PR_SET_PDEATHSIG``; elsewhere None,
    which Popen accepts: no such guarantee, clean-up at exit only).

    Why: a worker or pytest killed with SIGKILL runs no clean-up code, and a Firefox or
    database server it started would otherwise run on for ever. The call runs in the
    forked child after subprocess set its credentials, so the kernel keeps it; only the
    prepared ctypes function runs there.
    """
    if _prctl is None:
        return None
    prctl = _prctl

    def preexec() -> None:
        prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)

    return preexec

"""Small helpers the benchmark scripts share (run as ``python bench/NAME.py``)."""

from __future__ import annotations

import socket


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method: no interpolation, no numpy."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

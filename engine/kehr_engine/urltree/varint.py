"""Sorted slot numbers as LEB128 varints of their gaps: a document's blocks in ~1.3 bytes
each (a page's own blocks get consecutive slots, gap 1; its template's are few and
close), where fixed-width numbers take 2 or 4. Vectorised with numpy both ways."""

from __future__ import annotations

import numpy as np

__all__ = ["decode_sorted", "encode_sorted"]


def encode_sorted(values: np.ndarray) -> bytes:
    """Sorted non-negative integers (< 2^35) -> varint bytes of their gaps."""
    if not len(values):
        return b""
    gaps = np.diff(values.astype(np.int64), prepend=0).astype(np.uint64)
    sizes = np.ones(len(gaps), dtype=np.int64)
    rest = gaps >> np.uint64(7)
    while rest.any():
        sizes += rest > 0
        rest >>= np.uint64(7)
    out = np.empty(int(sizes.sum()), dtype=np.uint8)
    starts = np.cumsum(sizes) - sizes
    for k in range(int(sizes.max())):
        chosen = sizes > k
        byte = (gaps[chosen] >> np.uint64(7 * k)) & np.uint64(0x7F)
        more = (sizes[chosen] > k + 1).astype(np.uint64) << np.uint64(7)
        out[starts[chosen] + k] = (byte | more).astype(np.uint8)
    return out.tobytes()


def decode_sorted(data: bytes | memoryview) -> np.ndarray:
    """The inverse of :func:`encode_sorted` (int64)."""
    raw = np.frombuffer(data, dtype=np.uint8)
    if not len(raw):
        return np.zeros(0, dtype=np.int64)
    ends = np.flatnonzero(raw < 0x80)
    lengths = np.diff(ends, prepend=-1)
    owner = np.repeat(np.arange(len(ends)), lengths)
    position = np.arange(len(raw)) - np.repeat(ends - lengths + 1, lengths)
    parts = (raw & 0x7F).astype(np.float64) * np.exp2(7.0 * position)  # exact below 2^53
    gaps = np.bincount(owner, weights=parts, minlength=len(ends)).astype(np.int64)
    return np.cumsum(gaps)

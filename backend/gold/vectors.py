"""Byte layouts of the merge results (docs/merging.md#storage).

Merged labels use the submission layout (annotations.labels: one byte per node), so
a gold vector can be compared with any annotator's or classifier's vector directly.
Votes are three counts per node (bad, uncertain, good) as little-endian uint16: 6
bytes a node, enough for 65,535 annotators, decoded by one ``np.frombuffer``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

VOTE_DTYPE = np.dtype("<u2")
VOTE_COLUMNS = 3
MAX_VOTES = int(np.iinfo(VOTE_DTYPE).max)


def encode_votes(counts: npt.ArrayLike) -> bytes:
    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != VOTE_COLUMNS:
        raise ValueError(f"Votes must have shape (nodes, 3), got {array.shape}.")
    if array.size and (array.min() < 0 or array.max() > MAX_VOTES):
        raise ValueError(f"Vote counts must lie in 0..{MAX_VOTES}.")
    return array.astype(VOTE_DTYPE).tobytes()


def decode_votes(stored: bytes | memoryview) -> npt.NDArray[np.int64]:
    raw = bytes(stored)
    width = VOTE_COLUMNS * VOTE_DTYPE.itemsize
    if len(raw) % width:
        raise ValueError(f"Stored votes have {len(raw)} bytes, not a multiple of {width}.")
    return np.frombuffer(raw, dtype=VOTE_DTYPE).reshape(-1, VOTE_COLUMNS).astype(np.int64)


def decode_labels(stored: bytes | memoryview) -> npt.NDArray[np.uint8]:
    return np.frombuffer(bytes(stored), dtype=np.uint8)

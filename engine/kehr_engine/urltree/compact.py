"""The URL Tree in numpy tables: the same counts as the reference store, a fraction of
the memory.

Where the memory goes in the plain statement of the method: every node on a branch
keeps a counter for every block of every document under it, and most blocks are a
page's own text, held by that one document. This store keeps, per domain:

- one open-addressing table of the distinct live block hashes with their document
  frequency in the domain (which *is* the domain node's counter). A block one document
  holds also records which document, so it costs 12 bytes and nothing anywhere else;
- node counters only on nodes with at least ``min_seen`` documents (the only ones a
  heuristic can pick), and only for blocks that are, or were, held by two documents or
  were there when the node reached ``min_seen``; a block absent from such a counter is
  held by the judged document alone, so its count is 1;
- per document, its slot numbers in the block table (2 bytes each while the table has at
  most 65,536 slots), its time, its leaf and its ancestors.

The invariant that makes the absent-means-one shortcut exact: for every node with a
counter and every block whose holder is not known (held by two or more documents, or
by one after others were removed), the counter is exact. A block held by one known
document may be missing from counters; when a second document arrives, the first
holder's counters get their entry before both are counted.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Iterator

import numpy as np

from kehr_engine.urltree.heuristics import Heuristic
from kehr_engine.urltree.keys import MAX_DEPTH
from kehr_engine.urltree.tree import Chain

__all__ = ["CompactTree"]

_EMPTY = 0
_DELETED = 1
_ROOT_KEY = int.from_bytes(hashlib.blake2b(b"", digest_size=8).digest(), "little")
_GROW_AT = 0.75  # rehash when live + deleted slots pass this share of the table
_LOAD_AFTER = 0.5  # a rehash sizes the table for this load


def _keys(values: np.ndarray) -> np.ndarray:
    """Hashes as table keys: 0 and 1 mark empty and deleted slots, so they move up by 2
    (two blocks whose hashes differ by 2 collide with probability 2^-63)."""
    values = values.astype(np.uint64, copy=False)
    return np.where(values < 2, values + np.uint64(2), values)


class _OpenTable:
    """uint64 key -> slot number, open addressing with linear probing, vectorised lookups.

    Slot numbers are stable until :meth:`rehash`, which returns the old -> new map so the
    owner can renumber everything that refers to slots.
    """

    def __init__(self, capacity: int = 16) -> None:
        self.keys = np.zeros(capacity, dtype=np.uint64)
        self.live = 0
        self.used = 0  # live + deleted

    @property
    def capacity(self) -> int:
        return len(self.keys)

    def find(self, keys: np.ndarray) -> np.ndarray:
        """The slot of each key, -1 where absent."""
        mask = np.uint64(self.capacity - 1)
        position = (keys & mask).astype(np.int64)
        found = np.full(len(keys), -1, dtype=np.int64)
        todo = np.arange(len(keys))
        while todo.size:
            at = self.keys[position[todo]]
            hit = at == keys[todo]
            found[todo[hit]] = position[todo[hit]]
            todo = todo[~hit & (at != _EMPTY)]
            position[todo] = (position[todo] + 1) & (self.capacity - 1)
        return found

    def needs_rehash(self, extra: int) -> bool:
        return self.used + extra > _GROW_AT * self.capacity

    def insert(self, key: int) -> int:
        """Put an absent key in; the caller made room with :meth:`rehash`."""
        mask = self.capacity - 1
        slot = key & mask
        keys = self.keys
        while True:
            present = int(keys[slot])
            if present == _EMPTY or present == _DELETED:
                break
            slot = (slot + 1) & mask
        if int(keys[slot]) == _EMPTY:
            self.used += 1
        keys[slot] = key
        self.live += 1
        return slot

    def delete(self, slot: int) -> None:
        self.keys[slot] = _DELETED
        self.live -= 1

    def rehash(self, extra: int) -> np.ndarray:
        """A table sized for the live keys plus ``extra``; returns old slot -> new slot
        (-1 for empty and deleted slots)."""
        capacity = 16
        while capacity * _LOAD_AFTER < self.live + extra:
            capacity *= 2
        old = self.keys
        self.keys = np.zeros(capacity, dtype=np.uint64)
        self.live = self.used = 0
        moved = np.full(len(old), -1, dtype=np.int64)
        for slot in np.flatnonzero(old > _DELETED):
            moved[slot] = self.insert(int(old[slot]))
        return moved


class _Counter:
    """A node's block counts: sorted slot numbers and their counts."""

    __slots__ = ("counts", "slots")

    def __init__(self, slots: np.ndarray, counts: np.ndarray) -> None:
        self.slots, self.counts = slots, counts

    def _locate(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        at = np.searchsorted(self.slots, slots)
        if not len(self.slots):
            return at, np.zeros(len(slots), dtype=bool)
        present = self.slots[np.minimum(at, len(self.slots) - 1)] == slots
        return at, present & (at < len(self.slots))

    def get(self, slots: np.ndarray, default: int) -> np.ndarray:
        at, present = self._locate(slots)
        out = np.full(len(slots), default, dtype=np.int64)
        out[present] = self.counts[at[present]]
        return out

    def add(self, slots: np.ndarray, delta: int, only_absent: bool = False) -> None:
        """Add ``delta`` to each slot's count (absent slots start at 0; a count that
        reaches 0 goes); with ``only_absent``, absent slots are set to ``delta`` and
        present ones left alone."""
        at, present = self._locate(slots)
        if not only_absent:
            np.add.at(self.counts, at[present], delta)
        if delta > 0 and not present.all():
            new = slots[~present]
            order = np.argsort(new)
            self.slots = np.insert(self.slots, at[~present][order], new[order])
            self.counts = np.insert(self.counts, at[~present][order], delta)
        if delta < 0:
            keep = self.counts > 0
            if not keep.all():
                self.slots, self.counts = self.slots[keep], self.counts[keep]

    def renumber(self, moved: np.ndarray) -> None:
        slots = moved[self.slots]
        order = np.argsort(slots)
        self.slots, self.counts = slots[order], self.counts[order]


class CompactTree:
    """One domain's tree; see the module docstring."""

    def __init__(self, min_seen: int) -> None:
        self.min_seen = max(min_seen, 1)  # nodes with this many documents keep counters
        # Blocks: state > 1 is the document frequency; 1 is "one holder, not known";
        # <= -1 is one holder, document serial -state - 1.
        self.blocks = _OpenTable()
        self.state = np.zeros(self.blocks.capacity, dtype=np.int32)
        # Nodes (below the domain node, which is implicit: its counter is the block table).
        self.nodes = _OpenTable()
        self.seen = np.zeros(self.nodes.capacity, dtype=np.int32)
        self.is_doc = np.zeros(self.nodes.capacity, dtype=bool)
        self.counters: dict[int, _Counter] = {}
        # Documents, oldest first; serial = first_serial + position.
        self.first_serial = 0
        self.times = array("d")
        self.doc_blocks: list[bytes] = []  # slot numbers, uint16 or uint32
        self.block_dtype: np.dtype = np.dtype(np.uint16)
        # Node slots of each document's branch, host first (-1 past its leaf); rows
        # [head, len(times)) are live, the array grows by doubling.
        self.branches = np.full((16, MAX_DEPTH), -1, dtype=np.int32)
        self.head = 0  # documents before it are removed
        self.total = 0  # documents in the domain (the domain node's n_s)
        self.newest = float("-inf")

    # ---------------------------------------------------------------- the protocol

    def __len__(self) -> int:
        return self.total

    def root_seen(self) -> int:
        return self.total

    def oldest_time(self) -> float:
        return self.times[self.head]

    def holds(self, chain: Chain) -> bool:
        slot = int(self.nodes.find(_keys(np.array(chain[-1:], dtype=np.uint64)))[0])
        return slot >= 0 and bool(self.is_doc[slot])

    def add(self, chain: Chain, time: float, hashes: np.ndarray) -> None:
        serial = self.first_serial + len(self.times) - self.head
        branch = self._add_nodes(chain)
        kept = [int(n) for n in branch if self.seen[n] > self.min_seen]  # had a counter
        slots = self._add_blocks(hashes, serial, kept)
        self._append(branch, time, slots)
        for node in branch:
            if self.seen[node] == self.min_seen:
                self._make_counter(node)
        self.total += 1
        self.newest = max(self.newest, time)

    def remove_oldest(self) -> None:
        position = self.head
        branch = self.branches[position][self.branches[position] >= 0]
        slots = np.frombuffer(self.doc_blocks[position], dtype=self.block_dtype).astype(np.int64)
        for node in branch:
            counter = self.counters.get(int(node))
            if counter is not None:
                counter.add(slots, -1)  # present entries are exact
        state = self.state[slots]
        frequency = np.where(state > 1, state, 1) - 1
        gone = slots[frequency == 0]
        for slot in gone:
            self.blocks.delete(int(slot))
        self.state[slots] = np.where(frequency > 1, frequency, 1)
        self.state[gone] = 0
        for node in branch:
            self.seen[node] -= 1
            if self.seen[node] == self.min_seen - 1:
                self.counters.pop(int(node), None)
            if self.seen[node] == 0:
                self.nodes.delete(int(node))
        self.is_doc[branch[-1]] = False
        self.doc_blocks[position] = b""
        self.head += 1
        self.first_serial += 1
        self.total -= 1
        if self.head > 64 and self.head * 2 > len(self.times):
            self._compact_documents()

    def counts(self, chain: Chain, hashes: np.ndarray, heuristic: Heuristic) -> np.ndarray:
        node = -1
        if not heuristic.at_domain:
            branch = self.nodes.find(_keys(np.array(chain, dtype=np.uint64)))
            for slot in branch[::-1]:
                if self.seen[slot] >= heuristic.min_seen:
                    node = int(slot)
                    break
        slots = self.blocks.find(_keys(hashes))
        if node < 0:
            state = self.state[slots]
            return np.where(state > 1, state, 1).astype(np.int64)
        return self.counters[node].get(slots, 1)

    def documents(self) -> Iterator[tuple[Chain, float, np.ndarray]]:
        for position in range(self.head, len(self.times)):
            branch = self.branches[position][self.branches[position] >= 0]
            slots = np.frombuffer(self.doc_blocks[position], dtype=self.block_dtype)
            yield (
                tuple(int(k) for k in self.nodes.keys[branch]),
                self.times[position],
                self.blocks.keys[slots.astype(np.int64)],
            )

    # ---------------------------------------------------------------- insertion

    def _add_nodes(self, chain: Chain) -> np.ndarray:
        keys = _keys(np.array(chain, dtype=np.uint64))
        found = self.nodes.find(keys)
        missing = int((found < 0).sum())
        if missing and self.nodes.needs_rehash(missing):
            self._rehash_nodes(missing)
            found = self.nodes.find(keys)
        for i in np.flatnonzero(found < 0):
            found[i] = self.nodes.insert(int(keys[i]))
        self.seen[found] += 1
        self.is_doc[found[-1]] = True
        return found

    def _add_blocks(self, hashes: np.ndarray, serial: int, kept: list[int]) -> np.ndarray:
        keys = _keys(hashes)
        slots = self.blocks.find(keys)
        missing = int((slots < 0).sum())
        if missing and self.blocks.needs_rehash(missing):
            self._rehash_blocks(missing)
            slots = self.blocks.find(keys)
        old = slots >= 0
        old_slots = slots[old]
        state = self.state[old_slots]
        # Blocks one known document held: its counters get their entry first.
        single = state <= -1
        if single.any():
            for holder, group in _groups(-state[single] - 1, old_slots[single]):
                self._ensure_entries(int(holder), group)
        self.state[old_slots] = np.where(state > 1, state, 1) + 1
        for node in kept:
            self.counters[node].add(np.sort(old_slots), 1)
        for i in np.flatnonzero(~old):
            slots[i] = self.blocks.insert(int(keys[i]))
        self.state[slots[~old]] = -serial - 1
        return slots

    def _ensure_entries(self, holder: int, slots: np.ndarray) -> None:
        position = self.head + holder - self.first_serial
        branch = self.branches[position]
        for node in branch[branch >= 0]:
            counter = self.counters.get(int(node))
            if counter is not None:
                counter.add(np.sort(slots), 1, only_absent=True)

    def _append(self, branch: np.ndarray, time: float, slots: np.ndarray) -> None:
        end = len(self.times)
        if end == len(self.branches):
            grown = np.full((2 * end, MAX_DEPTH), -1, dtype=np.int32)
            grown[:end] = self.branches
            self.branches = grown
        self.branches[end, : len(branch)] = branch
        self.times.append(time)
        self.doc_blocks.append(slots.astype(self.block_dtype).tobytes())

    def _make_counter(self, node: int) -> None:
        """A node reached min_seen: count the blocks of the documents under it."""
        live = self.branches[self.head : len(self.times)]
        under = np.flatnonzero((live == node).any(axis=1)) + self.head
        slots = np.concatenate(
            [np.frombuffer(self.doc_blocks[p], dtype=self.block_dtype) for p in under]
        ).astype(np.int64)
        unique, counts = np.unique(slots, return_counts=True)
        self.counters[node] = _Counter(unique, counts.astype(np.int64))

    # ---------------------------------------------------------------- housekeeping

    def _compact_documents(self) -> None:
        end = len(self.times)
        rows = max(16, 2 * (end - self.head))
        branches = np.full((rows, MAX_DEPTH), -1, dtype=np.int32)
        branches[: end - self.head] = self.branches[self.head : end]
        self.branches = branches
        self.times = self.times[self.head :]
        self.doc_blocks = self.doc_blocks[self.head :]
        self.head = 0

    def _rehash_nodes(self, extra: int) -> None:
        moved = self.nodes.rehash(extra)
        seen = np.zeros(self.nodes.capacity, dtype=np.int32)
        is_doc = np.zeros(self.nodes.capacity, dtype=bool)
        alive = moved >= 0
        seen[moved[alive]] = self.seen[alive]
        is_doc[moved[alive]] = self.is_doc[alive]
        self.seen, self.is_doc = seen, is_doc
        self.counters = {int(moved[n]): c for n, c in self.counters.items()}
        rows = self.branches[: len(self.times)]
        live = rows >= 0
        rows[live] = moved[rows[live]]

    def _rehash_blocks(self, extra: int) -> None:
        moved = self.blocks.rehash(extra)
        state = np.zeros(self.blocks.capacity, dtype=np.int32)
        alive = moved >= 0
        state[moved[alive]] = self.state[alive]
        self.state = state
        for counter in self.counters.values():
            counter.renumber(moved)
        dtype = np.dtype(np.uint16 if self.blocks.capacity <= 1 << 16 else np.uint32)
        old_dtype, self.block_dtype = self.block_dtype, dtype
        self.doc_blocks = [
            moved[np.frombuffer(b, dtype=old_dtype).astype(np.int64)].astype(dtype).tobytes()
            if b
            else b
            for b in self.doc_blocks
        ]


def _groups(keys: np.ndarray, values: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    for start, end in zip(starts, [*starts[1:], len(keys)], strict=True):
        yield int(keys[start]), values[start:end]

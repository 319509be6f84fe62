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

from array import array
from collections.abc import Callable, Iterator, Sequence

import numpy as np

from kehr_engine.urltree.heuristics import Heuristic
from kehr_engine.urltree.keys import MAX_DEPTH
from kehr_engine.urltree.tree import Chain
from kehr_engine.urltree.varint import decode_sorted, encode_sorted

__all__ = ["CompactTree"]

_GROWTH = 1.25  # slot arrays grow by a quarter: slack costs memory per block


def _keys(values: np.ndarray) -> np.ndarray:
    return values.astype(np.uint64, copy=False)


class _KeyIndex:
    """uint64 key -> a stable slot number, for a table whose owner keeps the values.

    Two sorted key arrays searched with numpy's binary search: the main one and a small
    one of recent insertions, merged into the main one when it passes a 32nd of it. That
    is 12 bytes per key and no load factor (an open-addressing table spent twice that;
    a dictionary of pending keys, ten times). The owner tells live slots from dead ones
    (``is_live``); a dead key's slot comes back to life if the key is inserted again, and
    goes to another key only after a merge has dropped it.
    """

    def __init__(self, is_live: Callable[[np.ndarray], np.ndarray]) -> None:
        self.is_live = is_live
        self.keys = np.zeros(0, dtype=np.uint64)  # sorted
        self.slots = np.zeros(0, dtype=np.int32)
        self.new_keys = np.zeros(0, dtype=np.uint64)  # sorted, recent insertions
        self.new_slots = np.zeros(0, dtype=np.int32)
        self.free = np.zeros(0, dtype=np.int32)  # slots a merge found dead
        self.allocated = 0  # slot numbers handed out so far: the owner's arrays' length

    @staticmethod
    def _search(keys: np.ndarray, slots: np.ndarray, queries: np.ndarray) -> np.ndarray:
        found = np.full(len(queries), -1, dtype=np.int64)
        if len(keys):
            at = np.minimum(np.searchsorted(keys, queries), len(keys) - 1)
            hit = keys[at] == queries
            found[hit] = slots[at[hit]]
        return found

    def _slots(self, queries: np.ndarray) -> np.ndarray:
        """Each key's slot, live or dead; -1 where the key is in neither array."""
        found = self._search(self.keys, self.slots, queries)
        if len(self.new_keys):
            missing = found < 0
            found[missing] = self._search(self.new_keys, self.new_slots, queries[missing])
        return found

    def find(self, queries: np.ndarray) -> np.ndarray:
        """The live slot of each key, -1 where absent or dead."""
        found = self._slots(queries)
        known = found >= 0
        found[known] = np.where(self.is_live(found[known]), found[known], -1)
        return found

    def insert(self, queries: np.ndarray) -> np.ndarray:
        """Slots for distinct keys :meth:`find` did not find (the owner makes them live)."""
        slots = self._slots(queries)
        new = slots < 0
        count = int(new.sum())
        reused = self.free[len(self.free) - min(count, len(self.free)) :]
        self.free = self.free[: len(self.free) - len(reused)]
        fresh = np.arange(self.allocated, self.allocated + count - len(reused), dtype=np.int64)
        self.allocated += len(fresh)
        slots[new] = np.concatenate([reused.astype(np.int64), fresh])
        at = np.searchsorted(self.new_keys, queries[new])
        order = np.argsort(queries[new])
        self.new_keys = np.insert(self.new_keys, at[order], queries[new][order])
        self.new_slots = np.insert(self.new_slots, at[order], slots[new][order])
        return slots

    def tidy(self) -> None:
        """Merge the recent insertions once they pass a 32nd of the main array. Call it
        only when every slot handed out is live or truly dead (not between an insertion
        and the owner making the slots live)."""
        if len(self.new_keys) > len(self.keys) // 32:
            keys = np.concatenate([self.keys, self.new_keys])
            slots = np.concatenate([self.slots, self.new_slots])
            live = self.is_live(slots)
            self.free = np.concatenate([self.free, slots[~live]])
            order = np.argsort(keys[live], kind="stable")
            self.keys, self.slots = keys[live][order], slots[live][order]
            self.new_keys = np.zeros(0, dtype=np.uint64)
            self.new_slots = np.zeros(0, dtype=np.int32)

    def key_of_slots(self) -> np.ndarray:
        """slot -> key for every slot handed out (dead ones included)."""
        keys = np.zeros(self.allocated, dtype=np.uint64)
        keys[self.slots] = self.keys
        keys[self.new_slots] = self.new_keys
        return keys


def _fit(array_: np.ndarray, length: int) -> np.ndarray:
    """The array, grown with zeros to hold ``length`` slots."""
    if length <= len(array_):
        return array_
    grown = np.zeros(max(length, int(len(array_) * _GROWTH) + 16), dtype=array_.dtype)
    grown[: len(array_)] = array_
    return grown


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
            self.counts[at[present]] += delta  # slots are distinct: no repeated index
        if delta > 0 and not present.all():
            new = slots[~present]
            order = np.argsort(new)
            self.slots = np.insert(self.slots, at[~present][order], new[order])
            self.counts = np.insert(self.counts, at[~present][order], delta)
        if delta < 0:
            keep = self.counts > 0
            if not keep.all():
                self.slots, self.counts = self.slots[keep], self.counts[keep]


class CompactTree:
    """One domain's tree; see the module docstring."""

    def __init__(self, min_seen: int) -> None:
        self.min_seen = max(min_seen, 1)  # nodes with this many documents keep counters
        # Blocks: state > 1 is the document frequency; 1 is "one holder, not known";
        # <= -1 is one holder, document serial -state - 1.
        self.state = np.zeros(0, dtype=np.int32)
        self.blocks = _KeyIndex(lambda slots: self.state[slots] != 0)
        # Nodes (below the domain node, which is implicit: its counter is the block table).
        self.seen = np.zeros(0, dtype=np.int32)
        self.is_doc = np.zeros(0, dtype=bool)
        self.nodes = _KeyIndex(lambda slots: self.seen[slots] > 0)
        self.counters: dict[int, _Counter] = {}
        # Documents, oldest first; serial = first_serial + position.
        self.first_serial = 0
        self.times = array("d")
        # Each document's block slots, sorted, as varints of their gaps, back to back:
        # document i is block_data[offsets[i]:offsets[i + 1]].
        self.block_data = bytearray()
        self.offsets = array("q", [0])
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
        self.nodes.tidy()
        self.blocks.tidy()
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
        slots = self._blocks_of(position)
        for node in branch:
            counter = self.counters.get(int(node))
            if counter is not None:
                counter.add(slots, -1)  # present entries are exact
        state = self.state[slots]
        frequency = np.where(state > 1, state, 1) - 1
        gone = slots[frequency == 0]
        self.state[slots] = np.where(frequency > 1, frequency, 1)
        self.state[gone] = 0
        for node in branch:
            self.seen[node] -= 1
            if self.seen[node] == self.min_seen - 1:
                self.counters.pop(int(node), None)
        self.is_doc[branch[-1]] = False
        self.head += 1
        self.first_serial += 1
        self.total -= 1
        if self.head > 64 and self.head * 2 > len(self.times):
            self._compact_documents()

    def counts(
        self, chain: Chain, hashes: np.ndarray, heuristics: Sequence[Heuristic]
    ) -> list[np.ndarray]:
        branch = self.nodes.find(_keys(np.array(chain, dtype=np.uint64)))[::-1]
        seen = self.seen[branch]
        slots = self.blocks.find(_keys(hashes))
        out = []
        for heuristic in heuristics:
            qualified = np.flatnonzero(seen >= heuristic.min_seen)
            if heuristic.at_domain or not len(qualified):
                state = self.state[slots]
                out.append(np.where(state > 1, state, 1).astype(np.int64))
            else:
                out.append(self.counters[int(branch[qualified[0]])].get(slots, 1))
        return out

    def judging_seen(self, chain: Chain, heuristic: Heuristic) -> int:
        branch = self.nodes.find(_keys(np.array(chain, dtype=np.uint64)))[::-1]
        seen = self.seen[branch]
        qualified = np.flatnonzero(seen >= heuristic.min_seen)
        if heuristic.at_domain or not len(qualified):
            return self.root_seen()
        return int(seen[qualified[0]])

    def documents(self) -> Iterator[tuple[Chain, float, np.ndarray]]:
        node_keys, block_keys = self.nodes.key_of_slots(), self.blocks.key_of_slots()
        for position in range(self.head, len(self.times)):
            branch = self.branches[position][self.branches[position] >= 0]
            yield (
                tuple(int(k) for k in node_keys[branch]),
                self.times[position],
                np.sort(block_keys[self._blocks_of(position)]),
            )

    # ---------------------------------------------------------------- insertion

    def _add_nodes(self, chain: Chain) -> np.ndarray:
        keys = _keys(np.array(chain, dtype=np.uint64))
        found = self.nodes.find(keys)
        if (found < 0).any():
            found[found < 0] = self.nodes.insert(keys[found < 0])
        self.seen = _fit(self.seen, self.nodes.allocated)
        self.is_doc = _fit(self.is_doc, self.nodes.allocated)
        self.seen[found] += 1
        self.is_doc[found[-1]] = True
        return found

    def _add_blocks(self, hashes: np.ndarray, serial: int, kept: list[int]) -> np.ndarray:
        keys = _keys(hashes)
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
        if not old.all():
            slots[~old] = self.blocks.insert(keys[~old])
            self.state = _fit(self.state, self.blocks.allocated)
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
        self.block_data += encode_sorted(np.sort(slots))
        self.offsets.append(len(self.block_data))

    def _make_counter(self, node: int) -> None:
        """A node reached min_seen: count the blocks of the documents under it."""
        live = self.branches[self.head : len(self.times)]
        under = np.flatnonzero((live == node).any(axis=1)) + self.head
        slots = np.concatenate([self._blocks_of(int(p)) for p in under])
        unique, counts = np.unique(slots, return_counts=True)
        self.counters[node] = _Counter(unique.astype(np.int32), counts.astype(np.int32))

    def _blocks_of(self, position: int) -> np.ndarray:
        start, end = self.offsets[position], self.offsets[position + 1]
        return decode_sorted(memoryview(self.block_data)[start:end])

    # ---------------------------------------------------------------- housekeeping

    def _compact_documents(self) -> None:
        end = len(self.times)
        rows = max(16, 2 * (end - self.head))
        branches = np.full((rows, MAX_DEPTH), -1, dtype=np.int32)
        branches[: end - self.head] = self.branches[self.head : end]
        self.branches = branches
        self.times = self.times[self.head :]
        base = self.offsets[self.head]
        del self.block_data[:base]
        self.offsets = array("q", (o - base for o in self.offsets[self.head :]))
        self.head = 0


def _groups(keys: np.ndarray, values: np.ndarray) -> Iterator[tuple[int, np.ndarray]]:
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    for start, end in zip(starts, [*starts[1:], len(keys)], strict=True):
        yield int(keys[start]), values[start:end]

"""Reading the 2008 KrdWrd ``stats/<id>.stats`` files (krdwrd_import reads them too).

Layout (../shared/data/krdwrd/README.md)::

    # submitted : 8
    # tokens<TAB>merged<TAB>9<TAB>10<TAB>…        one column per annotator id
    1<TAB>krdwrd-tag-1-100<TAB>krdwrd-tag-1<TAB>…   one line per text node

``merged`` is ``krdwrd-tag-<tag>-<share %>``, ``krdwrd-tag-mrgtie-<share %>`` for a
tie, or ``undefined`` on trailing lines for nodes only some annotators' browsers had
(created by scripts; the stored page does not contain them). An annotator's cell is
``krdwrd-tag-<tag>``, or ``undefined``/``null`` where that annotator had no such node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SUBMITTED_RE = re.compile(r"^#\s*submitted\s*:\s*(\d+)\s*$")
MERGED_RE = re.compile(r"^krdwrd-tag-(?:(\d)|(mrgtie))-(\d+)$")
VOTE_RE = re.compile(r"^krdwrd-tag-(\d)$")
MISSING = ("undefined", "null")


class StatsFormatError(ValueError):
    """A stats file that does not have the KrdWrd layout; says where and what."""


@dataclass(frozen=True)
class MergedCell:
    tag: int | None  # 1-3, None for a tie
    share: int  # percent of the winning tag (KrdWrd rounds to tens)
    tie: bool


@dataclass(frozen=True)
class StatsFile:
    path: Path
    submitted: int
    annotators: list[str]
    tokens: list[int]  # the defined nodes only
    merged: list[MergedCell]
    votes: dict[str, list[int]]  # annotator id -> code per defined node (0 = missing)
    trailing_undefined: int  # lines of nodes the stored page does not have

    @property
    def node_count(self) -> int:
        return len(self.tokens)


def read_stats(path: Path) -> StatsFile:
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) < 2:
        raise StatsFormatError(f"{path}: expected a '# submitted' and a '# tokens' header line.")
    match = SUBMITTED_RE.match(lines[0])
    if not match:
        raise StatsFormatError(f"{path} line 1: expected '# submitted : N', found {lines[0]!r}.")
    header = lines[1].lstrip("#").strip().split("\t")
    if header[:2] != ["tokens", "merged"]:
        raise StatsFormatError(
            f"{path} line 2: expected the columns 'tokens', 'merged', then annotator ids; "
            f"found {lines[1]!r}."
        )
    annotators = header[2:]
    if len(set(annotators)) != len(annotators):
        raise StatsFormatError(f"{path} line 2: an annotator id appears twice: {annotators}.")
    tokens: list[int] = []
    merged: list[MergedCell] = []
    votes: dict[str, list[int]] = {annotator: [] for annotator in annotators}
    trailing = 0
    for number, line in enumerate(lines[2:], start=3):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(header):
            raise StatsFormatError(
                f"{path} line {number}: {len(cells)} columns, the header has {len(header)}."
            )
        if cells[0] == "undefined":
            trailing += 1
            continue
        if trailing:
            raise StatsFormatError(
                f"{path} line {number}: a defined node after 'undefined' lines; those may "
                "only trail (they are nodes the stored page does not have)."
            )
        try:
            tokens.append(int(cells[0]))
        except ValueError:
            raise StatsFormatError(
                f"{path} line {number}: token count {cells[0]!r} is not a number."
            ) from None
        merged.append(_merged(cells[1], path, number))
        for annotator, cell in zip(annotators, cells[2:], strict=True):
            votes[annotator].append(_vote(cell, path, number, annotator))
    return StatsFile(
        path=path,
        submitted=int(match.group(1)),
        annotators=annotators,
        tokens=tokens,
        merged=merged,
        votes=votes,
        trailing_undefined=trailing,
    )


def _merged(cell: str, path: Path, number: int) -> MergedCell:
    match = MERGED_RE.match(cell)
    if not match:
        raise StatsFormatError(
            f"{path} line {number}: merged value {cell!r} is not krdwrd-tag-N-SHARE or "
            "krdwrd-tag-mrgtie-SHARE."
        )
    tag, tie, share = match.groups()
    return MergedCell(tag=None if tie else int(tag), share=int(share), tie=bool(tie))


def _vote(cell: str, path: Path, number: int, annotator: str) -> int:
    if cell in MISSING:
        return 0
    match = VOTE_RE.match(cell)
    if not match or match.group(1) not in "123":
        raise StatsFormatError(
            f"{path} line {number}: annotator {annotator} has {cell!r}, not krdwrd-tag-1, -2 "
            "or -3 (or undefined)."
        )
    return int(match.group(1))

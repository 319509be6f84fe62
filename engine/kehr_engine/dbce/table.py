"""DBCE's decision table: (cross pattern, occurrence bits) -> content, boilerplate, invalid.

A text fragment of the current capture (cur) occurs in some of the cross' other members.
Which members exist is the *cross pattern*: up always (a page without it is not
labelled), down, prev and next when found, so there are 8 valid patterns. Which of them
hold the fragment are its *occurrence bits*. The table says what the fragment is:

- in **up and in down** (or in up where there is no down): text the page shares with
  pages of other URLs built from the same template: **boilerplate** (navigation,
  footers, sidebars), whatever the time axis says;
- in **neither up nor down**: text of this URL only. With no capture of the same URL
  to compare (no prev, no next) it is **content**. With one, text that also occurs in
  an earlier or later capture is **content** (it persists on this URL); text found in
  no other capture at all is **invalid**: it may be edited content or a rotating teaser
  or advert, and the table does not guess;
- in **exactly one of up and down**: shared with one similar page and not the other
  (related-article lists, a section's own menu, two pages quoting each other, or a
  table-of-contents entry naming a neighbouring page): **invalid**, whatever the time
  axis says, so that it is settled like any undecided block. The reading before issue
  31 called it boilerplate when prev or next also held it (``one_sided_persistent=
  BOILERPLATE``, :meth:`~kehr_engine.dbce.options.DbceOptions.thesis_reading`); but
  content persists on its URL too, so persistence does not tell chrome from a shared
  sentence. On debian-reference, whose pages list the neighbouring sections inside the
  content, that reading cut the second visit's boilerplate precision to 0.58
  (docs/methods.md).

The thesis gives this table in its Appendix B; that appendix was not at hand when this
module was written, so the rules above are this module's reading of the method (shared
across URLs = template; persistent on one URL only = content; otherwise undecided), kept
as data in :data:`TABLE` so that the published table can replace it entry by entry. The
thesis reports content recall 91.8 % and boilerplate precision 98.2 % on 16 crosses: a
table that leaves the unclear cases invalid, as this one does.
"""

from __future__ import annotations

import itertools
from typing import Literal

__all__ = ["BOILERPLATE", "CONTENT", "INVALID", "PATTERNS", "TABLE", "Decision", "decide",
           "table_for"]  # fmt: skip

Decision = Literal["content", "boilerplate", "invalid"]
CONTENT: Decision = "content"
BOILERPLATE: Decision = "boilerplate"
INVALID: Decision = "invalid"

# (up, down, prev, next) present; up always.
Pattern = tuple[bool, bool, bool, bool]
PATTERNS: list[Pattern] = [
    (True, down, prev, next_) for down, prev, next_ in itertools.product((False, True), repeat=3)
]


def _rule(pattern: Pattern, bits: Pattern, one_sided_persistent: Decision) -> Decision:
    _up, has_down, has_prev, has_next = pattern
    in_up, in_down, in_prev, in_next = bits
    persists = in_prev or in_next
    if in_up and (in_down or not has_down):
        return BOILERPLATE
    if not in_up and not in_down:
        if not (has_prev or has_next) or persists:
            return CONTENT
        return INVALID
    # Shared with exactly one of up and down.
    return one_sided_persistent if persists else INVALID


def _bits_for(pattern: Pattern) -> list[Pattern]:
    """Occurrence bits possible under a pattern (no bit for a member that is missing)."""
    options = [(False, True) if present else (False,) for present in pattern]
    return list(itertools.product(*options))  # type: ignore[arg-type]


def _table(one_sided_persistent: Decision) -> dict[tuple[Pattern, Pattern], Decision]:
    return {
        (pattern, bits): _rule(pattern, bits, one_sided_persistent)
        for pattern in PATTERNS
        for bits in _bits_for(pattern)
    }


#: Every (pattern, bits) of the 8 valid patterns, and its decision.
TABLE: dict[tuple[Pattern, Pattern], Decision] = _table(INVALID)
#: The same with a one-sided fragment that persists called boilerplate (before issue 31).
_TABLE_ONE_SIDED_BOILERPLATE = _table(BOILERPLATE)


def table_for(one_sided_persistent: Decision) -> dict[tuple[Pattern, Pattern], Decision]:
    """The table whose fragment in exactly one of up and down that prev or next also
    holds gets ``one_sided_persistent``: invalid (:data:`TABLE`, the default) or
    boilerplate (the reading before issue 31); ValueError for anything else."""
    if one_sided_persistent == INVALID:
        return TABLE
    if one_sided_persistent == BOILERPLATE:
        return _TABLE_ONE_SIDED_BOILERPLATE
    raise ValueError(
        f"one_sided_persistent must be 'invalid' or 'boilerplate', not {one_sided_persistent!r}"
    )


def decide(pattern: Pattern, bits: Pattern, one_sided_persistent: Decision = INVALID) -> Decision:
    """The table's decision; KeyError for a pattern without up or bits for a missing member,
    ValueError for an unknown ``one_sided_persistent`` (:func:`table_for`)."""
    return table_for(one_sided_persistent)[(pattern, bits)]

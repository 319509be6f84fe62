"""Database ids written as text (a path segment, a query or form parameter), checked.

A database id is a whole number from 1 to 2**63 - 1 (Django's BigAutoField; PostgreSQL
raises on anything beyond bigint). Plain Python below every app: the API turns a bad id
into a 400 or 404 (api.ids), the staff pages into their own answers (gold.views).
"""

from __future__ import annotations

import re

MAX_ID = 2**63 - 1
# Digits only: no sign, no spaces, no "3.0" or "1e3" (int() would take " 3" and "+3").
_DIGITS = re.compile(r"[0-9]{1,19}")


def as_id(raw: object) -> int | None:
    """The id written in ``raw``, or None when it is not a valid database id."""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if 1 <= value <= MAX_ID else None

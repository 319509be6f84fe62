"""Ids from paths and query strings, checked before they reach the database.

A database id is a whole number from 1 to 2**63 - 1 (Django's BigAutoField; PostgreSQL
raises on anything beyond bigint). An id that is not one is refused here: a query
parameter with a 400 naming it, a path segment with a 404 — never a 500 from int() or
from the database.
"""

from __future__ import annotations

import re

from rest_framework.exceptions import NotFound, ValidationError

from api.echo import echo

MAX_ID = 2**63 - 1
# An id parameter in the OpenAPI schema.
ID_SCHEMA = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
# Digits only: no sign, no spaces, no "3.0" or "1e3" (int() would take " 3" and "+3").
_DIGITS = re.compile(r"[0-9]{1,19}")


def as_id(raw: object) -> int | None:
    """The id written in ``raw``, or None when it is not a valid database id."""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if 1 <= value <= MAX_ID else None


def query_id(raw: str, parameter: str, what: str) -> int:
    """A query parameter holding an id; 400 naming the parameter when it is none."""
    value = as_id(raw)
    if value is None:
        raise ValidationError(
            {
                parameter: [
                    f"Expected a {what} id (a whole number from 1 to {MAX_ID}), "
                    f"received {echo(raw)}."
                ]
            }
        )
    return value


def path_id(raw: str, what: str) -> int:
    """A path segment holding an id; 404 when it is none (no such thing can exist)."""
    value = as_id(raw)
    if value is None:
        raise NotFound(f"No {what} with id {echo(raw)}.")
    return value

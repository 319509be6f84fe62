"""Database ids written as text (a path segment, a query or form parameter), checked.

A database id is a whole number from 1 to 2**63 - 1 (Django's BigAutoField; PostgreSQL
raises on anything beyond bigint), written in ASCII digits. Plain Python below every app:
the API turns a bad id into a 400 or 404 (api.ids), the staff pages into their own answers
(gold.views). Every URL with an id in its path takes it with IdConverter (``<id:name>``,
registered once by register_id_converter): other digits (Arabic-Indic, full-width) or "+1" would
reach int() or the ORM, which read them as 1, so one object answered to many addresses.
"""

from __future__ import annotations

import re

MAX_ID = 2**63 - 1
# Digits only: no sign, no spaces, no "3.0" or "1e3" (int() would take " 3" and "+3").
_DIGITS = re.compile(r"[0-9]{1,19}")


def as_id(raw: object) -> int | None:
    """The id written in ``raw``, or None when it is not a valid database id.

    An int is taken as it is (a path's id, already read by IdConverter); a bool is not.
    """
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    elif isinstance(raw, str) and _DIGITS.fullmatch(raw):
        value = int(raw)
    else:
        return None
    return value if 1 <= value <= MAX_ID else None


class IdConverter:
    """The ``<id:…>`` path converter: ASCII digits naming a valid id, else no match (a 404)."""

    # re's [0-9] is ASCII only (Django's <int:> is too, but takes any size; \d is not).
    regex = _DIGITS.pattern

    def to_python(self, value: str) -> int:
        checked = as_id(value)
        if checked is None:  # 0 or beyond MAX_ID: Django answers a ValueError with a 404
            raise ValueError(f"not a database id: {value}")
        return checked

    def to_url(self, value: int | str) -> str:
        checked = as_id(value)
        if checked is None:
            raise ValueError(f"not a database id: {value!r}")
        return str(checked)


def register_id_converter() -> None:
    """Make ``<id:…>`` known to Django's URL patterns (api's AppConfig.ready calls this)."""
    from django.urls import register_converter

    register_converter(IdConverter, "id")

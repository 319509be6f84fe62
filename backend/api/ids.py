"""Ids from paths and query strings, checked before they reach the database.

A database id is a whole number from 1 to 2**63 - 1 (Django's BigAutoField; PostgreSQL
raises on anything beyond bigint). An id that is not one is refused: a query
parameter here, with a 400 naming it; a path segment by the route's ``<id:…>`` converter
(kehr.ids.IdConverter), with a 404 — never a 500 from int() or from the database.
"""

from __future__ import annotations

from rest_framework.exceptions import ValidationError

from kehr.echo import echo
from kehr.ids import MAX_ID, as_id

# An id parameter in the OpenAPI schema.
ID_SCHEMA = {"type": "integer", "minimum": 1, "maximum": MAX_ID}


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

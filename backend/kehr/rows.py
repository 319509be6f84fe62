"""Model instances from hand-written SQL, for the few statements every request runs.

Building and compiling a queryset costs several times the CPU of running its statement
(bench/profile_requests.py, docs/development.md "The request path"). The statements every
annotator runs on every request (token authentication, the next-page pick, the locked
submit) are written out instead, and their rows become model instances here, through the
same converters the ORM applies (SQLite's datetimes and booleans come back as text and
integers; PostgreSQL's need none), so an instance is the one the ORM would have built.
Fields not selected are deferred and load on first access, as with ``.only()``.

:func:`cursor` runs them so that PostgreSQL plans each once per connection: the
project's other statements keep Django's client-side binding (a statement with more
than 65,535 parameters, as a large ``bulk_create`` or ``pk__in`` makes, would fail
with server-side binding), these few bind server-side and psycopg prepares them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.db import connection
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model
from django.db.models.expressions import Col

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, Any], Any]


class Columns(Generic[M]):
    """Some concrete columns of one model under a table alias: SQL to select them, and
    the instance a row of them makes."""

    def __init__(self, model: type[M], names: Sequence[str], alias: str) -> None:
        self.model = model
        self.fields: list[Field[Any, Any]] = []
        for name in names:
            field = model._meta.get_field(name)
            if not isinstance(field, Field) or not field.concrete or field.many_to_many:
                raise ValueError(f"{model.__name__}.{name} is not a column.")
            self.fields.append(field)
        # Model.from_db takes the values in the model's field order.
        order = {field.attname: i for i, field in enumerate(model._meta.concrete_fields)}
        self.fields.sort(key=lambda field: order[field.attname])
        self.alias = alias
        self.attnames = [field.attname for field in self.fields]
        self.width = len(self.fields)
        # Per connection vendor, filled on first use: the backend can change between
        # settings (tests run both), the fields cannot.
        self._converters: dict[str, list[tuple[int, list[tuple[Converter, Col]]]]] = {}

    def sql(self) -> str:
        quote = connection.ops.quote_name
        return ", ".join(f"{self.alias}.{quote(field.column)}" for field in self.fields)

    def _converters_here(self) -> list[tuple[int, list[tuple[Converter, Col]]]]:
        vendor = connection.vendor
        if vendor not in self._converters:
            found = []
            for index, field in enumerate(self.fields):
                column = Col(self.alias, field)
                # The compiler's order: the backend's converters, then the field's own.
                converters = connection.ops.get_db_converters(column) + column.get_db_converters(
                    connection
                )
                if converters:
                    found.append((index, [(converter, column) for converter in converters]))
            self._converters[vendor] = found
        return self._converters[vendor]

    def instance(self, row: Sequence[Any], start: int = 0) -> M:
        """The model instance from ``row[start:start + width]``."""
        values = list(row[start : start + self.width])
        for index, converters in self._converters_here():
            for converter, column in converters:
                values[index] = converter(values[index], column, connection)
        return self.model.from_db(connection.alias, self.attnames, values)


@contextmanager
def cursor() -> Iterator[CursorWrapper]:
    """Django's cursor, on PostgreSQL one that binds parameters server-side.

    psycopg then prepares a statement the KEHR_DB_PREPARE_THRESHOLD-th time the
    connection runs it, and PostgreSQL stops planning it anew (bench/profile_requests.py:
    the backend's CPU per next-page request fell from 1.9 to 0.8 ms). The cursor is
    wrapped as Django wraps its own (query logging, execute wrappers, error
    translation) and runs on the same connection, so inside the same transaction.
    """
    threshold = settings.KEHR_DB_PREPARE_THRESHOLD
    if connection.vendor != "postgresql" or not threshold:
        with connection.cursor() as plain:
            yield plain
        return
    # Defined only when psycopg 3 is installed, which PostgreSQL here always means.
    from django.db.backends.postgresql.base import (  # type: ignore[attr-defined]
        ServerBindingCursor,
    )

    connection.ensure_connection()
    raw = connection.connection
    # Django connects with preparing off; its own cursors bind client-side and never
    # prepare, so the threshold only concerns the cursors made here.
    if raw.prepare_threshold != threshold:
        raw.prepare_threshold = threshold
    with connection.wrap_database_errors:
        # What connection.cursor() does with the cursor it creates (private, stable
        # since Django 1.x): thread check, query logging, execute wrappers.
        wrapped = connection._prepare_cursor(ServerBindingCursor(raw))  # type: ignore[attr-defined]
    with wrapped:
        yield wrapped

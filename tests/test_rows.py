"""kehr.rows: instances from written-out SQL equal the ORM's, on either database."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from accounts.models import ClientToken, issue_token
from corpora.models import Corpus
from kehr.rows import Columns
from tests.expect import present


def fetch(columns: Columns, table: str, pk: int):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns.sql()} FROM {table} {columns.alias} WHERE id = %s", [pk])
        return columns.instance(cursor.fetchone())


def test_rows_convert_like_the_orm(annotator) -> None:
    """Booleans are booleans and datetimes aware on SQLite too (its driver returns 1 and text)."""
    token = issue_token(annotator)
    token.mark_used()
    # Listed out of the model's order on purpose: from_db wants the model's order.
    columns = Columns(ClientToken, ("last_used", "user", "id", "created"), "t")
    loaded = fetch(columns, ClientToken._meta.db_table, token.pk)
    orm = ClientToken.objects.get(pk=token.pk)
    assert loaded.pk == orm.pk and loaded.user_id == orm.user_id
    assert loaded.created == orm.created and loaded.created.tzinfo is not None
    assert loaded.last_used == orm.last_used
    users = Columns(get_user_model(), ("id", "is_staff", "is_active", "username"), "u")
    user = fetch(users, get_user_model()._meta.db_table, annotator.pk)
    assert user.is_active is True and user.is_staff is False
    assert user.username == annotator.username


def test_unloaded_fields_load_on_first_read(corpus) -> None:
    columns = Columns(Corpus, ("id", "slug"), "c")
    loaded = fetch(columns, Corpus._meta.db_table, corpus.pk)
    assert loaded.get_deferred_fields() >= {"name", "description", "created_at"}
    assert loaded.name == corpus.name  # one more query, as with .only()
    assert present(Corpus.by_slug(corpus.slug)).name == corpus.name
    assert Corpus.by_slug("no-such-corpus") is None


def test_only_columns_are_accepted() -> None:
    with pytest.raises(ValueError, match=r"Corpus\.members is not a column"):
        Columns(Corpus, ("id", "members"), "c")
    with pytest.raises(ValueError, match=r"Corpus\.pages is not a column"):
        Columns(Corpus, ("id", "pages"), "c")

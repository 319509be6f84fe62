"""Token authentication against ClientToken: DRF's header format, one token per client."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ClientToken
from kehr import rows
from kehr.rows import Columns

_TOKEN = Columns(ClientToken, ("id", "key", "user", "client_name", "last_used"), "t")
# What permissions and views read of request.user; the rest (password hash, names,
# dates) is deferred and loads if something reads it.
_USER = Columns(get_user_model(), ("id", "username", "is_active", "is_staff", "is_superuser"), "u")


def _token_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"SELECT {_TOKEN.sql()}, {_USER.sql()}"
        f" FROM {quote(ClientToken._meta.db_table)} t"
        f" JOIN {quote(_USER.model._meta.db_table)} u ON u.id = t.user_id"
        f" WHERE t.{quote('key')} = %s"
    )


class ClientTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``; one indexed SELECT (token joined with its user).

    Written out rather than ``select_related`` (kehr.rows): every API request runs it,
    and the queryset cost more CPU than the rest of a next-page request.
    """

    model = ClientToken

    def authenticate_credentials(self, key: str):
        with rows.cursor() as cursor:
            cursor.execute(_token_sql(), [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(
                "Invalid token: it was revoked or never existed. Log in again for a new one."
            )
        token = _TOKEN.instance(row)
        user = _USER.instance(row, _TOKEN.width)
        token.user = user
        if not user.is_active:
            raise exceptions.AuthenticationFailed("This account is disabled.")
        token.mark_used()
        return user, token

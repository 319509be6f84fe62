"""Token authentication against ClientToken: DRF's header format, one token per client."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ClientToken


class ClientTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``; one indexed SELECT (token joined with its user)."""

    model = ClientToken

    def authenticate_credentials(self, key: str):
        token = ClientToken.objects.select_related("user").filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed(
                "Invalid token: it was revoked or never existed. Log in again for a new one."
            )
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This account is disabled.")
        token.mark_used()
        return token.user, token

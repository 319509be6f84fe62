"""API tokens, one per client: logging out of one browser leaves the others logged in."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models, transaction
from django.db.models import F
from django.utils import timezone

# last_used is a hint for people reviewing their tokens, not an audit log: writing it at
# most once a minute keeps the per-request cost of token authentication at one SELECT.
LAST_USED_RESOLUTION = timedelta(minutes=1)

DEFAULT_CLIENT_NAME = "API client"


def new_key() -> str:
    # 160 random bits, hex: the same shape as Django REST framework's tokens.
    return secrets.token_hex(20)


class ClientToken(models.Model):
    """The token one client (a browser's add-on, a script) logged in with."""

    key = models.CharField(max_length=40, unique=True, default=new_key, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="client_tokens"
    )
    client_name = models.CharField(
        max_length=100,
        help_text="What the client called itself at login, e.g. 'Kehr add-on on Firefox'.",
    )
    created = models.DateTimeField(default=timezone.now, editable=False)
    last_used = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="Accurate to a minute."
    )

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.client_name} ({self.user}, since {self.created:%Y-%m-%d})"

    def mark_used(self, now=None) -> None:
        """Record a use, writing to the database at most once per LAST_USED_RESOLUTION."""
        now = now or timezone.now()
        if self.last_used is not None and now - self.last_used < LAST_USED_RESOLUTION:
            return
        ClientToken.objects.filter(pk=self.pk).update(last_used=now)
        self.last_used = now


def issue_token(user, client_name: str = DEFAULT_CLIENT_NAME) -> ClientToken:
    """A new token for one more client of this user; the user's other tokens stay valid,
    up to ``KEHR_MAX_CLIENT_TOKENS``: past it, tokens are revoked, never-used ones first
    (oldest first), then the least recently used. A script that logs in on every run
    instead of keeping its token would otherwise add a row per run for ever. Ranking by
    "last used, or else created" let 55 such logins push out the add-on's token used
    minutes before them: a token nobody ever sent is the cheapest to lose."""
    with transaction.atomic():
        token = ClientToken.objects.create(
            user=user, client_name=client_name or DEFAULT_CLIENT_NAME
        )
        others = ClientToken.objects.filter(user=user).exclude(pk=token.pk)
        keep = others.order_by(F("last_used").desc(nulls_last=True), "-created", "-id").values_list(
            "pk", flat=True
        )[: settings.KEHR_MAX_CLIENT_TOKENS - 1]
        others.exclude(pk__in=list(keep)).delete()
    return token

"""Failed-login limits for every login (API token and admin), enforced by django-axes.

Two limits, each counting failures that follow one another with less than the window
(KEHR_LOGIN_WINDOW_SECONDS) between them; a quiet window forgets them:

- per (username, client address): KEHR_LOGIN_MAX_FAILURES. A guesser locks the account
  *from their own address* only, so the real user, elsewhere, still logs in;
- per client address, over all usernames: KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS (higher:
  a classroom behind one NAT address shares it).

Axes stores attempts in the database and increments them with ``F() + 1`` inside a
locked transaction, so every gunicorn worker sees the same atomic counts. The client
address is REMOTE_ADDR, or, behind KEHR_TRUSTED_PROXY_COUNT reverse proxies, the
address the outermost trusted proxy saw (see ``client_address``).
"""

from __future__ import annotations

from datetime import timedelta

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render


def failure_limit(request: HttpRequest | None = None, credentials=None) -> int:
    """AXES_FAILURE_LIMIT: the (username, address) limit; the address one is scaled to it."""
    return settings.KEHR_LOGIN_MAX_FAILURES


def cool_off(request: HttpRequest | None = None) -> timedelta:
    """AXES_COOLOFF_TIME: failures are forgotten after this long without a new one."""
    return timedelta(seconds=settings.KEHR_LOGIN_WINDOW_SECONDS)


class LoginFailureHandler(AxesDatabaseHandler):
    """Axes' database handler with a limit of its own for the per-address count.

    Axes compares one number with one limit. This handler reports, of the two counts,
    the one nearer its limit, expressed in units of the (username, address) limit:
    ``address_failures * pair_limit // address_limit`` reaches ``pair_limit`` exactly
    when ``address_failures`` reaches ``address_limit``.
    """

    def get_failures(self, request, credentials=None) -> int:
        # One queryset per entry of settings.AXES_LOCKOUT_PARAMETERS, in its order:
        # [["username", "ip_address"], "ip_address"].
        pair_attempts, address_attempts = self.get_user_attempts(request, credentials)
        pair = pair_attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
        address = address_attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
        pair_limit = settings.KEHR_LOGIN_MAX_FAILURES
        address_limit = settings.KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS
        return max(pair, address * pair_limit // address_limit)


def client_address(request: HttpRequest) -> str:
    """The address failures are counted for (AXES_CLIENT_IP_CALLABLE).

    Each trusted reverse proxy appends the address it received the request from to
    X-Forwarded-For, so behind N of them the client is the N-th entry from the right;
    anything further left was written by the client and is ignored. With N = 0 (no
    proxy, the default) the header is ignored altogether: anyone can send it.
    """
    remote = request.META.get("REMOTE_ADDR", "")
    hops = settings.KEHR_TRUSTED_PROXY_COUNT
    if hops == 0:
        return remote
    forwarded = [
        part.strip()
        for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if part.strip()
    ]
    if len(forwarded) < hops:
        # Did not come through every proxy (e.g. straight to gunicorn): trust nothing.
        return remote
    return forwarded[-hops]


def lockout_message() -> str:
    minutes = max(1, round(settings.KEHR_LOGIN_WINDOW_SECONDS / 60))
    wait = f"{minutes} minute{'s' if minutes != 1 else ''}"
    return (
        "Too many failed logins for this account from your address (or from your address "
        f"altogether). Wait {wait} before you try again: every attempt before then starts "
        "the wait anew. Forgot your password? Ask an administrator to set a new one."
    )


def lockout_response(
    request: HttpRequest, original_response=None, credentials=None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: 429 with Retry-After, JSON for the API, a page for the admin.

    The refused attempt itself counts as a failure, so the wait is a whole window.
    """
    retry_after = str(settings.KEHR_LOGIN_WINDOW_SECONDS)
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": lockout_message()}, status=429)
    else:
        response = render(
            request,
            "accounts/login_locked.html",
            {"message": lockout_message(), "title": "Too many failed logins"},
            status=429,
        )
    response["Retry-After"] = retry_after
    return response

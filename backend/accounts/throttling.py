"""Failed-login throttling shared by the API token login and the web (admin) login.

Counts *failures* per username and per client address in the shared cache, so a
forgetful annotator is not locked out by their own successful logins, and a guesser
is stopped across all gunicorn workers.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache


@dataclass(frozen=True)
class LoginThrottle:
    max_failures: int
    window_seconds: int

    @classmethod
    def from_settings(cls) -> LoginThrottle:
        return cls(settings.KEHR_LOGIN_MAX_FAILURES, settings.KEHR_LOGIN_WINDOW_SECONDS)

    def _keys(self, username: str, address: str) -> list[str]:
        def key(kind: str, value: str) -> str:
            digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
            return f"login-failures:{kind}:{digest}"

        return [key("user", username), key("addr", address)]

    def _bucket(self) -> int:
        return int(time.time()) // self.window_seconds

    def retry_after(self, username: str, address: str) -> int | None:
        """Seconds until the next attempt is allowed, or None when it is allowed now."""
        bucket = self._bucket()
        for key in self._keys(username, address):
            if (cache.get(f"{key}:{bucket}") or 0) >= self.max_failures:
                return (bucket + 1) * self.window_seconds - int(time.time())
        return None

    def record_failure(self, username: str, address: str) -> None:
        bucket = self._bucket()
        for key in self._keys(username, address):
            full = f"{key}:{bucket}"
            cache.add(full, 0, timeout=self.window_seconds)
            try:
                cache.incr(full)
            except ValueError:  # expired between add and incr
                cache.set(full, 1, timeout=self.window_seconds)


def client_address(request) -> str:
    # REMOTE_ADDR only: X-Forwarded-For is client-controlled unless a proxy strips it.
    return request.META.get("REMOTE_ADDR", "")


def throttled_message(seconds: int) -> str:
    minutes = max(1, round(seconds / 60))
    return (
        f"Too many failed logins. Try again in about {minutes} minute{'s' if minutes != 1 else ''}."
    )

"""Failed logins counted from parallel requests: none lost (atomic counters in the database)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from django.db.models import Sum

ATTEMPTS = 24


@pytest.mark.django_db(transaction=True)
def test_parallel_failures_are_all_counted(live_server, django_user_model, settings):
    from axes.models import AccessAttempt

    settings.KEHR_LOGIN_MAX_FAILURES = 1000  # count only; nobody is locked out here
    settings.KEHR_LOGIN_MAX_FAILURES_PER_ADDRESS = 1000
    django_user_model.objects.create_user(username="anna", password="correct horse 42")

    def guess(n: int) -> int:
        with httpx.Client(base_url=live_server.url, timeout=60) as client:
            response = client.post(
                "/api/auth/token/", json={"username": "anna", "password": f"guess{n}"}
            )
        return response.status_code

    with ThreadPoolExecutor(max_workers=12) as pool:
        statuses = list(pool.map(guess, range(ATTEMPTS)))

    assert statuses == [400] * ATTEMPTS
    counted = AccessAttempt.objects.filter(username="anna").aggregate(
        n=Sum("failures_since_start")
    )["n"]
    assert counted == ATTEMPTS

"""``/healthz/``: liveness and database check for load balancers and docker-compose."""

from __future__ import annotations

import logging

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)


def healthz(request: HttpRequest) -> HttpResponse:
    """200 "ok" when the database answers; else 503 {"status": "unavailable"}.

    The probe is public, so the answer says nothing about why: a database error names
    hosts, ports, users and database names. The reason goes to the log.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # any failure is "unavailable"; the probe itself must not crash
        logger.exception("Health check: the database does not answer")
        return JsonResponse({"status": "unavailable"}, status=503)
    return HttpResponse("ok", content_type="text/plain")

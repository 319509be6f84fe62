"""Error answers of the API: always JSON, always saying what was wrong.

- exception_handler (REST_FRAMEWORK["EXCEPTION_HANDLER"]): DRF's, plus a 413 for a body
  over DATA_UPLOAD_MAX_MEMORY_SIZE (Django raises RequestDataTooBig, which would
  otherwise become its HTML "Bad Request" page).
- not_found (handler404 in kehr/urls.py): a URL under /api/ that matches no route
  (``/api/pages/1.5/``) answers ``{"detail": …}`` like every other API 404; other
  URLs keep Django's page.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class ErrorSerializer(serializers.Serializer):
    """The shape of 401, 403, 404, 405, 413 and 429 answers (and some 400s)."""

    detail = serializers.CharField(help_text="What was wrong and what to do.")


def body_too_large_message() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return (
        f"The request body is larger than {limit} bytes, the most the API accepts "
        "(DATA_UPLOAD_MAX_MEMORY_SIZE); nothing was stored. Send a smaller body."
    )


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"detail": body_too_large_message()},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, TooManyFieldsSent):
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"detail": f"No such API address: {request.path[:200]} (see /api/docs/)."},
            status=status.HTTP_404_NOT_FOUND,
        )
    return defaults.page_not_found(request, exception)

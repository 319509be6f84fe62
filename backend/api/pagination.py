"""Limit/offset pagination that refuses bad values instead of silently ignoring them.

DRF's LimitOffsetPagination treats ``?limit=abc`` or ``?offset=-5`` as if they were not
there: a client with a bug would page through the wrong results without noticing.
Here they are a 400 naming the parameter, and the schema says the allowed range.
"""

from __future__ import annotations

import re

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination

from api.ids import MAX_ID
from kehr.echo import echo

MAX_LIMIT = 1000
_DIGITS = re.compile(r"[0-9]{1,19}")


class StrictLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def _number(self, request, parameter: str, minimum: int, maximum: int) -> int | None:
        raw = request.query_params.get(parameter)
        if raw is None:
            return None
        value = int(raw) if _DIGITS.fullmatch(raw) else None
        if value is None or not minimum <= value <= maximum:
            raise ValidationError(
                {
                    parameter: [
                        f"Expected a whole number from {minimum} to {maximum}, "
                        f"received {echo(raw)}."
                    ]
                }
            )
        return value

    def get_limit(self, request) -> int | None:
        limit = self._number(request, self.limit_query_param, 1, MAX_LIMIT)
        return self.default_limit if limit is None else limit

    def get_offset(self, request) -> int:
        offset = self._number(request, self.offset_query_param, 0, MAX_ID)
        return 0 if offset is None else offset

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.limit_query_param: {"minimum": 1, "maximum": MAX_LIMIT},
            self.offset_query_param: {"minimum": 0, "maximum": MAX_ID},
        }
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters

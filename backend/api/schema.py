"""The OpenAPI schema documents every error status an operation can answer.

drf-spectacular documents the success answers a view declares. The errors come from
shared machinery (authentication, permissions, parsers, id checks, pagination), so they
are added here by what an operation has, instead of on every view by hand:

- 401 (missing or wrong token) and 403 (not allowed, e.g. staff only) everywhere: a
  wrong ``Authorization`` header is refused even on the anonymous endpoints;
- 400 where there is a request body or a query parameter to get wrong;
- 413 where there is a request body (over DATA_UPLOAD_MAX_MEMORY_SIZE);
- 404 where the path names something (an id, a slug);
- 429 where requests are throttled.
"""

from __future__ import annotations

from drf_spectacular import openapi

from api.errors import ErrorSerializer

VALIDATION_ERROR_SCHEMA = {
    "type": "object",
    "additionalProperties": {},
    "description": "Each wrong field or parameter maps to a list of messages saying what "
    "was expected and what was received; a body that is no valid JSON gets "
    '{"detail": …}.',
}

DESCRIPTIONS = {
    "400": "Bad request: a field, parameter or the JSON body is invalid (nothing stored).",
    "401": "Not authenticated: no token, or a wrong one.",
    "403": "Authenticated, but not allowed (staff only, or a session without CSRF token).",
    "404": "Not found, or not visible to you.",
    "413": "The request body is larger than DATA_UPLOAD_MAX_MEMORY_SIZE.",
    "429": "Too many requests: wait for the Retry-After seconds.",
}


class AutoSchema(openapi.AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        parameters = operation.get("parameters", [])
        has_body = "requestBody" in operation
        codes = {"401", "403"}
        if has_body or any(p["in"] == "query" for p in parameters):
            codes.add("400")
        if has_body:
            codes.add("413")
        if any(p["in"] == "path" for p in parameters):
            codes.add("404")
        if self._is_throttled():
            codes.add("429")
        responses = operation["responses"]
        for code in codes - set(responses):
            schema = VALIDATION_ERROR_SCHEMA if code == "400" else ErrorSerializer
            responses[code] = self._get_response_for_code(schema, code)
        for code, description in DESCRIPTIONS.items():
            if code in responses and not responses[code].get("description"):
                responses[code]["description"] = description
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _is_throttled(self) -> bool:
        from api.views.auth import TokenView  # login failures are throttled by hand there

        return bool(self.view.get_throttles()) or isinstance(self.view, TokenView)

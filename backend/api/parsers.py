"""The API's JSON parser: DRF's, refusing bodies nested too deep before parsing them.

Python's json module recurses once per nesting level, so a body of a thousand ``[``
ends in a RecursionError (a 500) — even on the anonymous login endpoint. No Kehr request
body nests deeper than a few levels (a label vector is an array in an object), so a body
nested deeper than MAX_JSON_DEPTH is refused with a 400 before json.loads sees it, and
a number too long for int() with a 400 that says so (parse_int).
Bodies larger than DATA_UPLOAD_MAX_MEMORY_SIZE are refused with a 413 (api.errors):
Django enforces that for bodies it reads into memory; SizeLimitedMultiPartParser does it
for multipart bodies too, which Django would otherwise spool to disk whatever their size
(no Kehr endpoint takes a file).
"""

from __future__ import annotations

import codecs
import re
import sys

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils import json

MAX_JSON_DEPTH = 32

# JSON strings (with their escapes) are skipped: brackets inside them do not nest.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str, limit: int) -> int:
    """How deep ``text`` nests arrays and objects, counting at most up to ``limit`` + 1."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


class DepthLimitedJSONParser(parsers.JSONParser):
    """DRF's JSONParser with a nesting limit (MAX_JSON_DEPTH levels)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        raw = stream.read() if stream is not None else b""
        try:
            text = codecs.decode(raw, encoding)
        except (UnicodeDecodeError, LookupError) as error:
            raise ParseError(f"JSON parse error - the body is not {encoding}: {error}") from None
        if json_depth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise ParseError(
                f"JSON parse error - the body is nested more than {MAX_JSON_DEPTH} levels "
                "deep; no Kehr request needs that. Send the documented shape (docs/api.md)."
            )
        parse_constant = json.strict_constant if self.strict else None
        try:
            return json.loads(text, parse_constant=parse_constant, parse_int=parse_int)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from None


def parse_int(digits: str) -> int:
    """A JSON integer, refused with a plain message when Python would not convert it.

    int() refuses strings longer than sys.get_int_max_str_digits() (4300) with advice for
    Python programmers ("use sys.set_int_max_str_digits()"), which reached API clients
    in the 400. No Kehr request holds a number longer than 19 digits (an id).
    """
    limit = sys.get_int_max_str_digits()
    length = len(digits.lstrip("-"))
    if limit and length > limit:
        raise ParseError(
            f"JSON parse error - a number in the JSON body is too long ({length} digits; "
            f"at most {limit} are read). Send the documented shape (docs/api.md)."
        )
    return int(digits)


class SizeLimitedMultiPartParser(parsers.MultiPartParser):
    """DRF's MultiPartParser, refusing bodies over DATA_UPLOAD_MAX_MEMORY_SIZE (a 413)."""

    def parse(self, stream, media_type=None, parser_context=None):
        meta = parser_context["request"].META
        try:
            length = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length > limit:
            raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
        return super().parse(stream, media_type, parser_context)

"""Typed narrowing for values a test expects to be there.

Model fields and lookups are optional in their types (a nullable column, ``.first()``,
``next_page_for``); where a test has just made the value exist, these say so in one call,
and fail with an assertion rather than an AttributeError on None when it does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from django.http import StreamingHttpResponse

T = TypeVar("T")


def present(value: T | None, what: str = "the value") -> T:
    """The value, which the test expects not to be None."""
    assert value is not None, f"{what} is missing"
    return value


def stored_bytes(value: bytes | memoryview | None) -> bytes:
    """The bytes of a nullable binary field the test expects to be filled."""
    return bytes(present(value, "the binary field"))


def streamed(response: object) -> Iterator[bytes]:
    """The body chunks of a response the test expects a view to stream (synchronously)."""
    assert isinstance(response, StreamingHttpResponse), type(response)
    content = response.streaming_content
    assert isinstance(content, Iterator), "an asynchronous stream"
    return content

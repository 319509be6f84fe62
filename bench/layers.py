"""CPU time per request, broken down by the layer of the stack that spent it.

Only the profiler (bench/profile_requests.py) imports this: ``install()`` wraps a few
well-known entry points of Django, DRF and the database backend in *spans*. A span
charges the thread's CPU time (``time.thread_time_ns``, so waiting for PostgreSQL
costs nothing here; the server's own CPU is measured separately) to its layer, minus
the time of the spans nested in it — every nanosecond lands in exactly one layer:

    wsgi        WSGIHandler itself: environ → request object, request_started/
                finished signals, response iteration and close
    mw:<Name>   each middleware's own work (process_request/view/response)
    routing     URL resolution and the call into the view
    drf         APIView.dispatch's own work: Request wrapper, content negotiation,
                permissions, throttles, finalize_response, exception handling
    auth        the authentication classes (token lookup code, not its query)
    parse       reading and parsing the request body (JSON)
    validate    serializer input validation (is_valid)
    view        the view's own code (queryset building, services' Python code)
    orm         Django's SQL compiler: building SQL, converting rows
    db          the driver: psycopg execute/fetch, BEGIN/COMMIT, connection checks
    signals     model signal receivers' own code (e.g. the gold app's dirty marks)
    serialise   serializer.data (model → primitives)
    render      JSON rendering of the response body

Model instances built from rows (``Model.from_db``) are charged to whoever iterates
the queryset. The wrappers cost a little themselves (a few microseconds per request,
measured by the profiler as the difference to an uninstrumented run).
"""

from __future__ import annotations

import functools
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

_clock = time.thread_time_ns


class Ledger:
    """Exclusive CPU nanoseconds per layer, and how many spans of each were opened."""

    def __init__(self) -> None:
        self.ns: defaultdict[str, int] = defaultdict(int)
        self.calls: defaultdict[str, int] = defaultdict(int)
        # Each open span: [layer, start, time spent in spans nested in it].
        self._stack: list[list] = []

    def reset(self) -> None:
        self.ns.clear()
        self.calls.clear()

    def enter(self, layer: str) -> None:
        self._stack.append([layer, _clock(), 0])

    def leave(self) -> None:
        layer, start, nested = self._stack.pop()
        elapsed = _clock() - start
        self.ns[layer] += elapsed - nested
        self.calls[layer] += 1
        if self._stack:
            self._stack[-1][2] += elapsed

    @contextmanager
    def span(self, layer: str) -> Iterator[None]:
        self.enter(layer)
        try:
            yield
        finally:
            self.leave()


LEDGER = Ledger()


_WRAPPED: set[tuple[type, str]] = set()


def _wrap(owner: type, name: str, layer: str) -> None:
    if (owner, name) in _WRAPPED:
        return
    _WRAPPED.add((owner, name))
    # Found along the MRO, set on the owner: a middleware inheriting __call__ from
    # MiddlewareMixin gets its own span name.
    original = next(klass.__dict__[name] for klass in owner.__mro__ if name in klass.__dict__)
    if isinstance(original, property):
        getter = original.fget

        @functools.wraps(getter)
        def timed_getter(self):
            LEDGER.enter(layer)
            try:
                return getter(self)
            finally:
                LEDGER.leave()

        wrapped = property(timed_getter, original.fset, original.fdel, original.__doc__)
    else:

        @functools.wraps(original)
        def wrapped(self, *args, **kwargs):
            LEDGER.enter(layer)
            try:
                return original(self, *args, **kwargs)
            finally:
                LEDGER.leave()

    setattr(owner, name, wrapped)


def install(view_handlers: list[tuple[type, str]], middleware: list[type]) -> None:
    """Wrap the stack's entry points; the view handlers and middleware classes are named
    by the caller (the project's own, from its URLs and settings)."""
    from django.core.handlers.base import BaseHandler
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.backends.utils import CursorWrapper
    from django.db.models.sql import compiler
    from django.dispatch import Signal
    from rest_framework import serializers
    from rest_framework.authentication import BaseAuthentication
    from rest_framework.renderers import JSONRenderer
    from rest_framework.request import Request
    from rest_framework.views import APIView

    _wrap(BaseHandler, "_get_response", "routing")
    for cls in middleware:
        _wrap(cls, "__call__", f"mw:{cls.__name__}")
    _wrap(APIView, "dispatch", "drf")
    for cls in _all_subclasses(BaseAuthentication):
        if "authenticate" in cls.__dict__:
            _wrap(cls, "authenticate", "auth")
    _wrap(Request, "_parse", "parse")
    _wrap(serializers.BaseSerializer, "is_valid", "validate")
    for owner, name in view_handlers:
        _wrap(owner, name, "view")
    for cls in (
        compiler.SQLCompiler,
        compiler.SQLInsertCompiler,
        compiler.SQLUpdateCompiler,
        compiler.SQLDeleteCompiler,
    ):
        _wrap(cls, "execute_sql", "orm")
    for name in ("execute", "executemany"):
        _wrap(CursorWrapper, name, "db")
    for name in ("commit", "rollback", "set_autocommit", "ensure_connection"):
        _wrap(BaseDatabaseWrapper, name, "db")
    _wrap(BaseDatabaseWrapper, "close_if_health_check_failed", "db")
    _wrap(Signal, "send", "signals")
    _wrap(serializers.Serializer, "data", "serialise")
    _wrap(serializers.ListSerializer, "data", "serialise")
    _wrap(JSONRenderer, "render", "render")


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found.append(sub)
        found.extend(_all_subclasses(sub))
    return found

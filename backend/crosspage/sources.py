"""The ``dbce``, ``urltree:<heuristic>`` and ``stability`` sources: stored vectors.

Registered by crosspage.apps.CrosspageConfig.ready(). Only stored vectors are shown (what
a run wrote); a diff never runs a method. A page the method left unlabelled says why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db.models import Exists, OuterRef

from comparison.sources import SourceError, SourceKind, Vector
from corpora.models import Page
from crosspage.models import MethodVector
from crosspage.services import DEFAULT_HEURISTICS
from kehr_engine.urltree.heuristics import parse_heuristic


def _vector(page: Page, method: str, command: str) -> Vector:
    stored = MethodVector.objects.filter(page=page, method=method).first()
    if stored is None:
        raise SourceError(
            f"{method} has not labelled page {page.pk} yet: run `manage.py {command} "
            f"--corpus {page.corpus.slug}`."
        )
    if stored.reason:
        raise SourceError(f"{method} left page {page.pk} unlabelled: {stored.reason}.")
    labels = bytes(stored.labels)
    if len(labels) != page.node_count:
        raise SourceError(
            f"The {method} vector of page {page.pk} is stale (the page was segmented again "
            f"since): run `manage.py {command} --corpus {page.corpus.slug}` again."
        )
    return Vector(spec=method, name=method.replace(":", " "), kind=method.split(":")[0],
                  labels=labels)  # fmt: skip


def _resolve_dbce(page: Page, argument: str) -> Vector:
    if argument:
        raise SourceError("dbce takes no argument: write dbce.")
    return _vector(page, "dbce", "dbce")


def _resolve_urltree(page: Page, argument: str) -> Vector:
    heuristic = argument.strip()
    if not heuristic:
        raise SourceError(
            f"Name the heuristic: urltree:<heuristic>, e.g. urltree:{DEFAULT_HEURISTICS[0]}."
        )
    try:
        parse_heuristic(heuristic)
    except ValueError as error:
        raise SourceError(str(error)) from None
    return _vector(page, f"urltree:{heuristic}", "urltree")


def _resolve_stability(page: Page, argument: str) -> Vector:
    if argument:
        raise SourceError("stability takes no argument: write stability.")
    return _vector(page, "stability", "stability")


def _choices(prefix: str) -> Callable[[Page], Iterable[tuple[str, str]]]:
    def choices(page: Page) -> Iterable[tuple[str, str]]:
        methods = (
            MethodVector.objects.filter(page=page, method__startswith=prefix, reason="")
            .order_by("method")
            .values_list("method", flat=True)
        )
        return [(method, method.replace(":", " ")) for method in methods]

    return choices


def _dbce_page_has(page: OuterRef) -> Exists:
    return Exists(MethodVector.objects.filter(page=page, method="dbce", reason=""))


KINDS = (
    SourceKind("dbce", _resolve_dbce, _choices("dbce"), page_has=_dbce_page_has),
    SourceKind("urltree", _resolve_urltree, _choices("urltree:"), "urltree:<heuristic>"),
    SourceKind("stability", _resolve_stability, _choices("stability")),
)

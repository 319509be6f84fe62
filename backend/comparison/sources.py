"""Where a page's label vectors come from, by name: a small registry of sources.

A source is named by a *spec*: ``submission:<id>`` (an annotator's current
submission of the page, registered here), ``gold`` (the page's merged gold standard,
registered by gold.apps) or ``reference`` (the page's tutorial reference, registered by
tutorial.apps). Each app registers its own kinds from its ``AppConfig.ready()``, so this
module imports none of the apps above it; classifiers will register the same way::

    register(SourceKind("classifier", resolve=..., choices=...))

``resolve(page, spec)`` returns a :class:`Vector` whose labels have exactly one code
per text node of the page, or raises :class:`SourceError` with a message for staff.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef

from annotations.models import Submission
from corpora.models import Page


class SourceError(LookupError):
    """A spec that names no vector of this page; the message says why."""


@dataclass(frozen=True)
class Vector:
    spec: str
    name: str  # for people: "submission 12 by anna (revision 2)"
    kind: str  # the source kind: submission, gold, reference, …
    labels: bytes
    # A reference judges the other vector (tutorial colours) instead of sitting beside it.
    is_reference: bool = False


@dataclass(frozen=True)
class SourceKind:
    name: str
    # (page, argument after the colon, "" when none) -> Vector, or SourceError
    resolve: Callable[[Page, str], Vector]
    # page -> [(spec, name)] of this kind's vectors of the page, for choosers
    choices: Callable[[Page], Iterable[tuple[str, str]]]
    syntax: str = ""  # how a spec of this kind is written, e.g. "submission:<id>"
    # For kinds with at most one vector per page, written as the bare name ("gold"):
    # page -> an Exists() subquery, true when that page has one. Lists (the Submission
    # admin's diff links) annotate it onto their own query instead of asking per row.
    page_has: Callable[[OuterRef], Exists] | None = None

    @property
    def written(self) -> str:
        return self.syntax or self.name


SOURCES: dict[str, SourceKind] = {}


def register(kind: SourceKind) -> SourceKind:
    """Add (or replace: registering twice is harmless) a kind of source."""
    SOURCES[kind.name] = kind
    return kind


def resolve(page: Page, spec: str) -> Vector:
    spec = (spec or "").strip()
    name, _, argument = spec.partition(":")
    kind = SOURCES.get(name)
    if kind is None:
        known = ", ".join(k.written for k in SOURCES.values())
        raise SourceError(f"Unknown source {spec!r}: sources are {known}.")
    vector = kind.resolve(page, argument)
    if len(vector.labels) != page.node_count:
        raise SourceError(
            f"{vector.name} has {len(vector.labels)} labels but page {page.pk} has "
            f"{page.node_count} text nodes (it was stored for an earlier segmentation)."
        )
    return vector


def choices(page: Page) -> list[tuple[str, str]]:
    """Every vector of the page that can be diffed, as (spec, name)."""
    found: list[tuple[str, str]] = []
    for kind in SOURCES.values():
        found.extend(kind.choices(page))
    return found


# --------------------------------------------------------------------------- built-ins


def _submission_name(submission: Submission) -> str:
    return (
        f"submission {submission.pk} by {submission.user.get_username()} "
        f"(revision {submission.revision})"
    )


def _resolve_submission(page: Page, argument: str) -> Vector:
    try:
        submission_id = int(argument)
    except ValueError:
        raise SourceError(
            f"'submission:{argument}' is not a submission: write submission:<id>."
        ) from None
    submission = Submission.objects.select_related("user").filter(pk=submission_id).first()
    if submission is None:
        raise SourceError(f"No submission with id {submission_id}.")
    if submission.page_id != page.pk:
        raise SourceError(
            f"Submission {submission_id} belongs to page {submission.page_id}, not page {page.pk}."
        )
    return Vector(
        spec=f"submission:{submission.pk}",
        name=_submission_name(submission),
        kind="submission",
        labels=bytes(submission.labels),
    )


def _submission_choices(page: Page) -> Iterable[tuple[str, str]]:
    submissions = Submission.objects.filter(page=page).select_related("user").order_by("id")
    for submission in submissions.only("id", "revision", "user__username"):
        yield f"submission:{submission.pk}", _submission_name(submission)


register(SourceKind("submission", _resolve_submission, _submission_choices, "submission:<id>"))

"""The ``reference`` source of comparison.sources: a page's tutorial reference.

Registered by tutorial.apps.TutorialConfig.ready(): comparison sits below tutorial and
never imports it (docs/architecture.md, "Registration seams"). A reference judges the
other vector (the diff shows tutorial colours) instead of sitting beside it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef

from comparison.sources import SourceError, SourceKind, Vector
from corpora.models import Page
from tutorial.models import TutorialStep


def _step(page: Page) -> TutorialStep | None:
    return TutorialStep.objects.filter(page=page, reference_labels__isnull=False).first()


def _resolve(page: Page, argument: str) -> Vector:
    step = _step(page)
    if step is None or step.reference_labels is None:  # the query asks for a reference
        raise SourceError(
            f"Page {page.pk} has no tutorial reference (it is not a step of a tutorial, "
            "or its step has no reference yet)."
        )
    return Vector(
        spec="reference",
        name=f"tutorial reference (step {step.position})",
        kind="reference",
        labels=bytes(step.reference_labels),
        is_reference=True,
    )


def _choices(page: Page) -> Iterable[tuple[str, str]]:
    step = _step(page)
    if step is not None:
        yield "reference", f"tutorial reference (step {step.position})"


def _page_has(page: OuterRef) -> Exists:
    return Exists(TutorialStep.objects.filter(page=page, reference_labels__isnull=False))


REFERENCE = SourceKind("reference", _resolve, _choices, page_has=_page_has)

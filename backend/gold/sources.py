"""The ``gold`` source of comparison.sources: a page's merged gold standard.

Registered by gold.apps.GoldConfig.ready(): comparison sits below gold and never
imports it (docs/architecture.md, "Registration seams").
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Exists, OuterRef

from comparison.sources import SourceError, SourceKind, Vector
from corpora.models import Page
from gold.models import PageGold


def _gold(page: Page) -> PageGold | None:
    gold = PageGold.objects.filter(page=page).only("status", "labels", "valid_submissions").first()
    if gold is None or gold.status == PageGold.Status.WAITING or not bytes(gold.labels):
        return None
    return gold


def _resolve(page: Page, argument: str) -> Vector:
    gold = _gold(page)
    if gold is None:
        raise SourceError(
            f"Page {page.pk} has no merged gold standard yet: it waits for "
            f"{page.corpus.min_submissions} submissions (manage.py merge merges by hand)."
        )
    return Vector(
        spec="gold",
        name=f"gold standard ({gold.get_status_display().lower()}, "
        f"{gold.valid_submissions} submissions)",
        kind="gold",
        labels=bytes(gold.labels),
    )


def _choices(page: Page) -> Iterable[tuple[str, str]]:
    if _gold(page) is not None:
        yield "gold", "gold standard (merged)"


def _page_has(page: OuterRef) -> Exists:
    return Exists(PageGold.objects.filter(page=page).exclude(status=PageGold.Status.WAITING))


GOLD = SourceKind("gold", _resolve, _choices, page_has=_page_has)

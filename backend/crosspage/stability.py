"""Visual stability over a corpus: each page's visits become a block map and labels.

For every page of the corpus: its live visits (harvest.PageVisits, taken with
``harvest --visits``) are read from their PNG files, grouped by layout, and the largest
layout's full mesh gives the static/dynamic map (kehr_engine.stability). The map is
stored in :class:`PageStability`; the labels it gives the numbered nodes (static share
≥ 0.5 good, else bad, 0 outside the captures), measured with the node rectangles taken
at the visits' viewport, are the ``stability`` vector. A page the method cannot map
(no visits, one visit, no layout seen twice, rectangles of another segmentation) is
left unlabelled with the reason, like any method's.
"""

from __future__ import annotations

import io
import logging

import numpy as np
from django.db import transaction

from corpora.models import Page
from crosspage.models import MethodRun, PageStability
from crosspage.services import running, store_rows
from harvest.models import PageVisits, VisitCapture
from harvest.visits import capture_path
from kehr.progress import Say
from kehr_engine.layout import Layout, LayoutError
from kehr_engine.stability import PageStability as EnginePageStability
from kehr_engine.stability import StabilityMap, StabilityParams, core_sections, stability_labels
from kehr_engine.stability.blocks import pixels, tint_blocks

logger = logging.getLogger(__name__)

METHOD = "stability"
DYNAMIC_TINT = (255, 0, 255)  # fuchsia, the annotators' highlight: "this part moves"


class Unmapped(ValueError):
    """Why a page gets no map; the message is stored as the vector's reason."""


def page_map(visits: PageVisits, params: StabilityParams) -> StabilityMap:
    captures = list(visits.captures.order_by("number"))[: params.limit_captures]
    if len(captures) < 2:
        raise Unmapped(
            f"{len(captures)} visit(s) taken of {visits.planned} planned"
            + (f" ({visits.message})" if visits.message else "")
            + ": the method compares at least two; harvest again with --visits"
        )
    images = []
    for capture in captures:
        path = capture_path(capture.sha256)
        try:
            images.append(pixels(path))
        except (OSError, ValueError) as error:
            raise Unmapped(
                f"visit {capture.number}'s screenshot {path} is unreadable: {error}"
            ) from None
    try:
        return core_sections(images, params)
    except ValueError as error:
        raise Unmapped(str(error)) from None


def page_stability(page: Page) -> EnginePageStability | None:
    """The engine's input for a page with a stored map and visits layout, else None."""
    stored = PageStability.objects.filter(page=page).first()
    visits = PageVisits.objects.filter(page=page).first()
    if stored is None or visits is None or visits.layout is None:
        return None
    try:
        layout = Layout.from_json(visits.layout, page.node_count, f"the visits of page {page.pk}")
        return EnginePageStability(StabilityMap.from_json(stored.data), layout.rects)
    except (LayoutError, ValueError) as error:
        logger.warning("page %s: stability left out: %s", page.pk, error)
        return None


def label_page(page: Page, params: StabilityParams) -> tuple[np.ndarray, str, StabilityMap | None]:
    """(labels, reason, map) of one page."""
    unlabelled = np.zeros(page.node_count, dtype=np.uint8)
    visits = PageVisits.objects.filter(page=page).first()
    if visits is None:
        return unlabelled, "no live visits: harvest it with --visits N (N of 2 or more)", None
    try:
        smap = page_map(visits, params)
    except Unmapped as why:
        return unlabelled, str(why), None
    if visits.layout is None:
        return unlabelled, "its visits have no node rectangles (the visits were cut short)", smap
    try:
        layout = Layout.from_json(visits.layout, page.node_count, "the visits' layout")
    except LayoutError as error:
        return unlabelled, str(error), smap
    return stability_labels(layout.rects, smap).astype(np.uint8), "", smap


def mask_overlay(page: Page) -> bytes:
    """The page's first visit with its dynamic blocks tinted (PNG), for staff; raises
    Unmapped when the page has no map or no readable first visit."""
    from PIL import Image

    stored = PageStability.objects.filter(page=page).first()
    first = VisitCapture.objects.filter(visits__page=page).order_by("number").first()
    if stored is None or first is None:
        raise Unmapped(f"page {page.pk} has no stability map: run manage.py stability")
    smap = StabilityMap.from_json(stored.data)
    try:
        with Image.open(capture_path(first.sha256)) as picture:
            rgb = np.asarray(picture.convert("RGB"))
    except OSError as error:
        raise Unmapped(f"page {page.pk}: its first visit is unreadable: {error}") from None
    tinted = tint_blocks(rgb, ~smap.static, smap.block, DYNAMIC_TINT, keep=0.45)
    out = io.BytesIO()
    Image.fromarray(tinted, "RGB").save(out, "PNG", optimize=True)
    return out.getvalue()


def run_stability(run_id: int, *, say: Say | None = None) -> MethodRun:
    """The method over the run's corpus in this process (the task calls the same)."""
    run = MethodRun.objects.select_related("corpus").get(pk=run_id)
    params = StabilityParams.from_dict(run.options.get("params", {}))
    pages = list(Page.objects.filter(corpus=run.corpus).order_by("pk"))
    counts = {"pages": len(pages), "labelled": 0, "layouts": 0}
    with running(run, say) as row:
        for done, page in enumerate(pages, 1):
            labels, reason, smap = label_page(page, params)
            with transaction.atomic():
                store_rows(run, [(page, METHOD, labels, reason)])
                if smap is not None:
                    PageStability.objects.update_or_create(
                        page=page, defaults={"data": smap.as_json(), "run": run}
                    )
            counts["labelled"] += not reason
            counts["layouts"] += smap.layouts if smap is not None else 0
            if done == len(pages) or done % 10 == 0:
                row(f"{run.corpus.slug}: {done}/{len(pages)} pages", done / len(pages))
        message = f"{counts['labelled']} of {counts['pages']} pages labelled" + (
            "; the others say why (no or too few visits)"
            if counts["labelled"] < counts["pages"]
            else ""
        )
        MethodRun.objects.filter(pk=run.pk).update(counts=counts, message=message)
    run.refresh_from_db()
    return run

"""Layouts for pages that came without one: ``manage.py render_pages``.

The harvester measures each page's layout right after capturing it. Pages imported from
elsewhere (the KrdWrd CANOLA pages, WARC imports) and pages harvested before layouts
were stored have none; the engine's ``visual`` features need one. This module measures
it the harvester's way (:meth:`harvest.browser.Browser.node_rects`: the annotation
document written into a tab of the harvester's headless Firefox, every numbered node's
box and computed style read), with the document prepared so that rendering it is safe
(:mod:`harvest.render_document`):

- scripts, event handlers, ``javascript:`` URLs and meta refreshes are removed (the
  harvester removes them from live snapshots; imported documents may still have them);
- a ``<base href>`` of the page's URL is added where the document has none, so relative
  stylesheets and images resolve as they did on the page;
- outside requests go nowhere: the browser's proxy is a closed loopback port, unless a
  replay proxy is named, which answers from the archive (so archived pages render with
  their stylesheets and fonts, and nothing is fetched live either way).

A page whose harvest left a layout file (``HarvestItem.rects_path``, from before the
database kept layouts) gets that file instead of a new rendering.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from corpora.models import Corpus, Page, PageLayout
from harvest.browser import Browser
from harvest.models import HarvestItem
from harvest.render_document import RenderError, measure_document
from kehr.progress import Say
from kehr_engine.layout import Layout, LayoutError

logger = logging.getLogger(__name__)
#: How often render_corpus says how far it is (pages).
SAY_EVERY = 10


def render_layout(browser: Browser, page: Page) -> dict:
    """Measure one platform page's layout in ``browser``; raises RenderError."""
    try:
        data = measure_document(browser, page.document, page.node_count, page.final_url or page.url)
    except (RenderError, LayoutError) as error:
        raise RenderError(f"page {page.pk}: {error}") from None
    return {**data, "url": page.url}


def harvested_layout(page: Page) -> dict | None:
    """The layout file an older harvest left for the page, if it fits the page."""
    paths = HarvestItem.objects.filter(page=page).exclude(rects_path="")
    for path in paths.values_list("rects_path", flat=True):
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            Layout.from_json(data, page.node_count)
        except (OSError, ValueError) as error:  # LayoutError and JSON errors included
            logger.info("page %s: harvest layout %s not used: %s", page.pk, path, error)
            continue
        return data
    return None


@dataclass
class RenderSummary:
    rendered: int = 0
    from_harvest: int = 0
    skipped: int = 0  # already had a layout
    failed: dict[int, str] = field(default_factory=dict)  # page id -> reason

    def line(self) -> str:
        parts = [f"{self.rendered} rendered", f"{self.from_harvest} from harvest files",
                 f"{self.skipped} already had a layout", f"{len(self.failed)} failed"]  # fmt: skip
        return ", ".join(parts)


def pages_to_render(corpus: Corpus, *, force: bool = False) -> Iterable[Page]:
    pages = Page.objects.filter(corpus=corpus).order_by("pk")
    if not force:
        pages = pages.filter(layout__isnull=True)
    return pages.only("pk", "url", "final_url", "node_count", "document").iterator(chunk_size=50)


def render_corpus(
    corpus: Corpus,
    *,
    browser_factory: Callable[[], Browser],
    force: bool = False,
    with_archive: bool = False,
    limit: int | None = None,
    say: Say | None = None,
) -> RenderSummary:
    """Give every page of ``corpus`` without a layout one (every page, with ``force``).

    Each page's layout is stored as soon as it is measured, so an interrupted run keeps
    what it did and the next run goes on from there. A page that fails is reported and
    the browser restarted for the next one; nothing else stops the run. ``say`` hears
    how far the run is every :data:`SAY_EVERY` pages and at the end.
    """
    summary = RenderSummary()
    total_pages = Page.objects.filter(corpus=corpus).count()
    todo = total_pages if force else Page.objects.filter(corpus=corpus, layout__isnull=True).count()
    summary.skipped = total_pages - todo
    todo = min(todo, limit) if limit is not None else todo
    browser: Browser | None = None
    try:
        for done, page in enumerate(pages_to_render(corpus, force=force)):
            if done >= todo:
                break
            data = None if force else harvested_layout(page)
            source = PageLayout.Source.HARVEST
            if data is None:
                source = PageLayout.Source.RENDER
                if browser is None:
                    browser = browser_factory()
                    browser.start()
                try:
                    data = render_layout(browser, page)
                except RenderError as error:
                    summary.failed[page.pk] = str(error)
                    browser.stop()
                    browser = None
            if data is not None:
                PageLayout.objects.update_or_create(
                    page=page,
                    defaults={"data": data, "source": source,
                              "with_archive": with_archive and source == PageLayout.Source.RENDER},
                )  # fmt: skip
                if source == PageLayout.Source.RENDER:
                    summary.rendered += 1
                else:
                    summary.from_harvest += 1
            if say and (done + 1 == todo or (done + 1) % SAY_EVERY == 0):
                say(f"{done + 1}/{todo} pages: {summary.line()}")
    finally:
        if browser is not None:
            browser.stop()
    return summary

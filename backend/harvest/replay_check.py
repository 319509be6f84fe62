"""Replay fidelity: does a harvested page look, through the archive, as it looked live?

For every harvested page with a live screenshot (the harvest's full-page PNG), the page
is rendered again through the replay proxy in the harvester's browser (same viewport,
scroll, and the settle time and page timeout of the harvest job that took the live
screenshot) and the two screenshots are compared with the visual stability
method's block comparison (:mod:`kehr_engine.stability.blocks`: 10 px blocks, a block
differs when more than 65 % of its pixels do). The score is the share of the live
screenshot's blocks that match (blocks the replay does not reach count as differing);
the archive misses are the replay proxy's fidelity-log lines for this rendering; the
diff image is the replay screenshot with differing blocks tinted red. Each check is
stored as it is made (:class:`harvest.models.ReplayCheck`), so a run that stops keeps
what it did.
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from corpora.models import Corpus, Page
from harvest.browser import Browser, BrowserError
from harvest.models import HarvestItem, ReplayCheck
from harvest.visits import store_png
from kehr.progress import Progress
from kehr_engine.stability.blocks import changed_share, common_shape, pixels, tint_blocks

logger = logging.getLogger(__name__)

BLOCK = 10
NONZERO = 0.65  # the core sections' NN0Th: a block differs when more of it does
MAX_MISSES = 100
DIFF_FOLDER = "replay-diffs"  # under KEHR_HARVEST_DIR, one file per content hash


@dataclass(frozen=True)
class Comparison:
    score: float
    blocks: int
    diff_png: bytes


def compare_screenshots(live_png: bytes, replay_png: bytes) -> Comparison:
    """Share of the live screenshot's blocks the replay matches, and the diff image."""
    live, replay = pixels(live_png), pixels(replay_png)
    rows, columns = live.shape[0] // BLOCK, live.shape[1] // BLOCK
    blocks = rows * columns
    shape = common_shape(live, replay)
    differs = changed_share(live, replay, BLOCK, shape) > NONZERO
    matched = int((~differs).sum())
    return Comparison(matched / blocks if blocks else 0.0, blocks, _diff_image(replay, differs))


def _diff_image(replay: np.ndarray, differs: np.ndarray) -> bytes:
    from PIL import Image

    rows, columns = differs.shape
    h, w = rows * BLOCK, columns * BLOCK
    rgb = np.stack([(replay[:h, :w] >> s) & 0xFF for s in (16, 8, 0)], axis=-1).astype(np.uint8)
    tinted = tint_blocks(rgb, differs, BLOCK, (255, 0, 0), keep=0.4)
    out = io.BytesIO()
    Image.fromarray(tinted, "RGB").save(out, "PNG", optimize=True)
    return out.getvalue()


def replay_misses(log: Path, start: int, urls: set[str]) -> list[str]:
    """URLs the replay proxy logged as misses for these page URLs since byte ``start``."""
    if not log.is_file():
        return []
    misses: list[str] = []
    with open(log, "rb") as handle:
        handle.seek(start)
        for line in handle:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if entry.get("kind") == "miss" and entry.get("page") in urls:
                url = str(entry.get("url"))
                if url not in misses and len(misses) < MAX_MISSES:
                    misses.append(url)
    return misses


def live_item(page: Page) -> HarvestItem | None:
    """The harvest item whose screenshot is the page's live one (its latest done item's
    with a screenshot file), with its job."""
    item = (
        HarvestItem.objects.filter(page=page, state=HarvestItem.State.DONE)
        .exclude(screenshot_path="")
        .select_related("job")
        .order_by("-finished_at")
        .first()
    )
    if item is None or not Path(item.screenshot_path).is_file():
        return None
    return item


def replay_timing(item: HarvestItem) -> tuple[int, int]:
    """(settle_ms, timeout_s) of the job that took the live screenshot: a page given
    longer to settle live (a slow script, ``--set settle_ms=3000``) gets as long again."""
    settings = item.job.harvest_settings
    return settings.settle_ms, settings.page_timeout_s


def check_page(page: Page, browser: Browser, archive_dir: Path) -> ReplayCheck:
    """Check one page and store the result (a page that cannot be checked says why)."""
    check, _ = ReplayCheck.objects.get_or_create(page=page)
    item = live_item(page)
    if item is None:
        return _unchecked(
            check, "no live screenshot: the page was not harvested (or its file is gone)"
        )
    live = Path(item.screenshot_path)
    settle_ms, timeout_s = replay_timing(item)
    log = archive_dir / "fidelity.jsonl"
    start = log.stat().st_size if log.is_file() else 0
    url = page.final_url or page.url
    try:
        rendered = browser.capture(url, settle_ms=settle_ms, timeout_s=timeout_s)
    except BrowserError as error:
        return _unchecked(check, f"the replay rendering failed: {error}")
    if not rendered.screenshot_png:
        # The browser screenshots HTML only. The replay proxy answers what the archive
        # lacks with a plain-text 404: a page harvested direct or through another
        # recorder has no copy here.
        return _unchecked(check, _not_html(rendered.status, rendered.content_type))
    try:
        result = compare_screenshots(live.read_bytes(), rendered.screenshot_png)
    except ValueError as error:  # the live file was cut short or overwritten
        return _unchecked(check, f"the live screenshot {live} cannot be read: {error}")
    check.score, check.blocks = result.score, result.blocks
    check.misses = replay_misses(log, start, {page.url, url})
    check.diff_sha256 = store_png(result.diff_png, DIFF_FOLDER)
    check.message = ""
    check.save()
    return check


def _unchecked(check: ReplayCheck, message: str) -> ReplayCheck:
    check.score, check.blocks, check.misses, check.diff_sha256 = None, 0, [], ""
    check.message = message
    check.save()
    return check


def _not_html(status: int | None, content_type: str) -> str:
    answer = ", ".join(
        part for part in (f"HTTP {status}" if status else "", content_type.split(";")[0]) if part
    )
    return (
        f"replay did not serve an HTML page (not archived?): {answer or 'no answer'}. Was "
        "the page harvested through this installation's recorder (KEHR_HARVEST_PROXY), "
        "into the archive the replay proxy serves?"
    )


def check_corpus(
    corpus: Corpus,
    *,
    browser_factory: Callable[[], Browser],
    archive_dir: Path,
    progress: Progress | None = None,
) -> list[ReplayCheck]:
    """Check every page of the corpus; a broken browser is restarted for the next page."""
    pages = list(Page.objects.filter(corpus=corpus).order_by("pk"))
    checks = []
    browser: Browser | None = None
    try:
        for done, page in enumerate(pages, 1):
            if browser is None:
                browser = browser_factory()
                browser.start()
            try:
                check = check_page(page, browser, archive_dir)
            except Exception as error:  # the browser itself broke
                logger.exception("replay check of page %s failed", page.pk)
                browser.stop()
                browser = None
                check, _ = ReplayCheck.objects.get_or_create(page=page)
                check.score, check.message = None, f"{type(error).__name__}: {error}"
                check.save()
            checks.append(check)
            if progress:
                progress(done, len(pages))
    finally:
        if browser is not None:
            browser.stop()
    return checks

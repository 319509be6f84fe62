"""What the engine learns from: a corpus' merged gold standard as engine inputs.

A platform page becomes a ``kehr_engine.pipeline.PageInput`` (node texts, annotation
document, URL); its merged gold vector becomes the label array (0, a node without a gold
label, is ignored by the engine). Pages still waiting for submissions are left out.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from annotations.models import Submission
from corpora.models import Corpus, Page, PageLayout
from corpora.segmenter import read_node_texts
from gold.models import PageGold
from kehr_engine.layout import Layout, LayoutError
from kehr_engine.pipeline import PageInput
from kehr_engine.stability import PageStability

logger = logging.getLogger(__name__)

#: Fewest merged pages a model is trained or evaluated on: the engine's second stage
#: learns from out-of-fold predictions over three page-grouped folds, so fewer pages
#: leave a fold without a page.
MIN_TRAINING_PAGES = 3

#: Gold statuses whose labels the engine learns from. Unresolved ties are 0 in the
#: vector, which the engine ignores, so such pages still teach every other node.
LEARNED_STATUSES = (PageGold.Status.MERGED, PageGold.Status.UNRESOLVED)


class TrainingDataError(ValueError):
    """A corpus that cannot be learned from; the message says why and what to do."""


@dataclass
class TrainingData:
    page_ids: list[int]
    pages: list[PageInput]
    labels: list[np.ndarray]
    fingerprint: str

    @property
    def nodes(self) -> int:
        return int(sum(int(np.count_nonzero(labels)) for labels in self.labels))


def page_input(page: Page) -> PageInput:
    """A platform page as the engine sees it.

    The annotation document stands in for the HTML the extractors read: the pristine
    capture sits in the WARC archive, not in the database, and the document is that
    page's markup with its text nodes wrapped in inline elements, which extractors keep
    (trafilatura, jusText and readability keep the same nodes of the test pages either
    way). Training and prediction see the same, so the extractor features agree.
    """
    return PageInput(
        node_texts=read_node_texts(page.document), document=page.document,
        html=page.document, url=page.url, layout=page_layout(page),
        method_labels=method_labels(page), stability=page_stability(page),
    )  # fmt: skip


def page_stability(page: Page) -> PageStability | None:
    """The page's visual stability map with its visits' rectangles, for the
    visual_stability group (crosspage.stability), if it has both and they fit."""
    from crosspage.stability import page_stability as stored

    return stored(page)


def method_labels(page: Page) -> dict[str, np.ndarray]:
    """The template methods' stored vectors of the page (crosspage.MethodVector) that fit
    it, for the urltree and dbce feature groups; pages they left unlabelled give none."""
    from crosspage.models import MethodVector

    vectors = MethodVector.objects.filter(page=page, reason="").values_list("method", "labels")
    found = {method: np.frombuffer(bytes(labels), dtype=np.uint8) for method, labels in vectors}
    return {method: labels for method, labels in found.items() if len(labels) == page.node_count}


def page_layout(page: Page) -> Layout | None:
    """The page's measured layout (corpora.PageLayout) for the visual features, if it has
    one that fits; a layout of another segmentation is left out (and logged), so such a
    page is classified as a page without a layout rather than with wrong boxes."""
    try:
        stored = page.layout
    except PageLayout.DoesNotExist:
        return None
    try:
        return Layout.from_json(stored.data, page.node_count, f"the layout of page {page.pk}")
    except LayoutError as error:
        logger.warning("%s; run manage.py render_pages --corpus <slug> --force", error)
        return None


def merged_gold(corpus: Corpus) -> Iterator[tuple[Page, bytes]]:
    """Every page of the corpus with a merged gold vector that fits it, in page order."""
    golds = (
        PageGold.objects.filter(corpus=corpus, status__in=LEARNED_STATUSES)
        .select_related("page", "page__layout")
        .order_by("page_id")
    )
    for gold in golds.iterator(chunk_size=200):
        labels = bytes(gold.labels)
        # A vector stored for an earlier segmentation would teach the wrong nodes.
        if labels and len(labels) == gold.page.node_count:
            yield gold.page, labels


def merged_page_count(corpus: Corpus) -> int:
    return PageGold.objects.filter(corpus=corpus, status__in=LEARNED_STATUSES).count()


def training_data(
    corpus: Corpus, *, minimum: int = MIN_TRAINING_PAGES, purpose: str = "a model"
) -> TrainingData:
    """The corpus' merged pages and gold labels, or TrainingDataError when too few.

    ``purpose`` names what needs ``minimum`` pages in the message ("10-fold CV").
    """
    merged = merged_page_count(corpus)
    if merged < minimum:
        raise TrainingDataError(
            f"Corpus {corpus.slug} has {merged} merged page{'s' * (merged != 1)}; {purpose} "
            f"needs at least {minimum}. Merge more pages first (they need "
            f"{corpus.min_submissions} submissions each; manage.py merge --corpus "
            f"{corpus.slug})."
        )
    digest = hashlib.sha256()
    page_ids: list[int] = []
    pages: list[PageInput] = []
    labels: list[np.ndarray] = []
    for page, vector in merged_gold(corpus):
        page_ids.append(page.pk)
        pages.append(page_input(page))
        labels.append(np.frombuffer(vector, dtype=np.uint8).astype(np.int64))
        # The fingerprint changes with any page's document or gold: two models with the
        # same fingerprint learned from exactly the same data.
        digest.update(f"{page.pk}:{len(vector)}:".encode())
        digest.update(hashlib.sha256(page.document.encode()).digest())
        digest.update(vector)
    if len(pages) < minimum:
        raise TrainingDataError(
            f"Corpus {corpus.slug} has {len(pages)} merged pages whose gold fits their "
            f"current text nodes; {purpose} needs at least {minimum}. Re-merge the corpus "
            f"(manage.py merge --corpus {corpus.slug} --force)."
        )
    return TrainingData(page_ids, pages, labels, digest.hexdigest())


def annotator_votes(page_ids: Sequence[int]) -> list[np.ndarray | None]:
    """Per page, the tags of the submissions its merge used (nodes x submissions, 0 =
    untagged), for the evaluation's annotator reference; None where fewer than two fit.

    The merge records the submissions it used in ``PageGold.coders`` (staff and user
    exclusions left out), so the reference scores the same annotators the gold came from.
    """
    golds = PageGold.objects.filter(page_id__in=page_ids).values_list(
        "page_id", "coders", "page__node_count"
    )
    used: dict[int, list[int]] = {}
    node_counts: dict[int, int] = {}
    for page_id, coders, node_count in golds:
        used[page_id] = [row[0] for row in coders]
        node_counts[page_id] = node_count
    wanted = [submission for ids in used.values() for submission in ids]
    blobs = dict(Submission.objects.filter(pk__in=wanted).values_list("pk", "labels").iterator())
    votes: list[np.ndarray | None] = []
    for page_id in page_ids:
        columns = [
            np.frombuffer(bytes(blobs[s]), dtype=np.uint8)
            for s in used.get(page_id, [])
            if s in blobs and len(blobs[s]) == node_counts.get(page_id)
        ]
        votes.append(np.stack(columns, axis=1).astype(np.int8) if len(columns) >= 2 else None)
    return votes

"""The merged pages of a corpus, a few at a time, with their node texts."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from corpora.models import Corpus
from corpora.segmenter import SegmenterError, read_node_texts
from gold import vectors
from gold.exports.page import GoldPage
from gold.models import PageGold

#: Pages fetched per database round trip; each carries its annotation document.
CHUNK_PAGES = 50
LABEL_NAMES = {0: "none", 1: "bad", 2: "uncertain", 3: "good"}

SkipHandler = Callable[[int, str], None]


def gold_pages(corpus: Corpus, *, on_skip: SkipHandler | None = None) -> Iterator[GoldPage]:
    """Merged pages in page-id order. A page whose document no longer matches its merged
    vector (segmented again since the merge) is skipped and reported to ``on_skip``."""
    rows = (
        PageGold.objects.filter(
            corpus=corpus, status__in=(PageGold.Status.MERGED, PageGold.Status.UNRESOLVED)
        )
        .select_related("page")
        .defer("coders", "excluded")
        .order_by("page_id")
    )
    for gold in rows.iterator(chunk_size=CHUNK_PAGES):
        page = gold.page
        labels = vectors.decode_labels(gold.labels)
        try:
            texts = read_node_texts(page.document)
        except SegmenterError as error:
            _skip(on_skip, page.pk, f"its annotation document is damaged: {error}")
            continue
        if len(texts) != labels.shape[0]:
            _skip(
                on_skip,
                page.pk,
                f"the page has {len(texts)} text nodes but its gold vector {labels.shape[0]}; "
                "it was segmented again since the merge: run manage.py merge first",
            )
            continue
        tokens = list(page.node_tokens or [])
        if len(tokens) != len(texts):
            tokens = [len(text.split()) for text in texts]
        yield GoldPage(
            id=page.pk,
            url=page.url,
            final_url=page.final_url or page.url,
            title=page.title,
            document=page.document,
            status=gold.status,
            submissions=gold.valid_submissions,
            texts=texts,
            tokens=tokens,
            labels=labels,
            votes=vectors.decode_votes(gold.votes),
            ties={int(node): how for node, how in gold.ties},
            agreement=gold.agreement,
            merged_at=gold.merged_at.isoformat() if gold.merged_at else "",
        )


def _skip(on_skip: SkipHandler | None, page_id: int, reason: str) -> None:
    if on_skip is not None:
        on_skip(page_id, reason)

"""URL Tree as pages arrive: a finished harvest job or a WARC import queues the new
pages for the corpus' stream (connected in CrosspageConfig.ready()).

On by default; KEHR_URLTREE_ON_ARRIVAL=false turns it off (``manage.py urltree`` still
streams a whole corpus on demand). The task is queued once the pages are committed, so
the worker sees them.
"""

from __future__ import annotations

import logging

from django.db import transaction

from corpora.models import Corpus
from kehr.env import env_bool

logger = logging.getLogger(__name__)


def on_arrival() -> bool:
    return env_bool("KEHR_URLTREE_ON_ARRIVAL", True)


def queue_arrivals(
    sender, *, corpus: Corpus, page_ids: list[int], source: str = "", **kwargs
) -> None:
    if not page_ids or not on_arrival():
        return
    ids = list(page_ids)
    transaction.on_commit(lambda: _queue(corpus, ids, source))


def _queue(corpus: Corpus, page_ids: list[int], source: str) -> None:
    """Queue the stream task; a broker that cannot take it must not fail the import or
    the harvest that sent the pages (they are stored): say so, and how to catch up."""
    from crosspage.tasks import urltree_arrivals

    try:
        urltree_arrivals.delay(corpus.pk, page_ids)
    except Exception as error:  # kombu and the transports raise many kinds
        logger.warning(
            "URL Tree not queued for %d pages of %s (%s): %s: %s. The pages are stored; "
            "run `manage.py urltree --corpus %s` to label them.",
            len(page_ids), corpus.slug, source or "arrival", type(error).__name__, error,
            corpus.slug,
        )  # fmt: skip

"""URL Tree as pages arrive: a finished harvest job or a WARC import queues the new
pages for the corpus' stream (connected in CrosspageConfig.ready()).

On by default; KEHR_URLTREE_ON_ARRIVAL=false turns it off (``manage.py urltree`` still
streams a whole corpus on demand). The task is queued once the pages are committed, so
the worker sees them.
"""

from __future__ import annotations

from django.db import transaction

from corpora.models import Corpus
from kehr.env import env_bool


def on_arrival() -> bool:
    return env_bool("KEHR_URLTREE_ON_ARRIVAL", True)


def queue_arrivals(
    sender, *, corpus: Corpus, page_ids: list[int], source: str = "", **kwargs
) -> None:
    if not page_ids or not on_arrival():
        return
    from crosspage.tasks import urltree_arrivals

    ids = list(page_ids)
    transaction.on_commit(lambda: urltree_arrivals.delay(corpus.pk, ids))

"""Which page an annotator gets next: a random one among the least annotated.

Never counts submissions at request time: it walks the (corpus, submission_count,
shuffle_key) index in order and probes the (page, user) unique index to skip the
pages this annotator already did — three index lookups whatever the corpus size.
"""

from __future__ import annotations

import random

from django.db.models import Exists, OuterRef

from annotations.models import Submission
from corpora.models import Corpus, Page


def _undone_pages(corpus: Corpus, user):
    done = Submission.objects.filter(page=OuterRef("pk"), user=user)
    return Page.objects.filter(corpus=corpus).exclude(Exists(done))


def next_page_for(user, corpus: Corpus, rng: random.Random | None = None) -> Page | None:
    """The next page for this user, or None when the user has submitted every page."""
    candidates = _undone_pages(corpus, user)
    # Concurrent submissions can lift every page of the lowest level between the two
    # queries; then the next level is the right answer, so look again (bounded).
    for _attempt in range(3):
        least = (
            candidates.order_by("submission_count")
            .values_list("submission_count", flat=True)
            .first()
        )
        if least is None:
            return None
        level = candidates.filter(submission_count=least).defer("document", "node_tokens")
        # A random point on the shuffle key; wrap around when nothing lies after it.
        pivot = (rng or random).randrange(2**31)
        page = level.filter(shuffle_key__gte=pivot).order_by("shuffle_key").first()
        page = page or level.order_by("shuffle_key").first()
        if page is not None:
            return page
    return candidates.defer("document", "node_tokens").order_by("submission_count").first()

"""Which page an annotator gets next: a random one among the least annotated.

Never counts submissions at request time: it walks the (corpus, submission_count,
shuffle_key) index in order and probes the (page, user) unique index to skip the
pages this annotator already did — a few index lookups whatever the corpus size.
"""

from __future__ import annotations

import random

from django.db.models import Exists, OuterRef, Subquery

from annotations.models import Submission
from corpora.models import Corpus, Page


def _undone_pages(corpus: Corpus, user):
    done = Submission.objects.filter(page=OuterRef("pk"), user=user)
    return Page.objects.filter(corpus=corpus).exclude(Exists(done))


def next_page_for(user, corpus: Corpus, rng: random.Random | None = None) -> Page | None:
    """The next page for this user, or None when the user has submitted every page.

    One query in the common case: the lowest level is a subquery of the pick itself.
    """
    candidates = _undone_pages(corpus, user).defer("document", "node_tokens")
    least = Subquery(
        _undone_pages(corpus, user).order_by("submission_count").values("submission_count")[:1]
    )
    level = candidates.filter(submission_count=least)
    # A random point on the shuffle key; wrap around when nothing lies after it.
    pivot = (rng or random).randrange(2**31)
    page = level.filter(shuffle_key__gte=pivot).order_by("shuffle_key").first()
    if page is None:
        page = level.order_by("shuffle_key").first()
    if page is None:
        # Either every page is done, or concurrent submissions lifted the whole lowest
        # level between the subquery and the pick: then any least annotated page will do.
        page = candidates.order_by("submission_count", "shuffle_key").first()
    return page

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
    A tutorial goes in order instead (see _next_tutorial_page).
    """
    if corpus.kind == Corpus.Kind.TUTORIAL:
        return _next_tutorial_page(user, corpus)
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


def _next_tutorial_page(user, corpus: Corpus) -> Page | None:
    """The page of the user's first tutorial step (by position) without a submission.

    That is the step the tutorial resumes at (tutorial.services.Progress.current).
    Pages of a tutorial that are not (yet) steps go to staff only, after the steps:
    staff tag them to make references, learners only ever get the steps.
    """
    undone = _undone_pages(corpus, user).defer("document", "node_tokens")
    page = undone.filter(tutorial_step__isnull=False).order_by("tutorial_step__position").first()
    if page is None and user.is_staff:
        page = undone.filter(tutorial_step__isnull=True).order_by("id").first()
    return page

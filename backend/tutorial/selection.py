"""Which page a learner gets next in a tutorial: its steps in order.

Registered for corpora of kind *tutorial* by tutorial.apps.TutorialConfig.ready()
through annotations.selection.register_rule.
"""

from __future__ import annotations

from annotations.selection import undone_pages
from corpora.models import Corpus, Page


def next_tutorial_page(user, corpus: Corpus) -> Page | None:
    """The page of the user's first tutorial step (by position) without a submission.

    That is the step the tutorial resumes at (tutorial.progress.Progress.current).
    Pages of a tutorial that are not (yet) steps go to staff only, after the steps:
    staff tag them to make references, learners only ever get the steps.
    """
    undone = undone_pages(corpus, user).defer("document", "node_tokens")
    page = undone.filter(tutorial_step__isnull=False).order_by("tutorial_step__position").first()
    if page is None and user.is_staff:
        page = undone.filter(tutorial_step__isnull=True).order_by("id").first()
    return page

"""An annotator's own numbers: submissions and annotation time per corpus (My Stats).

The API's /api/me/stats/ adds the tutorial progress (tutorial.progress) beside these.
"""

from __future__ import annotations

from django.db.models import Count, DurationField, ExpressionWrapper, F, Sum

from annotations.models import Submission
from corpora.models import Page


def submission_stats(user) -> dict:
    """Pages done, page count and seconds spent per corpus the user has submitted to."""
    duration = ExpressionWrapper(F("submitted_at") - F("started_at"), output_field=DurationField())
    mine = Submission.objects.filter(user=user)
    per_corpus = (
        mine.values("page__corpus__slug", "page__corpus__name", "page__corpus_id")
        .annotate(pages_done=Count("pk"), time=Sum(duration))
        .order_by("page__corpus__slug")
    )
    page_counts = dict(
        Page.objects.filter(corpus_id__in=[row["page__corpus_id"] for row in per_corpus])
        .values("corpus_id")
        .annotate(n=Count("pk"))
        .values_list("corpus_id", "n")
    )
    corpora = [
        {
            "corpus": row["page__corpus__slug"],
            "corpus_name": row["page__corpus__name"],
            "pages_done": row["pages_done"],
            "page_count": page_counts.get(row["page__corpus_id"], 0),
            "seconds": row["time"].total_seconds() if row["time"] else 0.0,
        }
        for row in per_corpus
    ]
    return {
        "username": user.get_username(),
        "submissions": sum(c["pages_done"] for c in corpora),
        "total_seconds": sum(c["seconds"] for c in corpora),
        "corpora": corpora,
    }

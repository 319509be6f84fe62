"""Staff pages: every learner's tutorial scores per step and per learner, with CSV.

Mounted at /staff/tutorial/ (kehr/urls.py), in the admin's look like the gold
dashboard. Scores are computed when the page is asked for (one NumPy call per step).
"""

from __future__ import annotations

from django.contrib import admin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from corpora.models import Corpus
from kehr import safe_csv
from kehr.staff_permissions import VIEW_TUTORIAL_SCORES, staff_permission_required
from tutorial.scores import (
    LEARNER_COLUMNS,
    PASS_SCORE,
    STEP_COLUMNS,
    learner_table,
    staff_scores,
    step_table,
)
from tutorial.steps import steps_of

TABLES = {"steps": STEP_COLUMNS, "learners": LEARNER_COLUMNS}


def _context(request: HttpRequest, **extra) -> dict:
    return {**admin.site.each_context(request), "pass_score": PASS_SCORE, **extra}


@staff_permission_required(VIEW_TUTORIAL_SCORES)
def index(request: HttpRequest) -> HttpResponse:
    rows = []
    for corpus in Corpus.objects.filter(kind=Corpus.Kind.TUTORIAL).order_by("name"):
        steps = steps_of(corpus)
        rows.append({"corpus": corpus, "steps": len(steps)})
    return render(request, "tutorial/index.html", _context(request, rows=rows, title="Tutorials"))


def _tutorial(slug: str) -> Corpus:
    return get_object_or_404(Corpus, slug=slug, kind=Corpus.Kind.TUTORIAL)


@staff_permission_required(VIEW_TUTORIAL_SCORES)
def scores(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = _tutorial(slug)
    steps, learners = staff_scores(corpus)
    return render(
        request,
        "tutorial/scores.html",
        _context(
            request,
            tutorial=corpus,
            steps=steps,
            learners=learners,
            total=len(steps),
            title=f"{corpus.name}: tutorial scores",
        ),
    )


@staff_permission_required(VIEW_TUTORIAL_SCORES)
def table_csv(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    corpus = _tutorial(slug)
    if name not in TABLES:
        raise Http404(f"No table {name!r}: tables are {', '.join(TABLES)}.")
    steps, learners = staff_scores(corpus)
    rows = step_table(steps) if name == "steps" else learner_table(learners, len(steps))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{corpus.slug}-tutorial-{name}.csv"'
    # Usernames and page titles: kehr.safe_csv keeps them from starting a formula.
    writer = safe_csv.writer(response, lineterminator="\n")
    writer.writerow(TABLES[name])
    writer.writerows(rows)
    return response

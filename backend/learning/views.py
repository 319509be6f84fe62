"""Staff pages at /staff/models/: the model versions, their jobs and reports.

Buttons POST (CSRF, staff only) and queue a job on a worker; the table shows each job's
progress as the worker writes it into the row. learning.services is imported inside the
views: it loads the engine, which web workers need only when staff use these pages (jobs
are queued through learning.dispatch, which does not).
"""

from __future__ import annotations

import logging

from django.contrib import admin, messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from corpora.models import Corpus
from kehr.staff_permissions import (
    RUN_MODEL_JOBS,
    VIEW_MODELS,
    VIEW_SUGGESTIONS,
    staff_permission_required,
)
from learning.dispatch import queue
from learning.jobs import JobError
from learning.models import CorpusLearning, ModelVersion, PredictedVector

logger = logging.getLogger(__name__)


def _render(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    """Render inside the admin's look (site header, user links, colour theme)."""
    return render(request, template, {**admin.site.each_context(request), **context})


def _queue(request: HttpRequest, version: ModelVersion, job: str, done: str, **options) -> None:
    try:
        queue(version, job, **options)
    except JobError as error:
        messages.error(request, str(error))
    except Exception as error:  # the broker is down: queue() recorded it on the row
        logger.warning("Could not queue %s of %s: %s", job, version.name, error)
        messages.error(
            request,
            f"The task queue is not reachable ({error}); nothing was queued. Try again "
            "once the broker is back, or use the manage.py command.",
        )
    else:
        messages.success(request, done)


#: Model versions per page of /staff/models/, newest first.
MODELS_PER_PAGE = 50


@staff_permission_required(VIEW_MODELS)
def index(request: HttpRequest) -> HttpResponse:
    from kehr_engine.features import DEFAULT_GROUPS, GROUPS

    versions = ModelVersion.objects.select_related("corpus", "job_corpus", "created_by")
    # Any ?page= value is safe: get_page() falls back to the first or last page.
    page = Paginator(versions.order_by("-created_at", "-pk"), MODELS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return _render(
        request,
        "learning/index.html",
        {
            "title": "Classifier models",
            "versions": page.object_list,
            "page_obj": page,
            "corpora": Corpus.objects.order_by("name"),
            "groups": [(name, name in DEFAULT_GROUPS) for name in GROUPS],
            "default_folds": ModelVersion.DEFAULT_FOLDS,
            "learning_settings": CorpusLearning.objects.select_related(
                "corpus", "suggestion_model", "current_model"
            ).order_by("corpus__name"),
        },
    )


@staff_permission_required(RUN_MODEL_JOBS)
@require_POST
def train(request: HttpRequest) -> HttpResponse:
    from learning.services import create_version

    corpus = Corpus.objects.filter(slug=request.POST.get("corpus", "")).first()
    if corpus is None:
        messages.error(request, "Choose the corpus whose merged gold the model learns from.")
        return redirect("learning:index")
    raw_rounds = request.POST.get("rounds", "").strip()
    # isascii: "²".isdigit() is true, and int("²") raises.
    if raw_rounds and not (_whole(raw_rounds) and 1 <= int(raw_rounds) <= 10_000):
        messages.error(request, "Rounds: leave empty for the engine's default, or 1 to 10000.")
        return redirect("learning:index")
    try:
        version = create_version(
            corpus,
            groups=request.POST.getlist("groups"),
            name=request.POST.get("name", ""),
            created_by=request.user,
            max_iter=int(raw_rounds) if raw_rounds else None,
        )
    except JobError as error:
        messages.error(request, str(error))
        return redirect("learning:index")
    done = f"Training of {version.name} queued: a worker trains it on {corpus.name}."
    _queue(request, version, ModelVersion.Job.TRAIN, done)
    return redirect("learning:index")


def _whole(raw: str) -> bool:
    """A whole number written in ASCII digits, short enough to be one we accept."""
    return raw.isascii() and raw.isdigit() and len(raw) <= 6


def _folds(raw: str) -> int | None:
    return int(raw) if _whole(raw) and 2 <= int(raw) <= 100 else None


@staff_permission_required(RUN_MODEL_JOBS)
@require_POST
def evaluate(request: HttpRequest, name: str) -> HttpResponse:
    version = get_object_or_404(ModelVersion, name=name)
    folds = _folds(request.POST.get("folds", str(ModelVersion.DEFAULT_FOLDS)).strip())
    if folds is None:
        messages.error(request, "Folds: give a whole number from 2 to 100.")
        return redirect("learning:index")
    done = f"Evaluation of {version.name} queued ({folds}-fold cross-validation)."
    _queue(request, version, ModelVersion.Job.EVALUATE, done, folds=folds)
    return redirect("learning:index")


@staff_permission_required(RUN_MODEL_JOBS)
@require_POST
def classify(request: HttpRequest, name: str) -> HttpResponse:
    version = get_object_or_404(ModelVersion, name=name)
    slug = request.POST.get("corpus", "") or version.corpus.slug
    corpus = Corpus.objects.filter(slug=slug).first()
    if corpus is None:
        messages.error(request, f"No corpus {slug!r} to classify.")
        return redirect("learning:index")
    if version.status != ModelVersion.Status.READY:
        messages.error(request, f"Model {version.name} is not ready: it cannot label pages.")
        return redirect("learning:index")
    done = f"Classification of {corpus.name} with {version.name} queued."
    _queue(request, version, ModelVersion.Job.CLASSIFY, done, corpus=corpus)
    return redirect("learning:index")


#: Pages listed under "worst pages" on a model's report.
WORST_PAGES = 10


def worst_pages(version: ModelVersion) -> list[tuple[int, float, str]]:
    """The model's lowest per-page F1 in its evaluation, as (page id, F1, link), worst first.

    The CV report names pages by id (learning.services passes the platform's ids). A page
    the model has classified links straight to its classifier-vs-gold diff; any other to
    the page's list of sources, where the diff can be opened once it is classified.
    """
    from comparison.views import diff_url

    per_page = (version.headline or {}).get("per_page_f1") or {}
    scores = [(int(page), float(f1)) for page, f1 in per_page.items() if str(page).isdigit()]
    worst = sorted(scores, key=lambda item: (item[1], item[0]))[:WORST_PAGES]
    classified = set(
        PredictedVector.objects.filter(
            model=version, page_id__in=[p for p, _ in worst]
        ).values_list("page_id", flat=True)
    )
    return [
        (page, f1, diff_url(page, f"classifier:{version.name}", "gold")
         if page in classified else reverse("comparison:page", args=[page]))
        for page, f1 in worst
    ]  # fmt: skip


@staff_permission_required(VIEW_MODELS)
def report(request: HttpRequest, name: str) -> HttpResponse:
    version = get_object_or_404(ModelVersion.objects.select_related("corpus"), name=name)
    sources = (version.metrics or {}).get("sources") or []
    return _render(
        request,
        "learning/report.html",
        {
            "title": f"Model {version.name}",
            "version": version,
            "sources": sources if isinstance(sources, list) else [],
            "worst": worst_pages(version),
            "stale": bool(
                version.metrics
                and version.fingerprint
                and version.metrics.get("platform_fingerprint") != version.fingerprint
            ),
        },
    )


@staff_permission_required(VIEW_SUGGESTIONS)
def suggestion_bias(request: HttpRequest, corpus: str) -> HttpResponse:
    """What suggestions change in a corpus: the two drawn groups compared (learning.bias)."""
    from learning.bias import corpus_report
    from learning.models import ModelSwitch

    chosen = get_object_or_404(Corpus, slug=corpus)
    report = corpus_report(chosen)
    return _render(
        request,
        "learning/suggestions.html",
        {
            "title": f"Suggestions in {chosen.name}",
            "corpus": chosen,
            "settings": CorpusLearning.objects.filter(corpus=chosen).first(),
            "report": report,
            "switches": ModelSwitch.objects.filter(corpus=chosen)[:20],
        },
    )

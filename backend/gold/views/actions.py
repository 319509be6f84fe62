"""Dashboard buttons: merge now, recompute statistics, exclude or include an annotator."""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST
from kombu.exceptions import OperationalError as BrokerError

from gold import tasks
from gold.staff import StaffActionError, exclude_user, include_user
from gold.views.dashboard import corpus_or_404
from kehr.echo import echo
from kehr.ids import as_id
from kehr.staff_permissions import EXCLUDE_ANNOTATOR, MERGE_GOLD, staff_permission_required

logger = logging.getLogger(__name__)


def _enqueue(request: HttpRequest, task, *args, done: str) -> None:
    try:
        task.delay(*args)
    except BrokerError as error:
        logger.warning("Could not queue %s: %s", task.name, error)
        messages.error(
            request,
            f"The task queue is not reachable ({error}); nothing was queued. The scheduled "
            "merge runs once the broker is back, or run `manage.py merge --corpus …`.",
        )
    else:
        messages.success(request, done)


@staff_permission_required(MERGE_GOLD)
@require_POST
def merge_now(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    done = "Merge queued: a worker merges the corpus and recomputes its statistics."
    _enqueue(request, tasks.merge_corpus, corpus.pk, done=done)
    return redirect("gold:corpus", slug=corpus.slug)


@staff_permission_required(MERGE_GOLD)
@require_POST
def recompute(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    _enqueue(request, tasks.refresh_stats, corpus.pk, done="Statistics queued for recomputing.")
    return redirect("gold:corpus", slug=corpus.slug)


@staff_permission_required(EXCLUDE_ANNOTATOR)
@require_POST
def exclusion(request: HttpRequest, slug: str) -> HttpResponse:
    """Exclude (with a reason) or include again an annotator of this corpus."""
    corpus = corpus_or_404(slug)
    raw_user = request.POST.get("user", "")
    user_id = as_id(raw_user)
    if user_id is None:
        return HttpResponseBadRequest(
            f"user: expected a user id (a whole number), received {echo(raw_user)}. "
            "Choose the annotator on the corpus' annotators page.",
            content_type="text/plain; charset=utf-8",
        )
    user = get_object_or_404(get_user_model(), pk=user_id)
    if request.POST.get("include"):
        include_user(corpus, user)
        messages.success(request, f"{user} is included again; their pages merge again shortly.")
    else:
        try:
            exclude_user(corpus, user, reason=request.POST.get("reason", ""), by=request.user)
        except StaffActionError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                f"{user} is excluded from merging in {corpus}; their submissions are kept "
                "and their pages are merged again within a minute.",
            )
    return redirect("gold:annotators", slug=corpus.slug)

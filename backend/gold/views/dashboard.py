"""The stats dashboard's pages: corpora, one corpus, pages by merge status, annotators.

Whole-corpus figures come from the precomputed CorpusStats row (one lookup); lists of
pages are paged queries on indexed columns. Nothing here scans a corpus.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.shortcuts import render as django_render
from django.utils.safestring import mark_safe

from corpora.models import Corpus
from gold import figures
from gold.exports import FORMATS
from gold.exports.included import available_specs
from gold.links import corpus_links
from gold.models import CorpusStats, PageGold, UserExclusion
from gold.stats import STATS_VERSION
from kehr.staff_permissions import VIEW_GOLD, staff_permission_required

PAGE_SIZE = 100


def render(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    """Render inside the admin's look (site header, user links, colour theme)."""
    return django_render(request, template, {**admin.site.each_context(request), **context})


def corpus_or_404(slug: str) -> Corpus:
    return get_object_or_404(Corpus, slug=slug)


def current_stats(corpus: Corpus) -> CorpusStats | None:
    stats = CorpusStats.objects.filter(corpus=corpus).first()
    if stats is None or stats.computed_at is None or stats.data.get("version") != STATS_VERSION:
        return None
    return stats


@staff_permission_required(VIEW_GOLD)
def index(request: HttpRequest) -> HttpResponse:
    corpora = list(Corpus.objects.order_by("name"))
    stats = {s.corpus_id: s for s in CorpusStats.objects.filter(corpus__in=corpora)}
    rows = []
    for corpus in corpora:
        entry = stats.get(corpus.pk)
        status = (entry.data.get("status") if entry and entry.computed_at else None) or {}
        pi = ((entry.data.get("agreement") or {}).get("pi") or {}) if entry else {}
        rows.append({"corpus": corpus, "stats": entry, "status": status, "pi": pi})
    return render(request, "gold/index.html", {"rows": rows, "title": "Gold standard"})


@staff_permission_required(VIEW_GOLD)
def corpus_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    stats = current_stats(corpus)
    context: dict[str, Any] = {
        "corpus": corpus,
        "stats": stats,
        "title": f"{corpus.name}: gold standard",
        "links": corpus_links(corpus),
        "formats": FORMATS.values(),
        # Other vectors the JSONL and CSV exports can carry (e.g. classifier:<model>).
        "includable": available_specs(corpus),
    }
    if stats is not None:
        data = stats.data
        context.update(
            data=data,
            status_rows=figures.status_rows(data),
            agreement_rows=figures.agreement_rows(data),
            flagged=[row for row in figures.bias_rows(data) if row[16]],
            bias=figures.bias_readiness(data),
            charts={
                name: mark_safe(draw(data))  # gold.charts escapes every label
                for name, draw in (
                    ("status", figures.status_chart),
                    ("agreement", figures.agreement_chart),
                    ("submissions", figures.submissions_chart),
                    ("at_least", figures.at_least_chart),
                    ("minutes_page", figures.minutes_per_page_chart),
                    ("minutes_annotator", figures.minutes_per_annotator_chart),
                    ("bias", figures.bias_chart),
                )
            },
        )
    return render(request, "gold/corpus.html", context)


@staff_permission_required(VIEW_GOLD)
def page_status(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    status = request.GET.get("status", "")
    golds = (
        PageGold.objects.filter(corpus=corpus)
        .select_related("page")
        .only(
            "page_id", "status", "submissions", "valid_submissions", "unresolved_count",
            "dirty", "merged_at", "pi", "alpha", "page__title", "page__url",
        )
        .order_by("page_id")
    )  # fmt: skip
    if status in PageGold.Status.values:
        golds = golds.filter(status=status)
    elif status == "dirty":
        golds = golds.filter(dirty=True)
    page = Paginator(golds, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "gold/pages.html",
        {
            "corpus": corpus,
            "page_obj": page,
            "status": status,
            "statuses": [*PageGold.Status.choices, ("dirty", "Changed since last merge")],
            "title": f"{corpus.name}: merge status per page",
        },
    )


@staff_permission_required(VIEW_GOLD)
def annotators(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    stats = current_stats(corpus)
    data = stats.data if stats else {}
    exclusions = UserExclusion.objects.filter(corpus=corpus).select_related("user", "created_by")
    return render(
        request,
        "gold/annotators.html",
        {
            "corpus": corpus,
            "stats": stats,
            "annotator_rows": figures.annotator_rows(data),
            "bias_rows": figures.bias_rows(data),
            "exclusions": exclusions,
            "title": f"{corpus.name}: annotators",
        },
    )

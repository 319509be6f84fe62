"""Unresolved ties: the list per corpus, and one page's tied nodes with deciding votes."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from corpora.models import Page
from corpora.segmenter import SegmenterError, read_node_texts
from gold import vectors
from gold.models import PageGold, TieDecision
from gold.staff import StaffActionError, decide_tie, withdraw_decision
from gold.views.dashboard import PAGE_SIZE, corpus_or_404, render
from kehr.staff_permissions import DECIDE_TIE, VIEW_GOLD, staff_permission_required

LABELS = dict(TieDecision.Label.choices)


@staff_permission_required(VIEW_GOLD)
def tie_list(request: HttpRequest, slug: str) -> HttpResponse:
    corpus = corpus_or_404(slug)
    golds = (
        PageGold.objects.filter(corpus=corpus, status=PageGold.Status.UNRESOLVED)
        .select_related("page")
        .only("page_id", "unresolved_count", "valid_submissions", "page__title", "page__url")
        .order_by("page_id")
    )
    page = Paginator(golds, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "gold/ties.html",
        {"corpus": corpus, "page_obj": page, "title": f"{corpus.name}: unresolved ties"},
    )


@staff_permission_required(VIEW_GOLD)
def tie_page(request: HttpRequest, slug: str, page_id: int) -> HttpResponse:
    corpus = corpus_or_404(slug)
    page = get_object_or_404(Page, pk=page_id, corpus=corpus)
    gold = get_object_or_404(PageGold, page=page)
    try:
        texts = read_node_texts(page.document)
    except SegmenterError:
        texts = []
    votes = vectors.decode_votes(gold.votes) if gold.votes else None
    labels = bytes(gold.labels)
    decisions = {d.node: d for d in TieDecision.objects.filter(page=page).select_related(
        "decided_by")}  # fmt: skip
    nodes = []
    for node, how in gold.ties:
        nodes.append({
            "index": node,
            "resolution": how,
            "label": LABELS.get(labels[node], "none") if node < len(labels) else "none",
            "votes": votes[node].tolist() if votes is not None else [],
            "text": texts[node] if node < len(texts) else "",
            "before": texts[node - 1] if 0 < node <= len(texts) else "",
            "after": texts[node + 1] if node + 1 < len(texts) else "",
            "decision": decisions.get(node),
        })  # fmt: skip
    return render(
        request,
        "gold/tie_page.html",
        {
            "corpus": corpus,
            "page": page,
            "gold": gold,
            "nodes": nodes,
            "labels": TieDecision.Label.choices,
            "title": f"Ties of page {page.pk}",
        },
    )


@staff_permission_required(DECIDE_TIE)
@require_POST
def decide(request: HttpRequest, slug: str, page_id: int) -> HttpResponse:
    corpus = corpus_or_404(slug)
    page = get_object_or_404(Page, pk=page_id, corpus=corpus)
    try:
        node = int(request.POST.get("node", ""))
        if request.POST.get("withdraw"):
            withdraw_decision(page, node)
            messages.success(request, f"Decision for node {node} withdrawn; page re-merged.")
        else:
            label = int(request.POST.get("label", ""))
            decide_tie(page, node, label, by=request.user, note=request.POST.get("note", ""))
            messages.success(request, f"Node {node} decided as {LABELS[label]}; page re-merged.")
    except ValueError as error:  # StaffActionError is a ValueError, so is int("")
        text = str(error) if isinstance(error, StaffActionError) else "Choose a node and a tag."
        messages.error(request, text)
    return redirect("gold:tie-page", slug=corpus.slug, page_id=page.pk)

"""Staff pages: choose two vectors of a page, and the standalone visual diff itself.

Mounted at /staff/diff/ (kehr/urls.py). The diff is the page's annotation document —
untrusted archived HTML — so it is served like the API's document endpoint: with
``Content-Security-Policy: sandbox`` (an opaque origin without scripts that can never
read the staff session), and stripped of scripts besides (comparison.render).
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.contrib import admin
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from comparison import render as diff_render
from comparison import sources
from corpora.models import Corpus, Page
from kehr.content_policy import DOCUMENT_HEADERS
from kehr.ids import as_id
from kehr.staff_permissions import VIEW_SUBMISSIONS, staff_permission_required

MODES = {
    "auto": "automatic: tutorial colours when one side is the tutorial reference",
    "pair": "side by side: neither is right",
    "reference": "B is the standard: A's tags are correct, wrong or missed",
}
# Where a viewer learns to route the browser through the replay proxy (answered by the
# proxy itself, see docs/archive.md).
PROXY_SETUP_URL = "http://kehr.proxy/"


def diff_url(page_id: int, a: str, b: str, **extra: str) -> str:
    query = {"a": a, "b": b, **extra}
    return f"{reverse('comparison:diff', args=[page_id])}?{urlencode(query)}"


def _filename(page: Page, a: str, b: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9]+", "-", f"{a}-vs-{b}").strip("-")
    return f"kehr-diff-page-{page.pk}-{safe}.html"


@staff_permission_required(VIEW_SUBMISSIONS)
def diff(request: HttpRequest, page_id: int) -> HttpResponse:
    """The standalone visual diff of ?a=SPEC&b=SPEC (&mode=auto|pair|reference, &download=1)."""
    page = get_object_or_404(Page.objects.select_related("corpus"), pk=page_id)
    spec_a, spec_b = request.GET.get("a", ""), request.GET.get("b", "")
    mode = request.GET.get("mode") or "auto"
    if not spec_a or not spec_b:
        return HttpResponseBadRequest(
            "Name two vectors of the page: ?a=submission:<id>&b=gold (sources: "
            + ", ".join(kind.written for kind in sources.SOURCES.values())
            + ").",
            content_type="text/plain; charset=utf-8",
        )
    if mode not in MODES:
        return HttpResponseBadRequest(
            f"Unknown mode {mode!r}: use {', '.join(MODES)}.",
            content_type="text/plain; charset=utf-8",
        )
    try:
        a = sources.resolve(page, spec_a)
        b = sources.resolve(page, spec_b)
    except sources.SourceError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    if mode == "auto":
        if a.is_reference and not b.is_reference:
            a, b = b, a  # the reference plays B, the judged vector A
        mode = "reference" if b.is_reference else "pair"
    header = diff_render.DiffHeader(
        page_title=page.title,
        page_url=page.final_url or page.url,
        a_name=a.name,
        b_name=b.name,
        proxy_help=PROXY_SETUP_URL,
    )
    if mode == "reference":
        document, _ = diff_render.render_reference_diff(
            page.document, a.labels, b.labels, page.node_tokens, header
        )
    else:
        document, _ = diff_render.render_pair_diff(
            page.document, a.labels, b.labels, page.node_tokens, header
        )
    response = HttpResponse(document, content_type="text/html; charset=utf-8")
    for name, value in DOCUMENT_HEADERS.items():
        response[name] = value
    disposition = "attachment" if request.GET.get("download") == "1" else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{_filename(page, a.spec, b.spec)}"'
    return response


@staff_permission_required(VIEW_SUBMISSIONS)
def page_annotations(request: HttpRequest, page_id: int) -> HttpResponse:
    """Every vector of a page, with one-click diffs and an "A vs B" chooser."""
    page = get_object_or_404(Page.objects.select_related("corpus"), pk=page_id)
    available = sources.choices(page)
    specs = {spec for spec, _ in available}
    rows = []
    for spec, name in available:
        if not spec.startswith("submission:"):
            continue
        links = [
            (f"vs {other}", diff_url(page.pk, spec, other))
            for other in ("gold", "reference")
            if other in specs
        ]
        rows.append({"spec": spec, "name": name, "links": links})
    if "gold" in specs and "reference" in specs:
        extra = [("gold vs reference", diff_url(page.pk, "gold", "reference"))]
    else:
        extra = []
    context = {
        **admin.site.each_context(request),
        "title": f"Compare annotations of page {page.pk}",
        "page": page,
        "corpus": page.corpus,
        "rows": rows,
        "extra": extra,
        "choices": available,
        "modes": MODES.items(),
        "default_a": available[0][0] if available else "",
        "default_b": "gold" if "gold" in specs else (available[-1][0] if available else ""),
    }
    return render(request, "comparison/page.html", context)


#: Pages per page of the diff index's page list.
PAGES_PER_PAGE = 100


@staff_permission_required(VIEW_SUBMISSIONS)
def index(request: HttpRequest) -> HttpResponse:
    """Pick a corpus, then one of its pages (or a page id): its view picks two sources."""
    raw_id = request.GET.get("page_id", "").strip()
    if raw_id:
        page_id = as_id(raw_id)  # ASCII digits of a valid id, as every route's <id:…>
        found = Page.objects.filter(pk=page_id).first() if page_id is not None else None
        if found is not None:
            return redirect("comparison:page", page_id=found.pk)
    corpora = Corpus.objects.order_by("name")
    slug = request.GET.get("corpus", "")
    chosen = corpora.filter(slug=slug).first() if slug else None
    problem = ""
    if raw_id:
        problem = f"No page with the id {raw_id!r}: give the number of an existing page."
    elif slug and chosen is None:
        problem = f"No corpus {slug!r}: choose one from the list."
    page_obj = None
    if chosen is not None:
        pages = chosen.pages.only("pk", "title", "url", "submission_count").order_by("pk")
        page_obj = Paginator(pages, PAGES_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        **admin.site.each_context(request),
        "title": "Visual diffs",
        "corpora": corpora,
        "chosen": chosen,
        "page_obj": page_obj,
        "problem": problem,
    }
    return render(request, "comparison/index.html", context, status=404 if problem else 200)

"""Staff pages of the unsupervised methods, mounted at /staff/methods/ (kehr/urls.py)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from corpora.models import Page
from crosspage.stability import Unmapped, mask_overlay
from kehr.staff_permissions import VIEW_STABILITY, staff_permission_required


@staff_permission_required(VIEW_STABILITY)
def stability_overlay(request: HttpRequest, page_id: int) -> HttpResponse:
    """The page's first live visit with the blocks visual stability found dynamic tinted."""
    page = get_object_or_404(Page, pk=page_id)
    try:
        png = mask_overlay(page)
    except Unmapped as why:
        raise Http404(str(why)) from None
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "private, no-cache"
    return response

"""Corpora the user may annotate, with progress, and the next page to annotate."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.db.models import Count, IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from annotations.models import Submission
from annotations.selection import next_page_for
from api.serializers import CorpusSerializer, NextPageSerializer, page_body
from corpora.models import Corpus, Page

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class CorpusViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = CorpusSerializer
    lookup_field = "slug"
    lookup_value_converter = "slug"  # not an id (kehr.routers.IdRouter)
    pagination_class = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation, no real user
            return Corpus.objects.none()
        # request.user's declared type includes AnonymousUser; IsAuthenticated rules it out here.
        user = cast("User", self.request.user)
        pages = Page.objects.filter(corpus=OuterRef("pk")).order_by().values("corpus")
        mine = (
            Submission.objects.filter(page__corpus=OuterRef("pk"), user=user)
            .order_by()
            .values("page__corpus")
        )
        return Corpus.available_to(user).annotate(
            page_count=Coalesce(Subquery(pages.annotate(n=Count("pk")).values("n")), 0),
            pages_complete=Coalesce(
                Subquery(
                    pages.filter(submission_count__gte=OuterRef("min_submissions"))
                    .annotate(n=Count("pk"))
                    .values("n")
                ),
                0,
            ),
            submission_total=Coalesce(
                Subquery(
                    pages.annotate(n=Sum("submission_count")).values("n"),
                    output_field=IntegerField(),
                ),
                0,
            ),
            my_submissions=Coalesce(Subquery(mine.annotate(n=Count("pk")).values("n")), 0),
        )

    @extend_schema(responses=NextPageSerializer)
    @action(detail=True, methods=["get"], url_path="next-page")
    def next_page(self, request, slug=None):
        """A random page among the least annotated that you have not submitted yet."""
        # A corpus the user may not see answers exactly like a missing one: a 403 naming
        # it would tell annotators which private or closed corpora exist.
        corpus = Corpus.by_slug(slug or "")
        if corpus is None or not corpus.is_available_to(request.user):
            raise NotFound(
                "No corpus with this slug that you may annotate (it does not exist, or it "
                "is closed or not open to you); GET /api/corpora/ lists yours."
            )
        page = next_page_for(request.user, corpus)
        if page is None:
            body = {
                "done": True,
                "detail": f"You have annotated every page of '{corpus.name}'. Thank you!",
                "page": None,
            }
        else:
            body = {"done": False, "detail": "", "page": page_body(page, corpus.slug, request)}
        return Response(body)

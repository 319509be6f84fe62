"""Page metadata, the annotation document, and (staff) node texts."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response

from api.serializers import PageNodesSerializer, PageSerializer
from corpora.models import Corpus, Page
from corpora.segmenter import read_node_texts
from kehr.content_policy import DOCUMENT_HEADERS


class PageViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = PageSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation, no real user
            return Page.objects.none()
        corpora = Corpus.available_to(self.request.user)
        pages = Page.objects.filter(corpus__in=corpora).select_related("corpus")
        corpus = self.request.query_params.get("corpus")
        if corpus:
            pages = pages.filter(corpus__slug=corpus)
        return pages.defer("document", "node_tokens").order_by("id")

    @extend_schema(responses={(200, "text/html"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"])
    def document(self, request, pk: int):
        """The annotation document: UTF-8 HTML, every text node numbered."""
        page_id = pk  # a valid id: the route's <id:pk> matched (kehr.routers)
        corpora = Corpus.available_to(request.user)
        page = Page.objects.filter(pk=page_id, corpus__in=corpora).first()
        if page is None:
            raise NotFound(f"No page with id {page_id} that you may annotate.")
        response = HttpResponse(page.document, content_type="text/html; charset=utf-8")
        for header, value in DOCUMENT_HEADERS.items():
            response[header] = value
        return response

    @extend_schema(responses=PageNodesSerializer)
    @action(detail=True, methods=["get"], permission_classes=[IsAdminUser])
    def nodes(self, request, pk: int):
        """Staff only: every text node's index, text and token count."""
        page_id = pk
        page = Page.objects.filter(pk=page_id).first()
        if page is None:
            raise NotFound(f"No page with id {page_id}.")
        texts = read_node_texts(page.document)
        nodes = [
            {"i": i, "text": text, "tokens": tokens}
            for i, (text, tokens) in enumerate(zip(texts, page.node_tokens, strict=False))
        ]
        return Response({"id": page.pk, "node_count": page.node_count, "nodes": nodes})

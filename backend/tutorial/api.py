"""The annotator-facing tutorial API and the staff reference endpoint (mounted under /api/)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.models import Submission
from corpora.models import Corpus
from tutorial import progress
from tutorial.serializers import (
    ReferenceStepSerializer,
    TutorialDetailSerializer,
    TutorialResultSerializer,
    TutorialSummarySerializer,
)
from tutorial.steps import TutorialError, set_reference


def tutorial_or_error(slug: str, user) -> Corpus:
    corpus = Corpus.objects.filter(slug=slug, kind=Corpus.Kind.TUTORIAL).first()
    # A tutorial the user may not see answers like a missing one (no 403 naming it).
    if corpus is None or not corpus.is_available_to(user):
        raise NotFound(
            "No tutorial with this slug that you may do (it does not exist, or it is "
            "closed or not open to you); GET /api/tutorials/ lists yours."
        )
    return corpus


class TutorialListView(APIView):
    @extend_schema(responses=TutorialSummarySerializer(many=True))
    def get(self, request):
        """Tutorials you may do, with your progress and the step to resume at."""
        return Response(progress.tutorial_list(request.user))


class TutorialDetailView(APIView):
    @extend_schema(responses=TutorialDetailSerializer)
    def get(self, request, slug: str):
        """One tutorial: your progress and every step (notes of completed steps only)."""
        corpus = tutorial_or_error(slug, request.user)
        return Response(progress.tutorial_detail(request.user, corpus))


class TutorialStepResultView(APIView):
    @extend_schema(responses=TutorialResultSerializer)
    def get(self, request, slug: str, position: int):
        """Your current submission of a step compared with its reference (as on submit)."""
        corpus = tutorial_or_error(slug, request.user)
        try:
            return Response(progress.result_for_position(request.user, corpus, position))
        except TutorialError as error:
            raise NotFound(str(error)) from None


class SubmissionReferenceView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(
        request=None,
        responses={
            200: ReferenceStepSerializer,
            201: ReferenceStepSerializer,
            400: OpenApiResponse(description="Not a page of a tutorial, or nothing tagged."),
        },
    )
    def post(self, request, pk: int):
        """Staff: make this submission's labels the reference of its page's tutorial step.

        A page of a tutorial corpus without a step becomes the last step (201).
        """
        submission = Submission.objects.select_related("page__corpus").filter(pk=pk).first()
        if submission is None:
            raise NotFound(f"No submission with id {pk}.")
        try:
            step, created = set_reference(submission)
        except TutorialError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        labels = bytes(submission.labels)  # what set_reference made the reference
        body = {
            "corpus": step.corpus.slug,
            "position": step.position,
            "page": step.page_id,
            "title": step.display_title,
            "created": created,
            "scored_nodes": sum(1 for code in labels if code),
            "unscored_nodes": sum(1 for code in labels if not code),
        }
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

"""Create or replace, list, view and delete submissions. Annotators see only their own."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from annotations.labels import LabelVectorError
from annotations.models import Submission
from annotations.services import (
    StartTimeError,
    SubmissionRefused,
    delete_submission,
    submit_labels,
)
from annotations.stats import submission_stats
from api.ids import ID_SCHEMA, query_id
from api.parsers import DepthLimitedJSONParser
from api.serializers import (
    MyStatsSerializer,
    SubmissionResultSerializer,
    SubmissionSerializer,
    SubmissionWriteSerializer,
    submission_body,
)
from kehr.echo import echo
from learning.suggestions import ProvenanceError, store_provenance
from tutorial.progress import my_tutorial_stats, result_for_submission

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# What submit_labels refuses, by the request field the answer names.
SUBMISSION_ERROR_FIELDS: dict[type[Exception], str] = {
    SubmissionRefused: "page",
    LabelVectorError: "labels",
    StartTimeError: "started_at",
    ProvenanceError: "suggestions",
}


@extend_schema_view(
    list=extend_schema(
        parameters=[
            OpenApiParameter("corpus", str, description="only this corpus (slug)"),
            OpenApiParameter("page", ID_SCHEMA, description="only this page"),
            OpenApiParameter("user", ID_SCHEMA, description="staff: only this user's"),
            OpenApiParameter(
                "mine", bool, description="only your own (for staff; annotators always)"
            ),
        ]
    )
)
class SubmissionViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    serializer_class = SubmissionSerializer
    # JSON only: a label vector is a list of numbers, which a form or multipart body
    # cannot carry; the schema listed both, and a client that believed it always got 400s.
    # Anything else is a 415 naming the type it sent.
    parser_classes = [DepthLimitedJSONParser]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation, no real user
            return Submission.objects.none()
        submissions = Submission.objects.select_related("page__corpus")
        # request.user's declared type includes AnonymousUser; IsAuthenticated rules it out here.
        user = cast("User", self.request.user)
        params = self.request.query_params
        mine = params.get("mine", "")
        if mine not in ("", "true", "false"):
            raise ValidationError({"mine": [f"Expected true or false, received {echo(mine)}."]})
        # Checked for everyone (an annotator's ?user= is ignored, but never a typo in it).
        raw_user = params.get("user")
        wanted_user = None if raw_user is None else query_id(raw_user, "user", "user")
        if not user.is_staff or mine == "true":
            # Other people's submissions are simply not there (404, never 403 with a hint).
            # Staff use ?mine=true for their own (the extension's My Stats, Start over).
            submissions = submissions.filter(user=user)
        elif wanted_user is not None:
            submissions = submissions.filter(user_id=wanted_user)
        corpus = params.get("corpus")
        if corpus:
            submissions = submissions.filter(page__corpus__slug=corpus)
        page = params.get("page")
        if page is not None:
            submissions = submissions.filter(page_id=query_id(page, "page", "page"))
        return submissions

    @extend_schema(
        request=SubmissionWriteSerializer,
        responses={200: SubmissionResultSerializer, 201: SubmissionResultSerializer},
    )
    def create(self, request):
        """Create your submission for a page, or replace it (revision + 1).

        On a page of a tutorial with a reference, the answer also holds ``tutorial``:
        your labels compared with the reference, node by node.
        """
        serializer = SubmissionWriteSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            result = submit_labels(
                page_id=data["page"],
                user=request.user,
                labels=data["labels"],
                started_at=data.get("started_at"),
                client_version=data.get("client_version", ""),
                from_client=True,
                # In the submission's transaction: the labels and their provenance are
                # stored together or not at all (a report that does not fit refuses both).
                also=partial(
                    store_provenance,
                    data["page"],
                    request.user,
                    data["labels"],
                    data.get("suggestions"),
                ),
            )
        except tuple(SUBMISSION_ERROR_FIELDS) as error:
            field = SUBMISSION_ERROR_FIELDS[type(error)]
            return Response({field: [str(error)]}, status=status.HTTP_400_BAD_REQUEST)
        body = submission_body(result.submission)
        tutorial = result_for_submission(result.submission)
        if tutorial is not None:
            body["tutorial"] = tutorial
        return Response(body, status=status.HTTP_201_CREATED if result.created else 200)

    def perform_destroy(self, instance: Submission) -> None:
        delete_submission(instance)


class MyStatsView(APIView):
    @extend_schema(responses=MyStatsSerializer)
    def get(self, request):
        """Your submissions and annotation time per corpus, and your tutorial progress."""
        stats = submission_stats(request.user)
        return Response({**stats, "tutorials": my_tutorial_stats(request.user)})

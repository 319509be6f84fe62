"""``GET /api/pages/{id}/predictions/?model=NAME`` (staff): a model's label per node.

The basis for pre-annotation in the extension later. The stored vector is answered when
the model has classified the page (``manage.py classify``); otherwise the model labels
the page now, without storing anything (a GET writes nothing). Routed from api/urls.py;
this module does not import the api app (it sits above learning), so ids are checked
with kehr.ids like api.ids does, with the same messages.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from corpora.models import Page
from kehr.echo import echo
from kehr.ids import as_id
from learning.models import ModelVersion, PredictedVector
from learning.serving import ModelLookupError, predict_page

LABEL_NAMES = {1: "bad", 2: "uncertain", 3: "good"}
#: The path's page id, described as the router describes it for /api/pages/{id}/.
PAGE_ID = OpenApiParameter(
    "id", OpenApiTypes.INT, OpenApiParameter.PATH,
    description="A unique integer value identifying this page.",
)  # fmt: skip


class NodePredictionSerializer(serializers.Serializer):
    i = serializers.IntegerField(help_text="Node index (the page's label-vector position).")
    # A field named "label" (the API's word) shadows Field.label only for the type checker:
    # DRF takes declared fields off the class.
    label = serializers.IntegerField(help_text="1 bad, 2 uncertain, 3 good.")  # type: ignore[assignment]
    # A plain string, not an enum: drf-spectacular would name the enum "NameEnum", a name
    # any later "name" choice field would collide with.
    name = serializers.CharField(help_text="The label's name: bad, uncertain or good.")
    probability = serializers.FloatField(help_text="The model's probability of this label.")
    bad = serializers.FloatField(help_text="Probability of bad.")
    uncertain = serializers.FloatField(help_text="Probability of uncertain.")
    good = serializers.FloatField(help_text="Probability of good.")


class PredictionsSerializer(serializers.Serializer):
    page = serializers.IntegerField()
    model = serializers.CharField(help_text="Name of the model version.")
    feature_version = serializers.IntegerField(allow_null=True)
    stored = serializers.BooleanField(
        help_text="True: the vector stored by classification; false: labelled just now."
    )
    node_count = serializers.IntegerField()
    nodes = NodePredictionSerializer(many=True)


# How the model Kehr ships (docs/models.md) becomes a version that serves a corpus.
_IMPORT_DEFAULT = "manage.py import_model krdwrd|article --corpus SLUG"


def _model(name: str | None) -> ModelVersion:
    if name is None:
        newest = ModelVersion.newest_ready()
        if newest is None:
            raise NotFound(
                "No model is ready yet: train one (manage.py train --corpus SLUG), or "
                f"register a shipped one ({_IMPORT_DEFAULT})."
            )
        return newest
    version = ModelVersion.objects.filter(name=name).first()
    if version is None or version.status != ModelVersion.Status.READY:
        ready = ModelVersion.objects.filter(status=ModelVersion.Status.READY)
        names = ", ".join(ready.order_by("name").values_list("name", flat=True)[:20])
        why = "is not ready" if version is not None else "does not exist"
        message = f"Model {echo(name)} {why}. Ready models: {names or 'none'}."
        # `article`, `krdwrd` name the shipped models for extract; here they must be
        # registered first. (Imported here: the engine's modules load scikit-learn.)
        from kehr_engine.default_model import is_shipped_name

        if version is None and is_shipped_name(name):
            message += f" A shipped model serves a corpus once registered: {_IMPORT_DEFAULT}."
        raise ValidationError({"model": [message]})
    return version


def _label_now(version: ModelVersion, page: Page):
    # Imported here: the engine (scikit-learn, the extractors) loads in a web worker only
    # when staff first ask for a page no model has classified.
    from kehr_engine.model_file import ModelFileError
    from kehr_engine.pipeline import EngineInputError

    try:
        return predict_page(version, page)
    except (ModelFileError, ModelLookupError) as error:
        raise ValidationError({"model": [str(error)]}) from None
    except EngineInputError as error:
        raise ValidationError({"id": [f"Page {page.pk} cannot be labelled: {error}"]}) from None


class PredictionsView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(
        parameters=[
            PAGE_ID,
            OpenApiParameter(
                "model",
                OpenApiTypes.STR,
                description="Name of a ready model version; default: the newest ready one.",
            ),
        ],
        responses=PredictionsSerializer,
        tags=["pages"],
    )
    def get(self, request: Request, id: str) -> Response:
        """Staff only: a classifier's label and class probabilities for every text node."""
        page_id = as_id(id)
        if page_id is None:
            raise NotFound(f"No page with id {echo(id)}.")
        page = Page.objects.filter(pk=page_id).only("id", "url", "document", "node_count").first()
        if page is None:
            raise NotFound(f"No page with id {page_id}.")
        raw_model = request.query_params.get("model")
        version = _model(raw_model.strip() if raw_model is not None else None)
        # A vector stored for an earlier segmentation of the page does not count: the page
        # is labelled as it is now.
        stored = PredictedVector.fitting(version, page)
        if stored is not None:
            labels = list(bytes(stored.labels))
            proba = stored.proba_array.tolist()
        else:
            prediction = _label_now(version, page)
            labels = prediction.labels.tolist()
            proba = prediction.proba.tolist()
        nodes = [
            {
                "i": i, "label": label, "name": LABEL_NAMES[label],
                "probability": round(p[label - 1], 4),
                "bad": round(p[0], 4), "uncertain": round(p[1], 4), "good": round(p[2], 4),
            }
            for i, (label, p) in enumerate(zip(labels, proba, strict=True))
        ]  # fmt: skip
        return Response(
            {
                "page": page.pk,
                "model": version.name,
                "feature_version": version.feature_version,
                "stored": stored is not None,
                "node_count": page.node_count,
                "nodes": nodes,
            }
        )


# --------------------------------------------------------------------------- suggestions


class SuggestedNodeSerializer(serializers.Serializer):
    i = serializers.IntegerField(help_text="Node index (the page's label-vector position).")
    label = serializers.IntegerField(help_text="The suggested tag: 1 bad, 2 uncertain, 3 good.")  # type: ignore[assignment]
    probability = serializers.FloatField(help_text="The model's probability of this tag.")


class SuggestionsSerializer(serializers.Serializer):
    page = serializers.IntegerField()
    mode = serializers.ChoiceField(
        choices=["off", "hints", "prefill"],
        help_text="off: show nothing; hints: outline each suggested node in its tag's "
        "colour; prefill: start with the nodes tagged as suggested.",
    )
    reason = serializers.CharField(help_text="Why nothing is shown (mode off); else empty.")
    model = serializers.CharField(help_text="The model version whose labels these are.")
    threshold = serializers.FloatField(
        allow_null=True, help_text="Nodes below this probability have no suggestion."
    )
    node_count = serializers.IntegerField()
    nodes = SuggestedNodeSerializer(many=True, help_text="Only nodes with a suggestion.")


class SuggestionsView(APIView):
    @extend_schema(
        parameters=[PAGE_ID],
        responses=SuggestionsSerializer,
        tags=["pages"],
    )
    def get(self, request: Request, id: str) -> Response:
        """The model's suggested tags for you on this page (see the corpus' settings).

        The first request draws whether you get suggestions on this page (the corpus'
        share) and records it with what is shown; every later one answers the same.
        Tutorials never have suggestions.
        """
        from learning.suggestions import served_for

        page_id = as_id(id)
        page = None
        if page_id is not None:
            page = (
                Page.objects.filter(pk=page_id).select_related("corpus")
                .only("id", "node_count", "document", "url", "corpus__id", "corpus__kind",
                      "corpus__is_open", "corpus__access", "corpus__slug", "corpus__name")
                .first()
            )  # fmt: skip
        if page is None or not page.corpus.is_available_to(request.user):
            raise NotFound(f"No page with id {echo(id)} that you may annotate.")
        served = served_for(page, request.user)
        return Response(
            {
                "page": page.pk,
                "mode": served.mode,
                "reason": served.reason,
                "model": served.model,
                "threshold": served.threshold,
                "node_count": page.node_count,
                "nodes": served.nodes(),
            }
        )

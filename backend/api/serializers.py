"""Serializers of the REST API; validation messages name the field, expected and received value."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import DEFAULT_CLIENT_NAME, ClientToken
from annotations import labels as label_vectors
from annotations.models import Submission
from annotations.services import CLOCK_SKEW
from api.ids import MAX_ID
from corpora.models import Corpus, Page
from kehr.echo import echo
from tutorial.serializers import TutorialResultSerializer, TutorialStatsSerializer


# Counts declared explicitly: a model PositiveIntegerField's upper bound depends on the
# database backend, which would make the published schema differ between SQLite and
# PostgreSQL.
class CorpusSerializer(serializers.ModelSerializer):
    min_submissions = serializers.IntegerField(read_only=True)
    page_count = serializers.IntegerField(read_only=True)
    pages_complete = serializers.IntegerField(
        read_only=True, help_text="Pages with at least min_submissions submissions."
    )
    submission_total = serializers.IntegerField(read_only=True)
    my_submissions = serializers.IntegerField(read_only=True)

    class Meta:
        model = Corpus
        fields = [
            "id",
            "slug",
            "name",
            "kind",
            "description",
            "is_open",
            "min_submissions",
            "page_count",
            "pages_complete",
            "submission_total",
            "my_submissions",
        ]


class PageSerializer(serializers.ModelSerializer):
    node_count = serializers.IntegerField(read_only=True)
    word_count = serializers.IntegerField(read_only=True)
    submission_count = serializers.IntegerField(read_only=True)
    corpus: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    document_url = serializers.SerializerMethodField()

    class Meta:
        model = Page
        fields = [
            "id",
            "corpus",
            "url",
            "final_url",
            "title",
            "node_count",
            "word_count",
            "submission_count",
            "document_url",
        ]

    def get_document_url(self, page: Page) -> str:
        request = self.context.get("request")
        path = f"/api/pages/{page.pk}/document/"
        return request.build_absolute_uri(path) if request else path


def page_body(page: Page, corpus_slug: str, request=None) -> dict[str, Any]:
    """What PageSerializer makes of a page, built directly (tests/test_submit_path.py
    checks they agree): the next-page answer is on every annotator's path, and the
    serializer cost more CPU than the query that found the page."""
    path = f"/api/pages/{page.pk}/document/"
    return {
        "id": page.pk,
        "corpus": corpus_slug,
        "url": page.url,
        "final_url": page.final_url,
        "title": page.title,
        "node_count": page.node_count,
        "word_count": page.word_count,
        "submission_count": page.submission_count,
        "document_url": request.build_absolute_uri(path) if request else path,
    }


class PageNodesSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    node_count = serializers.IntegerField()
    nodes = serializers.ListField(child=serializers.DictField())


CLOCK_SKEW_SECONDS = int(CLOCK_SKEW.total_seconds())

LABEL_VECTOR_SCHEMA = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 3},
    "description": "One code per text node: 0 untagged, 1 bad, 2 uncertain, 3 good.",
}


@extend_schema_field(LABEL_VECTOR_SCHEMA)
class LabelVectorField(serializers.Field):
    """A JSON array of label codes; checked against the page's node count by the serializer."""

    default_error_messages = {"invalid": "Expected a JSON array of label codes."}

    def to_internal_value(self, data):
        return data  # shape and length are checked in SubmissionWriteSerializer.validate

    def to_representation(self, value):
        return label_vectors.decode(value)


@extend_schema_field(LABEL_VECTOR_SCHEMA)
class LabelVectorInputField(serializers.JSONField):
    """Any JSON on the way in, so the length/code check can say what was received."""


class SubmissionSerializer(serializers.ModelSerializer):
    labels = LabelVectorField(read_only=True)
    corpus = serializers.CharField(source="page.corpus.slug", read_only=True)
    corpus_name = serializers.CharField(source="page.corpus.name", read_only=True)
    page_url = serializers.CharField(source="page.url", read_only=True)
    page_title = serializers.CharField(
        source="page.title", read_only=True, help_text="The page's title; empty if it has none."
    )
    duration_seconds = serializers.FloatField(read_only=True, allow_null=True)

    class Meta:
        model = Submission
        fields = [
            "id",
            "page",
            "page_url",
            "page_title",
            "corpus",
            "corpus_name",
            "user",
            "labels",
            "revision",
            "started_at",
            "submitted_at",
            "duration_seconds",
            "client_version",
        ]
        read_only_fields = fields


class SubmissionResultSerializer(SubmissionSerializer):
    """A submission as POST /api/submissions/ answers it."""

    tutorial = TutorialResultSerializer(
        required=False,
        read_only=True,
        help_text="Only for a page of a tutorial with a reference: your labels compared "
        "with the reference (docs/tutorial.md).",
    )

    class Meta(SubmissionSerializer.Meta):
        fields = [*SubmissionSerializer.Meta.fields, "tutorial"]
        read_only_fields = fields


PAGE_ID_SCHEMA = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_ID,
    "description": "Id of the page the labels belong to (a JSON number, not a string).",
}


@extend_schema_field(PAGE_ID_SCHEMA)
class StrictIdField(serializers.Field):
    """A database id as a JSON integer: "3", 3.0 and true are refused like bad labels are.

    Label vectors are strict because a client that sends strings or floats has a bug;
    the page id next to them is held to the same rule.
    """

    def __init__(self, *, what: str, **kwargs) -> None:
        self.what = what
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= MAX_ID:
            raise serializers.ValidationError(
                f"Expected a {self.what} id (a JSON whole number from 1 to {MAX_ID}), "
                f"received {echo(data)}."
            )
        return data

    def to_representation(self, value):
        return value


@extend_schema_field({"type": "integer", "minimum": 0})
class NodeIndexField(serializers.Field):
    """A node index: a JSON whole number from 0 (no booleans, no numeric strings, like
    the label codes: a client that sends them has a bug)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data <= MAX_ID:
            raise serializers.ValidationError(f"Expected a node index, received {echo(data)}.")
        return data

    def to_representation(self, value):
        return value


# Far more than any page's text nodes (the engine's limit is 100,000): a longer list is
# not a list of a page's nodes.
MAX_REPORTED_NODES = 1_000_000


class SuggestionReportSerializer(serializers.Serializer):
    accepted = serializers.ListField(
        child=NodeIndexField(),
        max_length=MAX_REPORTED_NODES,
        required=False,
        help_text="Nodes whose tag is a suggestion you accepted (a key, or a click).",
    )
    prefilled = serializers.ListField(
        child=NodeIndexField(),
        max_length=MAX_REPORTED_NODES,
        required=False,
        help_text="Prefill mode: nodes whose prefilled tag you left as it was.",
    )

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    f"Unknown key {echo(unknown[0])}: a report has accepted and prefilled only."
                )
        return super().to_internal_value(data)

    def validate(self, attrs):
        for key, nodes in attrs.items():
            if len(set(nodes)) != len(nodes):
                raise serializers.ValidationError({key: ["A node is listed twice."]})
        both = set(attrs.get("accepted", [])) & set(attrs.get("prefilled", []))
        if both:
            raise serializers.ValidationError(
                {"prefilled": [f"Node {min(both)} is listed as accepted and as prefilled."]}
            )
        return attrs


class SubmissionWriteSerializer(serializers.Serializer):
    page = StrictIdField(what="page")
    labels = LabelVectorInputField(
        help_text="One code per text node: 0 untagged, 1 bad, 2 uncertain, 3 good. At "
        "least one node must be tagged."
    )
    started_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="When you started annotating the page: not before the page was added, "
        f"not in the future (up to {CLOCK_SKEW_SECONDS} s of clock skew are allowed).",
    )
    client_version = serializers.CharField(required=False, allow_blank=True, max_length=64)
    suggestions = SuggestionReportSerializer(
        required=False,
        allow_null=True,
        help_text="Which tags came from the model's suggestions (GET /api/pages/{id}/"
        "suggestions/): stored with the submission, so the dashboard can measure what "
        "suggestions change.",
    )

    # Nothing here reads the page: what depends on it (that it exists and is open to you,
    # the vector's length, the start time) is checked by annotations.services.submit_labels
    # with the page row locked, so a page changed meanwhile cannot slip through.


_datetime = serializers.DateTimeField()


def submission_body(submission: Submission) -> dict[str, Any]:
    """What SubmissionSerializer makes of a submission whose page and corpus are loaded,
    built directly (tests/test_submit_path.py checks they agree): every submit answers
    with it, and the serializer cost more CPU than the submit's statements."""
    page = submission.page
    started_at = submission.started_at
    return {
        "id": submission.pk,
        "page": page.pk,
        "page_url": page.url,
        "page_title": page.title,
        "corpus": page.corpus.slug,
        "corpus_name": page.corpus.name,
        "user": submission.user_id,
        "labels": label_vectors.decode(submission.labels),
        "revision": submission.revision,
        "started_at": None if started_at is None else _datetime.to_representation(started_at),
        "submitted_at": _datetime.to_representation(submission.submitted_at),
        "duration_seconds": submission.duration_seconds,
        "client_version": submission.client_version,
    }


CLIENT_NAME_HELP = (
    "What this client is, shown in your list of tokens: the add-on sends "
    "'Kehr add-on on Firefox'; a script may send e.g. 'nightly export on lab-pc'."
)


class TokenLoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
    client_name = serializers.CharField(
        required=False, max_length=100, default=DEFAULT_CLIENT_NAME, help_text=CLIENT_NAME_HELP
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")
    id = serializers.IntegerField(help_text="The token's id in /api/auth/tokens/.")
    client_name = serializers.CharField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()


class ClientTokenSerializer(serializers.ModelSerializer):
    """A token as its owner sees it: never the key itself."""

    current = serializers.SerializerMethodField(
        help_text="True for the token this request was made with."
    )

    class Meta:
        model = ClientToken
        fields = ["id", "client_name", "created", "last_used", "current"]
        read_only_fields = fields

    def get_current(self, token: ClientToken) -> bool:
        request = self.context.get("request")
        return request is not None and getattr(request.auth, "pk", None) == token.pk


class RegistrationSerializer(serializers.Serializer):
    invitation_code = serializers.CharField()
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
    password = serializers.CharField(trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True)
    client_name = serializers.CharField(
        required=False, max_length=100, default=DEFAULT_CLIENT_NAME, help_text=CLIENT_NAME_HELP
    )


class NextPageSerializer(serializers.Serializer):
    done = serializers.BooleanField()
    detail = serializers.CharField()
    page = PageSerializer(allow_null=True)


class CorpusStatsSerializer(serializers.Serializer):
    corpus = serializers.CharField(help_text="The corpus's slug.")
    corpus_name = serializers.CharField(help_text="The corpus's name, as people know it.")
    pages_done = serializers.IntegerField()
    page_count = serializers.IntegerField()
    seconds = serializers.FloatField()


class MyStatsSerializer(serializers.Serializer):
    username = serializers.CharField()
    submissions = serializers.IntegerField()
    total_seconds = serializers.FloatField()
    corpora = CorpusStatsSerializer(many=True)
    tutorials = TutorialStatsSerializer(
        many=True, help_text="Tutorials you may do or did: steps completed, mean scores."
    )

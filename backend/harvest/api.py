"""Harvest jobs in the API (staff only): post a URL list, follow its progress."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.settings import api_settings

from corpora.models import Corpus
from harvest import conf
from harvest.harvester import create_job
from harvest.job_settings import FIELDS, PER_JOB, RERUN, HarvestSettings, HarvestSettingsError
from harvest.models import HarvestItem, HarvestJob
from harvest.tasks import enqueue_job
from kehr.echo import echo


class HarvestItemSerializer(serializers.ModelSerializer):
    page: serializers.PrimaryKeyRelatedField[Any] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )

    class Meta:
        model = HarvestItem
        fields = [
            "id", "line", "url", "state", "reason", "message", "final_url", "http_status",
            "word_count", "page", "attempts", "started_at", "finished_at",
        ]  # fmt: skip
        read_only_fields = fields


class ProgressSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    queued = serializers.IntegerField()
    running = serializers.IntegerField()
    done = serializers.IntegerField()
    failed = serializers.IntegerField()
    filtered = serializers.IntegerField()
    visits = serializers.IntegerField(help_text="Live visits taken (setting visits).")
    visits_planned = serializers.IntegerField(help_text="Visits asked for the done pages.")


class ListErrorSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField()
    error = serializers.CharField()


class HarvestJobSerializer(serializers.ModelSerializer):
    corpus: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
    # A plain string, not an enum: drf-spectacular would otherwise need an
    # ENUM_NAME_OVERRIDES entry in settings to tell it from the item's "state".
    state = serializers.CharField(read_only=True, help_text="queued, running or finished")
    progress = serializers.SerializerMethodField()
    list_errors = ListErrorSerializer(many=True, read_only=True)

    class Meta:
        model = HarvestJob
        fields = ["id", "corpus", "state", "created_at", "finished_at", "progress", "list_errors"]
        read_only_fields = fields

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, job: HarvestJob) -> dict:
        return job.progress()


class HarvestJobDetailSerializer(HarvestJobSerializer):
    items = HarvestItemSerializer(many=True, read_only=True)
    settings = serializers.JSONField(read_only=True)

    class Meta(HarvestJobSerializer.Meta):
        fields = [*HarvestJobSerializer.Meta.fields, "settings", "items"]
        read_only_fields = fields


def _settings_field(name: str, default: str = "the installation's") -> serializers.Field:
    spec = FIELDS[name]
    help_text = f"{spec.metadata['help']} (default: {default}, see docs/harvesting.md)"
    if spec.type == "bool":
        return serializers.BooleanField(required=False, help_text=help_text)
    if spec.type == "int":
        return serializers.IntegerField(
            required=False,
            min_value=spec.metadata["minimum"],
            max_value=spec.metadata["maximum"],
            help_text=help_text,
        )
    return serializers.CharField(required=False, max_length=200, help_text=help_text)


# The fields describe the settings in the schema; the values are checked by
# HarvestSettings alone, so the API refuses a bad value with the same words as the admin
# form and manage.py harvest --set ("settle_ms: must be 0 or more, got -5"), not DRF's.
class HarvestSettingsSerializer(serializers.Serializer):
    """What this job does differently from the installation's harvest settings."""

    names: tuple[str, ...] = PER_JOB  # the settings this may change
    defaults_from = "the installation's"  # where the others come from

    def get_fields(self) -> dict[str, serializers.Field]:
        return {name: _settings_field(name, self.defaults_from) for name in self.names}

    def starting_point(self) -> HarvestSettings:
        return conf.job_settings()

    def to_internal_value(self, data) -> HarvestSettings:
        if not isinstance(data, dict):
            raise serializers.ValidationError(
                {
                    api_settings.NON_FIELD_ERRORS_KEY: [
                        'must be an object of settings, e.g. {"settle_ms": 300}, got '
                        f"{echo(data)}"
                    ]
                }
            )
        try:
            return self.starting_point().with_changes(data, allowed=self.names)
        except HarvestSettingsError as error:
            raise serializers.ValidationError(
                {name: [message] for name, message in error.errors.items()}
            ) from None


class HarvestRerunSettingsSerializer(HarvestSettingsSerializer):
    """What a re-run changes in the job's own settings: only max_attempts (more attempts
    for its failed URLs); the rest stay as the first run had them."""

    names = RERUN
    defaults_from = "the job's own"

    def starting_point(self) -> HarvestSettings:
        return self.context["job"].harvest_settings


def json_parsers() -> list[type]:
    """The installation's JSON parser(s) alone (api's depth-limited one; harvest sits below
    api and names it only through the settings)."""
    parsers: list[Any] = list(api_settings.DEFAULT_PARSER_CLASSES)  # classes, once imported
    return [p for p in parsers if isinstance(p, type) and issubclass(p, JSONParser)]


class HarvestRerunSerializer(serializers.Serializer):
    settings = HarvestRerunSettingsSerializer(
        required=False,
        help_text='Settings this re-run changes, e.g. {"max_attempts": 5} to try URLs that '
        "gave up again; the rest are the job's own.",
    )


class HarvestJobCreateSerializer(serializers.Serializer):
    corpus = serializers.SlugField(help_text="Slug of the corpus the pages go into.")
    # No max_length: the request body's limit (DATA_UPLOAD_MAX_MEMORY_SIZE, a 413) is the
    # list's; longer lists go through the admin's file upload or manage.py harvest.
    urls = serializers.CharField(
        trim_whitespace=False,
        help_text="The URL list: one URL per line, # comments and blank lines allowed. "
        "The request body is limited to DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MiB by default, "
        "some 30,000 URLs); longer lists go through the admin's upload or manage.py harvest.",
    )
    start = serializers.BooleanField(default=True, help_text="Queue the harvest at once.")
    settings = HarvestSettingsSerializer(
        required=False,
        help_text='Settings this job changes, e.g. {"settle_ms": 300}; the rest are the '
        "installation's (KEHR_HARVEST_*).",
    )

    def validate_corpus(self, value: str) -> Corpus:
        try:
            return Corpus.objects.get(slug=value)
        except Corpus.DoesNotExist:
            raise serializers.ValidationError(f"No corpus with slug {echo(value)}.") from None


class HarvestJobViewSet(
    mixins.CreateModelMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Harvest jobs. Staff only: a harvest fetches arbitrary URLs from the server."""

    permission_classes = [IsAdminUser]
    queryset = HarvestJob.objects.select_related("corpus").order_by("-created_at", "-id")

    def get_serializer_class(self):
        if self.action == "create":
            return HarvestJobCreateSerializer
        if self.action == "list":
            return HarvestJobSerializer
        return HarvestJobDetailSerializer

    def get_queryset(self):
        queryset = super().get_queryset()
        if self.action == "retrieve":
            queryset = queryset.prefetch_related("items")
        corpus = self.request.query_params.get("corpus")
        return queryset.filter(corpus__slug=corpus) if corpus else queryset

    @extend_schema(request=HarvestJobCreateSerializer, responses={201: HarvestJobDetailSerializer})
    def create(self, request, *args, **kwargs):
        """Post a URL list; the job starts at once unless ``start`` is false."""
        serializer = HarvestJobCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        job = create_job(
            serializer.validated_data["corpus"],
            serializer.validated_data["urls"],
            created_by=request.user,
            settings=serializer.validated_data.get("settings"),
        )
        if serializer.validated_data["start"]:
            enqueue_job(job)
        job.refresh_from_db()
        return Response(HarvestJobDetailSerializer(job).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=HarvestRerunSerializer, responses=HarvestJobDetailSerializer)
    # JSON only: a form or multipart body cannot carry the nested settings object, so
    # {"max_attempts": 0} sent as a form field was ignored and the re-run went ahead (a 200).
    @action(detail=True, methods=["post"], parser_classes=json_parsers())
    def rerun(self, request, pk=None):
        """Run the job again: done and filtered URLs are kept, the rest is harvested
        (failed URLs with attempts left; settings.max_attempts may give them more)."""
        job = self.get_object()  # a malformed id is a 404 like a missing one
        serializer = HarvestRerunSerializer(data=request.data, context={"job": job})
        serializer.is_valid(raise_exception=True)
        changed = serializer.validated_data.get("settings")
        if changed is not None:
            job.settings = changed.to_json()
            job.save(update_fields=["settings"])
        enqueue_job(job)
        job.refresh_from_db()
        return Response(HarvestJobDetailSerializer(job).data)

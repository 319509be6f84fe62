"""Shapes of the tutorial API (responses are built by tutorial.progress; these describe them)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

RESULTS_SCHEMA = {
    "type": "array",
    "items": {"type": "integer", "minimum": -1, "maximum": 2},
    "description": "Per text node: 0 correct, 1 wrong tag, 2 missed (untagged where the "
    "reference has a tag), -1 not scored (the reference leaves the node untagged).",
}
REFERENCE_SCHEMA = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 3},
    "description": "The reference label vector: 0 untagged, 1 bad, 2 uncertain, 3 good.",
}


@extend_schema_field(RESULTS_SCHEMA)
class ResultCodesField(serializers.ListField):
    child = serializers.IntegerField()


@extend_schema_field(REFERENCE_SCHEMA)
class ReferenceField(serializers.ListField):
    child = serializers.IntegerField()


class StepRefSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    page = serializers.IntegerField(help_text="Page id: fetch it like any page.")
    title = serializers.CharField()


class TutorialSummarySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    total = serializers.IntegerField(help_text="Steps in the tutorial.")
    completed = serializers.IntegerField(help_text="Steps you have a submission for.")
    current = StepRefSerializer(
        allow_null=True,
        help_text="The first step you have not completed (where the tutorial resumes); "
        "null when you completed every step.",
    )


class TutorialStepSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    page = serializers.IntegerField()
    title = serializers.CharField()
    note = serializers.CharField(
        required=False,
        help_text="What the step teaches. Only present once you completed the step: it "
        "gives the answer away.",
    )
    completed = serializers.BooleanField()
    score_nodes = serializers.FloatField(
        allow_null=True, help_text="Share of scored nodes correct; null if not completed."
    )
    score_tokens = serializers.FloatField(
        allow_null=True, help_text="Like score_nodes, every node weighted by its tokens."
    )


class TutorialDetailSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    total = serializers.IntegerField()
    completed = serializers.IntegerField()
    current = StepRefSerializer(allow_null=True)
    steps = TutorialStepSerializer(many=True)


class TutorialResultSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    total = serializers.IntegerField()
    score_nodes = serializers.FloatField(help_text="Share of scored nodes tagged correctly.")
    score_tokens = serializers.FloatField(
        help_text="Share of the scored nodes' tokens tagged correctly."
    )
    correct = serializers.IntegerField()
    scored = serializers.IntegerField(help_text="Nodes the reference tags.")
    results = ResultCodesField()
    reference = ReferenceField()
    note = serializers.CharField(help_text="What the step teaches.")
    next = StepRefSerializer(
        allow_null=True,
        help_text="Your first step not completed (the one after this when you go in "
        "order); null when you completed every step.",
    )


class TutorialStatsSerializer(serializers.Serializer):
    slug = serializers.CharField()
    completed = serializers.IntegerField()
    total = serializers.IntegerField()
    mean_score_nodes = serializers.FloatField(allow_null=True)
    mean_score_tokens = serializers.FloatField(allow_null=True)


class ReferenceStepSerializer(serializers.Serializer):
    corpus = serializers.CharField()
    position = serializers.IntegerField()
    page = serializers.IntegerField()
    title = serializers.CharField()
    created = serializers.BooleanField(help_text="True when the page became a new last step.")
    scored_nodes = serializers.IntegerField(help_text="Nodes the reference tags.")
    unscored_nodes = serializers.IntegerField(
        help_text="Nodes the reference leaves untagged: learners are not scored on them."
    )

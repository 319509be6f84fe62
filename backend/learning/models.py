"""Classifier model versions and the label vectors they predicted.

A :class:`ModelVersion` is one trained model of the engine (kehr_engine): what it was
trained on (corpus, feature groups and version, a fingerprint of the training data,
library versions), where its file lives under the instance's var directory, and the
figures of its evaluation. Jobs on a version (train, evaluate, classify) run on a
worker one at a time and write their progress into the row, so staff pages show it
without asking the worker.

A :class:`PredictedVector` is the model's label vector for one page: one code per text
node, like a submission or the merged gold, so diffs and exports treat it the same.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from django.conf import settings
from django.db import models

from corpora.models import Corpus, Page

#: Where model files live, under the instance's var directory (settings.VAR_DIR).
MODELS_FOLDER = "models"


class ModelVersion(models.Model):
    class Status(models.TextChoices):
        # The model itself: usable for predictions only when ready.
        QUEUED = "queued", "Queued for training"
        RUNNING = "running", "Training"
        READY = "ready", "Ready"
        FAILED = "failed", "Training failed"

    class Job(models.TextChoices):
        TRAIN = "train", "training"
        EVALUATE = "evaluate", "evaluation"
        CLASSIFY = "classify", "classification"

    class JobState(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        DONE = "done", "done"
        FAILED = "failed", "failed"

    #: Job states during which no other job may start on the same version: two jobs
    #: would write over each other's progress (and two trainings over one file).
    ACTIVE_STATES = (JobState.QUEUED, JobState.RUNNING)
    #: Folds of an evaluation unless asked otherwise (KrdWrd 2009 and issue 12: 10).
    DEFAULT_FOLDS = 10

    name = models.SlugField(
        max_length=100, unique=True, help_text="How commands, the API and diffs name the model."
    )
    corpus = models.ForeignKey(
        Corpus, on_delete=models.PROTECT, related_name="model_versions",
        help_text="The corpus whose merged gold standard the model learns from.",
    )  # fmt: skip
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    groups = models.JSONField(default=list, help_text="Feature groups the model uses.")
    training_options = models.JSONField(
        default=dict, blank=True, help_text='Engine options, e.g. {"max_iter": 20} boosting rounds.'
    )
    feature_version = models.PositiveIntegerField(null=True, blank=True)
    fingerprint = models.CharField(
        max_length=64, blank=True, help_text="SHA-256 of the training data (pages and gold)."
    )
    library_versions = models.JSONField(default=dict)
    pages = models.PositiveIntegerField(default=0, help_text="Pages trained on.")
    nodes = models.PositiveIntegerField(default=0, help_text="Labelled nodes trained on.")
    file = models.CharField(
        max_length=500, blank=True, help_text="The model file, relative to the var directory."
    )

    # The last (or current) job on this version and how far it is.
    job = models.CharField(max_length=16, choices=Job.choices, default=Job.TRAIN)
    job_state = models.CharField(max_length=16, choices=JobState.choices, default=JobState.QUEUED)
    job_corpus = models.ForeignKey(
        Corpus, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The corpus the job works on (classification: the corpus labelled).",
    )  # fmt: skip
    progress = models.FloatField(default=0.0, help_text="0 to 1.")
    progress_text = models.CharField(max_length=300, blank=True)
    message = models.TextField(blank=True, help_text="Why the last job failed.")
    job_started_at = models.DateTimeField(null=True, blank=True)
    job_finished_at = models.DateTimeField(null=True, blank=True)

    # Page-grouped cross-validation of this version's recipe on its training corpus.
    folds = models.PositiveIntegerField(null=True, blank=True)
    metrics = models.JSONField(default=dict, blank=True)
    report = models.TextField(blank=True, help_text="The evaluation report (Markdown).")
    evaluated_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When training ended.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="model_version_newest")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_busy(self) -> bool:
        return self.job_state in self.ACTIVE_STATES

    @property
    def path(self) -> Path | None:
        return Path(settings.VAR_DIR) / self.file if self.file else None

    @staticmethod
    def file_for(name: str) -> str:
        """Where the file of a model with this name goes, relative to the var directory."""
        return f"{MODELS_FOLDER}/{name}.kehr-model"

    @property
    def headline(self) -> dict | None:
        """The evaluated model's figures (the first "model…" source of the report)."""
        for source in (self.metrics or {}).get("sources") or []:
            if str(source.get("name", "")).startswith("model"):
                return source
        return None

    @classmethod
    def newest_ready(cls) -> ModelVersion | None:
        return cls.objects.filter(status=cls.Status.READY).order_by("-created_at", "-id").first()


class PredictedVector(models.Model):
    """One model's labels for one page; written by classification, read by diffs and the API."""

    model = models.ForeignKey(ModelVersion, on_delete=models.CASCADE, related_name="vectors")
    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="predicted_vectors")
    labels = models.BinaryField(help_text="One code per text node: 1 bad, 2 uncertain, 3 good.")
    proba = models.BinaryField(
        help_text="Per node the probabilities of bad, uncertain and good: 3 little-endian "
        "float16 (half the size of float32; three decimals are all anyone reads)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["model", "page"], name="predicted_vector_once")
        ]

    def __str__(self) -> str:
        return f"{self.model} on page {self.page_id}"

    @staticmethod
    def encode_proba(proba: np.ndarray) -> bytes:
        return np.asarray(proba, dtype="<f2").tobytes()

    @property
    def proba_array(self) -> np.ndarray:
        """(nodes, 3) probabilities of bad, uncertain, good as float32."""
        return np.frombuffer(bytes(self.proba), dtype="<f2").reshape(-1, 3).astype(np.float32)

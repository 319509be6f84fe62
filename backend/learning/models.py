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
from typing import TYPE_CHECKING

import numpy as np
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from corpora.models import Corpus, Page

if TYPE_CHECKING:
    from kehr_engine.pipeline import Prediction

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
        # The /staff/models/ buttons (kehr.staff_permissions, docs/admin-guide.md).
        permissions = [("run_model_jobs", "Can train, evaluate and classify with models")]

    def __str__(self) -> str:
        return self.name

    def get_job_display(self) -> str:  # type: ignore[no-redef]  # django-stubs adds one
        """The job's label, "import" for a model registered from a file (manage.py
        import_model): its row records the import as a finished training, but nothing
        was trained here. Replaces the method Django derives from the choices."""
        if self.job == self.Job.TRAIN and "imported_from" in (self.training_options or {}):
            return "import"
        return str(dict(self.Job.choices).get(self.job, self.job))

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

    @classmethod
    def from_prediction(
        cls, model: ModelVersion, page: Page, prediction: Prediction
    ) -> PredictedVector:
        """The (unsaved) vector of an engine prediction."""
        return cls(
            model=model, page=page, labels=prediction.labels.astype(np.uint8).tobytes(),
            proba=cls.encode_proba(prediction.proba),
        )  # fmt: skip

    @classmethod
    def fitting(cls, model: ModelVersion, page: Page) -> PredictedVector | None:
        """The model's stored vector of the page, unless it was stored for an earlier
        segmentation of the page (its length is not the page's node count)."""
        stored = cls.objects.filter(model=model, page=page).first()
        return stored if stored is not None and len(stored.labels) == page.node_count else None

    @staticmethod
    def encode_proba(proba: np.ndarray) -> bytes:
        return np.asarray(proba, dtype="<f2").tobytes()

    @staticmethod
    def decode_proba(raw: bytes | memoryview) -> np.ndarray:
        """(nodes, 3) probabilities of bad, uncertain, good as float32."""
        return np.frombuffer(bytes(raw), dtype="<f2").reshape(-1, 3).astype(np.float32)

    @property
    def proba_array(self) -> np.ndarray:
        return self.decode_proba(self.proba)


class CorpusLearning(models.Model):
    """A corpus' classifier settings: suggestions for its annotators, and retraining.

    One row per corpus, made when staff first change a setting (no row: suggestions off,
    no retraining). The corpus' *current model* serves its suggestions unless a model is
    named, and ranks its pages for the ``uncertainty`` next-page order: staff set it, and
    retraining (learning.retraining) replaces it with a newer model that is not worse.
    """

    class Suggestions(models.TextChoices):
        OFF = "off", "Off"
        # A faint outline in the suggested tag's colour; nothing is tagged.
        HINTS = "hints", "Hints: outline the suggested tag"
        # Nodes start tagged with the suggestion; the annotator corrects them.
        PREFILL = "prefill", "Prefill: start with the suggested tags"

    #: Share of (page, annotator) pairs that get suggestions unless staff say otherwise:
    #: half, so a corpus with suggestions on yields a controlled comparison of the two.
    DEFAULT_SHARE = 50
    #: Nodes whose suggested label the model gives less than this probability stay
    #: untagged (with three labels, more than one half is a clear majority).
    DEFAULT_THRESHOLD = 0.5

    corpus = models.OneToOneField(Corpus, on_delete=models.CASCADE, related_name="learning")
    suggestions = models.CharField(
        max_length=10, choices=Suggestions.choices, default=Suggestions.OFF,
        help_text="What annotators see of the model's labels. Tutorials never show any.",
    )  # fmt: skip
    suggestion_share = models.PositiveSmallIntegerField(
        default=DEFAULT_SHARE,
        validators=[MaxValueValidator(100)],
        help_text="Per cent of (page, annotator) pairs that get suggestions, drawn at random "
        "the first time the annotator opens the page and recorded; the others are the "
        "comparison group of the bias figures.",
    )
    suggestion_model = models.ForeignKey(
        ModelVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The model whose labels are suggested. Empty: the corpus' current model.",
    )  # fmt: skip
    suggestion_threshold = models.FloatField(
        default=DEFAULT_THRESHOLD,
        validators=[MinValueValidator(0.0), MaxValueValidator(1.0)],
        help_text="Nodes whose suggested label has a lower probability stay untagged.",
    )
    current_model = models.ForeignKey(
        ModelVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The model that serves this corpus. Empty: the newest ready model trained "
        "on it. Retraining replaces it with a newer model that is not worse.",
    )  # fmt: skip
    retrain_after = models.PositiveIntegerField(
        default=0,
        help_text="Retrain when this many pages were merged since the current model was "
        "trained (checked by a periodic job). 0: never.",
    )
    retrain_folds = models.PositiveSmallIntegerField(
        default=5,
        validators=[MinValueValidator(2), MaxValueValidator(20)],
        help_text="Folds of the cross-validation that decides whether a retrained model "
        "replaces the current one.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "corpus learning settings"
        verbose_name_plural = "corpus learning settings"

    def __str__(self) -> str:
        return f"learning settings of {self.corpus}"

    def clean(self) -> None:
        errors: dict[str, str] = {}
        tutorial = self.corpus_id is not None and self.corpus.kind == Corpus.Kind.TUTORIAL
        if self.suggestions != self.Suggestions.OFF and tutorial:
            errors["suggestions"] = (
                "A tutorial never shows suggestions: learners must find the tags themselves."
            )
        model = self.suggestion_model
        if model is not None and model.status != ModelVersion.Status.READY:
            errors["suggestion_model"] = f"Model {model.name} is not ready ({model.status})."
        current = self.current_model
        if current is not None and current.status != ModelVersion.Status.READY:
            errors["current_model"] = f"Model {current.name} is not ready ({current.status})."
        if errors:
            raise ValidationError(errors)


class SuggestionAssignment(models.Model):
    """What one annotator was shown of the model on one page, and what they kept.

    Drawn the first time the annotator asks for the page's suggestions and never drawn
    again, so a reopened page shows the same and the comparison groups stay fixed.
    A pair drawn into the comparison group (``shown`` false) records that too, with what
    would have been suggested: the bias figures (learning.bias) compare how often each
    group's tags agree with the model. The submission fills in ``accepted``.
    """

    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    shown = models.BooleanField(help_text="Drawn into the share that gets suggestions.")
    mode = models.CharField(max_length=10, choices=CorpusLearning.Suggestions.choices)
    model = models.ForeignKey(
        ModelVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Kept when the model version is deleted: exports still name it.
    model_name = models.CharField(max_length=100, blank=True)
    threshold = models.FloatField(null=True, blank=True)
    suggested = models.BinaryField(
        default=b"",
        help_text="One code per text node: the suggested label (1 bad, 2 uncertain, 3 good), "
        "0 where the model was below the threshold. Kept for the comparison group too, "
        "where it was not shown.",
    )
    probability = models.BinaryField(
        default=b"", help_text="Per node the suggested label's probability (little-endian float16)."
    )
    accepted = models.BinaryField(
        null=True, blank=True,
        help_text="One byte per node: 1 where the submitted label is an accepted suggestion "
        "(as the add-on reported it). Null until a submission.",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    submitted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "user"], name="suggestion_once_per_page_user")
        ]

    def __str__(self) -> str:
        return f"suggestions for user {self.user_id} on page {self.page_id}"

    @property
    def suggested_labels(self) -> np.ndarray:
        return np.frombuffer(bytes(self.suggested), dtype=np.uint8)

    @property
    def probabilities(self) -> np.ndarray:
        return np.frombuffer(bytes(self.probability), dtype="<f2").astype(np.float32)


class ModelSwitch(models.Model):
    """One decision of retraining: a new model made current, or the current one kept."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="model_switches")
    previous = models.ForeignKey(
        ModelVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    candidate = models.ForeignKey(
        ModelVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    previous_name = models.CharField(max_length=100, blank=True)
    candidate_name = models.CharField(max_length=100)
    previous_f1 = models.FloatField(
        null=True, blank=True,
        help_text="Macro token F1 of good text of the current model's recipe, "
        "cross-validated on the same folds of the same pages as the candidate.",
    )  # fmt: skip
    candidate_f1 = models.FloatField(null=True, blank=True)
    difference_low = models.FloatField(
        null=True, blank=True,
        help_text="95 % bootstrap interval of the mean per-page difference candidate - "
        "current (paired, resampling the CV's groups): its lower bound.",
    )  # fmt: skip
    difference_high = models.FloatField(null=True, blank=True, help_text="Its upper bound.")
    tolerance = models.FloatField(
        null=True, blank=True,
        help_text="KEHR_RETRAIN_TOLERANCE at the decision: the candidate became current "
        "when the lower bound was at least -tolerance.",
    )  # fmt: skip
    grouping = models.CharField(
        max_length=8, blank=True, help_text="How the CV's folds grouped pages: page or site."
    )
    switched = models.BooleanField()
    merged_pages = models.PositiveIntegerField(
        default=0, help_text="Merged pages of the corpus when this was decided."
    )
    reason = models.TextField()
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-decided_at", "-id"]
        verbose_name_plural = "model switches"  # Django's default adds an "s": "switchs"

    def __str__(self) -> str:
        verdict = "switched to" if self.switched else "kept, not"
        return f"{self.corpus}: {verdict} {self.candidate_name}"

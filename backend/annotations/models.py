"""Submissions: one annotator's current label vector for one page."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from annotations import labels as label_vectors
from corpora.models import Page


class Submission(models.Model):
    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="submissions")
    # Referenced by internal id only; exports and merges never need the username.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="submissions"
    )
    labels = models.BinaryField(help_text="One byte per text node: 0 untagged … 3 good.")
    revision = models.PositiveIntegerField(
        default=1, help_text="1 for the first submission, +1 every time it is replaced."
    )
    started_at = models.DateTimeField(
        null=True, blank=True, help_text="When the annotator started on the page (client clock)."
    )
    submitted_at = models.DateTimeField(help_text="When the server stored this revision.")
    client_version = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-submitted_at", "-id"]
        constraints = [
            # One current submission per annotator and page; also the index the
            # next-page query probes to skip pages this annotator has done.
            models.UniqueConstraint(fields=["page", "user"], name="submission_one_per_page_user"),
        ]
        indexes = [models.Index(fields=["user", "submitted_at"], name="submission_by_user")]

    def __str__(self) -> str:
        return f"Submission {self.pk} (page {self.page_id}, user {self.user_id})"

    @property
    def label_list(self) -> list[int]:
        return label_vectors.decode(self.labels)

    @property
    def duration_seconds(self) -> float | None:
        if self.started_at is None:
            return None
        return (self.submitted_at - self.started_at).total_seconds()

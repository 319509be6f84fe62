"""Tutorial steps: pages of a tutorial corpus with the reference annotation to learn from.

Kept small on purpose (a later issue builds the interactive tutorial on it): a step is
a page, its position in the tutorial, the reference label vector (same bytes as any
submission, one per text node) and a teaching note.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from annotations import labels as label_vectors
from corpora.models import Corpus, Page


class TutorialStep(models.Model):
    # The corpus is the page's corpus, stored again so that "one step per position in a
    # tutorial" can be a database constraint.
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="tutorial_steps")
    page = models.OneToOneField(Page, on_delete=models.CASCADE, related_name="tutorial_step")
    position = models.PositiveIntegerField()
    reference_labels = models.BinaryField(
        null=True,
        blank=True,
        help_text="The reference label vector, one byte per text node (1 bad, 2 uncertain, "
        "3 good). Empty for a step without a reference (an introduction page).",
    )
    note = models.TextField(blank=True, help_text="What this step teaches.")
    title = models.CharField(
        max_length=1000,
        blank=True,
        help_text="Shown to learners; empty: the page's own title (see display_title).",
    )

    class Meta:
        ordering = ["corpus", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["corpus", "position"], name="tutorial_step_unique_position"
            ),
        ]
        # /staff/tutorial/ (kehr.staff_permissions, docs/admin-guide.md).
        permissions = [("view_scores", "Can view learners' tutorial scores")]

    def __str__(self) -> str:
        return f"{self.corpus} step {self.position}"

    @property
    def display_title(self) -> str:
        return self.title or self.page.title or self.page.url

    def clean(self) -> None:
        if self.page_id and self.corpus_id and self.page.corpus_id != self.corpus_id:
            raise ValidationError({"page": "The page must belong to the tutorial's corpus."})
        if self.reference_labels is not None and self.page_id:
            vector = label_vectors.decode(self.reference_labels)
            try:
                label_vectors.validate_label_vector(vector, self.page.node_count)
            except label_vectors.LabelVectorError as error:
                raise ValidationError({"reference_labels": str(error)}) from None

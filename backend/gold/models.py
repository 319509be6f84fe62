"""The gold standard: one merged label vector per page, and what staff decided about it.

A :class:`PageGold` row holds everything the merge produced for a page (merged vector,
votes, ties, agreement, who was left out and why) plus the bookkeeping that makes
merging incremental: a *dirty* flag with a version counter, set by gold.signals
whenever an input changes, and a fingerprint of the inputs the stored result came
from. Vectors and votes are bytes, like submissions (docs/merging.md has the layout).

Staff inputs — exclusions and deciding votes — are rows of their own and are never
deleted by a merge: a re-merge reads them again.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from annotations.models import Submission
from corpora.models import Corpus, Page
from gold import vectors


class PageGold(models.Model):
    class Status(models.TextChoices):
        # Fewer valid submissions than the corpus' min_submissions: nothing merged yet.
        WAITING = "waiting", "Waiting for submissions"
        MERGED = "merged", "Merged"
        # Merged, but some tied nodes have no label yet (tie policy "unresolved").
        UNRESOLVED = "unresolved", "Merged, unresolved ties"

    class TieResolution(models.TextChoices):
        UNRESOLVED = "unresolved", "Unresolved"
        POLICY = "policy", "By the corpus' tie policy"
        DECISION = "decision", "By a staff decision"

    page = models.OneToOneField(
        Page, on_delete=models.CASCADE, primary_key=True, related_name="gold"
    )
    # The page's corpus again: every dashboard query is per corpus, and the dirty and
    # status indexes need it as a column.
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)

    # Incremental merging. Every change to an input bumps input_version and sets dirty;
    # a merge writes its result only if input_version is still the one it read, so a
    # slow merge can never overwrite the result of a newer one (docs/merging.md).
    dirty = models.BooleanField(default=True)
    input_version = models.PositiveBigIntegerField(default=1)
    merged_version = models.PositiveBigIntegerField(default=0)
    fingerprint = models.CharField(
        max_length=64, blank=True, help_text="SHA-256 of the inputs the stored result came from."
    )

    submissions = models.PositiveIntegerField(default=0, help_text="Submissions of the page.")
    valid_submissions = models.PositiveIntegerField(
        default=0, help_text="Submissions the merge used (not excluded)."
    )
    labels = models.BinaryField(
        default=b"",
        help_text="Merged label vector, one byte per node: 0 no gold label (no votes or an "
        "unresolved tie), 1 bad, 2 uncertain, 3 good. Empty while waiting.",
    )
    votes = models.BinaryField(
        default=b"",
        help_text="Per node the votes for bad, uncertain, good: 3 little-endian uint16.",
    )
    ties = models.JSONField(
        default=list, help_text="[[node, resolution], …] for every node whose top votes tie."
    )
    unresolved_count = models.PositiveIntegerField(default=0)
    excluded = models.JSONField(
        default=list,
        help_text='Submissions left out: [{"submission": id, "user": id, "reason": "…"}, …].',
    )
    coders = models.JSONField(
        default=list,
        help_text="Per used submission [submission, user, then 16 counts]: nodes with the "
        "submission's code i and the merged label j, at position 4i + j (for tag bias).",
    )
    gold_counts = models.JSONField(
        default=list, help_text="Nodes per merged label [none, bad, uncertain, good]."
    )

    # Agreement of the used submissions (gold.agreement; None where undefined).
    a_o = models.FloatField(null=True, blank=True)
    a_e = models.FloatField(null=True, blank=True)
    pi = models.FloatField(null=True, blank=True)
    a_o_tokens = models.FloatField(null=True, blank=True)
    a_e_tokens = models.FloatField(null=True, blank=True)
    pi_tokens = models.FloatField(null=True, blank=True)
    alpha = models.FloatField(null=True, blank=True)
    alpha_tokens = models.FloatField(null=True, blank=True)
    agreement_items = models.PositiveIntegerField(
        default=0, help_text="Nodes tagged by at least two used submissions."
    )
    merged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "page gold standard"
        verbose_name_plural = "page gold standards"
        ordering = ["page_id"]
        # Staff actions of the dashboard (kehr.staff_permissions, docs/admin-guide.md).
        permissions = [
            ("merge_corpus", "Can queue merges and statistics of a corpus"),
            ("export_gold", "Can download the gold-standard exports"),
        ]
        indexes = [
            models.Index(fields=["corpus", "status", "page"], name="gold_status"),
            # Only the few dirty rows are in this index: the every-minute merge finds
            # them without scanning a corpus of 100,000 pages.
            models.Index(
                fields=["corpus", "page"], name="gold_dirty", condition=models.Q(dirty=True)
            ),
        ]

    def __str__(self) -> str:
        return f"Gold of page {self.page_id} ({self.status})"

    @property
    def label_list(self) -> list[int]:
        return list(bytes(self.labels))

    @property
    def vote_array(self):
        """(nodes, 3) votes for bad, uncertain, good."""
        return vectors.decode_votes(bytes(self.votes))

    @property
    def unresolved_nodes(self) -> list[int]:
        return [node for node, how in self.ties if how == self.TieResolution.UNRESOLVED]

    @property
    def agreement(self) -> dict[str, float | int | None]:
        return {name: getattr(self, name) for name in AGREEMENT_FIELDS}


#: The per-page agreement columns, in the order exports list them.
AGREEMENT_FIELDS = (
    "a_o",
    "a_e",
    "pi",
    "a_o_tokens",
    "a_e_tokens",
    "pi_tokens",
    "alpha",
    "alpha_tokens",
    "agreement_items",
)


class TieDecision(models.Model):
    """A staff member's deciding vote for one tied node; kept across re-merges.

    It applies while the node's top votes are tied; when later submissions give the
    node a unique winner the majority wins and the decision waits, unused.
    """

    class Label(models.IntegerChoices):
        BAD = 1, "bad"
        UNCERTAIN = 2, "uncertain"
        GOOD = 3, "good"

    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="tie_decisions")
    node = models.PositiveIntegerField()
    label = models.PositiveSmallIntegerField(choices=Label.choices)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    decided_at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["page", "node"]
        constraints = [
            models.UniqueConstraint(fields=["page", "node"], name="tie_decision_one_per_node")
        ]
        permissions = [("decide_tie", "Can decide or withdraw the label of a tied node")]

    def __str__(self) -> str:
        return f"Page {self.page_id} node {self.node}: {self.get_label_display()}"


class UserExclusion(models.Model):
    """Leave all of a user's submissions in a corpus out of merging (they are kept)."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="gold_exclusions"
    )
    reason = models.CharField(max_length=500)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["corpus", "user"]
        constraints = [
            models.UniqueConstraint(fields=["corpus", "user"], name="user_exclusion_once")
        ]
        permissions = [
            ("exclude_annotator", "Can exclude an annotator from the gold standard or include them")
        ]

    def __str__(self) -> str:
        return f"{self.user} excluded from {self.corpus}"


class SubmissionExclusion(models.Model):
    """Leave one submission out of merging (it is kept, and stays excluded if replaced)."""

    submission = models.OneToOneField(
        Submission, on_delete=models.CASCADE, related_name="gold_exclusion"
    )
    reason = models.CharField(max_length=500)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Submission {self.submission_id} excluded"


class CorpusStats(models.Model):
    """The dashboard's figures for one corpus, computed by a worker (gold.stats).

    One JSON document, so that a dashboard page on a corpus of 100,000 pages is one
    primary-key lookup. ``stale`` is set whenever a merge changed a page of the corpus.
    """

    corpus = models.OneToOneField(
        Corpus, on_delete=models.CASCADE, primary_key=True, related_name="gold_stats"
    )
    stale = models.BooleanField(default=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    seconds = models.FloatField(default=0.0, help_text="How long the computation took.")
    data = models.JSONField(default=dict)

    class Meta:
        verbose_name_plural = "corpus stats"

    def __str__(self) -> str:
        return f"Stats of {self.corpus}"

"""Label vectors of the methods that compare many pages of a site, and their runs.

A :class:`MethodVector` is one method's labels for one page (0 unlabelled, 1 bad,
3 good; one code per text node), with the reason when the method could not label the
page: ``dbce`` (template groups and time axis over the archive), ``urltree:<heuristic>``
(the streaming URL Tree) and ``stability`` (static and dynamic regions across live
visits, with the block map in :class:`PageStability`). They are sources like any
other: /staff/diff/ shows them beside the gold, exports can include them
(crosspage.sources, crosspage.exports).

A :class:`MethodRun` is one run of a method over a corpus, with its progress and end.
"""

from __future__ import annotations

from django.db import models

from corpora.models import Corpus, Page


class MethodRun(models.Model):
    class Method(models.TextChoices):
        DBCE = "dbce", "DBCE (template groups and time axis)"
        URLTREE = "urltree", "URL Tree (stream)"
        STABILITY = "stability", "Visual stability (live visits)"

    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="method_runs")
    method = models.CharField(max_length=20, choices=Method.choices)
    options = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.FloatField(default=0.0)
    progress_text = models.CharField(max_length=500, blank=True)
    message = models.TextField(blank=True, help_text="Why the run failed, or its summary.")
    counts = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.method} on {self.corpus} ({self.state})"


class MethodVector(models.Model):
    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="method_vectors")
    method = models.CharField(max_length=60, help_text="dbce, or urltree:<heuristic>.")
    labels = models.BinaryField(help_text="One code per text node: 0 none, 1 bad, 3 good.")
    reason = models.TextField(blank=True, help_text="Why the page is unlabelled, if it is.")
    run = models.ForeignKey(MethodRun, on_delete=models.SET_NULL, null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["page", "method"], name="method_vector_once"),
        ]
        indexes = [models.Index(fields=["method", "page"], name="method_vector_by_method")]

    def __str__(self) -> str:
        return f"{self.method} of page {self.page_id}"


class PageStability(models.Model):
    """A page's static/dynamic block map over its live visits (kehr_engine.stability)."""

    page = models.OneToOneField(Page, on_delete=models.CASCADE, related_name="stability")
    data = models.JSONField(help_text="StabilityMap.as_json(): the block map and its counts.")
    run = models.ForeignKey(MethodRun, on_delete=models.SET_NULL, null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "page stability maps"

    def __str__(self) -> str:
        return f"stability map of page {self.page_id}"


class UrlTreeState(models.Model):
    """A corpus' URL Tree stream between arrivals: its snapshot (kehr_engine.urltree).

    Pages that arrive (a finished harvest job, a WARC import) continue the stream from
    here; ``manage.py urltree`` streams the whole corpus anew and leaves its end here.
    """

    corpus = models.OneToOneField(Corpus, on_delete=models.CASCADE, related_name="urltree")
    snapshot = models.BinaryField(blank=True, default=b"")
    pages = models.PositiveIntegerField(default=0, help_text="Pages streamed so far.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"URL Tree of {self.corpus} ({self.pages} pages)"


class MethodRunPart(models.Model):
    """One part of a run split over several workers (crosspage.dbce_parts): a phase's
    share of the captures or pages, with what it did. A part records its end here; the
    part that ends its phase starts the next one."""

    class Phase(models.TextChoices):
        INDEX = "index"
        LABEL = "label"

    run = models.ForeignKey(MethodRun, on_delete=models.CASCADE, related_name="parts")
    phase = models.CharField(max_length=10, choices=Phase.choices)
    number = models.PositiveIntegerField()
    done = models.BooleanField(default=False)
    items_done = models.PositiveIntegerField(default=0)
    items = models.PositiveIntegerField(default=0)
    counts = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["run", "phase", "number"], name="run_part_once"),
        ]

    def __str__(self) -> str:
        return f"{self.phase} part {self.number} of run {self.run_id}"

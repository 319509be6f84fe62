"""Harvest jobs: a URL list turned into pages of a corpus, one item per URL."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Count, Q

from corpora.models import Corpus, Page
from harvest.job_settings import HarvestSettings


class HarvestJob(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="harvest_jobs")
    url_list = models.TextField(help_text="The URL list as uploaded.")
    list_errors = models.JSONField(
        default=list, help_text="Malformed lines of the list: [{line, text, error}]."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The harvest settings when the job was created (HarvestSettings.to_json()), so a
    # job keeps behaving the same when it is re-run after the environment changed.
    # Read them through harvest_settings (typed, defaults for fields added since).
    settings = models.JSONField(default=dict)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Harvest #{self.pk} into {self.corpus}"

    @property
    def harvest_settings(self) -> HarvestSettings:
        """The stored settings as a validated object (see harvest.job_settings)."""
        return HarvestSettings.from_stored(self.settings)

    def progress(self) -> dict[str, int]:
        """Counts of items per state, plus ``total``."""
        states = HarvestItem.State
        counts = self.items.aggregate(
            total=Count("id"), **{s.value: Count("id", filter=Q(state=s.value)) for s in states}
        )
        return counts

    @property
    def is_complete(self) -> bool:
        return not self.items.filter(
            state__in=[HarvestItem.State.QUEUED, HarvestItem.State.RUNNING]
        ).exists()


class HarvestItem(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"  # something went wrong; a re-run tries again
        FILTERED = "filtered", "Filtered"  # deliberately left out; a re-run keeps it out

    class Reason(models.TextChoices):
        NONE = "", "—"
        DUPLICATE_URL = "duplicate_url", "Duplicate URL"
        DUPLICATE_TEXT = "duplicate_text", "Same text as another page"
        ROBOTS = "robots", "Disallowed by robots.txt"
        NOT_HTML = "not_html", "Not an HTML page"
        HTTP_ERROR = "http_error", "HTTP error status"
        TOO_SHORT = "too_short", "Fewer words than the corpus minimum"
        TOO_LONG = "too_long", "More words than the corpus maximum"
        SAME_DOMAIN = "same_domain", "Another page of this domain is already in"
        UNPARSEABLE = "unparseable", "The segmenter could not read the page"
        NETWORK_ERROR = "network_error", "Network error"
        REFUSED_ADDRESS = "refused_address", "The recorder refuses this non-public address"
        TIMEOUT = "timeout", "Timed out"
        CERTIFICATE_ERROR = "certificate_error", "TLS certificate error"
        BROWSER_ERROR = "browser_error", "The browser failed"
        PROXY_UNREACHABLE = "proxy_unreachable", "The recording proxy is not running"
        GAVE_UP = "gave_up", "Too many failed attempts"

    job = models.ForeignKey(HarvestJob, on_delete=models.CASCADE, related_name="items")
    line = models.PositiveIntegerField(help_text="Line number in the uploaded list.")
    url = models.URLField(max_length=2000)
    url_key = models.CharField(max_length=2000, help_text="Normalised URL (harvest.urllist).")
    state = models.CharField(
        max_length=16, choices=State.choices, default=State.QUEUED, db_index=True
    )
    reason = models.CharField(max_length=32, choices=Reason.choices, blank=True, default="")
    message = models.TextField(blank=True)
    final_url = models.URLField(max_length=2000, blank=True)
    http_status = models.PositiveIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=200, blank=True)
    word_count = models.PositiveIntegerField(null=True, blank=True)
    text_digest = models.CharField(max_length=64, blank=True)
    page = models.ForeignKey(
        Page, null=True, blank=True, on_delete=models.SET_NULL, related_name="harvest_items"
    )
    screenshot_path = models.CharField(max_length=500, blank=True)
    rects_path = models.CharField(max_length=500, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "line"]
        constraints = [
            models.UniqueConstraint(fields=["job", "line"], name="harvest_item_unique_line"),
        ]

    def __str__(self) -> str:
        return self.url


class Fingerprint(models.Model):
    """A claim on a URL key or text digest within a corpus, by the item that stored it.

    The unique constraint is what makes duplicate detection race-free with several
    workers: two items with the same text cannot both insert the claim.
    """

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="+")
    # "url:<sha256 of the normalised URL>" or "text:<sha256 of the node texts>"; hashed so
    # the unique index stays small whatever the URL length.
    key = models.CharField(max_length=80)
    item = models.ForeignKey(HarvestItem, on_delete=models.CASCADE, related_name="fingerprints")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["corpus", "key"], name="harvest_fingerprint_unique"),
        ]

    def __str__(self) -> str:
        return self.key


class HostSlot(models.Model):
    """Politeness: one row per (host, slot); a page load holds a slot (see harvest.robots)."""

    host = models.CharField(max_length=300)
    slot = models.PositiveIntegerField()
    holder = models.CharField(max_length=100, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    next_allowed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["host", "slot"], name="harvest_host_slot_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.host} #{self.slot}"

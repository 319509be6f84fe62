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
        """Counts of items per state, plus ``total``; with visits (harvest setting
        ``visits``), the visits taken and planned over the done pages."""
        states = HarvestItem.State
        counts = self.items.aggregate(
            total=Count("id"), **{s.value: Count("id", filter=Q(state=s.value)) for s in states}
        )
        planned_each = self.harvest_settings.visits
        counts["visits_planned"] = planned_each * counts[states.DONE.value]
        counts["visits"] = (
            VisitCapture.objects.filter(
                visits__page__harvest_items__job=self,
                visits__page__harvest_items__state=states.DONE,
            ).count()
            if planned_each
            else 0
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


class PageVisits(models.Model):
    """A page's live visits for visual stability (harvest setting ``visits``).

    After a page is stored, the harvester visits its URL again ``planned`` times, live
    through the recorder's visits listener (never archived), at a fixed viewport, and
    keeps one screenshot per visit (:class:`VisitCapture`). ``layout`` is the page's
    node rectangles measured at that same viewport (the harvest's own layout is measured
    at the harvester's narrower window), so nodes map onto the captures' blocks.
    """

    page = models.OneToOneField(Page, on_delete=models.CASCADE, related_name="visits")
    planned = models.PositiveIntegerField(help_text="Visits asked for (the job's setting).")
    viewport = models.JSONField(default=list, help_text="[width, height] of the captures.")
    layout = models.JSONField(
        null=True, blank=True, help_text="Node rects at the visits' viewport (kehr_engine.layout)."
    )
    message = models.TextField(blank=True, help_text="Why the last visit failed, if it did.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "page visits"

    def __str__(self) -> str:
        return f"visits of {page_label(self.page)}"

    @property
    def done(self) -> int:
        return self.captures.count()


class VisitCapture(models.Model):
    """One visit's screenshot; the PNG is stored once per content hash."""

    visits = models.ForeignKey(PageVisits, on_delete=models.CASCADE, related_name="captures")
    number = models.PositiveIntegerField(help_text="0 for the first visit, then 1, 2, ...")
    sha256 = models.CharField(max_length=64, help_text="Of the PNG: its file name.")
    taken_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["visits", "number"]
        constraints = [
            models.UniqueConstraint(fields=["visits", "number"], name="visit_capture_unique"),
        ]

    def __str__(self) -> str:
        # Shown above each row of its page's visits: the page is the one on the page.
        return f"visit {self.number}"


class ReplayCheck(models.Model):
    """How a harvested page replays: its live screenshot against a replay rendering.

    ``manage.py check_replay`` renders the page through the replay proxy in the
    harvester's browser (same viewport, same settle) and compares the two screenshots in
    10 px blocks (a block differs when more than 65 % of its pixels do, the visual
    stability method's threshold). ``score`` is the share of the live screenshot's blocks
    that match; the archive misses of that rendering come from the replay proxy's
    fidelity log. Staff find pages that will not look to annotators as they looked live.
    """

    page = models.OneToOneField(Page, on_delete=models.CASCADE, related_name="replay_check")
    score = models.FloatField(null=True, blank=True, help_text="Share of matching blocks.")
    blocks = models.PositiveIntegerField(default=0, help_text="Blocks of the live screenshot.")
    misses = models.JSONField(default=list, blank=True, help_text="URLs replay did not have.")
    diff_sha256 = models.CharField(max_length=64, blank=True, help_text="The diff image.")
    message = models.TextField(blank=True, help_text="Why the page could not be checked.")
    checked_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["score"]

    def __str__(self) -> str:
        return f"replay check of {page_label(self.page)}"


def page_label(page: Page) -> str:
    """A page as people know it: its title and URL (titles repeat across a site: 'Garden
    birds in winter' may be a dozen pages), or its URL alone."""
    title = " ".join(page.title.split())
    return f"{title} ({page.url})" if title else page.url

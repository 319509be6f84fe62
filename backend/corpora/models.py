"""Corpora and their pages.

A Page holds the *annotation document*: the page's HTML decoded to UTF-8 with every
text node wrapped in ``<kehr-t data-i="N">`` (see corpora.segmenter). Node N of
that document is entry N of every label vector stored for the page.
"""

from __future__ import annotations

import random
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F

from kehr import rows
from kehr.rows import Columns


def _new_shuffle_key() -> int:  # the name the migrations refer to
    return random.randrange(2**31)


new_shuffle_key = _new_shuffle_key


def new_invitation_code() -> str:
    return secrets.token_urlsafe(9)


class Corpus(models.Model):
    class Kind(models.TextChoices):
        REGULAR = "regular", "Regular corpus"
        TUTORIAL = "tutorial", "Tutorial"

    class Access(models.TextChoices):
        # Every signed-in annotator may annotate it.
        ALL_ANNOTATORS = "all", "All annotators"
        # Only members (added by staff, in bulk from a CSV, or by invitation code).
        MEMBERS = "members", "Members only"

    class TiePolicy(models.TextChoices):
        # What the merge makes of a node whose top votes are tied (docs/merging.md).
        # Never silent: with "unresolved" the node has no gold label until staff decide.
        UNRESOLVED = "unresolved", "Unresolved: staff decide"
        UNCERTAIN = "uncertain", "Uncertain"
        BAD = "bad", "Bad (boilerplate)"

    class PageOrder(models.TextChoices):
        # Which of the least-annotated pages an annotator gets (annotations.selection).
        RANDOM = "random", "Random"
        # Active learning: the pages the corpus' current model is least sure of first.
        UNCERTAINTY = "uncertainty", "Least confident model first"

    # KrdWrd's harvest kept pages between these word counts: shorter pages rarely
    # hold running text, longer ones are mostly archives or listings.
    DEFAULT_MIN_WORDS = 500
    DEFAULT_MAX_WORDS = 6000
    # The 2008 study merged a page once five annotators had tagged it.
    DEFAULT_MIN_SUBMISSIONS = 5

    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=100, unique=True)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.REGULAR)
    description = models.TextField(blank=True)
    is_open = models.BooleanField(
        default=True, help_text="Annotators can receive and submit pages of an open corpus."
    )
    access = models.CharField(max_length=16, choices=Access.choices, default=Access.ALL_ANNOTATORS)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="member_corpora"
    )
    invitation_code = models.CharField(
        max_length=64,
        blank=True,
        db_index=True,
        help_text="People who know this code can register themselves as annotators of this "
        "corpus. Empty: self-registration is closed.",
    )
    min_words = models.PositiveIntegerField(default=DEFAULT_MIN_WORDS)
    max_words = models.PositiveIntegerField(default=DEFAULT_MAX_WORDS)
    min_submissions = models.PositiveIntegerField(
        default=DEFAULT_MIN_SUBMISSIONS,
        validators=[MinValueValidator(1)],
        help_text="A page is merged into the gold standard once it has this many submissions.",
    )
    tie_policy = models.CharField(
        max_length=16,
        choices=TiePolicy.choices,
        default=TiePolicy.UNRESOLVED,
        help_text="What a node becomes when its top votes are tied. Unresolved ties are "
        "listed on the stats dashboard until a staff member casts the deciding vote.",
    )
    page_order = models.CharField(
        max_length=16,
        choices=PageOrder.choices,
        default=PageOrder.RANDOM,
        help_text="Among the least-annotated pages an annotator has not done: a random one, "
        "or the one the corpus' current model is least confident about (mean node entropy, "
        "refreshed whenever that model labels the corpus).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "corpora"

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.min_words > self.max_words:
            raise ValidationError({"max_words": f"must be at least min_words ({self.min_words})."})

    def is_available_to(self, user) -> bool:
        """May this user receive and submit pages of this corpus?"""
        if not user.is_authenticated or not user.is_active:
            return False
        if user.is_staff:
            return True
        if not self.is_open:
            return False
        if self.access == self.Access.ALL_ANNOTATORS:
            return True
        return self.members.filter(pk=user.pk).exists()

    @classmethod
    def by_slug(cls, slug: str) -> Corpus | None:
        """The corpus with this slug, with what serving pages reads of it (one statement).

        Every next-page request starts here, so the statement is written out (kehr.rows);
        fields not loaded here (description, limits, dates) load if something reads them.
        """
        with rows.cursor() as cursor:
            cursor.execute(
                f"SELECT {_SERVED_CORPUS.sql()} FROM {cls._meta.db_table} c WHERE c.slug = %s",
                [slug],
            )
            row = cursor.fetchone()
        return None if row is None else _SERVED_CORPUS.instance(row)

    @classmethod
    def available_to(cls, user) -> models.QuerySet[Corpus]:
        corpora = cls.objects.all()
        if user.is_staff:
            return corpora
        return (
            corpora.filter(is_open=True)
            .filter(models.Q(access=cls.Access.ALL_ANNOTATORS) | models.Q(members=user))
            .distinct()
        )


# What serving pages (next page, submit) reads of a corpus: access and kind.
_SERVED_CORPUS = Columns(
    Corpus, ("id", "name", "slug", "kind", "is_open", "access", "page_order"), "c"
)


class Page(models.Model):
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="pages")
    url = models.URLField(max_length=2000, help_text="The URL the page was requested under.")
    final_url = models.URLField(
        max_length=2000, blank=True, help_text="The URL after redirects (the document's base)."
    )
    title = models.CharField(max_length=1000, blank=True)
    document = models.TextField(
        help_text="The annotation document: UTF-8 HTML with every text node numbered."
    )
    source_encoding = models.CharField(max_length=64, blank=True)
    node_count = models.PositiveIntegerField()
    word_count = models.PositiveIntegerField()
    node_tokens = models.JSONField(
        default=list, help_text="Whitespace-token count of each text node, in node order."
    )
    capture_record_id = models.CharField(
        max_length=200,
        blank=True,
        help_text="WARC-Record-ID of the pristine capture in the archive (set by the harvester).",
    )
    captured_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the capture the page was made from was taken (WARC imports).",
    )
    # Maintained in the same transaction as every submission create/delete, so that the
    # least-annotated page is one index range scan away (see next_page_for).
    submission_count = models.PositiveIntegerField(default=0)
    # A random key fixed at creation: among equally annotated pages, the next page is the
    # first one at or after a random point of this key — a random pick without ORDER BY random().
    shuffle_key = models.PositiveIntegerField(default=_new_shuffle_key)
    # The corpus' current model's mean node entropy on the page (0: sure, log 3: no idea),
    # written when that model labels the corpus; 0 until then. Read by the uncertainty
    # page order through the index below.
    uncertainty = models.FloatField(default=0.0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["corpus", "id"]
        constraints = [
            models.UniqueConstraint(fields=["corpus", "url"], name="page_unique_url_per_corpus"),
        ]
        indexes = [
            models.Index(
                fields=["corpus", "submission_count", "shuffle_key"], name="page_least_annotated"
            ),
            models.Index(
                fields=["corpus", "submission_count", "-uncertainty", "shuffle_key"],
                name="page_least_annotated_unsure",
            ),
        ]

    def __str__(self) -> str:
        return self.title or self.url

    def change_submission_count(self, delta: int) -> None:
        """Atomically add delta to the counter (call inside the submission's transaction).

        The page also draws a new shuffle key: a page that sat right after a wide gap of
        keys (and so was picked more often) does not keep that advantage on its next level.
        """
        Page.objects.filter(pk=self.pk).update(
            submission_count=F("submission_count") + delta, shuffle_key=_new_shuffle_key()
        )


class PageLayout(models.Model):
    """Where the browser drew each text node of a page, and in what style.

    One per page, in the format of ``kehr_engine.layout`` (rectangles, computed styles,
    viewport and document size), read by the engine's ``visual`` features. The harvester
    measures it right after each capture; ``manage.py render_pages`` measures pages that
    came without one (imported corpora) or copies it from an older harvest's file.
    """

    class Source(models.TextChoices):
        HARVEST = "harvest", "measured by the harvester after the capture"
        RENDER = "render", "rendered later by render_pages"

    page = models.OneToOneField(Page, on_delete=models.CASCADE, related_name="layout")
    data = models.JSONField(help_text="Rects and styles per node (kehr_engine.layout).")
    source = models.CharField(max_length=10, choices=Source.choices)
    # Only for render: offline (outside requests blocked) or through the replay proxy.
    with_archive = models.BooleanField(
        default=False, help_text="Page resources came from the archive (the replay proxy)."
    )
    measured_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"layout of page {self.page_id} ({self.source})"

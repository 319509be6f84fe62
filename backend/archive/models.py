"""HTML captures in WARC files, indexed for the methods that compare many captures.

Kehr's own archive is indexed by the proxy (kehr_proxy.index); archives people already
have come in with ``manage.py import_warc`` (archive.warc_import). Each HTML response
becomes a :class:`WarcCapture`: where its record is (file, offset, length), its URL,
record id and capture time. The latest capture of each URL also becomes the corpus'
page at that URL (corpora.Page, with ``capture_record_id`` and ``captured_at``), so
annotators, the classifier and the template methods see it; the earlier captures stay
in the index, where DBCE finds a page's previous and next versions.
"""

from __future__ import annotations

from django.db import models

from corpora.models import Corpus, Page


class WarcCapture(models.Model):
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="warc_captures")
    page = models.ForeignKey(
        Page,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="warc_captures",
        help_text="The page this capture's URL became (its latest capture is the page's).",
    )
    url = models.URLField(max_length=2000, help_text="WARC-Target-URI of the response.")
    record_id = models.CharField(max_length=200, help_text="WARC-Record-ID, e.g. <urn:uuid:…>.")
    captured_at = models.DateTimeField(help_text="WARC-Date of the response.")
    warc_path = models.CharField(max_length=1000, help_text="The WARC file, absolute.")
    offset = models.BigIntegerField(help_text="Where the record starts in the file (bytes).")
    length = models.BigIntegerField(help_text="The record's length in the file (bytes).")
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # WARC is an acronym; Django's default from the class name says "Warc captures".
        verbose_name = "WARC capture"
        verbose_name_plural = "WARC captures"
        constraints = [
            models.UniqueConstraint(
                fields=["corpus", "record_id"], name="warc_capture_once_per_corpus"
            ),
        ]
        indexes = [
            models.Index(fields=["corpus", "url", "captured_at"], name="warc_capture_timeline")
        ]

    def __str__(self) -> str:
        return f"{self.url} at {self.captured_at:%Y-%m-%d %H:%M}"

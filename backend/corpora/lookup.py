"""Finding a corpus by the slug a person typed, for management commands."""

from __future__ import annotations

from django.core.management.base import CommandError

from corpora.models import Corpus


def find_corpus(slug: str, *, listing: str = "Corpora", hint: str = "") -> Corpus:
    """The corpus with this slug, or a CommandError that lists the existing slugs
    (``"No corpus with slug 'x'. <listing>: a, b<hint>."``)."""
    corpus = Corpus.objects.filter(slug=slug).first()
    if corpus is None:
        known = ", ".join(Corpus.objects.order_by("slug").values_list("slug", flat=True))
        raise CommandError(f"No corpus with slug {slug!r}. {listing}: {known or 'none'}{hint}.")
    return corpus

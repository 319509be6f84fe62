"""Corpus rules: word range validation and who may annotate."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError

from corpora.models import Corpus


def test_word_range_must_be_ordered(db):
    corpus = Corpus(name="C", slug="c", min_words=700, max_words=600)
    with pytest.raises(ValidationError) as error:
        corpus.full_clean()
    assert "must be at least min_words (700)" in str(error.value)
    assert Corpus(name="D", slug="d").min_words == 500
    assert Corpus(name="D", slug="d").max_words == 6000
    assert Corpus(name="D", slug="d").min_submissions == 5


def test_availability(corpus, annotator, staff):
    assert corpus.is_available_to(annotator)
    assert not corpus.is_available_to(AnonymousUser())
    corpus.access = Corpus.Access.MEMBERS
    corpus.save()
    assert not corpus.is_available_to(annotator)
    assert list(Corpus.available_to(annotator)) == []
    corpus.members.add(annotator)
    assert corpus.is_available_to(annotator)
    assert list(Corpus.available_to(annotator)) == [corpus]
    corpus.is_open = False
    corpus.save()
    assert not corpus.is_available_to(annotator)
    assert corpus.is_available_to(staff)  # staff prepare closed corpora
    annotator.is_active = False
    assert not corpus.is_available_to(annotator)

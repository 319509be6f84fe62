"""Forms of the accounts admin pages."""

from __future__ import annotations

from typing import Any

from django import forms


class AnnotatorCsvForm(forms.Form):
    csv_file = forms.FileField(
        help_text="UTF-8 CSV with a header row: username (required), email, first_name, "
        "last_name, password (optional: generated when empty)."
    )
    corpus: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None, required=False, help_text="Also make them members of this corpus."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from corpora.models import Corpus

        corpus = self.fields["corpus"]
        assert isinstance(corpus, forms.ModelChoiceField)  # declared above
        corpus.queryset = Corpus.objects.all()

"""The web login form, throttled like the API login."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm

from accounts.throttling import LoginThrottle, client_address, throttled_message


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    def clean(self):
        username = self.data.get("username", "")
        address = client_address(self.request) if self.request else ""
        throttle = LoginThrottle.from_settings()
        wait = throttle.retry_after(username, address)
        if wait is not None:
            raise forms.ValidationError(throttled_message(wait), code="throttled")
        try:
            return super().clean()
        except forms.ValidationError:
            throttle.record_failure(username, address)
            raise


class AnnotatorCsvForm(forms.Form):
    csv_file = forms.FileField(
        help_text="UTF-8 CSV with a header row: username (required), email, first_name, "
        "last_name, password (optional: generated when empty)."
    )
    corpus = forms.ModelChoiceField(
        queryset=None, required=False, help_text="Also make them members of this corpus."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from corpora.models import Corpus

        self.fields["corpus"].queryset = Corpus.objects.all()

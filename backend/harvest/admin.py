"""Harvest jobs in the Django admin: upload a URL list, watch progress and reasons."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.urls import reverse
from django.utils.html import format_html

from corpora.models import Page
from harvest import conf
from harvest.harvester import add_items
from harvest.job_settings import FIELDS, PER_JOB, RERUN, HarvestSettings, HarvestSettingsError
from harvest.models import (
    HarvestItem,
    HarvestJob,
    PageVisits,
    ReplayCheck,
    VisitCapture,
    page_label,
)
from harvest.replay_check import DIFF_FOLDER
from harvest.tasks import enqueue_job
from harvest.urllist import parse_url_list
from kehr.env import ConfigurationError

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


def _settings_form_field(name: str) -> forms.Field:
    """A text field (a choice for yes/no): the value is checked by HarvestSettings as
    ``manage.py harvest --set NAME=VALUE`` text, so the form refuses a bad value with the
    command line's and the API's words (``must be 0 or more, got -5``), not Django's."""
    spec = FIELDS[name]
    label = name.replace("_", " ").capitalize()
    if spec.type == "bool":
        choices = [("", "as installed"), ("true", "Yes"), ("false", "No")]
        return forms.ChoiceField(required=False, label=label, choices=choices)
    if spec.type == "int":
        # min/max only guide the browser's number input; the server checks the value.
        bounds = {"min": spec.metadata["minimum"], "max": spec.metadata["maximum"]}
        attrs = {key: value for key, value in bounds.items() if value is not None}
        return forms.CharField(required=False, label=label, widget=forms.NumberInput(attrs))
    return forms.CharField(required=False, label=label)


class _HarvestJobFormBase(forms.ModelForm):
    url_file = forms.FileField(
        required=False, help_text="A text file with one URL per line (instead of pasting)."
    )
    start = forms.BooleanField(required=False, initial=True, help_text="Start harvesting now.")

    class Meta:
        model = HarvestJob
        fields = ["corpus", "url_list"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "url_list" not in self.fields:  # the change page shows read-only fields only
            return
        self.fields["url_list"].required = False
        self.fields["url_list"].help_text = (
            "One URL per line; # starts a comment; blank lines are fine. Malformed lines are "
            "reported and skipped."
        )
        # Blank or "as installed" keeps the installation's value, shown here; an environment
        # that does not parse is reported by clean().
        try:
            installed = conf.job_settings()
        except ConfigurationError:
            installed = HarvestSettings()
        for name in PER_JOB:
            value = getattr(installed, name)
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            meaning = FIELDS[name].metadata["help"].capitalize()
            self.fields[name].help_text = f"{meaning}. Installation: {shown}."

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data  # what clean() returns; its declared type allows None
        upload = cleaned.get("url_file")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError("The file is larger than 5 MB.")
            try:
                cleaned["url_list"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text.") from None
        text = cleaned.get("url_list") or ""
        if not parse_url_list(text).urls:
            raise forms.ValidationError("The list contains no usable URL.")
        self._clean_settings(cleaned)
        return cleaned

    def _clean_settings(self, cleaned: dict) -> None:
        """The job's settings: the installation's with this form's changes, checked."""
        try:
            defaults = conf.job_settings()
        except ConfigurationError as error:
            raise forms.ValidationError(str(error)) from None
        # Blank keeps the installation's value.
        assignments = [f"{name}={cleaned[name]}" for name in PER_JOB if cleaned.get(name)]
        try:
            cleaned["job_settings"] = defaults.with_text_changes(assignments)
        except HarvestSettingsError as error:
            for name, message in error.errors.items():
                self.add_error(name if name in self.fields else None, message)


# The settings' fields are made from HarvestSettings, so a new setting appears here too.
HarvestJobForm = type(
    "HarvestJobForm",
    (_HarvestJobFormBase,),
    {"__module__": __name__, **{name: _settings_form_field(name) for name in PER_JOB}},
)


class HarvestItemInline(admin.TabularInline):
    model = HarvestItem
    extra = 0
    can_delete = False
    fields = ["line", "url", "state", "reason", "message", "http_status", "word_count",
              "attempts", "page_link"]  # fmt: skip
    readonly_fields = cast(list[str], fields)  # the names above (typed wider by the base)
    ordering = ["line"]
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="page")
    def page_link(self, item: HarvestItem) -> str:
        if item.page_id is None:
            return "—"
        url = reverse("admin:corpora_page_change", args=[item.page_id])
        return format_html('<a href="{}">#{}</a>', url, item.page_id)


@admin.register(HarvestJob)
class HarvestJobAdmin(admin.ModelAdmin):
    form = HarvestJobForm
    list_display = ["id", "corpus", "state", "created_at", "created_by", "progress_counts"]
    list_filter = ["state", "corpus"]
    actions = ["rerun", "rerun_with_one_more_attempt"]
    inlines = [HarvestItemInline]

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["corpus", "url_list", "url_file", "start", *PER_JOB]
        return ["corpus", "state", "progress_counts", "list_errors_text", "settings",
                "created_by", "created_at", "finished_at"]  # fmt: skip

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return self.get_fields(request, obj)

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []

    @admin.display(description="progress")
    def progress_counts(self, job: HarvestJob) -> str:
        p = job.progress()
        return (
            f"{p['done']} done, {p['filtered']} filtered, {p['failed']} failed, "
            f"{p['queued'] + p['running']} to do (of {p['total']})"
            + (f"; {p['visits']} of {p['visits_planned']} visits" if p["visits_planned"] else "")
        )

    @admin.display(description="malformed lines")
    def list_errors_text(self, job: HarvestJob) -> str:
        return "; ".join(f"line {e['line']}: {e['error']}" for e in job.list_errors) or "none"

    def save_model(self, request, obj: HarvestJob, form, change: bool) -> None:
        if change:
            return  # jobs are not edited; re-run them with the action
        obj.created_by = request.user
        obj.settings = form.cleaned_data["job_settings"].to_json()
        obj.save()
        add_items(obj)
        if form.cleaned_data.get("start"):
            transaction.on_commit(lambda: enqueue_job(obj))

    @admin.action(description="Re-run selected jobs (done and filtered URLs are kept)")
    def rerun(self, request, queryset) -> None:
        sent = sum(enqueue_job(job) for job in queryset)
        self.message_user(request, f"{sent} URLs queued.", messages.SUCCESS)

    @admin.action(description="Re-run selected jobs with one more attempt (max attempts + 1)")
    def rerun_with_one_more_attempt(self, request, queryset) -> None:
        """For URLs that gave up (manage.py harvest --job N --set max_attempts=N and the
        API's rerun take any number)."""
        sent = 0
        for job in queryset:
            settings = job.harvest_settings
            more = settings.with_changes({"max_attempts": settings.max_attempts + 1}, allowed=RERUN)
            job.settings = more.to_json()
            job.save(update_fields=["settings"])
            sent += enqueue_job(job)
        self.message_user(request, f"{sent} URLs queued.", messages.SUCCESS)


def _image_link(folder: str, sha256: str, label: str) -> str:
    if not sha256:
        return "—"
    url = reverse("harvest:image", args=[folder, sha256])
    return format_html('<a href="{}" target="_blank" rel="noopener">{}</a>', url, label)


def _page_link(page: Page) -> str:
    """The page by title and URL, not by its title alone: a site's pages often share one."""
    url = reverse("admin:corpora_page_change", args=[page.pk])
    return format_html('<a href="{}">{}</a>', url, page_label(page))


class VisitCaptureInline(admin.TabularInline):
    model = VisitCapture
    extra = 0
    can_delete = False
    fields = ["number", "screenshot", "taken_at"]
    readonly_fields = cast(list[str], fields)
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="screenshot")
    def screenshot(self, capture: VisitCapture) -> str:
        return _image_link("visits", capture.sha256, capture.sha256[:12])


@admin.register(PageVisits)
class PageVisitsAdmin(admin.ModelAdmin):
    """The live visits of harvested pages (docs/harvesting.md, visual stability)."""

    list_display = ["page_name", "taken", "planned", "message", "updated_at"]
    list_select_related = ["page"]
    readonly_fields = ["page_name", "planned", "viewport", "message", "updated_at"]
    exclude = ["layout"]
    inlines = [VisitCaptureInline]
    search_fields = ["page__url"]

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description="visits taken")
    def taken(self, visits: PageVisits) -> int:
        return visits.done

    @admin.display(description="page", ordering="page__title")
    def page_name(self, visits: PageVisits) -> str:
        return _page_link(visits.page)


class ScoreBelow(admin.SimpleListFilter):
    """Pages that will not look to annotators as they looked live."""

    title = "score below"
    parameter_name = "below"
    THRESHOLDS = ("0.99", "0.95", "0.9", "0.75", "0.5")

    def lookups(self, request, model_admin):
        return [(t, f"below {t}") for t in self.THRESHOLDS] + [("unchecked", "not checked")]

    def queryset(self, request, queryset):
        value = self.value()
        if value == "unchecked":
            return queryset.filter(score__isnull=True)
        if value in self.THRESHOLDS:
            return queryset.filter(score__lt=float(value))
        return queryset


@admin.register(ReplayCheck)
class ReplayCheckAdmin(admin.ModelAdmin):
    """Replay fidelity per page (manage.py check_replay; docs/archive.md)."""

    list_display = ["page_name", "score", "miss_count", "diff", "message", "checked_at"]
    list_select_related = ["page"]
    list_filter = [ScoreBelow]
    search_fields = ["page__url", "page__title"]
    fields = ["page_name", "score", "blocks", "misses", "diff", "message", "checked_at"]
    readonly_fields = cast(list[str], fields)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="page", ordering="page__title")
    def page_name(self, check: ReplayCheck) -> str:
        return _page_link(check.page)

    @admin.display(description="archive misses")
    def miss_count(self, check: ReplayCheck) -> int:
        return len(check.misses)

    @admin.display(description="diff image")
    def diff(self, check: ReplayCheck) -> str:
        return _image_link(DIFF_FOLDER, check.diff_sha256, "differing blocks in red")

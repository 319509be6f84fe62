"""User admin with a bulk "import annotators from CSV" page."""

from __future__ import annotations

import base64

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from rest_framework.authtoken.models import TokenProxy

from accounts.forms import AnnotatorCsvForm
from accounts.models import ClientToken
from accounts.services import AccountImportError, create_annotators_from_csv, credentials_csv

User = get_user_model()
admin.site.unregister(User)
# DRF's single-token table is emptied by accounts' migration 0002: tokens are ClientTokens.
admin.site.unregister(TokenProxy)

TOKEN_FIELDS = ("client_name", "created", "last_used")


class ClientTokenInline(admin.TabularInline):
    """A user's tokens on their page: staff revoke one with its Delete box."""

    model = ClientToken
    fields = TOKEN_FIELDS
    readonly_fields = TOKEN_FIELDS
    extra = 0
    max_num = 0  # tokens are issued by logging in, never typed in here
    can_delete = True
    verbose_name_plural = "API tokens (one per client that logged in; delete to log it out)"


@admin.register(ClientToken)
class ClientTokenAdmin(admin.ModelAdmin):
    """Every token, never its key: revoking is deleting."""

    list_display = ("client_name", "user", "created", "last_used")
    list_select_related = ("user",)
    search_fields = ("user__username", "client_name")
    fields = ("user", *TOKEN_FIELDS)
    readonly_fields = ("user", *TOKEN_FIELDS)
    date_hierarchy = "created"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(User)
class KehrUserAdmin(UserAdmin):
    change_list_template = "admin/accounts/user_changelist.html"
    inlines = [ClientTokenInline]

    def get_urls(self):
        own = [
            path(
                "import-annotators/",
                self.admin_site.admin_view(self.import_annotators),
                name="accounts_import_annotators",
            )
        ]
        return own + super().get_urls()

    def import_annotators(self, request):
        """Upload a CSV; the response is a CSV of the created accounts and their passwords."""
        if not self.has_add_permission(request):
            return HttpResponse(status=403)
        form = AnnotatorCsvForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            try:
                text = form.cleaned_data["csv_file"].read().decode("utf-8")
                # Refused before anything is written when hashing would outlast the web
                # server's timeout (a 500 after 30 s, as 150 rows did one by one).
                created = create_annotators_from_csv(
                    text,
                    form.cleaned_data["corpus"],
                    deadline_seconds=settings.KEHR_ADMIN_IMPORT_SECONDS,
                )
            except UnicodeDecodeError:
                form.add_error("csv_file", "The file is not UTF-8 text: save it as CSV UTF-8.")
            except AccountImportError as error:
                form.add_error("csv_file", str(error))
            else:
                return self._import_result(request, created, form.cleaned_data["corpus"])
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "title": "Import annotators from CSV",
            "opts": self.model._meta,
            "limit_seconds": settings.KEHR_ADMIN_IMPORT_SECONDS,
        }
        return render(request, "admin/accounts/import_annotators.html", context)

    def _import_result(self, request, created, corpus):
        """The page that answers the upload: its message, the credentials and their CSV.

        The message is part of this response rather than a queued ``messages`` entry: a
        file download never shows queued messages, so they popped up later on whatever
        admin page came next.
        """
        csv_bytes = credentials_csv(created).encode("utf-8")
        context = {
            **self.admin_site.each_context(request),
            "title": "Annotator accounts created",
            "opts": self.model._meta,
            "created": created,
            "corpus": corpus,
            # A data: link: the passwords exist only in this response, never on the server.
            "csv_base64": base64.b64encode(csv_bytes).decode("ascii"),
        }
        response = render(request, "admin/accounts/import_result.html", context)
        response["Cache-Control"] = "no-store"  # passwords: not for the browser's cache
        return response

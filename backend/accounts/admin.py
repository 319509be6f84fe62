"""User admin with a bulk "import annotators from CSV" page."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path

from accounts.forms import AnnotatorCsvForm
from accounts.services import AccountImportError, create_annotators_from_csv, credentials_csv

User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class KehrUserAdmin(UserAdmin):
    change_list_template = "admin/accounts/user_changelist.html"

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
                created = create_annotators_from_csv(text, form.cleaned_data["corpus"])
            except UnicodeDecodeError:
                form.add_error("csv_file", "The file is not UTF-8 text: save it as CSV UTF-8.")
            except AccountImportError as error:
                form.add_error("csv_file", str(error))
            else:
                messages.success(request, f"Created {len(created)} annotator accounts.")
                response = HttpResponse(credentials_csv(created), content_type="text/csv")
                response["Content-Disposition"] = 'attachment; filename="kehr-accounts.csv"'
                return response
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "title": "Import annotators from CSV",
            "opts": self.model._meta,
        }
        return render(request, "admin/accounts/import_annotators.html", context)

from django.contrib import admin

from tutorial.models import TutorialStep


@admin.register(TutorialStep)
class TutorialStepAdmin(admin.ModelAdmin):
    list_display = ["corpus", "position", "title", "page", "has_reference"]
    list_filter = ["corpus"]
    list_select_related = ["corpus", "page"]
    raw_id_fields = ["page"]
    # The reference vector comes from an import (manage.py import_krdwrd, load_tutorial) or
    # a staff submission (POST /api/submissions/{id}/reference/, the Submission admin's
    # action), never from a text box.
    exclude = ["reference_labels"]

    @admin.display(boolean=True, description="reference")
    def has_reference(self, step: TutorialStep) -> bool:
        return step.reference_labels is not None

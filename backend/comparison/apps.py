from django.apps import AppConfig


class ComparisonConfig(AppConfig):
    name = "comparison"
    verbose_name = "Comparison and visual diffs"

    def ready(self) -> None:
        # Diff links on the Submission admin, through annotations.admin's column seam
        # (docs/architecture.md, "Registration seams").
        from annotations import admin as submission_admin
        from comparison.admin import VISUAL_DIFF

        submission_admin.add_column(VISUAL_DIFF)

from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "learning"
    verbose_name = "Classifier models"

    def ready(self) -> None:
        from comparison import sources
        from learning.sources import CLASSIFIER

        # Stored predictions are label vectors like any other: diffs (/staff/diff/) show
        # classifier:<model> against gold or a submission. comparison imports nothing of
        # learning (docs/architecture.md, "Registration seams").
        sources.register(CLASSIFIER)

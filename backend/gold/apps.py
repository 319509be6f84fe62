from django.apps import AppConfig


class GoldConfig(AppConfig):
    name = "gold"
    verbose_name = "Gold standard"

    def ready(self) -> None:
        from comparison import sources
        from gold import signals  # noqa: F401
        from gold.sources import GOLD

        # What makes a page's gold standard outdated lives in one place (gold.signals),
        # connected by importing it. The gold standard is a source of label vectors for
        # comparisons (diffs, the Submission admin's "vs gold" link); comparison imports
        # nothing of gold (docs/architecture.md, "Registration seams").
        sources.register(GOLD)

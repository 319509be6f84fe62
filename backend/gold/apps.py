from django.apps import AppConfig


class GoldConfig(AppConfig):
    name = "gold"
    verbose_name = "Gold standard"

    def ready(self) -> None:
        # What makes a page's gold standard outdated lives in one place (gold.signals).
        from gold import signals  # noqa: F401

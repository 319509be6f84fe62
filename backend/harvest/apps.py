from django.apps import AppConfig


class HarvestConfig(AppConfig):
    name = "harvest"
    verbose_name = "Harvesting"

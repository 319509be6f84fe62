from django.apps import AppConfig


class CorporaConfig(AppConfig):
    name = "corpora"
    verbose_name = "Corpora and pages"

from django.apps import AppConfig


class KrdwrdImportConfig(AppConfig):
    name = "krdwrd_import"
    verbose_name = "KrdWrd 2008 import"

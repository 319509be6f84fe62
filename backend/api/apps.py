from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "REST API"

    def ready(self) -> None:
        # Before any URLconf is imported: every app's routes take ids as <id:…>.
        from kehr.ids import register_id_converter

        register_id_converter()

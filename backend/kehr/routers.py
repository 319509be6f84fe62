"""The router of every API viewset (api, harvest): a detail route takes its id with ``<id:pk>``.

DRF's DefaultRouter matches ``[^/.]+`` and hands the text to the ORM, which reads
Arabic-Indic or full-width digits and "+1" as 1. Routes built with path() and
kehr.ids.IdConverter match ASCII digits of a valid id only; anything else is the API's
JSON 404 (api.errors.not_found). A viewset looked up by another field names its own
converter (lookup_value_converter).
"""

from __future__ import annotations

from rest_framework.routers import DefaultRouter


class IdRouter(DefaultRouter):
    # No ".json" twins of every route: the API speaks JSON only, and path()-built suffix
    # routes would be listed in the OpenAPI schema as operations of their own.
    include_format_suffixes = False

    def __init__(self) -> None:
        super().__init__(use_regex_path=False)

    def get_lookup_regex(self, viewset, lookup_prefix: str = "") -> str:
        if getattr(viewset, "lookup_value_converter", None) is None:
            lookup = getattr(viewset, "lookup_url_kwarg", None) or getattr(
                viewset, "lookup_field", "pk"
            )
            return f"<id:{lookup_prefix}{lookup}>"
        return super().get_lookup_regex(viewset, lookup_prefix)

"""The committed OpenAPI schema (docs/openapi.yaml) is the one the code generates."""

from __future__ import annotations

from pathlib import Path

from django.core.management import call_command

SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "openapi.yaml"


def test_schema_generates_without_warnings_and_is_committed(tmp_path, db):
    generated = tmp_path / "openapi.yaml"
    # --fail-on-warn: an untyped field or parameter is a documentation bug.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(generated))
    assert generated.read_text() == SCHEMA.read_text(), (
        "docs/openapi.yaml is stale: run "
        "`.venv/bin/python manage.py spectacular --validate --file docs/openapi.yaml`"
    )

"""The docs stay true: every environment variable the code reads is documented."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# A KEHR_* name in a string literal of the platform's code is an environment variable.
KEHR_NAME = re.compile(r"""["'](KEHR_[A-Z0-9_]+)["']""")
OTHER_VARIABLES = {
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "LOG_LEVEL",
}


def variables_in_code() -> set[str]:
    names: set[str] = set()
    for folder in ("backend", "proxy"):
        for path in (REPO / folder).rglob("*.py"):
            names.update(KEHR_NAME.findall(path.read_text(encoding="utf-8")))
    return names


def test_every_environment_variable_is_in_configuration_md():
    documented = (REPO / "docs" / "configuration.md").read_text(encoding="utf-8")
    names = variables_in_code() | OTHER_VARIABLES
    assert {"KEHR_VAR_DIR", "KEHR_HARVEST_PROXY", "KEHR_ARCHIVE_DIR"} <= names
    missing = sorted(n for n in names if f"`{n}`" not in documented)
    assert not missing, f"add these to docs/configuration.md: {missing}"

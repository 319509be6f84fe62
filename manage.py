#!/usr/bin/env python
"""Django's command-line utility for Kehr."""

import os
import sys
from pathlib import Path

# The Django project and its apps live in backend/, the archive proxy library in proxy/.
ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "proxy")]


def use_the_virtualenv() -> None:
    """Run under .venv's Python when started with one that has no Django (``python
    manage.py`` in a new shell that did not activate .venv): ./dev run installs there."""
    try:
        import django  # noqa: F401
    except ImportError:
        pass
    else:
        return
    venv = ROOT / ".venv"
    python = venv / "bin" / "python"
    if python.exists() and Path(sys.prefix).resolve() != venv.resolve():
        os.execv(python, [str(python), str(ROOT / "manage.py"), *sys.argv[1:]])
    sys.exit(
        f"manage.py: Django is not installed for {sys.executable}. Run ./dev run once "
        f"(it creates {venv} and installs Kehr there), then {python} manage.py ..."
    )


def main() -> None:
    use_the_virtualenv()
    if sys.argv[1:2] == ["init_instance"]:
        # Creates the secret key and folders the settings need, so it runs without them.
        from kehr.instance import main as init_instance

        sys.exit(init_instance(sys.argv[2:]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")
    from django.core.management import execute_from_command_line

    from kehr.env import ConfigurationError

    try:
        execute_from_command_line(sys.argv)
    except ConfigurationError as error:  # the settings say what is wrong and what to do
        sys.exit(f"manage.py: {error}")


if __name__ == "__main__":
    main()

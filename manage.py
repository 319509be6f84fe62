#!/usr/bin/env python
"""Django's command-line utility for Kehr."""

import os
import sys
from pathlib import Path

# The Django project and its apps live in backend/, the archive proxy library in proxy/.
ROOT = Path(__file__).resolve().parent
sys.path[:0] = [str(ROOT / "backend"), str(ROOT / "proxy")]


def main() -> None:
    if sys.argv[1:2] == ["init_instance"]:
        # Creates the secret key and folders the settings need, so it runs without them.
        from kehr.instance import main as init_instance

        sys.exit(init_instance(sys.argv[2:]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kehr.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

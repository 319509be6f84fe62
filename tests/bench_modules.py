"""How the tests import a module of bench/: a folder of scripts, not a package.

The scripts import each other by name (``import template_eval``), as they do when run
(``python bench/NAME.py`` puts bench/ first on the path). A test puts bench/ first for
the import and takes the path's first entry off again afterwards, as each test did on
its own before.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def import_bench(name: str) -> ModuleType:
    """The bench module ``name`` (bench/NAME.py), imported as its scripts import it."""
    sys.path[:0] = [str(BENCH)]
    try:
        return importlib.import_module(name)
    finally:
        del sys.path[0]

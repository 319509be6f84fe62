"""The engine is a standalone package: no Django, and the platform's segmenter is its."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import corpora.segmenter
import kehr_engine.segmenter

ENGINE = Path(__file__).resolve().parents[1] / "engine"

# Every module of the package is imported with Django made unimportable (a None entry
# in sys.modules makes `import django` raise ImportError) and only engine/ on the path,
# so neither a direct nor an indirect import of Django or of a platform app can hide.
IMPORT_ALL = """
import importlib, pkgutil, sys
sys.modules["django"] = None
import kehr_engine
names = [m.name for m in pkgutil.walk_packages(kehr_engine.__path__, "kehr_engine.")]
for name in names:
    importlib.import_module(name)
platform = sorted(n for n, m in sys.modules.items() if m is not None and n.split(".")[0] in {
    "django", "rest_framework", "celery", "kehr", "corpora", "gold", "annotations"})
print(len(names), platform)
"""


def test_every_engine_module_imports_without_django() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(ENGINE)!r})\n{IMPORT_ALL}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    count, platform = result.stdout.split(" ", 1)
    assert int(count) >= 1
    assert platform.strip() == "[]"


def test_the_platform_segmenter_is_the_engine_one() -> None:
    """One copy of the numbering: corpora.segmenter re-exports the engine's objects."""
    assert corpora.segmenter.segment is kehr_engine.segmenter.segment
    assert corpora.segmenter.enumerate_text_nodes is kehr_engine.segmenter.enumerate_text_nodes
    assert corpora.segmenter.SegmenterError is kehr_engine.segmenter.SegmenterError

"""The suite's pytest markers select what they say: ``-m worker`` exactly the tests that
start a Celery worker (tests/services.py marks them), and no marker is declared for show."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def collect(path: Path, *args: str) -> list[str]:
    """The ids pytest (the suite's own configuration and plugin) selects under ``path``."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "--rootdir", str(REPO), "-c", str(REPO / "pyproject.toml"),
         "--kehr-db=sqlite", "--kehr-broker=filesystem", *args, str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert result.returncode in (0, 5), result.stdout + result.stderr  # 5: none selected
    return [line.split("::")[-1] for line in result.stdout.splitlines() if "::" in line]


def test_dash_m_worker_selects_the_tests_that_start_a_worker(tmp_path):
    module = tmp_path / "test_sample.py"
    module.write_text(
        textwrap.dedent(
            """
            def test_with_a_worker(celery_worker):
                pass

            def test_without():
                pass
            """
        )
    )
    assert collect(module, "-m", "worker") == ["test_with_a_worker"]
    assert collect(module, "-m", "not worker") == ["test_without"]


def test_only_markers_that_select_something_are_declared(pytestconfig):
    declared = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert "worker" in declared
    assert "postgres_only" not in declared  # never selected anything; removed

"""``./dev run`` records its settings in <KEHR_VAR_DIR>/run.env; every manage.py command
in another shell takes them as defaults, under the real environment (kehr/env.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHOW = (
    "from archive import conf as a; from harvest import conf as h; "
    "from annotator import conf as n; s = a.get(); "
    "print(s.record_port, s.replay_port, h.proxy_settings()['proxy'], n.local_server())"
)


def run_manage(var_dir: Path, **extra: str) -> subprocess.CompletedProcess:
    """manage.py in a clean environment: only what a new shell would have."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(var_dir),
        "KEHR_VAR_DIR": str(var_dir),
        # What manage.py init_instance would have written into var/ (the harness's key).
        "SECRET_KEY": os.environ["SECRET_KEY"],
        **extra,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "shell", "--verbosity", "0", "-c", SHOW],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def write_run_env(var_dir: Path, pid: int, *lines: str) -> None:
    var_dir.mkdir(parents=True, exist_ok=True)
    (var_dir / "run.env").write_text(
        "# Written by ./dev run\n"
        f"KEHR_RUN_PID={pid}\n"
        "KEHR_HOST=0.0.0.0\n"
        "KEHR_PORT=8600\n"
        "KEHR_ARCHIVE_RECORD_PORT=8690\n"
        "KEHR_ARCHIVE_REPLAY_PORT=8691\n" + "".join(f"{line}\n" for line in lines)
    )


def dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_manage_py_uses_the_running_dev_run_settings(tmp_path):
    var = tmp_path / "var"
    write_run_env(var, os.getpid())  # this test process stands for the running ./dev run
    result = run_manage(var)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["8690", "8691", "127.0.0.1:8690", "http://127.0.0.1:8600"]


def test_the_environment_still_wins(tmp_path):
    var = tmp_path / "var"
    write_run_env(var, os.getpid())
    result = run_manage(var, KEHR_ARCHIVE_RECORD_PORT="8777", KEHR_PORT="9000")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["8777", "8691", "127.0.0.1:8777", "http://127.0.0.1:9000"]


def test_a_file_left_by_a_dead_run_is_ignored(tmp_path):
    var = tmp_path / "var"
    write_run_env(var, dead_pid())
    result = run_manage(var)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["8090", "8091", "127.0.0.1:8090", "http://127.0.0.1:8000"]


@pytest.mark.parametrize("line", ["KEHR_PORT 8600", "kehr port=1", "=8600"])
def test_a_malformed_line_is_refused_with_the_file_and_line(tmp_path, line):
    var = tmp_path / "var"
    write_run_env(var, os.getpid(), line)
    result = run_manage(var)
    assert result.returncode != 0
    assert f"run.env, line 7: {line!r} is not NAME=VALUE" in result.stderr


def test_values_are_parsed_as_strictly_as_the_environment(tmp_path):
    var = tmp_path / "var"
    write_run_env(var, os.getpid(), "KEHR_ARCHIVE_ALLOW_PRIVATE=sometimes")
    result = run_manage(var)
    assert result.returncode != 0
    assert "KEHR_ARCHIVE_ALLOW_PRIVATE='sometimes'" in result.stderr

"""``./dev test``'s two pytest legs (run_test_legs in ``dev``): side by side by default,
one after the other with KEHR_TEST_LEGS=serial, and a run fails when either leg fails.

``dev`` is sourced and its ``PY`` replaced by a stand-in for ``python -m pytest`` that
records its arguments, writes a line, and waits or exits as a test tells it through files
(no clocks: which leg waits for which is what the tests check).
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# The stand-in for "$PY": `-m pytest ARGS...`. The leg is named by its --kehr-db.
# In $LEGS_DIR: <leg>.args (its arguments), <leg>.started, <leg>.ended; it waits for
# <leg>.wait-for (a file name, if that file exists) to appear, and exits with <leg>.rc.
FAKE_PYTHON = textwrap.dedent(
    r"""
    #!/usr/bin/env bash
    [[ "$1 $2" == "-m pytest" ]] || { echo "unexpected: $*" >&2; exit 99; }
    shift 2
    leg=unknown
    for arg in "$@"; do [[ "$arg" == --kehr-db=* ]] && leg="${arg#--kehr-db=}"; done
    dir="$LEGS_DIR"
    printf '%s\n' "$@" > "$dir/$leg.args"
    trap 'touch "$dir/$leg.terminated"; exit 2' TERM
    touch "$dir/$leg.started"
    echo "output of the $leg leg"
    if [[ -f "$dir/$leg.wait-for" ]]; then
        other="$(cat "$dir/$leg.wait-for")"
        for _ in $(seq 600); do
            [[ -e "$dir/$other" ]] && break
            sleep 0.1 & wait $!
        done
        if [[ ! -e "$dir/$other" ]]; then
            echo "$leg: $other never appeared"
            exit 98
        fi
    fi
    touch "$dir/$leg.ended"
    exit "$(cat "$dir/$leg.rc" 2>/dev/null || echo 0)"
    """
).lstrip()


def run_legs(
    tmp_path: Path, *args: str, mode: str | None = None
) -> subprocess.CompletedProcess[str]:
    fake = tmp_path / "python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    # The background leg's log goes to a temporary file under TMPDIR.
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {"PATH": os.environ["PATH"], "LEGS_DIR": str(tmp_path), "TMPDIR": str(tmp_path / "tmp")}
    if mode is not None:
        env["KEHR_TEST_LEGS"] = mode
    script = f'source ./dev && PY={fake} && run_test_legs "$@"'
    return subprocess.run(
        ["bash", "-c", script, "dev", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def summary(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The lines after the "Summary" step."""
    _, _, tail = result.stdout.partition("] Summary\n")
    return [line.strip() for line in tail.splitlines()]


def test_the_default_is_side_by_side_with_two_cores_or_more():
    mode = subprocess.run(
        ["bash", "-c", "source ./dev && test_legs_mode"],
        cwd=REPO,
        env={"PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert mode == ("parallel" if len(os.sched_getaffinity(0)) >= 2 else "serial")


def test_parallel_runs_the_legs_side_by_side(tmp_path):
    # Each leg waits for the other to have started: serially, the first would wait forever.
    (tmp_path / "sqlite.wait-for").write_text("postgres.started")
    (tmp_path / "postgres.wait-for").write_text("sqlite.started")
    result = run_legs(tmp_path, "-x", "tests/test_a.py", mode="parallel")
    assert result.returncode == 0, result.stdout + result.stderr
    assert summary(result) == [
        "PASS  sqlite + filesystem",
        "PASS  postgres + redis (the tests a backend can change)",
    ]
    # Extra arguments reach both legs, after the leg's own.
    assert (tmp_path / "sqlite.args").read_text().split() == [
        "--kehr-db=sqlite", "--kehr-broker=filesystem", "-x", "tests/test_a.py",
    ]  # fmt: skip
    assert (tmp_path / "postgres.args").read_text().split() == [
        "--kehr-db=postgres", "--kehr-broker=redis", "--kehr-backend-only", "-x",
        "tests/test_a.py",
    ]  # fmt: skip
    # The background leg's output is shown whole, after the first leg's.
    out = result.stdout
    assert out.index("output of the sqlite leg") < out.index("output of the postgres leg")
    # ... and its log file is gone.
    assert list((tmp_path / "tmp").iterdir()) == []


def test_serial_runs_the_second_leg_after_the_first(tmp_path):
    # The second leg checks that the first had ended; side by side it could not have.
    (tmp_path / "postgres.wait-for").write_text("sqlite.ended")
    (tmp_path / "sqlite.wait-for").write_text("sqlite.started")
    result = run_legs(tmp_path, mode="serial")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "postgres.ended").exists()
    assert len(summary(result)) == 2


@pytest.mark.parametrize("mode", ["parallel", "serial"])
def test_a_failing_second_leg_fails_the_run(tmp_path, mode):
    (tmp_path / "postgres.rc").write_text("1")
    result = run_legs(tmp_path, mode=mode)
    assert result.returncode == 1
    assert summary(result) == [
        "PASS  sqlite + filesystem",
        "FAIL  postgres + redis (the tests a backend can change) (pytest exit status 1)",
    ]
    assert "output of the postgres leg" in result.stdout


@pytest.mark.parametrize("mode", ["parallel", "serial"])
def test_a_failing_first_leg_fails_the_run_and_the_second_still_runs(tmp_path, mode):
    (tmp_path / "sqlite.rc").write_text("1")
    result = run_legs(tmp_path, mode=mode)
    assert result.returncode == 1
    assert summary(result)[0] == "FAIL  sqlite + filesystem (pytest exit status 1)"
    assert summary(result)[1].startswith("PASS  postgres")


def test_an_interrupted_first_leg_stops_the_one_beside_it(tmp_path):
    # The second leg would wait for a file nobody writes; interrupting the first stops it.
    (tmp_path / "postgres.wait-for").write_text("never")
    (tmp_path / "sqlite.wait-for").write_text("postgres.started")
    (tmp_path / "sqlite.rc").write_text("2")
    result = run_legs(tmp_path, mode="parallel")
    assert result.returncode == 1
    assert (tmp_path / "postgres.terminated").exists()
    assert not (tmp_path / "postgres.ended").exists()
    assert summary(result)[0] == "FAIL  sqlite + filesystem (interrupted)"
    assert summary(result)[1].startswith("FAIL  postgres + redis")


def test_serial_skips_the_second_leg_after_an_interrupted_first(tmp_path):
    (tmp_path / "sqlite.rc").write_text("2")
    result = run_legs(tmp_path, mode="serial")
    assert result.returncode == 1
    assert not (tmp_path / "postgres.started").exists()
    assert summary(result) == ["FAIL  sqlite + filesystem (interrupted)"]


def test_an_unknown_mode_is_refused_before_any_leg(tmp_path):
    result = run_legs(tmp_path, mode="both")
    assert result.returncode == 1
    assert "KEHR_TEST_LEGS must be 'parallel' or 'serial', not 'both'" in result.stderr
    assert not (tmp_path / "sqlite.started").exists()

"""Task time limits and the Redis visibility timeout derived from them (kehr/settings.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from kehr.celery import app
from tests.services import backend_of_its_own

REPO = Path(__file__).resolve().parents[1]


def settings_in_subprocess(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """Import the settings in a fresh process with these environment variables."""
    code = (
        "import json; from django.conf import settings; print(json.dumps({"
        "'options': settings.CELERY_BROKER_TRANSPORT_OPTIONS,"
        "'longest': settings.LONGEST_TASK_SECONDS}))"
    )
    full_env = {**os.environ, **backend_of_its_own(tmp_path), "KEHR_VAR_DIR": str(tmp_path), **env}
    full_env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, str(REPO / "manage.py"), "shell", "-c", code],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_task_has_limits_and_none_outlasts_the_longest_known():
    """A task whose decorator sets a longer limit than LONG_TASK_TIME_LIMITS knows of would
    outlast the visibility timeout and run twice on Redis."""
    app.loader.import_default_modules()
    ours = {name: task for name, task in app.tasks.items() if not name.startswith("celery.")}
    assert "gold.tasks.merge_corpus" in ours
    for name, task in ours.items():
        assert task.time_limit and task.soft_time_limit, f"{name} has no time limits"
        assert task.soft_time_limit < task.time_limit <= settings.LONGEST_TASK_SECONDS, (
            f"{name}: time limit {task.time_limit} s; list it in LONG_TASK_TIME_LIMITS "
            "in kehr/settings.py"
        )
    assert ours["gold.tasks.merge_corpus"].time_limit == 3 * 3600
    assert ours["gold.tasks.refresh_stats"].time_limit == settings.CELERY_TASK_TIME_LIMIT


def test_redis_visibility_timeout_outlasts_the_longest_task(tmp_path):
    result = settings_in_subprocess(tmp_path, CELERY_BROKER_URL="redis://127.0.0.1:1/0")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    timeout = found["options"]["visibility_timeout"]
    assert timeout > found["longest"] >= 3 * 3600  # not kombu's one hour
    assert found["options"]["unacked_restore_interval"] == 60


def test_visibility_timeout_can_be_set_and_is_parsed_strictly(tmp_path):
    result = settings_in_subprocess(
        tmp_path,
        CELERY_BROKER_URL="redis://127.0.0.1:1/0",
        KEHR_BROKER_VISIBILITY_TIMEOUT_SECONDS="8",
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout.strip().splitlines()[-1])["options"]
    assert (options["visibility_timeout"], options["unacked_restore_interval"]) == (8, 2)
    for value, message in [("2h", "is not a whole number"), ("0", "at least 1")]:
        result = settings_in_subprocess(
            tmp_path,
            CELERY_BROKER_URL="redis://127.0.0.1:1/0",
            KEHR_BROKER_VISIBILITY_TIMEOUT_SECONDS=value,
        )
        assert result.returncode != 0
        assert "KEHR_BROKER_VISIBILITY_TIMEOUT_SECONDS" in result.stderr
        assert message in result.stderr

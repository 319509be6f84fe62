"""``/healthz/``: "ok" while the database answers, "unavailable" (reason in the log) when not."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

from tests.services import backend_of_its_own

REPO = Path(__file__).resolve().parents[1]

PROBE = (
    "from django.test import Client; r = Client().get('/healthz/'); "
    "print(r.status_code); print(r.content.decode())"
)


def closed_port() -> int:
    """A loopback port nothing listens on (bound and released: refused on connect)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_healthz_says_ok_while_the_database_answers(client, db):
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_healthz_hides_the_database_error_and_logs_it(tmp_path):
    port = closed_port()
    database_url = f"postgresql://kehr_probe:hunter2@127.0.0.1:{port}/kehr_secret_db"
    env = {
        **os.environ,
        **backend_of_its_own(tmp_path),
        "KEHR_VAR_DIR": str(tmp_path),
        "DATABASE_URL": database_url,
        "ALLOWED_HOSTS": "testserver",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, str(REPO / "manage.py"), "shell", "--verbosity", "0", "-c", PROBE],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    status, body = result.stdout.strip().split("\n", 1)
    assert status == "503"
    assert json.loads(body) == {"status": "unavailable"}
    # The log has what an operator needs: which check failed and the driver's reason.
    assert "Health check: the database does not answer" in result.stderr
    assert str(port) in result.stderr

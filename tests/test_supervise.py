"""``./dev run``'s supervisor (kehr.supervise): a child that dies is restarted with
back-off and a log line, a crash loop stops the run, SIGTERM stops every child and
removes run.env. The last test runs the real programs (gunicorn, Celery worker and
beat, both archive proxies) and kills two of them with SIGKILL."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from kehr.supervise import (
    Child,
    CrashLoop,
    Policy,
    Program,
    Supervisor,
    describe_exit,
    remove_run_env,
)
from tests.services import REPO_DIR, free_port, log_tail, test_database_url

START_TIMEOUT = 180.0  # the 2-core machine under load starts 5 Python servers slowly


def wait_for(check, what: str, timeout: float = START_TIMEOUT, log: Path | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.3)
    raise AssertionError(
        f"{what} within {timeout:.0f} s" + (f"; log:\n{log_tail(log, 80)}" if log else "")
    )


def python(code: str) -> tuple[str, ...]:
    return (sys.executable, "-c", code)


# --------------------------------------------------------------------------- the loop


def test_a_crashing_child_is_restarted_with_back_off_until_a_crash_loop(tmp_path, capsys):
    runs = tmp_path / "runs"
    crasher = Program(
        "crasher", python(f"open({str(runs)!r}, 'a').write('x'); raise SystemExit(3)")
    )
    policy = Policy(
        backoff=0.05, max_backoff=1.0, crash_limit=3, crash_window=600.0, stop_timeout=5
    )
    assert Supervisor([crasher], policy, cwd=tmp_path).run() == 1
    log = capsys.readouterr().err
    assert runs.read_text() == "xxx"  # started, restarted twice, then given up
    assert re.search(
        r"crasher \(pid \d+\) exited unexpectedly \(exit status 3\); restarting in 0.05 s", log
    )
    assert re.search(
        r"crasher \(pid \d+\) exited unexpectedly \(exit status 3\); restarting in 0.1 s", log
    )
    assert "crasher exited 3 times within 600 s (last: exit status 3): a crash loop" in log
    assert "Stopping crasher." in log


def test_crashes_older_than_the_window_do_not_count(tmp_path):
    done = subprocess.Popen(python("pass"))
    done.wait()
    supervisor = Supervisor(
        [Program("slow", python("pass"))], Policy(crash_limit=2, crash_window=60)
    )
    child = Child(supervisor.children[0].program, process=done)
    for now in (0.0, 100.0, 200.0):  # one crash every 100 s: never two within 60 s
        supervisor._crashed(child, 1, now)
    assert list(child.crashes) == [200.0]
    with pytest.raises(CrashLoop, match="slow exited 2 times within 60 s"):
        supervisor._crashed(child, 1, 230.0)


def test_back_off_doubles_up_to_its_ceiling():
    policy = Policy(backoff=1.0, max_backoff=5.0)
    assert [policy.delay(n) for n in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 5.0]


def test_exit_statuses_read_like_the_shell_s():
    assert describe_exit(3) == "exit status 3"
    assert describe_exit(-signal.SIGKILL) == "killed by SIGKILL (exit status 137)"


def test_a_child_that_ignores_sigterm_is_killed_after_the_stop_timeout(tmp_path):
    ready = tmp_path / "ready"
    stubborn = Program("stubborn", python(
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        f"open({str(ready)!r}, 'w').close(); time.sleep(600)"
    ))  # fmt: skip
    supervisor = Supervisor([stubborn], Policy(stop_timeout=0.5), cwd=tmp_path)
    child = supervisor.children[0]
    supervisor._start(child)
    wait_for(ready.exists, "the child did not start", timeout=60)
    supervisor.stop_all()
    assert child.process is not None and child.process.returncode == -signal.SIGKILL


def test_run_env_is_removed_only_when_it_names_this_process(tmp_path):
    ours, theirs = tmp_path / "ours.env", tmp_path / "theirs.env"
    ours.write_text("# Written by ./dev run\nKEHR_RUN_PID=4242\nKEHR_PORT=8000\n")
    theirs.write_text("KEHR_RUN_PID=4243\n")
    remove_run_env(ours, 4242)
    remove_run_env(theirs, 4242)
    remove_run_env(tmp_path / "missing.env", 4242)  # nothing to do, no error
    assert not ours.exists() and theirs.exists()


def test_bad_options_are_refused_with_the_value():
    result = subprocess.run(
        [sys.executable, "-m", "kehr.supervise", "--crash-limit", "0"],
        cwd=REPO_DIR, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    assert "--crash-limit: '0': give a number above 0" in result.stderr


def test_docker_compose_restarts_every_long_running_service():
    """The Docker path's supervision: Docker restarts a service whose process died."""
    import yaml  # PyYAML, which drf-spectacular depends on; it resolves the << merge keys

    services = yaml.safe_load((REPO_DIR / "docker-compose.yml").read_text())["services"]
    one_shot = {"migrate"}  # runs once before the others; restarting it would loop
    assert {"web", "worker", "beat", "recorder", "replay", "postgres", "redis"} <= set(services)
    for name, service in services.items():
        expected = "no" if name in one_shot else "unless-stopped"
        assert service.get("restart") == expected, name


# --------------------------------------------------------------------------- the real programs


def answers(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1.0)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/", timeout=5) as response:
            return response.status == 200
    except OSError:
        return False


def started_pids(log: Path, name: str) -> list[int]:
    text = log.read_text(errors="replace") if log.exists() else ""
    return [int(pid) for pid in re.findall(rf"started {re.escape(name)} \(pid (\d+)\)", text)]


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def free_ports(count: int) -> list[int]:
    ports: set[int] = set()
    while len(ports) < count:
        ports.add(free_port())
    return sorted(ports)


@pytest.mark.django_db(transaction=True)
def test_dev_run_restarts_a_killed_worker_and_recorder_and_stops_on_sigterm(tmp_path):
    from corpora.models import Corpus
    from gold.models import CorpusStats
    from gold.tasks import refresh_stats

    web, record, replay, visit = free_ports(4)
    var = tmp_path / "var"
    env = {
        **os.environ,
        "DATABASE_URL": test_database_url(),
        "KEHR_VAR_DIR": str(var),
        "KEHR_ARCHIVE_RECORD_PORT": str(record),
        "KEHR_ARCHIVE_REPLAY_PORT": str(replay),
        "KEHR_ARCHIVE_VISIT_PORT": str(visit),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    subprocess.run([sys.executable, "manage.py", "init_instance", "--quiet"], cwd=REPO_DIR,
                   env=env, check=True, timeout=120)  # fmt: skip
    log = tmp_path / "run.log"
    run_env = var / "run.env"
    with log.open("wb") as out:
        run = subprocess.Popen(
            [sys.executable, "-m", "kehr.supervise", "--host", "127.0.0.1", "--port", str(web),
             "--run-env", str(run_env), "--backoff", "0.5", "--stop-timeout", "30"],
            cwd=REPO_DIR, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    # What ./dev run writes before it execs the supervisor (same pid).
    run_env.write_text(f"KEHR_RUN_PID={run.pid}\nKEHR_PORT={web}\n")
    try:
        wait_for(lambda: healthy(web), "the web server did not answer", log=log)
        wait_for(lambda: answers(record) and answers(replay), "the proxies did not listen", log=log)
        [worker] = started_pids(log, "Celery worker")
        [recorder] = started_pids(log, "archive recorder")

        os.kill(worker, signal.SIGKILL)
        os.kill(recorder, signal.SIGKILL)
        restarted = wait_for(
            lambda: len(started_pids(log, "Celery worker")) == 2
            and len(started_pids(log, "archive recorder")) == 2,
            "the worker and the recorder were not restarted", log=log,
        )  # fmt: skip
        assert restarted
        text = log.read_text(errors="replace")
        for name, pid in (("Celery worker", worker), ("archive recorder", recorder)):
            assert (
                f"{name} (pid {pid}) exited unexpectedly (killed by SIGKILL (exit status 137)); "
                "restarting in 0.5 s" in text
            )
        # The others ran on: one start each.
        for name in ("web server (gunicorn)", "Celery beat", "replay proxy"):
            assert len(started_pids(log, name)) == 1, name
        assert healthy(web)
        wait_for(lambda: answers(record), "the restarted recorder did not listen", log=log)
        # The new worker takes tasks.
        corpus = Corpus.objects.create(name="Supervised", slug="supervised")
        refresh_stats.delay(corpus.pk)
        wait_for(
            lambda: CorpusStats.objects.filter(corpus=corpus, computed_at__isnull=False).exists(),
            "the restarted worker did not run a task", log=log,
        )  # fmt: skip
    finally:
        if run.poll() is None:
            run.send_signal(signal.SIGTERM)
        try:
            run.wait(120)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            raise
    assert run.returncode == 128 + signal.SIGTERM, log_tail(log, 80)
    assert "SIGTERM: stopping" in log.read_text(errors="replace")
    children = [
        pid
        for name in ("web server (gunicorn)", "Celery worker", "Celery beat",
                     "archive recorder", "replay proxy")
        for pid in started_pids(log, name)
    ]  # fmt: skip
    assert len(children) == 7
    assert [pid for pid in children if group_alive(pid)] == []
    assert not run_env.exists()
    assert not answers(web)

"""pytest plugin: the real services the test suite runs against.

Loaded with ``-p tests.services`` (pyproject's ``addopts``). Before Django's
settings are imported it starts what the run asked for and exports the
environment variables the settings read:

``--kehr-db=sqlite``        a SQLite file in a fresh temporary ``KEHR_VAR_DIR``
``--kehr-db=postgres``      a throwaway PostgreSQL cluster in a temporary directory
``--kehr-broker=filesystem`` kombu's filesystem transport in a temporary ``KEHR_BROKER_DIR``
``--kehr-broker=redis``     a throwaway ``redis-server`` on a free loopback port

Defaults come from ``KEHR_TEST_DB`` / ``KEHR_TEST_BROKER``, else sqlite/filesystem.
Everything lives under one temporary directory per run and is stopped and removed
when pytest exits, whether the tests pass, fail or are interrupted. Services also
get a parent-death signal, so a pytest killed with SIGKILL does not leave them behind.

Fixtures:

``kehr_services``  the running :class:`Services` (which DB/broker, ports, directories).
``celery_worker``  a real ``celery -A kehr worker`` process on the test database.

A test reaches the run's database or broker only through a fixture that says so
(:data:`BACKEND_FIXTURES`, or pytest-django's ``django_db`` mark). While any other test
runs, ``DATABASE_URL`` and ``CELERY_BROKER_URL`` name no backend and the Celery app
refuses to connect (:func:`_backend_out_of_reach`), so such a test runs the same on every
backend: ``--kehr-backend-only`` leaves it out (``./dev test``'s second leg, on
PostgreSQL and Redis, runs only the tests a backend can change).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit, urlunsplit

import pytest

# free_port is also imported from here by tests; the helpers are the launcher's own.
from kehr.processes import die_with_parent, free_port

REPO_DIR = Path(__file__).resolve().parent.parent
BACKEND_DIR = REPO_DIR / "backend"

DB_CHOICES = ("sqlite", "postgres")
BROKER_CHOICES = ("filesystem", "redis")

PG_USER = "kehr"
PG_DB = "kehr"
# Used when pytest runs as root and the Debian "postgres" system user does not exist.
PG_FALLBACK_SYSTEM_USER = "kehr-postgres"

SERVICE_START_TIMEOUT = 60.0
WORKER_START_TIMEOUT = 60.0

services_key = pytest.StashKey["Services"]()

# The fixtures through which a test reaches the run's database or broker: pytest-django's
# (its django_db mark requests ``db`` too), the Celery worker, and the services themselves
# (their URLs, ports and folders).
BACKEND_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_setup", "live_server", "celery_worker", "kehr_services"}
)
# DATABASE_URL and CELERY_BROKER_URL while a test that requests none of them runs: the
# settings refuse the scheme and name the variable, so a process the test starts (manage.py,
# a worker, a bench script) stops at once instead of using the run's backend.
NO_BACKEND_URL = "no-backend://this-test-requests-no-database-or-broker-fixture"


class ServiceError(Exception):
    """A service could not be started; the message says what is missing and how to fix it."""


# --------------------------------------------------------------------------- helpers


def start_on_free_port(start: Callable[[int], None], attempts: int = 3) -> int:
    """Call start(port) on a free port; retry, since a port can be taken between probe and bind."""
    last_error = ""
    for _attempt in range(attempts):
        port = free_port()
        try:
            start(port)
            return port
        except ServiceError as error:
            last_error = str(error)
    raise ServiceError(last_error)


def log_tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return f"(no log at {path})"
    return "\n".join(text.splitlines()[-lines:]) or f"(log {path} is empty)"


def stop_process(proc: subprocess.Popen | None, sig: int, timeout: float = 20.0) -> None:
    """Send ``sig``, wait, then SIGKILL the process group if it still runs."""
    if proc is None:
        return
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(sig)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait(10)
    # Children left in the group (prefork pool processes, postgres backends) go too.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


# --------------------------------------------------------------------------- PostgreSQL


def find_pg_bindir() -> Path:
    """The newest /usr/lib/postgresql/N/bin with initdb, else the directory of initdb on PATH."""

    def version(path: str) -> int:
        match = re.search(r"/postgresql/(\d+)/bin$", path)
        return int(match.group(1)) if match else 0

    candidates = sorted(
        (d for d in glob.glob("/usr/lib/postgresql/*/bin") if os.access(f"{d}/initdb", os.X_OK)),
        key=version,
        reverse=True,
    )
    if candidates:
        return Path(candidates[0])
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise ServiceError(
        "PostgreSQL server binaries (initdb, postgres) not found under /usr/lib/postgresql/*/bin "
        "or on PATH: apt-get install postgresql  (or run with --kehr-db=sqlite)"
    )


def unprivileged_user() -> pwd.struct_passwd | None:
    """Whom to run PostgreSQL as: None when we are not root, else an unprivileged user.

    PostgreSQL refuses to run as root. The Debian package creates the "postgres" system
    user; without it we create a dedicated system user once.
    """
    if os.geteuid() != 0:
        return None
    for name in ("postgres", PG_FALLBACK_SYSTEM_USER):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    useradd = shutil.which("useradd")
    if useradd is None:
        raise ServiceError(
            "PostgreSQL refuses to run as root and there is no 'postgres' user: "
            "apt-get install postgresql (it creates the user), or run the tests as a non-root user."
        )
    subprocess.run(
        [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
         PG_FALLBACK_SYSTEM_USER],
        check=True, capture_output=True,
    )  # fmt: skip
    return pwd.getpwnam(PG_FALLBACK_SYSTEM_USER)


@dataclass
class PostgresCluster:
    """A throwaway cluster: trust auth on loopback only, durability off (it is deleted anyway)."""

    base_dir: Path
    port: int = 0
    bindir: Path | None = None
    proc: subprocess.Popen | None = None
    user: pwd.struct_passwd | None = None

    @property
    def data_dir(self) -> Path:
        return self.base_dir / "data"

    @property
    def log_path(self) -> Path:
        return self.base_dir / "postgres.log"

    @property
    def url(self) -> str:
        return f"postgresql://{PG_USER}@127.0.0.1:{self.port}/{PG_DB}"

    def _popen_kwargs(self) -> dict:
        kwargs: dict = {"cwd": self.base_dir, "env": {**os.environ, "LC_ALL": "C.UTF-8"}}
        if self.user is not None:
            kwargs.update(user=self.user.pw_uid, group=self.user.pw_gid, extra_groups=[])
            kwargs["env"]["HOME"] = str(self.base_dir)
        return kwargs

    def _program(self, name: str) -> str:
        """The path of a PostgreSQL program, from the directory start() found."""
        assert self.bindir is not None, "start() the cluster first"
        return str(self.bindir / name)

    def start(self) -> None:
        self.bindir = find_pg_bindir()
        self.user = unprivileged_user()
        self.base_dir.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            # The temp dirs above us are root's 0700 mkdtemp dirs: let the server user through.
            for parent in (self.base_dir.parent, self.base_dir):
                parent.chmod(parent.stat().st_mode | 0o711)
            os.chown(self.base_dir, self.user.pw_uid, self.user.pw_gid)
        initdb = subprocess.run(
            [str(self.bindir / "initdb"), "-D", str(self.data_dir), "-U", PG_USER,
             "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync", "--no-instructions"],
            capture_output=True, text=True, **self._popen_kwargs(),
        )  # fmt: skip
        if initdb.returncode != 0:
            raise ServiceError(f"initdb failed:\n{initdb.stdout}\n{initdb.stderr}")
        self.port = start_on_free_port(lambda port: self._start_server(port))
        self._create_database()

    def _start_server(self, port: int) -> None:
        self.port = port
        settings = {
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": str(self.base_dir),
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": "200",
            "shared_buffers": "32MB",
            "log_min_messages": "warning",
        }
        args = [self._program("postgres"), "-D", str(self.data_dir)]
        for key, value in settings.items():
            args += ["-c", f"{key}={value}"]
        log = self.log_path.open("ab")
        # Own session: a Ctrl-C in the terminal reaches pytest, which then stops us cleanly.
        self.proc = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True, preexec_fn=die_with_parent(signal.SIGQUIT),
            **self._popen_kwargs(),
        )  # fmt: skip
        log.close()
        deadline = time.monotonic() + SERVICE_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServiceError(
                    f"PostgreSQL exited with code {self.proc.returncode} on port {self.port}:\n"
                    f"{log_tail(self.log_path)}"
                )
            ready = subprocess.run(
                [self._program("pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port),
                 "-U", PG_USER, "-d", "postgres"],
                capture_output=True,
            )  # fmt: skip
            if ready.returncode == 0:
                return
            time.sleep(0.1)
        self.stop()
        raise ServiceError(
            f"PostgreSQL did not accept connections within {SERVICE_START_TIMEOUT:.0f} s:\n"
            f"{log_tail(self.log_path)}"
        )

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run(
            [self._program("psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
             "-h", "127.0.0.1", "-p", str(self.port), "-U", PG_USER, "-d", database, "-c", sql],
            capture_output=True, text=True,
        )  # fmt: skip
        if result.returncode != 0:
            raise ServiceError(f"psql {sql!r} failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def _create_database(self) -> None:
        self.psql(f'CREATE DATABASE "{PG_DB}" OWNER "{PG_USER}"')

    def version(self) -> str:
        try:
            return self.psql("SHOW server_version").split()[0]
        except (ServiceError, IndexError):
            return "?"

    def stop(self) -> None:
        # SIGINT = "fast" shutdown: disconnect clients, stop at once (nothing to keep).
        stop_process(self.proc, signal.SIGINT, timeout=20)
        self.proc = None


# --------------------------------------------------------------------------- Redis


def redis_ping(host: str, port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisServer:
    base_dir: Path
    port: int = 0
    proc: subprocess.Popen | None = None

    @property
    def log_path(self) -> Path:
        return self.base_dir / "redis.log"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise ServiceError(
                "redis-server not found: apt-get install redis-server  "
                "(or run with --kehr-broker=filesystem)"
            )
        self.base_dir.mkdir(parents=True, exist_ok=True)
        self.port = start_on_free_port(lambda port: self._start(binary, port))

    def _start(self, binary: str, port: int) -> None:
        self.port = port
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--dir", str(self.base_dir)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.base_dir,
            start_new_session=True, preexec_fn=die_with_parent(signal.SIGTERM),
        )  # fmt: skip
        log.close()
        deadline = time.monotonic() + SERVICE_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServiceError(
                    f"redis-server exited with code {self.proc.returncode} on port {self.port}:\n"
                    f"{log_tail(self.log_path)}"
                )
            if redis_ping("127.0.0.1", self.port, timeout=0.5):
                return
            time.sleep(0.05)
        self.stop()
        raise ServiceError(
            f"redis-server did not answer PING within {SERVICE_START_TIMEOUT:.0f} s:\n"
            f"{log_tail(self.log_path)}"
        )

    def stop(self) -> None:
        stop_process(self.proc, signal.SIGTERM, timeout=10)
        self.proc = None


# --------------------------------------------------------------------------- all services


def remove_stale_roots(parent: Path) -> None:
    """Delete the temp dirs of earlier runs that were SIGKILLed (their pytest is gone).

    Their servers died with them (parent-death signal); only the files stay behind.
    """
    for pid_file in parent.glob("kehr-test-*/owner.pid"):
        try:
            pid = int(pid_file.read_text())
            os.kill(pid, 0)
        except ProcessLookupError:
            shutil.rmtree(pid_file.parent, ignore_errors=True)
        except (OSError, ValueError):
            continue


@dataclass
class Services:
    """What this test run uses; started once, before Django's settings are imported."""

    db: str
    broker: str
    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="kehr-test-")))
    postgres: PostgresCluster | None = None
    redis: RedisServer | None = None
    _stopped: bool = False
    _saved_env: dict = field(default_factory=dict)

    @property
    def var_dir(self) -> Path:
        return self.root / "var"

    @property
    def broker_dir(self) -> Path:
        return self.root / "broker"

    def _export(self, name: str, value: str) -> None:
        self._saved_env.setdefault(name, os.environ.get(name))
        os.environ[name] = value

    def start(self) -> None:
        remove_stale_roots(self.root.parent)
        (self.root / "owner.pid").write_text(str(os.getpid()))
        self.var_dir.mkdir(parents=True)
        self._export("KEHR_VAR_DIR", str(self.var_dir))
        self._export("DJANGO_SETTINGS_MODULE", os.environ.get("DJANGO_SETTINGS_MODULE", "") or
                     "kehr.settings")  # fmt: skip
        # The default harvests through the installation's recorder; tests that want a
        # recorder start their own and name it in the job's settings.
        self._export("KEHR_HARVEST_PROXY", "direct")
        # No URL Tree task after every harvest job and WARC import of every test (stale
        # tasks would outlive their test on the shared broker); tests/test_crosspage.py
        # turns it on where it is the subject.
        self._export("KEHR_URLTREE_ON_ARRIVAL", "false")
        if self.db == "postgres":
            self.postgres = PostgresCluster(self.root / "postgres")
            self.postgres.start()
            self._export("DATABASE_URL", self.postgres.url)
        else:
            # Explicit, so that a DATABASE_URL in the developer's shell is never used by tests.
            self._export("DATABASE_URL", f"sqlite:///{self.var_dir / 'kehr.sqlite3'}")
        if self.broker == "redis":
            self.redis = RedisServer(self.root / "redis")
            self.redis.start()
            self._export("CELERY_BROKER_URL", self.redis.url)
        else:
            self.broker_dir.mkdir(parents=True)
            self._export("CELERY_BROKER_URL", "filesystem://")
            self._export("KEHR_BROKER_DIR", str(self.broker_dir))
        # Exported, so every process a test starts (also with its own KEHR_VAR_DIR) has one.
        self._export("SECRET_KEY", secrets.token_urlsafe(50))
        self.init_instance()

    def init_instance(self) -> None:
        """The start-up command ./dev run uses: the folders the settings expect."""
        result = subprocess.run(
            [sys.executable, str(REPO_DIR / "manage.py"), "init_instance", "--quiet"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        if result.returncode != 0:
            raise ServiceError(f"manage.py init_instance failed: {result.stderr.strip()}")

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        for service in (self.redis, self.postgres):
            if service is not None:
                with contextlib.suppress(Exception):
                    service.stop()
        for name, value in self._saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        if not os.environ.get("KEHR_KEEP_TEST_DIR"):
            shutil.rmtree(self.root, ignore_errors=True)

    def describe(self) -> str:
        if self.postgres is not None:
            db = f"postgres {self.postgres.version()} (throwaway, 127.0.0.1:{self.postgres.port})"
        else:
            db = f"sqlite (in {self.var_dir})"
        if self.redis is not None:
            broker = f"redis (throwaway, 127.0.0.1:{self.redis.port})"
        else:
            broker = f"filesystem (in {self.broker_dir})"
        return f"kehr services: db={db}, broker={broker}"


# --------------------------------------------------------------------------- hooks


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kehr", "Kehr test services")
    group.addoption(
        "--kehr-db",
        choices=DB_CHOICES,
        default=os.environ.get("KEHR_TEST_DB") or "sqlite",
        help="database for the run: sqlite (file in a temp dir) or postgres (a throwaway "
        "cluster). Default: $KEHR_TEST_DB, else sqlite.",
    )
    group.addoption(
        "--kehr-backend-only",
        action="store_true",
        help="run only the tests that reach the database or the broker (they request one of "
        f"{', '.join(sorted(BACKEND_FIXTURES))}, or carry the django_db mark); the others "
        "run the same on every backend (the harness keeps both out of their reach).",
    )
    group.addoption(
        "--kehr-broker",
        choices=BROKER_CHOICES,
        default=os.environ.get("KEHR_TEST_BROKER") or "filesystem",
        help="Celery broker for the run: filesystem (kombu, temp dir) or redis (a throwaway "
        "redis-server). Default: $KEHR_TEST_BROKER, else filesystem.",
    )


_PYTEST_PID = os.getpid()


def _sigterm_as_interrupt(signum, frame):
    """In the pytest process, SIGTERM unwinds like Ctrl-C so the services stop.

    A process forked from it (a multiprocessing pool worker) inherits this handler; there
    it would unwind Python while another thread of the parent may have held a lock at the
    fork (stderr, logging), and Pool.terminate() then waited on it for ever. A forked
    child dies of SIGTERM the default way instead."""
    if os.getpid() != _PYTEST_PID:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(
    early_config: pytest.Config, parser: pytest.Parser, args: list[str]
) -> None:
    """Start services before pytest-django (a plain hookimpl, so it runs after us) sets up
    Django, i.e. before kehr.settings reads the environment."""
    options = parser.parse_known_args(args)
    if options.help or options.version:
        return
    for name, value, choices in (
        ("KEHR_TEST_DB", options.kehr_db, DB_CHOICES),
        ("KEHR_TEST_BROKER", options.kehr_broker, BROKER_CHOICES),
    ):
        if value not in choices:
            raise pytest.UsageError(f"{name}={value!r}: choose one of {', '.join(choices)}")
    if "django.conf" in sys.modules and getattr(
        sys.modules["django.conf"].settings, "configured", False
    ):
        raise pytest.UsageError(
            "tests.services must start before Django settings are configured: "
            "load it with -p tests.services (pyproject addopts), not from a conftest."
        )
    services = Services(db=options.kehr_db, broker=options.kehr_broker)
    early_config.stash[services_key] = services
    atexit.register(services.stop)
    # SIGTERM (CI cancelling a job) would otherwise end Python without any cleanup.
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _sigterm_as_interrupt)
    try:
        services.start()
    except ServiceError as error:
        services.stop()
        raise pytest.UsageError(f"Kehr test services could not start: {error}") from None
    except BaseException:
        services.stop()
        raise


@pytest.hookimpl(tryfirst=True)  # before -m deselects by mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test that uses the ``celery_worker`` fixture ``worker``, whether its
    module says so or not: ``-m worker`` selects exactly the tests that start a worker
    (``-m "not worker"`` leaves them out)."""
    for item in items:
        if "celery_worker" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.worker)
    if config.getoption("kehr_backend_only"):
        kept: list[pytest.Item] = []
        left_out: list[pytest.Item] = []
        for item in items:
            (kept if uses_backend(item) else left_out).append(item)
        if left_out:
            config.hook.pytest_deselected(items=left_out)
            items[:] = kept


def backend_of_its_own(folder: Path) -> dict[str, str]:
    """The database and broker variables for a Django process a test starts that needs
    the settings (manage.py check, a proxy command) but not the run's backend: a SQLite
    file and the filesystem broker under ``folder``, which nothing else uses. Such a test
    runs the same on every backend."""
    return {
        "DATABASE_URL": f"sqlite:///{folder / 'kehr.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://",
        "KEHR_BROKER_DIR": str(folder / "broker"),
    }


def uses_backend(item: pytest.Item) -> bool:
    """Does the test reach the run's database or broker (a backend fixture or the mark)?"""
    if item.get_closest_marker("django_db") is not None:
        return True
    return not BACKEND_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_report_collectionfinish(
    config: pytest.Config, start_path: Path, items: list[pytest.Item]
) -> str | None:
    if not config.getoption("kehr_backend_only"):
        return None
    return (
        f"kehr: --kehr-backend-only: {len(items)} selected test(s) reach the database or the "
        "broker; the others run the same on every backend and are deselected"
    )


@pytest.fixture(autouse=True)
def _backend_out_of_reach(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that requests no backend fixture cannot reach the run's backend.

    In this process pytest-django already refuses it the database. Here: processes it
    starts read :data:`NO_BACKEND_URL` (settings refuse it), so does code here that reads
    the broker's URL from the settings, and the Celery app, whose connection settings may
    have been read before, refuses to connect. So its result cannot depend on the
    backend, and ``--kehr-backend-only`` may leave it out."""
    if uses_backend(request.node):
        yield
        return
    from django.conf import settings

    from kehr.celery import app

    def refuse(*args: object, **kwargs: object) -> NoReturn:
        raise RuntimeError(
            "this test requests no database or broker fixture, so it may not reach the "
            f"broker; request one of {', '.join(sorted(BACKEND_FIXTURES))} (tests/services.py)"
        )

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DATABASE_URL", NO_BACKEND_URL)
        patch.setenv("CELERY_BROKER_URL", NO_BACKEND_URL)
        # What code in this process reads for the broker (the DBCE index falls back to it).
        patch.setattr(settings, "CELERY_BROKER_URL", NO_BACKEND_URL)
        for name in ("send_task", "connection_for_write", "connection_for_read"):
            patch.setattr(app, name, refuse)
        yield


def pytest_report_header(config: pytest.Config) -> str | None:
    services = config.stash.get(services_key, None)
    return services.describe() if services is not None else None


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    services = config.stash.get(services_key, None)
    if services is not None:
        services.stop()


@pytest.fixture(scope="session")
def kehr_services(pytestconfig: pytest.Config) -> Services:
    """The services of this run (``.db``, ``.broker``, ``.postgres``, ``.redis``, dirs)."""
    return pytestconfig.stash[services_key]


# --------------------------------------------------------------------------- Celery worker


def test_database_url() -> str:
    """DATABASE_URL of the test database pytest-django created (call after django_db_setup)."""
    from django.db import connection

    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(settings['NAME']).resolve()}"
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + settings["NAME"]))


# A helper, not a test. pytest reads this attribute; mypy knows no attributes of functions.
test_database_url.__test__ = False  # type: ignore[attr-defined]


class CeleryWorker:
    """A real ``celery -A kehr worker`` process (prefork, 2 children) in its own process group."""

    def __init__(self, database_url: str, log_path: Path) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.hostname = f"kehr-test-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
        self.proc: subprocess.Popen | None = None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def start(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("the Celery worker is already running")
        env = dict(os.environ)
        env["DATABASE_URL"] = self.database_url
        env["DJANGO_SETTINGS_MODULE"] = "kehr.settings"
        env["PYTHONPATH"] = os.pathsep.join(
            p
            for p in (
                str(BACKEND_DIR),
                str(REPO_DIR / "proxy"),
                str(REPO_DIR),
                env.get("PYTHONPATH", ""),
            )
            if p
        )
        env["PYTHONUNBUFFERED"] = "1"
        env.pop("CELERY_TASK_ALWAYS_EAGER", None)
        with self.log_path.open("ab") as log:
            log.write(f"\n===== starting worker {self.hostname} at {time.ctime()} =====\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "kehr", "worker", "--loglevel=INFO",
                 "--concurrency=2", "--pool=prefork", "--without-mingle", "--without-gossip",
                 "-n", self.hostname],
                cwd=REPO_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
                preexec_fn=die_with_parent(signal.SIGTERM),
            )  # fmt: skip
        self.wait_ready()

    def ping(self, timeout: float = 1.0) -> list[dict]:
        from kehr.celery import app

        return app.control.ping(destination=[self.hostname], timeout=timeout) or []

    def wait_ready(self, timeout: float = WORKER_START_TIMEOUT) -> None:
        proc = self.proc
        assert proc is not None, "start() the worker first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"the Celery worker exited with code {proc.returncode} while starting; "
                    f"log {self.log_path}:\n{log_tail(self.log_path)}"
                )
            if any(self.hostname in reply for reply in self.ping()):
                return
        self.kill()
        raise RuntimeError(
            f"the Celery worker {self.hostname} did not answer ping within {timeout:.0f} s; "
            f"log {self.log_path}:\n{log_tail(self.log_path)}"
        )

    def stop(self, timeout: float = 30.0) -> None:
        """Warm shutdown (SIGTERM: finish running tasks), SIGKILL after ``timeout``."""
        stop_process(self.proc, signal.SIGTERM, timeout=timeout)

    def kill(self) -> None:
        """Crash the worker: SIGKILL its whole process group, as a power cut would."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def restart(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.stop()
        self.start()

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, kehr_services):
    """A real Celery worker process on the test database, shared by the session.

    Tests that use it must also use ``transactional_db`` (or
    ``@pytest.mark.django_db(transaction=True)``): the worker is another process and sees
    only committed rows, and the plain ``db`` fixture never commits. They are marked
    ``worker`` automatically (``pytest -m worker`` runs them alone).

    The object has ``.log_path`` (a Path), ``.hostname``, ``.ping()``, ``.stop()`` (warm),
    ``.kill()`` (SIGKILL of the worker and its pool children) and ``.restart()``.
    A test that stops or kills the worker should ``restart()`` it before it ends.
    """
    with django_db_blocker.unblock():
        url = test_database_url()
    worker = CeleryWorker(url, kehr_services.root / f"celery-worker-{os.getpid()}.log")
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()

"""The installation's own files and folders, made by a start-up command, never by settings.

``python manage.py init_instance`` (run by ``./dev run``, the Docker image's entrypoint and
the test harness) creates, where missing:

* ``KEHR_VAR_DIR`` and ``<KEHR_VAR_DIR>/static`` (``STATIC_ROOT``);
* the filesystem broker's folders under ``KEHR_BROKER_DIR`` when ``CELERY_BROKER_URL`` is
  ``filesystem://``;
* ``<KEHR_VAR_DIR>/secret_key`` (mode 0600, random) unless ``SECRET_KEY`` is set.

It is idempotent and safe to run in several containers at once: the secret is written
under a temporary name and linked into place, so exactly one random key wins.

Importing the settings only reads: the settings name this command when the secret key is
missing. That is why the command runs before Django is set up (``manage.py`` calls
:func:`main` directly) and imports nothing of Django.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path

from kehr.env import REPO_DIR, ConfigurationError, env_str

INIT_COMMAND = "python manage.py init_instance"
SECRET_KEY_FILE = "secret_key"
#: Django's deploy check wants 50 characters or more; the environment may give 32 or more.
MIN_SECRET_KEY_LENGTH = 32
#: Folders kombu's filesystem transport and kehr.filesystem_broker read and write.
BROKER_FOLDERS = ("queue", "unacked", "processed", "control")


def var_dir() -> Path:
    """``KEHR_VAR_DIR``, default ``var/`` in the repository."""
    return Path(env_str("KEHR_VAR_DIR", str(REPO_DIR / "var"))).resolve()


def static_dir(var: Path) -> Path:
    return var / "static"


def broker_dir(var: Path) -> Path:
    """``KEHR_BROKER_DIR``, default ``<KEHR_VAR_DIR>/broker``."""
    return Path(env_str("KEHR_BROKER_DIR", str(var / "broker"))).resolve()


def uses_filesystem_broker() -> bool:
    return env_str("CELERY_BROKER_URL", "filesystem://").startswith("filesystem://")


def secret_key_file(var: Path) -> Path:
    return var / SECRET_KEY_FILE


def read_secret_key(var: Path) -> str:
    """``SECRET_KEY`` from the environment, else the one init_instance wrote into var/."""
    configured = env_str("SECRET_KEY", "")
    if configured:
        if len(configured) < MIN_SECRET_KEY_LENGTH:
            raise ConfigurationError(
                f"SECRET_KEY is too short: use at least {MIN_SECRET_KEY_LENGTH} random "
                "characters (50 or more for `manage.py check --deploy`)."
            )
        return configured
    path = secret_key_file(var)
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise ConfigurationError(
            f"No secret key: SECRET_KEY is not set and {path} does not exist. Run "
            f"`{INIT_COMMAND}` once (./dev run and the Docker image do), or set SECRET_KEY."
        ) from None
    if len(key) < MIN_SECRET_KEY_LENGTH:
        raise ConfigurationError(
            f"{path} holds no usable secret key (empty or shorter than "
            f"{MIN_SECRET_KEY_LENGTH} characters). Delete it and run `{INIT_COMMAND}` "
            "(sessions and password reset links made with the old key stop working)."
        )
    return key


def create_secret_key(path: Path) -> bool:
    """Write a new random key to ``path`` unless one is there; True if this call wrote it."""
    if path.exists():
        return False
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(secrets.token_urlsafe(50) + "\n")
        try:
            # A hard link fails if the name exists: of two processes racing, one key wins
            # and both go on with it (a rename would let the second replace the first).
            os.link(temporary, path)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()


def init_instance() -> list[str]:
    """Create what is missing (see the module docstring); returns what it created."""
    created: list[str] = []

    def folder(path: Path) -> None:
        if not path.is_dir():
            path.mkdir(parents=True, exist_ok=True)
            created.append(f"folder {path}")

    var = var_dir()
    folder(var)
    folder(static_dir(var))
    if uses_filesystem_broker():
        broker = broker_dir(var)
        for name in BROKER_FOLDERS:
            folder(broker / name)
    if not env_str("SECRET_KEY", "") and create_secret_key(secret_key_file(var)):
        created.append(f"secret key {secret_key_file(var)}")
    # The settings must now load: the same checks as theirs, so a bad key is named here.
    read_secret_key(var)
    return created


def main(argv: list[str]) -> int:
    """``manage.py init_instance [--quiet]``."""
    unknown = [arg for arg in argv if arg not in ("--quiet", "-q")]
    if unknown or len(argv) > 1:
        print(
            f"init_instance: unexpected arguments {' '.join(argv)}; usage: "
            f"{INIT_COMMAND} [--quiet]",
            file=sys.stderr,
        )
        return 2
    try:
        created = init_instance()
    except (ConfigurationError, OSError) as error:
        print(f"init_instance: {error}", file=sys.stderr)
        return 1
    if not argv:
        for line in created:
            print(f"created {line}")
        if not created:
            print(f"instance ready in {var_dir()} (nothing to create)")
    return 0

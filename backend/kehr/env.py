"""Strict parsing of settings from environment variables.

A wrong value stops start-up with a message that names the variable, what it
expected and what it got, instead of a half-configured server (healthchecks style).

Defaults from ``./dev run``: while it runs, ``<KEHR_VAR_DIR>/run.env`` holds the
settings it was started with (ports, hosts, database, …), so a ``manage.py`` command
in another shell talks to the same servers. Rules: a variable set in the environment
always wins; the file is read only while the ``./dev run`` that wrote it (its
``KEHR_RUN_PID``) is alive — ``./dev run`` deletes it when it stops, and one left by a
killed run is ignored; ``KEHR_VAR_DIR`` itself never comes from it (it says where the
file is). Format: ``NAME=VALUE`` lines, the value taken literally to the end of the line
(no quotes, no expansion); ``#`` comment lines and blank lines are allowed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigurationError(Exception):
    """A setting from the environment has a value Kehr cannot use."""


REPO_DIR = Path(__file__).resolve().parents[2]
RUN_FILE_NAME = "run.env"
RUN_PID = "KEHR_RUN_PID"
_NAME_RE = re.compile(r"^[A-Z_][A-Z0-9_]*$")
_run_cache: tuple[tuple, dict[str, str]] = ((), {})


def run_file() -> Path:
    """Where ``./dev run`` records its settings: ``<KEHR_VAR_DIR>/run.env``."""
    var = (os.environ.get("KEHR_VAR_DIR") or "").strip() or str(REPO_DIR / "var")
    return Path(var).resolve() / RUN_FILE_NAME


def parse_run_file(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if not sep or not _NAME_RE.match(name):
            raise ConfigurationError(
                f"{path}, line {number}: {line[:80]!r} is not NAME=VALUE. The file is written "
                "by ./dev run; delete it (or stop ./dev run and start it again)."
            )
        values[name] = value
    return values


def _alive(pid_text: str | None) -> bool:
    try:
        pid = int(pid_text or "")
    except ValueError:
        return False
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def run_defaults() -> dict[str, str]:
    """The settings of the running ``./dev run`` (empty when none runs; see above)."""
    global _run_cache
    path = run_file()
    try:
        stat = path.stat()
    except FileNotFoundError:
        return {}
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if _run_cache[0] != key:
        _run_cache = (key, parse_run_file(path))
    values = _run_cache[1]
    return values if _alive(values.get(RUN_PID)) else {}


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    if value is None and name != "KEHR_VAR_DIR":
        value = run_defaults().get(name)
    return None if value is None else value.strip()


def env_str(name: str, default: str) -> str:
    value = _raw(name)
    return default if value is None or value == "" else value


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ConfigurationError(
        f"{name}={value!r} is not a boolean: use one of 1/0, true/false, yes/no, on/off."
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = _raw(name)
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except ValueError:
        raise ConfigurationError(f"{name}={value!r} is not a whole number.") from None
    if minimum is not None and number < minimum:
        raise ConfigurationError(f"{name}={number} is too small: it must be at least {minimum}.")
    return number


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = env_str(name, default)
    if value not in choices:
        raise ConfigurationError(f"{name}={value!r} is not one of {', '.join(choices)}.")
    return value


_RATE_RE = re.compile(r"^\d+/(s|sec|second|m|min|minute|h|hour|d|day)$")


def env_rate(name: str, default: str) -> str:
    """A request rate in Django REST framework's syntax, e.g. 20/hour."""
    value = env_str(name, default)
    if not _RATE_RE.match(value):
        raise ConfigurationError(
            f"{name}={value!r} is not a rate: use NUMBER/PERIOD, e.g. 10/min or 20/hour."
        )
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; empty items are dropped."""
    value = _raw(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_parsed(name: str, default: str, parse: Callable[[str], T], expected: str) -> T:
    """Parse with a library function; its error becomes a message naming the variable."""
    value = env_str(name, default)
    try:
        return parse(value)
    except Exception as error:  # the parser's own message is kept in the chain
        raise ConfigurationError(f"{name}={value!r} is not {expected}: {error}") from error

"""Strict parsing of settings from environment variables.

A wrong value stops start-up with a message that names the variable, what it
expected and what it got, instead of a half-configured server (healthchecks style).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


class ConfigurationError(Exception):
    """A setting from the environment has a value Kehr cannot use."""


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
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

"""Archive proxy settings, read from the environment with strict helpers.

Read at call time (not import time) so a management command sees the environment
it was started with.

KEHR_ARCHIVE_DIR           WARC files + index.sqlite3 (default <KEHR_VAR_DIR>/archive)
KEHR_ARCHIVE_CA_DIR        the installation's CA, 0700/0600 (default <KEHR_VAR_DIR>/proxy-ca)
KEHR_ARCHIVE_RECORD_PORT   recorder port (default 8090); it listens on loopback only
                           unless KEHR_ARCHIVE_RECORD_HOST says otherwise
KEHR_ARCHIVE_RECORD_HOST   default 127.0.0.1
KEHR_ARCHIVE_REPLAY_PORT   replay proxy port (default 8091)
KEHR_ARCHIVE_REPLAY_HOST   default 127.0.0.1; anything else needs KEHR_ARCHIVE_PROXY_AUTH
KEHR_ARCHIVE_PROXY_AUTH    user:password for proxy authentication (default: none)
KEHR_ARCHIVE_ROLL_SIZE     bytes after which a WARC file is closed (default 1000000000)
KEHR_ARCHIVE_FUZZY_RULES   a JSON file of extra cache-buster rules (default: none)
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from kehr.env import ConfigurationError, env_int, env_str

LOOPBACK_NAMES = {"localhost"}


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host(name: str, default: str) -> str:
    value = env_str(name, default)
    if value in LOOPBACK_NAMES:
        return value
    try:
        ipaddress.ip_address(value)
    except ValueError:
        raise ConfigurationError(
            f"{name}={value!r} is not an IP address to listen on (e.g. 127.0.0.1 or 0.0.0.0)."
        ) from None
    return value


@dataclass(frozen=True)
class ArchiveSettings:
    archive_dir: Path
    ca_dir: Path
    record_host: str
    record_port: int
    replay_host: str
    replay_port: int
    proxy_auth: str
    roll_size: int
    fuzzy_rules: Path | None

    def listen(self, mode: str) -> tuple[str, int]:
        if mode == "record":
            return self.record_host, self.record_port
        return self.replay_host, self.replay_port


def get() -> ArchiveSettings:
    var = Path(settings.VAR_DIR)
    auth = env_str("KEHR_ARCHIVE_PROXY_AUTH", "")
    if auth and (":" not in auth or auth.startswith(":") or auth.endswith(":")):
        raise ConfigurationError(
            "KEHR_ARCHIVE_PROXY_AUTH must be user:password (both parts non-empty)."
        )
    rules = env_str("KEHR_ARCHIVE_FUZZY_RULES", "")
    if rules and not Path(rules).is_file():
        raise ConfigurationError(f"KEHR_ARCHIVE_FUZZY_RULES={rules!r} is not a file.")
    result = ArchiveSettings(
        archive_dir=Path(env_str("KEHR_ARCHIVE_DIR", str(var / "archive"))).resolve(),
        ca_dir=Path(env_str("KEHR_ARCHIVE_CA_DIR", str(var / "proxy-ca"))).resolve(),
        record_host=_host("KEHR_ARCHIVE_RECORD_HOST", "127.0.0.1"),
        record_port=env_int("KEHR_ARCHIVE_RECORD_PORT", 8090, minimum=0),
        replay_host=_host("KEHR_ARCHIVE_REPLAY_HOST", "127.0.0.1"),
        replay_port=env_int("KEHR_ARCHIVE_REPLAY_PORT", 8091, minimum=0),
        proxy_auth=auth,
        roll_size=env_int("KEHR_ARCHIVE_ROLL_SIZE", 1_000_000_000, minimum=1024),
        fuzzy_rules=Path(rules).resolve() if rules else None,
    )
    for name, port in (
        ("KEHR_ARCHIVE_RECORD_PORT", result.record_port),
        ("KEHR_ARCHIVE_REPLAY_PORT", result.replay_port),
    ):
        if port > 65535:
            raise ConfigurationError(f"{name}={port} is not a TCP port (0-65535).")
    for name, host in (
        ("KEHR_ARCHIVE_REPLAY_HOST", result.replay_host),
        ("KEHR_ARCHIVE_RECORD_HOST", result.record_host),
    ):
        if not _is_loopback(host) and not auth:
            raise ConfigurationError(
                f"{name}={host!r} listens beyond loopback: "
                "set KEHR_ARCHIVE_PROXY_AUTH=user:password."
            )
    return result

"""Archive proxy settings, read from the environment with strict helpers.

Read at call time (not import time) so a management command sees the environment
it was started with.

KEHR_ARCHIVE_DIR           WARC files + index.sqlite3 (default <KEHR_VAR_DIR>/archive)
KEHR_ARCHIVE_CA_DIR        the installation's CA, 0700/0600 (default <KEHR_VAR_DIR>/proxy-ca)
KEHR_ARCHIVE_RECORD_PORT   recorder port (default 8090); it listens on loopback only
                           unless KEHR_ARCHIVE_RECORD_HOST says otherwise
KEHR_ARCHIVE_RECORD_HOST   default 127.0.0.1; anything else needs KEHR_ARCHIVE_RECORD_AUTH
KEHR_ARCHIVE_VISIT_PORT    the recorder's second port, for live visits that are never
                           archived (harvest --visits; default: the record port + 2,
                           8092, or + 3 when that is the replay port); on the record host
KEHR_ARCHIVE_RECORD_AUTH   user:password of the recorder (default: none); never handed out
KEHR_ARCHIVE_REPLAY_PORT   replay proxy port (default 8091)
KEHR_ARCHIVE_REPLAY_HOST   default 127.0.0.1; anything else needs KEHR_ARCHIVE_REPLAY_AUTH
KEHR_ARCHIVE_REPLAY_AUTH   user:password of the replay proxy (default: none); the add-on
                           gets it from /api/annotator/config/. Must differ from the
                           recorder's: an annotator's login must not open the recorder.
KEHR_ARCHIVE_ALLOW_PRIVATE non-public addresses the recorder may fetch from: false (the
                           default), true, or networks such as 127.0.0.0/8,10.1.2.0/24
KEHR_ARCHIVE_ROLL_SIZE     bytes after which a WARC file is closed (default 1000000000)
KEHR_ARCHIVE_FUZZY_RULES   a JSON file of extra cache-buster rules (default: none)

KEHR_ARCHIVE_PROXY_AUTH (one login for both proxies) is gone: it is refused with a
message saying which of the two variables to set instead.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from kehr.env import ConfigurationError, env_int, env_str
from kehr_proxy.netguard import AddressPolicy

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
    visit_port: int
    replay_host: str
    replay_port: int
    record_auth: str
    replay_auth: str
    allow_private: str
    roll_size: int
    fuzzy_rules: Path | None

    def listen(self, mode: str) -> tuple[str, int]:
        if mode == "record":
            return self.record_host, self.record_port
        return self.replay_host, self.replay_port

    def auth(self, mode: str) -> str:
        """The proxy login of that mode ("" for none)."""
        return self.record_auth if mode == "record" else self.replay_auth


def _auth(name: str) -> str:
    value = env_str(name, "")
    if value and (":" not in value or value.startswith(":") or value.endswith(":")):
        raise ConfigurationError(f"{name} must be user:password (both parts non-empty).")
    return value


def _allow_private() -> str:
    value = env_str("KEHR_ARCHIVE_ALLOW_PRIVATE", "false")
    try:
        AddressPolicy.parse(value)
    except ValueError as error:
        raise ConfigurationError(f"KEHR_ARCHIVE_ALLOW_PRIVATE={value!r}: {error}") from None
    return value


def get() -> ArchiveSettings:
    var = Path(settings.VAR_DIR)
    if env_str("KEHR_ARCHIVE_PROXY_AUTH", ""):
        raise ConfigurationError(
            "KEHR_ARCHIVE_PROXY_AUTH is no longer read: the replay proxy and the recorder "
            "have separate logins. Rename it to KEHR_ARCHIVE_REPLAY_AUTH (the login "
            "annotators' add-ons get), and if the recorder listens beyond loopback give it "
            "a different one in KEHR_ARCHIVE_RECORD_AUTH."
        )
    record_auth = _auth("KEHR_ARCHIVE_RECORD_AUTH")
    replay_auth = _auth("KEHR_ARCHIVE_REPLAY_AUTH")
    if record_auth and record_auth == replay_auth:
        raise ConfigurationError(
            "KEHR_ARCHIVE_RECORD_AUTH equals KEHR_ARCHIVE_REPLAY_AUTH: every annotator gets "
            "the replay login, so the recorder needs a different one."
        )
    rules = env_str("KEHR_ARCHIVE_FUZZY_RULES", "")
    if rules and not Path(rules).is_file():
        raise ConfigurationError(f"KEHR_ARCHIVE_FUZZY_RULES={rules!r} is not a file.")
    record_port = env_int("KEHR_ARCHIVE_RECORD_PORT", 8090, minimum=0)
    replay_port = env_int("KEHR_ARCHIVE_REPLAY_PORT", 8091, minimum=0)
    # Two ports up from the recorder's, or three when the replay proxy has that one.
    visit_default = record_port + (3 if record_port + 2 == replay_port else 2) if record_port else 0
    result = ArchiveSettings(
        archive_dir=Path(env_str("KEHR_ARCHIVE_DIR", str(var / "archive"))).resolve(),
        ca_dir=Path(env_str("KEHR_ARCHIVE_CA_DIR", str(var / "proxy-ca"))).resolve(),
        record_host=_host("KEHR_ARCHIVE_RECORD_HOST", "127.0.0.1"),
        record_port=record_port,
        visit_port=env_int("KEHR_ARCHIVE_VISIT_PORT", visit_default, minimum=0),
        replay_host=_host("KEHR_ARCHIVE_REPLAY_HOST", "127.0.0.1"),
        replay_port=replay_port,
        record_auth=record_auth,
        replay_auth=replay_auth,
        allow_private=_allow_private(),
        roll_size=env_int("KEHR_ARCHIVE_ROLL_SIZE", 1_000_000_000, minimum=1024),
        fuzzy_rules=Path(rules).resolve() if rules else None,
    )
    for name, port in (
        ("KEHR_ARCHIVE_RECORD_PORT", result.record_port),
        ("KEHR_ARCHIVE_REPLAY_PORT", result.replay_port),
        ("KEHR_ARCHIVE_VISIT_PORT", result.visit_port),
    ):
        if port > 65535:
            raise ConfigurationError(f"{name}={port} is not a TCP port (0-65535).")
    if result.visit_port and result.visit_port in (result.record_port, result.replay_port):
        raise ConfigurationError(
            f"KEHR_ARCHIVE_VISIT_PORT={result.visit_port} is the record or replay port: "
            "give the recorder's visits listener a port of its own."
        )
    for mode, name, host in (
        ("replay", "KEHR_ARCHIVE_REPLAY_HOST", result.replay_host),
        ("record", "KEHR_ARCHIVE_RECORD_HOST", result.record_host),
    ):
        if not _is_loopback(host) and not result.auth(mode):
            raise ConfigurationError(
                f"{name}={host!r} listens beyond loopback: "
                f"set KEHR_ARCHIVE_{mode.upper()}_AUTH=user:password."
            )
    return result

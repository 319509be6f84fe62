"""Settings of the annotator pieces, read from the environment at call time.

KEHR_ANNOTATOR_REPLAY_PROXY  host:port of the replay proxy as annotators' browsers reach it
                             (default: the replay proxy's listen address; when that is a
                             wildcard such as 0.0.0.0, the host name the API was called under)
KEHR_ANNOTATOR_XPI           the built add-on to offer for download
                             (default: extension/web-ext-artifacts/kehr-annotator-VERSION.xpi)
KEHR_HOST / KEHR_PORT        where ./dev run serves Kehr (default 127.0.0.1 / 8000): the
                             server ``annotator_firefox`` presets (from var/run.env while
                             ./dev run runs, see kehr/env.py)
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from kehr.env import ConfigurationError, env_int, env_str

EXTENSION_DIR = Path(settings.REPO_DIR) / "extension"
MANIFEST = EXTENSION_DIR / "src" / "manifest.json"
GUIDELINES_PAGE = EXTENSION_DIR / "src" / "pages" / "guidelines.html"
SETUP_URL = "http://kehr.proxy/"  # answered by the replay proxy itself (proxy/kehr_proxy)
WILDCARDS = {"0.0.0.0", "::", ""}


@dataclass(frozen=True)
class ReplayProxy:
    host: str
    port: int
    username: str
    password: str


def extension_version() -> str:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["version"]


def extension_id() -> str:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["browser_specific_settings"]["gecko"][
        "id"
    ]


def minimum_firefox() -> str:
    """The oldest Firefox the add-on runs on (the manifest's strict_min_version, e.g. 140.0)."""
    gecko = json.loads(MANIFEST.read_text(encoding="utf-8"))["browser_specific_settings"]["gecko"]
    return gecko["strict_min_version"]


def xpi_path() -> Path:
    configured = env_str("KEHR_ANNOTATOR_XPI", "")
    if configured:
        return Path(configured)
    return EXTENSION_DIR / "web-ext-artifacts" / f"kehr-annotator-{extension_version()}.xpi"


def local_server() -> str:
    """The Kehr server on this machine: where ``./dev run`` serves it (KEHR_HOST/KEHR_PORT)."""
    host = env_str("KEHR_HOST", "127.0.0.1")
    port = env_int("KEHR_PORT", 8000, minimum=1)
    if port > 65535:
        raise ConfigurationError(f"KEHR_PORT={port} is not a TCP port (1-65535).")
    if host in WILDCARDS:  # listening everywhere: this machine reaches it on loopback
        host = "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _split_host_port(value: str, name: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigurationError(
            f"{name}={value!r} is not host:port (e.g. proxy.kehr.example.org:8091)."
        )
    return host, int(port)


def replay_proxy(request_host: str) -> ReplayProxy:
    """The replay proxy as an annotator's browser reaches it, with its proxy login.

    ``request_host`` is the host name the API was called under: behind a wildcard
    listen address, that is the name annotators already use to reach this server.
    """
    from archive import conf as archive_conf

    archive = archive_conf.get()
    # The replay login only: the recorder's is never handed out (archive/conf.py).
    username, _sep, password = archive.replay_auth.partition(":")
    configured = env_str("KEHR_ANNOTATOR_REPLAY_PROXY", "")
    if configured:
        host, port = _split_host_port(configured, "KEHR_ANNOTATOR_REPLAY_PROXY")
    else:
        host, port = archive.replay_host, archive.replay_port
        if host in WILDCARDS:
            host = request_host
        else:
            try:
                if ipaddress.ip_address(host).is_unspecified:
                    host = request_host
            except ValueError:
                pass
    return ReplayProxy(host=host, port=port, username=username, password=password)

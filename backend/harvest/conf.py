"""Harvester settings from the environment, parsed strictly (see kehr.env).

Read when a job is created and snapshotted into ``HarvestJob.settings`` (a
:class:`harvest.job_settings.HarvestSettings`, where the defaults live), so a job keeps
the settings it was started with even if the environment changes later.

=============================  ========  ===============================================
KEHR_HARVEST_DIR               VAR/harvest  screenshots and node rectangles
KEHR_HARVEST_ROBOTS            true      respect robots.txt
KEHR_HARVEST_USER_AGENT        KehrHarvester  the robots.txt user agent token
KEHR_HARVEST_HOST_DELAY_MS     1000      pause between two page loads on one host
KEHR_HARVEST_HOST_CONCURRENCY  1         page loads at the same time on one host
KEHR_HARVEST_SETTLE_MS         500       wait after the load event (scripts, fonts)
KEHR_HARVEST_PAGE_TIMEOUT_S    30        give up loading a page after this long
KEHR_HARVEST_ONE_PER_DOMAIN    false     keep at most one page per domain
KEHR_HARVEST_MAX_ATTEMPTS      3         a re-run retries a failed URL up to this often
KEHR_HARVEST_PROXY             archive   ``archive``: this installation's recorder
                                         (KEHR_ARCHIVE_RECORD_HOST/PORT, its CA and
                                         KEHR_ARCHIVE_DIR); ``direct``: no proxy and no
                                         archive; or host:port of another recorder
KEHR_HARVEST_PROXY_CA          (none)    CA certificate (PEM) of a host:port proxy
KEHR_HARVEST_FIREFOX           /usr/bin/firefox-esr
=============================  ========  ===============================================
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings

from harvest.job_settings import FIELDS, HOST_PORT_RE, HarvestSettings
from kehr.env import ConfigurationError, env_bool, env_int, env_str


def harvest_dir() -> Path:
    path = Path(env_str("KEHR_HARVEST_DIR", str(Path(settings.VAR_DIR) / "harvest"))).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


def firefox_binary() -> str:
    return env_str("KEHR_HARVEST_FIREFOX", "/usr/bin/firefox-esr")


def proxy_settings() -> dict[str, str]:
    """Where the harvester's Firefox sends its requests, and which archive they land in.

    The default is the installation's own recorder, so that every harvested page is
    frozen in the archive and replays later; harvesting without it is a deliberate
    choice (``direct``), not something an empty variable does silently.
    """
    value = env_str("KEHR_HARVEST_PROXY", "archive")
    if value == "direct":
        return {"proxy": "", "proxy_ca": "", "archive_dir": "", "visit_proxy": ""}
    from archive import conf as archive_conf

    archive = archive_conf.get()
    if value == "archive" and archive.record_auth:
        # Firefox driven over Marionette does not answer a proxy's 407 with a stored login
        # (tried: signon.autologin.proxy with a moz-proxy:// login), so every page would
        # time out. Say so now instead.
        raise ConfigurationError(
            "KEHR_ARCHIVE_RECORD_AUTH is set, but the harvester's Firefox cannot log in to "
            "a proxy: keep the recorder on loopback without a login (as ./dev run and "
            "docker-compose.yml do) and unset KEHR_ARCHIVE_RECORD_AUTH, or harvest through "
            "another recorder with KEHR_HARVEST_PROXY=host:port."
        )
    if value == "archive":
        host = archive.record_host
        if host in ("0.0.0.0", "::"):  # listening everywhere; we talk to it locally
            host = "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return {
            "proxy": f"{host}:{archive.record_port}",
            # Written by the recorder when it first starts; checked when a page loads.
            "proxy_ca": str(archive.ca_dir / "mitmproxy-ca-cert.pem"),
            "archive_dir": str(archive.archive_dir),
            # Live visits (visual stability) through the recorder's second listener.
            "visit_proxy": f"{host}:{archive.visit_port}" if archive.visit_port else "",
        }
    if not HOST_PORT_RE.match(value):
        raise ConfigurationError(
            f"KEHR_HARVEST_PROXY={value!r} is not 'archive', 'direct' or host:port "
            "(e.g. 127.0.0.1:8090)."
        )
    return {
        "proxy": value,
        "proxy_ca": _ca("KEHR_HARVEST_PROXY_CA"),
        # Another recorder may share our archive directory; if not, lookups find nothing.
        "archive_dir": str(archive.archive_dir),
        # Its visits listener, if it has one, is unknown: live visits go direct.
        "visit_proxy": "",
    }


def _ca(name: str) -> str:
    value = env_str(name, "")
    if value and not Path(value).is_file():
        raise ConfigurationError(f"{name}={value!r}: no such certificate file.")
    return value


# The per-job settings each variable sets (the defaults are on HarvestSettings).
SETTING_VARIABLES = {
    "robots": "KEHR_HARVEST_ROBOTS",
    "user_agent": "KEHR_HARVEST_USER_AGENT",
    "host_delay_ms": "KEHR_HARVEST_HOST_DELAY_MS",
    "host_concurrency": "KEHR_HARVEST_HOST_CONCURRENCY",
    "settle_ms": "KEHR_HARVEST_SETTLE_MS",
    "page_timeout_s": "KEHR_HARVEST_PAGE_TIMEOUT_S",
    "one_per_domain": "KEHR_HARVEST_ONE_PER_DOMAIN",
    "max_attempts": "KEHR_HARVEST_MAX_ATTEMPTS",
    "visits": "KEHR_HARVEST_VISITS",
    "visit_profiles": "KEHR_HARVEST_VISIT_PROFILES",
    "visit_wait_ms": "KEHR_HARVEST_VISIT_WAIT_MS",
}


def job_settings() -> HarvestSettings:
    """The settings a new job starts from: the defaults (harvest.job_settings) as this
    installation's environment changes them."""
    default = HarvestSettings()
    values: dict[str, Any] = {}
    for name, variable in SETTING_VARIABLES.items():
        spec, value = FIELDS[name], getattr(default, name)
        if spec.type == "bool":
            values[name] = env_bool(variable, value)
        elif spec.type == "int":
            values[name] = env_int(variable, value, minimum=spec.metadata["minimum"])
            maximum = spec.metadata["maximum"]
            if maximum is not None and values[name] > maximum:
                raise ConfigurationError(
                    f"{variable}={values[name]} is too large: it must be at most {maximum}."
                )
        else:
            values[name] = env_str(variable, value)
    values.update(proxy_settings())
    return HarvestSettings(**values)

"""The settings of one harvest job: a frozen, validated object, every default in one place.

Where a job's settings come from, in order:

1. the defaults below;
2. the installation's environment (``KEHR_HARVEST_*``, read by :func:`harvest.conf.job_settings`);
3. what the person starting the job changed for this job: the API's ``settings``, the
   admin form's fields, ``manage.py harvest --set NAME=VALUE``
   (:meth:`HarvestSettings.with_changes`; only :data:`PER_JOB` fields).

The result is stored with the job as JSON (``HarvestJob.settings``), so a re-run
behaves like the first run even after the environment changed, and every worker reads it
back with :meth:`HarvestSettings.from_stored` (``HarvestJob.harvest_settings``). Jobs
stored before a field existed get its default; keys no field knows any more are ignored.

Every way in is validated by ``__post_init__``; a bad value raises
:class:`HarvestSettingsError` naming the field, what it must be and what it got.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

# host:port or [IPv6]:port, as Firefox's proxy preferences take them.
HOST_PORT_RE = re.compile(r"^[A-Za-z0-9.\-]+:\d{1,5}$|^\[[0-9A-Fa-f:]+\]:\d{1,5}$")

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _setting(
    default: Any,
    help: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    per_job: bool = True,
):
    return field(
        default=default,
        metadata={"help": help, "minimum": minimum, "maximum": maximum, "per_job": per_job},
    )


class HarvestSettingsError(ValueError):
    """One or more settings are invalid; ``errors`` maps each field to what is wrong."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(f"{name}: {message}" for name, message in self.errors.items()))


@dataclass(frozen=True)
class HarvestSettings:
    robots: bool = _setting(True, "respect robots.txt")
    user_agent: str = _setting(
        "KehrHarvester", "the user-agent token robots.txt is read for", maximum=200
    )
    host_delay_ms: int = _setting(
        1000, "pause after a page load before the next one on the same host", minimum=0
    )
    host_concurrency: int = _setting(
        1, "page loads at the same time on one host (across all workers)", minimum=1
    )
    settle_ms: int = _setting(
        500, "wait after the load event and web fonts before capturing", minimum=0
    )
    page_timeout_s: int = _setting(30, "give up loading a page after this long", minimum=1)
    one_per_domain: bool = _setting(False, "keep at most one page per domain")
    max_attempts: int = _setting(3, "attempts per URL over all re-runs", minimum=1)
    # Visual stability (docs/methods.md): after a page is stored, visit it again live
    # this many times and keep a 1920x1080 screenshot of each visit.
    visits: int = _setting(
        0, "live visits per page for visual stability (0: none)", minimum=0, maximum=30
    )
    visit_profiles: int = _setting(
        1,
        "browser profiles (cookies, storage) the visits take turns with, so personalised "
        "ads differ",
        minimum=1,
        maximum=5,
    )
    visit_wait_ms: int = _setting(
        1000,
        "the visits' settle unit: wait 1, scroll 1,000 px, wait 3, back to the top, wait 1",
        minimum=0,
    )
    # Where the pages are fetched and archived: the installation's choice
    # (KEHR_HARVEST_PROXY), not something a job may change.
    proxy: str = _setting("", "host:port of the recording proxy; empty: direct", per_job=False)
    proxy_ca: str = _setting("", "the proxy's CA certificate (PEM file)", per_job=False)
    archive_dir: str = _setting("", "the recorder's archive directory", per_job=False)
    visit_proxy: str = _setting(
        "", "host:port of the recorder's live-visits listener; empty: direct", per_job=False
    )

    def __post_init__(self) -> None:
        errors = {}
        for spec in dataclasses.fields(self):
            message = _check(spec, getattr(self, spec.name))
            if message:
                errors[spec.name] = message
        for name in ("proxy", "visit_proxy"):
            value = getattr(self, name)
            if name not in errors and value and not HOST_PORT_RE.match(value):
                errors[name] = f"must be host:port (e.g. 127.0.0.1:8090) or empty, got {value!r}"

        if errors:
            raise HarvestSettingsError(errors)

    # -- reading ---------------------------------------------------------------------

    @classmethod
    def from_stored(cls, data: Mapping[str, Any] | None) -> HarvestSettings:
        """The settings stored with a job (``HarvestJob.settings``), old jobs included."""
        known = {spec.name for spec in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in known})

    def with_changes(
        self, changes: Mapping[str, Any], *, allowed: Iterable[str] | None = None
    ) -> HarvestSettings:
        """A copy with ``changes`` (JSON-typed values), validated; only ``allowed`` fields
        (default: :data:`PER_JOB`) may be changed."""
        allowed = set(PER_JOB if allowed is None else allowed)
        errors = {}
        for name in changes:
            if name not in FIELDS:
                errors[name] = f"no such setting (the settings are {', '.join(PER_JOB)})"
            elif name not in allowed and name in PER_JOB:  # allowed is RERUN
                errors[name] = (
                    f"a re-run keeps the job's own settings and may change only "
                    f"{', '.join(sorted(allowed))}; harvest the list as a new job to change "
                    "the others"
                )
            elif name not in allowed:
                errors[name] = "set by the installation (KEHR_HARVEST_PROXY), not per job"
        if errors:
            raise HarvestSettingsError(errors)
        return dataclasses.replace(self, **changes)

    def with_text_changes(
        self, assignments: Iterable[str], *, allowed: Iterable[str] | None = None
    ) -> HarvestSettings:
        """A copy with ``NAME=VALUE`` assignments (command-line text) applied; ``allowed``
        as for :meth:`with_changes`."""
        changes: dict[str, Any] = {}
        errors = {}
        for assignment in assignments:
            name, sep, text = assignment.partition("=")
            name = name.strip()
            if not sep or not name:
                errors[assignment] = "write NAME=VALUE, e.g. settle_ms=300"
                continue
            spec = FIELDS.get(name)
            if spec is None or spec.type not in ("bool", "int"):
                changes[name] = text  # strings as they are; unknown names fail below
                continue
            try:
                changes[name] = _from_text(spec, text.strip())
            except ValueError as error:
                errors[name] = str(error)
        if errors:
            raise HarvestSettingsError(errors)
        return self.with_changes(changes, allowed=allowed)

    # -- using -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """What is stored with the job."""
        return dataclasses.asdict(self)

    @property
    def stale_after(self) -> timedelta:
        """A running item older than this has lost its worker (a page takes far less)."""
        return timedelta(seconds=3 * self.page_timeout_s + 60)


FIELDS: dict[str, dataclasses.Field] = {
    spec.name: spec for spec in dataclasses.fields(HarvestSettings)
}
# The fields a job may set for itself (the API, the admin form, manage.py harvest --set).
PER_JOB: tuple[str, ...] = tuple(name for name, spec in FIELDS.items() if spec.metadata["per_job"])
# The fields a re-run may change (manage.py harvest --job N --set ...): the rest stay the
# job's own, so a re-run behaves like the first run. More attempts change only whether a
# failed URL is tried again, not how a page is loaded.
RERUN: tuple[str, ...] = ("max_attempts",)


def _check(spec: dataclasses.Field, value: Any) -> str:
    """What is wrong with ``value`` for the field, or an empty string."""
    # Annotations are strings here (``from __future__ import annotations``).
    if spec.type == "bool":
        if not isinstance(value, bool):
            return f"must be true or false, got {value!r}"
    elif spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be a whole number, got {value!r}"
        minimum, maximum = spec.metadata["minimum"], spec.metadata["maximum"]
        if minimum is not None and value < minimum:
            return f"must be {minimum} or more, got {value}"
        if maximum is not None and value > maximum:
            return f"must be {maximum} or less, got {value}"
    elif not isinstance(value, str):
        return f"must be text, got {value!r}"
    elif spec.metadata["maximum"] is not None and len(value) > spec.metadata["maximum"]:
        return f"must be at most {spec.metadata['maximum']} characters, got {len(value)}"
    return ""


def _from_text(spec: dataclasses.Field, text: str) -> bool | int:
    if spec.type == "bool":
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError(f"{text!r} is not a boolean: use one of 1/0, true/false, yes/no, on/off")
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"must be a whole number, got {text!r}") from None

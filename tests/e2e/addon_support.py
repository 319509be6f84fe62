"""What the signed add-on's e2e tests share: signing with the fake AMO service, and a
Firefox under Marionette that is always stopped."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from django.core.management import call_command

from kehr import firefox as launcher
from kehr.processes import free_port
from tests.e2e.support import EXTENSION


def sign(server: str) -> None:
    """``manage.py addon sign`` of the built add-on for ``server``, without waiting
    between polls (the fake service answers at once)."""
    call_command(
        "addon", "sign", "--source", str(EXTENSION / "build"), "--server", server,
        "--poll", "0", stdout=io.StringIO(),
    )  # fmt: skip


@contextlib.contextmanager
def marionette_firefox(profile: Path, prefs: Mapping[str, object], binary: str) -> Iterator[Any]:
    """A headless Firefox with system access on a fresh profile, and its Marionette
    client; the session is closed and Firefox stopped however the test ends."""
    profile.mkdir()
    port = free_port()
    process = launcher.start_firefox(
        profile, prefs, binary=binary, headless=True, marionette_port=port,
        system_access=True,
    )  # fmt: skip
    client = None
    try:
        client = launcher.connect_marionette(port, process)
        yield client
    finally:
        if client is not None:
            with contextlib.suppress(Exception):  # Firefox may be gone already
                client.delete_session()
        launcher.stop_firefox(process)

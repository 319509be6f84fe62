"""A Firefox profile ready for annotating: the add-on installed, the replay proxy's CA
trusted, the server preset. Used by ``manage.py annotator_firefox`` and by the
end-to-end tests (which then drive that very profile).

KrdWrd recommended a separate Firefox profile for annotating. Kehr does not need one
(the add-on routes only its own tabs through the replay proxy), but some people prefer
it; this makes one in a single command.

Preparing runs Firefox once, headless, under Marionette: the CA goes into the
profile's certificate database (``nsIX509CertDB``, as the harvester does; both
start Firefox with kehr/firefox.py) and the add-on is installed permanently through the add-on
manager. Then Firefox quits, and the annotator's Firefox starts on the profile without
any remote control. The add-on is not signed by addons.mozilla.org, so the profile
turns ``xpinstall.signatures.required`` off, which Firefox ESR, Developer Edition and
Nightly honour (release Firefox does not: there the add-on must be signed).
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from kehr import firefox as launcher
from kehr.processes import free_port

DEFAULT_FIREFOX = launcher.DEFAULT_BINARY
UUID_FILE = "kehr-extension-uuid"

# Quiet, private, no first-run pages; the add-on may be unsigned (see module docstring).
PREFS: dict[str, object] = {
    **launcher.QUIET_PREFS,
    "xpinstall.signatures.required": False,
    "extensions.autoDisableScopes": 0,
    "trailhead.firstrun.didSeeAboutWelcome": True,
    # Corpora harvested from a local test site have 127.0.0.1 URLs; without this Firefox
    # would never send them to a proxy. Only annotation tabs are proxied at all.
    "network.proxy.allow_hijacking_localhost": True,
}


class LauncherError(Exception):
    """Something the person running the command can fix; the message says what."""


@dataclass(frozen=True)
class AnnotatorProfile:
    path: Path
    extension_uuid: str

    def extension_url(self, page: str) -> str:
        return f"moz-extension://{self.extension_uuid}/{page}"

    def options_url(self, server: str = "") -> str:
        """The add-on's options, with the server filled in (the annotator logs in there)."""
        fragment = f"#server={quote(server, safe='')}" if server else ""
        return self.extension_url("options/options.html") + fragment


def pem_to_base64_der(pem: str) -> str:
    """The CA's base64 DER body (see kehr.firefox), or a LauncherError saying what is wrong."""
    try:
        return launcher.pem_to_base64_der(pem)
    except ValueError as error:
        raise LauncherError(f"the CA file is {error}") from None


def _prefs(extension_id: str, extension_uuid: str) -> dict[str, object]:
    prefs = dict(PREFS)
    # A known moz-extension:// address for the add-on's pages in this profile (random
    # per profile, like Firefox's own, so web pages cannot guess it).
    prefs["extensions.webextensions.uuids"] = json.dumps({extension_id: extension_uuid})
    return prefs


def start_firefox(
    profile: AnnotatorProfile,
    *,
    firefox: str = DEFAULT_FIREFOX,
    headless: bool = False,
    url: str = "",
    marionette_port: int = 0,
    system_access: bool = False,
    extension_id: str,
) -> subprocess.Popen:
    """Start Firefox on the profile; with ``marionette_port`` it can be remote-controlled
    (and then dies with the process that controls it, see kehr.firefox)."""
    try:
        return launcher.start_firefox(
            profile.path,
            _prefs(extension_id, profile.extension_uuid),
            binary=firefox,
            headless=headless,
            marionette_port=marionette_port,
            system_access=system_access,
            url=url,
            # The person's Firefox: Ctrl-C in the terminal ends the command, not Firefox.
            own_session=True,
        )
    except launcher.FirefoxNotFound:
        raise LauncherError(
            f"Firefox not found at {firefox}: install it (apt-get install firefox-esr) "
            "or give its path with --firefox"
        ) from None


def toolbar_widget_id(extension_id: str) -> str:
    """The id Firefox gives the add-on's toolbar button (its makeWidgetId + suffix)."""
    return re.sub(r"[^a-z0-9_-]", "_", extension_id.lower()) + "-browser-action"


def prepare_profile(
    path: Path,
    *,
    xpi: Path,
    extension_id: str,
    ca_pem: str | None,
    firefox: str = DEFAULT_FIREFOX,
) -> AnnotatorProfile:
    """Create (or update) the profile: add-on installed permanently, CA trusted."""
    from marionette_driver.addons import Addons

    if not xpi.is_file():
        raise LauncherError(
            f"the add-on package {xpi} does not exist: build it with "
            "`cd extension && npm ci && npm run build`"
        )
    if ca_pem:
        pem_to_base64_der(ca_pem)  # a bad CA file stops here, before Firefox starts
    path.mkdir(parents=True, exist_ok=True)
    uuid_file = path / UUID_FILE
    if not uuid_file.exists():
        uuid_file.write_text(str(uuid.uuid4()))
    profile = AnnotatorProfile(path=path, extension_uuid=uuid_file.read_text().strip())
    port = free_port()
    process = start_firefox(
        profile,
        firefox=firefox,
        headless=True,
        marionette_port=port,
        system_access=True,
        extension_id=extension_id,
    )
    client = None
    try:
        client = launcher.connect_marionette(port, process)
        installed = Addons(client).install(str(xpi.resolve()))
        if installed != extension_id:
            raise LauncherError(f"installed add-on {installed!r}, expected {extension_id!r}")
        with client.using_context("chrome"):
            # The broom on the toolbar, not hidden in the extensions menu.
            client.execute_script(
                "CustomizableUI.addWidgetToArea(arguments[0], CustomizableUI.AREA_NAVBAR);",
                script_args=[toolbar_widget_id(extension_id)],
            )
        if ca_pem:
            launcher.trust_ca(client, ca_pem)
        # Quit from inside, so the add-on database and preferences are written out.
        client.set_context("chrome")
        with contextlib.suppress(Exception):  # the connection ends with Firefox
            client.execute_script("Services.startup.quit(Ci.nsIAppStartup.eAttemptQuit);")
        client = None
        process.wait(30)
    finally:
        if client is not None:
            with contextlib.suppress(Exception):
                client.delete_session()
        launcher.stop_firefox(process)
    return profile


def reset_profile(path: Path) -> None:
    """Delete a profile made by this module (refuses other directories)."""
    if path.exists():
        if not (path / UUID_FILE).exists():
            raise LauncherError(
                f"{path} is not a profile made by annotator_firefox; refusing to delete it"
            )
        shutil.rmtree(path)

"""A Firefox profile ready for annotating: the add-on installed, the replay proxy's CA
trusted, the server preset. Used by ``manage.py annotator_firefox`` and by the
end-to-end tests (which then drive that very profile).

KrdWrd recommended a separate Firefox profile for annotating. Kehr does not need one
(the add-on routes only its own tabs through the replay proxy), but some people prefer
it; this makes one in a single command.

Preparing runs Firefox once, headless, under Marionette: the CA goes into the
profile's certificate database (``nsIX509CertDB``, as the harvester does, see
harvest/browser.py) and the add-on is installed permanently through the add-on
manager. Then Firefox quits, and the annotator's Firefox starts on the profile without
any remote control. The add-on is not signed by addons.mozilla.org, so the profile
turns ``xpinstall.signatures.required`` off, which Firefox ESR, Developer Edition and
Nightly honour (release Firefox does not: there the add-on must be signed).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

DEFAULT_FIREFOX = "/usr/bin/firefox-esr"
UUID_FILE = "kehr-extension-uuid"
START_TIMEOUT_S = 60

# Quiet, private, no first-run pages; the add-on may be unsigned (see module docstring).
PREFS: dict[str, object] = {
    "xpinstall.signatures.required": False,
    "extensions.autoDisableScopes": 0,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "app.update.enabled": False,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pem_to_base64_der(pem: str) -> str:
    lines = [line.strip() for line in pem.splitlines()]
    try:
        start = lines.index("-----BEGIN CERTIFICATE-----")
        end = lines.index("-----END CERTIFICATE-----", start)
    except ValueError:
        raise LauncherError("the CA file is not a PEM certificate (no BEGIN/END lines)") from None
    body = "".join(lines[start + 1 : end])
    base64.b64decode(body, validate=True)
    return body


def _write_prefs(profile: Path, extension_id: str, extension_uuid: str, extra=None) -> None:
    prefs = dict(PREFS)
    # A known moz-extension:// address for the add-on's pages in this profile (random
    # per profile, like Firefox's own, so web pages cannot guess it).
    prefs["extensions.webextensions.uuids"] = json.dumps({extension_id: extension_uuid})
    prefs.update(extra or {})
    text = "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
    (profile / "user.js").write_text(text)


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
    """Start Firefox on the profile; with ``marionette_port`` it can be remote-controlled."""
    extra: dict[str, object] = {}
    args = [firefox, "--no-remote", "--profile", str(profile.path)]
    if headless:
        args.append("--headless")
    if marionette_port:
        extra["marionette.port"] = marionette_port
        args.append("--marionette")
        if system_access:
            args.append("-remote-allow-system-access")
    _write_prefs(profile.path, extension_id, profile.extension_uuid, extra)
    if url:
        args.append(url)
    env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1")
    if headless:
        env["MOZ_HEADLESS"] = "1"
    try:
        return subprocess.Popen(
            args,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except FileNotFoundError:
        raise LauncherError(
            f"Firefox not found at {firefox}: install it (apt-get install firefox-esr) "
            "or give its path with --firefox"
        ) from None


def stop_firefox(process: subprocess.Popen, timeout: float = 15) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def toolbar_widget_id(extension_id: str) -> str:
    """The id Firefox gives the add-on's toolbar button (its makeWidgetId + suffix)."""
    return re.sub(r"[^a-z0-9_-]", "_", extension_id.lower()) + "-browser-action"


def connect_marionette(port: int, process: subprocess.Popen, timeout: float = START_TIMEOUT_S):
    """A Marionette session with the Firefox just started on ``port``.

    Right after start-up the server sometimes accepts a connection and closes it
    without a word ("No data received over socket"); a new attempt then succeeds.
    """
    from marionette_driver.marionette import Marionette

    deadline = time.monotonic() + timeout
    while True:
        client = Marionette(host="127.0.0.1", port=port, startup_timeout=timeout)
        try:
            client.start_session()
            return client
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.5)


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
    der = pem_to_base64_der(ca_pem) if ca_pem else None
    path.mkdir(parents=True, exist_ok=True)
    uuid_file = path / UUID_FILE
    if not uuid_file.exists():
        uuid_file.write_text(str(uuid.uuid4()))
    profile = AnnotatorProfile(path=path, extension_uuid=uuid_file.read_text().strip())
    port = _free_port()
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
        client = connect_marionette(port, process)
        installed = Addons(client).install(str(xpi.resolve()))
        if installed != extension_id:
            raise LauncherError(f"installed add-on {installed!r}, expected {extension_id!r}")
        with client.using_context("chrome"):
            # The broom on the toolbar, not hidden in the extensions menu.
            client.execute_script(
                "CustomizableUI.addWidgetToArea(arguments[0], CustomizableUI.AREA_NAVBAR);",
                script_args=[toolbar_widget_id(extension_id)],
            )
        if der:
            with client.using_context("chrome"):
                client.execute_script(
                    """
                    const db = Cc["@mozilla.org/security/x509certdb;1"]
                      .getService(Ci.nsIX509CertDB);
                    db.addCertFromBase64(arguments[0], "C,C,C");
                    """,
                    script_args=[der],
                )
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
        stop_firefox(process)
    return profile


def reset_profile(path: Path) -> None:
    """Delete a profile made by this module (refuses other directories)."""
    if path.exists():
        if not (path / UUID_FILE).exists():
            raise LauncherError(
                f"{path} is not a profile made by annotator_firefox; refusing to delete it"
            )
        shutil.rmtree(path)

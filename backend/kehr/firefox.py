"""Starting Firefox ESR on a profile directory, and Marionette sessions with it.

The one launcher behind the harvester's headless browser (harvest/browser.py), the
annotator's profile (annotator/firefox.py, ``manage.py annotator_firefox``), the
end-to-end tests (tests/e2e/support.py) and the benches. Each caller brings its own
profile directory and its own preferences on top of :data:`QUIET_PREFS`.

Plain Python below every app (no Django), so both apps can import it
(docs/architecture.md, "App layers").

Why Firefox is started here and not by mozrunner (``Marionette(bin=...)``): mozrunner
puts Firefox in its own process group and gives it no parent-death signal, so a
worker killed with SIGKILL would leave its Firefox running for ever. Here a
remote-controlled Firefox gets a parent-death signal (:func:`kehr.processes.die_with_parent`)
and Marionette attaches to its port.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kehr.processes import die_with_parent

if TYPE_CHECKING:
    from marionette_driver.marionette import Marionette

DEFAULT_BINARY = "/usr/bin/firefox-esr"
START_TIMEOUT_S = 60

# No updates, telemetry, first-run or default-browser pages: every Kehr profile wants
# these; each caller adds its own (the harvester turns caches and background requests
# off, the annotator's profile allows the unsigned add-on).
QUIET_PREFS: dict[str, object] = {
    "app.update.enabled": False,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
}

_ADD_CA_JS = """
const db = Cc["@mozilla.org/security/x509certdb;1"].getService(Ci.nsIX509CertDB);
db.addCertFromBase64(arguments[0], "C,C,C");
"""

_TRUSTS_CA_JS = """
const db = Cc["@mozilla.org/security/x509certdb;1"].getService(Ci.nsIX509CertDB);
const cert = db.constructX509FromBase64(arguments[0]);
return db.isCertTrusted(cert, Ci.nsIX509Cert.CA_CERT, Ci.nsIX509CertDB.TRUSTED_SSL);
"""


class FirefoxNotFound(FileNotFoundError):
    """The Firefox binary does not exist; the message says how to install it."""


def pem_to_base64_der(pem: str) -> str:
    """The base64 DER body of the first certificate in ``pem`` (what nsIX509CertDB takes).

    Raises ValueError (naming what is wrong) for text that is not a PEM certificate:
    better here than as an obscure failure inside Firefox.
    """
    lines = [line.strip() for line in pem.splitlines()]
    try:
        start = lines.index("-----BEGIN CERTIFICATE-----")
        end = lines.index("-----END CERTIFICATE-----", start)
    except ValueError:
        raise ValueError("not a PEM certificate (no BEGIN/END CERTIFICATE lines)") from None
    body = "".join(lines[start + 1 : end])
    try:
        base64.b64decode(body, validate=True)
    except ValueError:
        raise ValueError("not a PEM certificate (its body is not base64)") from None
    return body


def prefs_js(prefs: Mapping[str, object]) -> str:
    """``user.js`` text setting ``prefs`` (read by Firefox at every start)."""
    return "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())


def start_firefox(
    profile: Path,
    prefs: Mapping[str, object],
    *,
    binary: str = DEFAULT_BINARY,
    headless: bool = True,
    marionette_port: int = 0,
    system_access: bool = False,
    url: str = "",
    own_session: bool = False,
) -> subprocess.Popen:
    """Start Firefox on ``profile`` with ``prefs`` (written to its ``user.js`` first).

    With ``marionette_port`` it listens for Marionette there and dies with the thread
    that started it (a remote-controlled Firefox is no use without its controller);
    ``system_access`` allows chrome-context scripts (needed since Firefox 138 to trust
    a CA, see :func:`trust_ca`). ``own_session`` puts it in its own process group, away
    from the terminal's Ctrl-C (a person's Firefox started by a command).
    """
    all_prefs = dict(prefs)
    args = [binary, "--no-remote", "--profile", str(profile)]
    if headless:
        args.append("--headless")
    if marionette_port:
        all_prefs["marionette.port"] = marionette_port
        args.append("--marionette")
        if system_access:
            args.append("-remote-allow-system-access")
    if url:
        args.append(url)
    (profile / "user.js").write_text(prefs_js(all_prefs))
    env = dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1")
    if headless:
        env["MOZ_HEADLESS"] = "1"
    # Workers may run without a home directory; Firefox wants one for its caches.
    env.setdefault("HOME", str(profile))
    try:
        return subprocess.Popen(
            args,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=own_session,
            preexec_fn=die_with_parent(signal.SIGKILL) if marionette_port else None,
        )
    except FileNotFoundError:
        raise FirefoxNotFound(
            f"Firefox not found at {binary}: install it (apt-get install firefox-esr) "
            "or give the path of another Firefox ESR"
        ) from None


def connect_marionette(
    port: int,
    process: subprocess.Popen,
    *,
    timeout: float = START_TIMEOUT_S,
    capabilities: dict[str, Any] | None = None,
) -> Marionette:
    """A Marionette session with the Firefox ``process`` just started on ``port``.

    Right after start-up the server sometimes accepts a connection and closes it
    without a word ("No data received over socket"); a new attempt then succeeds.
    A Firefox that exited meanwhile ends the waiting at once.
    """
    from marionette_driver.marionette import Marionette

    deadline = time.monotonic() + timeout
    while True:
        client = Marionette(host="127.0.0.1", port=port, startup_timeout=timeout)
        try:
            client.start_session(capabilities)
            return client
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def trust_ca(client: Marionette, pem: str) -> None:
    """Add a CA to the profile's certificate database as a trusted root.

    Done in the chrome context with nsIX509CertDB: per profile, no policies.json
    (global to the Firefox installation) and no certutil binary needed. The Firefox
    must have been started with ``system_access``.
    """
    der = pem_to_base64_der(pem)
    with client.using_context("chrome"):
        client.execute_script(_ADD_CA_JS, script_args=[der])


def trusts_ca(client: Marionette, pem: str) -> bool:
    """Whether the profile trusts ``pem`` as a CA for TLS servers."""
    der = pem_to_base64_der(pem)
    with client.using_context("chrome"):
        return bool(client.execute_script(_TRUSTS_CA_JS, script_args=[der]))


def stop_firefox(process: subprocess.Popen, timeout: float = 15) -> None:
    """Ask Firefox to quit (SIGTERM), then kill it (and its process group, if it has
    its own) when it has not quit after ``timeout`` seconds."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.terminate()
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if os.getpgid(process.pid) == process.pid:
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
        process.wait(10)

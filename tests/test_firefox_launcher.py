"""kehr.firefox and kehr.processes: the one launcher of Firefox ESR (harvester, annotator
profile, tests, benches) and the helpers every started process shares. Real processes,
real Firefox ESR."""

from __future__ import annotations

import base64
import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from annotator import firefox as annotator_firefox
from harvest.browser import (
    BASE_PREFS,
    NO_DIRECT_TRAFFIC_PREFS,
    VISIT_PREFS,
    VISIT_VIEWPORT,
    Browser,
)
from kehr import firefox
from kehr.processes import free_port
from kehr_proxy import ca as proxy_ca
from tests.e2e.support import wait_for

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ca_pem(tmp_path_factory) -> str:
    return proxy_ca.ensure_ca(tmp_path_factory.mktemp("ca")).read_text()


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def run_and_kill_parent(code: str) -> int:
    """Run ``code`` in a parent process that prints a child's pid, SIGKILL the parent
    (no clean-up code runs), return the child's pid."""
    parent = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO / "backend"), str(REPO)])),
    )
    assert parent.stdout is not None  # a pipe
    try:
        child = int(parent.stdout.readline())
        assert alive(child)
    finally:
        parent.kill()
        parent.wait(10)
    return child


def test_free_port_is_free():
    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))  # nothing else holds it


def test_a_child_started_with_die_with_parent_dies_with_it():
    child = run_and_kill_parent(
        """
        import subprocess, signal, time
        from kehr.processes import die_with_parent
        p = subprocess.Popen(["sleep", "600"], preexec_fn=die_with_parent(signal.SIGTERM))
        print(p.pid, flush=True)
        time.sleep(600)
        """
    )
    wait_for(lambda: not alive(child), what=f"sleep {child} to die with its parent")


def test_pem_to_base64_der_reads_the_certificate(ca_pem):
    der = base64.b64decode(firefox.pem_to_base64_der(ca_pem))
    expected = x509.load_pem_x509_certificate(ca_pem.encode()).public_bytes(
        serialization.Encoding.DER
    )
    assert der == expected


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("hello", "no BEGIN/END CERTIFICATE lines"),
        ("-----BEGIN CERTIFICATE-----\n%%%\n-----END CERTIFICATE-----\n", "not base64"),
    ],
)
def test_pem_to_base64_der_says_what_is_wrong(text, problem):
    with pytest.raises(ValueError, match=problem):
        firefox.pem_to_base64_der(text)
    # The annotator's command turns it into a message for the person running it.
    with pytest.raises(
        annotator_firefox.LauncherError, match=f"the CA file is not a PEM.*{problem}"
    ):
        annotator_firefox.pem_to_base64_der(text)


def test_every_profile_is_quiet():
    """The prefs every Kehr Firefox shares are in both callers' sets."""
    for prefs in (BASE_PREFS, annotator_firefox.PREFS):
        assert firefox.QUIET_PREFS.items() <= prefs.items()


def test_every_harvesting_profile_has_no_direct_channel():
    """Issue 26 item 3: WebRTC, DNS prefetch and speculative connections bypass the
    recording proxy. Every Firefox the harvester starts (pages, visits, replay checks:
    all are harvest.browser.Browser) turns them off, with or without a proxy."""
    assert NO_DIRECT_TRAFFIC_PREFS["media.peerconnection.enabled"] is False
    for browser in (
        Browser(),
        Browser(proxy="127.0.0.1:8091"),
        Browser(viewport=VISIT_VIEWPORT, prefs=VISIT_PREFS, proxy="[::1]:8092"),
    ):
        assert NO_DIRECT_TRAFFIC_PREFS.items() <= browser._prefs().items()


def test_a_missing_firefox_is_named(tmp_path):
    with pytest.raises(firefox.FirefoxNotFound, match="apt-get install firefox-esr"):
        firefox.start_firefox(tmp_path, {}, binary=str(tmp_path / "no-firefox"))


@pytest.mark.timeout(240)
def test_firefox_under_marionette_trusts_a_ca_and_dies_with_its_controller(tmp_path, ca_pem):
    """The parts together: prefs written, Marionette attached, the CA trusted in the
    profile, and the Firefox gone when the process driving it is SIGKILLed."""
    port = free_port()
    process = firefox.start_firefox(
        tmp_path, {"browser.startup.page": 0}, marionette_port=port, system_access=True
    )
    client = None
    try:
        assert f'user_pref("marionette.port", {port});' in (tmp_path / "user.js").read_text()
        client = firefox.connect_marionette(port, process)
        assert firefox.trusts_ca(client, ca_pem) is False
        firefox.trust_ca(client, ca_pem)
        assert firefox.trusts_ca(client, ca_pem) is True
    finally:
        if client is not None:
            client.delete_session()
        firefox.stop_firefox(process)
    assert process.poll() is not None

    profile = tmp_path / "driven"
    profile.mkdir()
    browser_pid = run_and_kill_parent(
        f"""
        import time
        from kehr import firefox
        from kehr.processes import free_port
        port = free_port()
        process = firefox.start_firefox(
            __import__("pathlib").Path({str(profile)!r}), {{}}, marionette_port=port
        )
        firefox.connect_marionette(port, process)
        print(process.pid, flush=True)
        time.sleep(600)
        """
    )
    try:
        wait_for(lambda: not alive(browser_pid), timeout=60, what="Firefox to die with its parent")
    finally:
        if alive(browser_pid):
            os.kill(browser_pid, signal.SIGKILL)

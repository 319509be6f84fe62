"""``manage.py annotator_firefox`` prepares a profile a real Firefox ESR starts with:
the built add-on installed for good, this installation's replay proxy CA trusted."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from annotator import conf, firefox
from kehr import firefox as launcher
from kehr.processes import free_port
from tests.e2e.support import wait_for

pytestmark = [pytest.mark.timeout(180)]


def test_prepared_profile_has_the_add_on_and_trusts_the_ca(xpi, tmp_path, monkeypatch, db):
    ca_dir = tmp_path / "proxy-ca"
    monkeypatch.setenv("KEHR_ARCHIVE_CA_DIR", str(ca_dir))
    profile_dir = tmp_path / "annotator-firefox"
    call_command("annotator_firefox", "--prepare-only", "--profile", str(profile_dir))
    # The CA did not exist yet: it was made where the replay proxy will find it.
    pem = (ca_dir / "mitmproxy-ca-cert.pem").read_text()

    profile = firefox.AnnotatorProfile(
        profile_dir, (profile_dir / firefox.UUID_FILE).read_text().strip()
    )
    port = free_port()
    process = firefox.start_firefox(
        profile,
        headless=True,
        marionette_port=port,
        system_access=True,
        extension_id=conf.extension_id(),
    )
    client = None
    try:
        client = launcher.connect_marionette(port, process)
        client.navigate(profile.options_url("https://kehr.example.org"))
        assert client.title == "Kehr annotator: options"
        server_field = wait_for(
            lambda: client.execute_script("return document.getElementById('server').value"),
            what="the options page to fill in the server",
        )
        assert server_field == "https://kehr.example.org"
        with client.using_context("chrome"):
            addon = client.execute_async_script(
                """
                const done = arguments[arguments.length - 1];
                const { AddonManager } = ChromeUtils.importESModule(
                  "resource://gre/modules/AddonManager.sys.mjs");
                AddonManager.getAddonByID(arguments[0]).then((a) => done(a && {
                  active: a.isActive, temporary: a.temporarilyInstalled, version: a.version}));
                """,
                script_args=[conf.extension_id()],
            )
            # Asked here in its own words, not through the launcher under test.
            trusted = client.execute_script(
                """
                const db = Cc["@mozilla.org/security/x509certdb;1"].getService(Ci.nsIX509CertDB);
                const cert = db.constructX509FromBase64(arguments[0]);
                return db.isCertTrusted(cert, Ci.nsIX509Cert.CA_CERT, Ci.nsIX509CertDB.TRUSTED_SSL);
                """,
                script_args=[firefox.pem_to_base64_der(pem)],
            )
        assert addon == {"active": True, "temporary": False, "version": conf.extension_version()}
        assert trusted is True
    finally:
        if client is not None:
            client.delete_session()
        launcher.stop_firefox(process)

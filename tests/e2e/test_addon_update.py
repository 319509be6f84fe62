"""A signed add-on updating itself in real Firefox from this server's updates.json.

Version N is signed (by the fake AMO of tests/amo_fake.py) and installed from the live
server, the annotator's settings and a draft are written, N+1 is signed, Firefox's own
update check (AddonManager, as about:addons → Check for Updates) fetches updates.json
and installs N+1, and the settings and the draft are still there.

The fake service's signature files are not Mozilla's, so the profile lets unsigned
add-ons in (xpinstall.signatures.required off, as for every end-to-end test) and lets
updates come over plain http on loopback (the live server has no TLS; a real
deployment's update_url is https, which ``addon sign`` insists on off loopback).
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import pytest

from annotator import addon_store
from annotator import firefox as annotator_firefox
from tests.amo_fake import ISSUER, SECRET, FakeAmo, FakeAmoServer
from tests.e2e.addon_support import marionette_firefox, sign

# Chrome-context script: ask AddonManager for an update of arguments[0] and install it.
UPDATE = """
const [id, resolve] = arguments;
const { AddonManager } = ChromeUtils.importESModule("resource://gre/modules/AddonManager.sys.mjs");
AddonManager.getAddonByID(id).then((addon) => {
  addon.findUpdates({
    onUpdateAvailable(_addon, install) {
      install.addListener({
        onInstallEnded: (_install, updated) => resolve("installed " + updated.version),
        onInstallFailed: (failed) => resolve("install failed " + failed.error),
        onDownloadFailed: (failed) => resolve("download failed " + failed.error),
      });
      install.install();
    },
    onNoUpdateAvailable: () => resolve("no update"),
    onUpdateFinished: (_addon, error) => { if (error) resolve("update check failed " + error); },
  }, AddonManager.UPDATE_WHEN_USER_REQUESTED);
});
"""
VERSION = """
const [id, resolve] = arguments;
const { AddonManager } = ChromeUtils.importESModule("resource://gre/modules/AddonManager.sys.mjs");
AddonManager.getAddonByID(id).then((addon) => resolve(addon && [addon.version, addon.isActive]));
"""
STORAGE_SET = """
const [values, resolve] = arguments;
const storage = window.wrappedJSObject.browser.storage.local;
storage.set(Cu.cloneInto(values, window)).then(() => resolve(true));
"""
STORAGE_GET = """
const [resolve] = arguments;
window.wrappedJSObject.browser.storage.local.get(null).then((v) => resolve(JSON.stringify(v)));
"""


@pytest.mark.django_db(transaction=True)
def test_installed_add_on_updates_to_the_next_signed_version(
    xpi, firefox_binary, live_server, settings, tmp_path: Path
):
    settings.VAR_DIR = tmp_path / "var"
    settings.KEHR_AMO_JWT_ISSUER, settings.KEHR_AMO_JWT_SECRET = ISSUER, SECRET
    settings.KEHR_ADDON_ID = addon_id = "annotator@kehr-update.test"
    server = live_server.url
    base = addon_store.kehr_version()

    with FakeAmoServer(FakeAmo()) as amo:
        settings.KEHR_AMO_BASE_URL = amo.base_url
        sign(server)
        first = addon_store.latest()
        assert first is not None and first.version == f"{base}.1"

        extension_uuid = str(uuid.uuid4())
        prefs = {
            **annotator_firefox.PREFS,
            "extensions.webextensions.uuids": json.dumps({addon_id: extension_uuid}),
            # Updates over http from the loopback live server (see the docstring).
            "extensions.checkUpdateSecurity": False,
            "extensions.update.requireBuiltInCerts": False,
            "extensions.install.requireBuiltInCerts": False,
        }
        with marionette_firefox(tmp_path / "profile", prefs, firefox_binary) as client:
            from marionette_driver.addons import Addons

            download = tmp_path / "installed.xpi"
            download.write_bytes(first.path.read_bytes())
            assert Addons(client).install(str(download)) == addon_id
            options = f"moz-extension://{extension_uuid}/options/options.html"
            client.navigate(options)
            # A draft as background/drafts.js keeps it (lib/drafts.js: draftKey, isDraft).
            draft = {
                "pageId": 7,
                "nodeCount": 3,
                "labels": [1, 0, 3],
                "savedAt": time.time() * 1000,
                "title": "A page",
                "url": "http://example.org/",
            }
            key = "draft:" + json.dumps([server, "anna", 7], separators=(",", ":"))
            kept = {"server": server, "tracking": False, key: draft}
            client.execute_async_script(STORAGE_SET, script_args=[kept], sandbox="system")

            sign(server)  # N+1, while N is installed
            # Firefox closes the add-on's pages when it replaces the add-on; none is open.
            client.navigate("about:blank")
            with client.using_context("chrome"):
                result = client.execute_async_script(UPDATE, script_args=[addon_id])
                assert result == f"installed {base}.2", result
                assert client.execute_async_script(VERSION, script_args=[addon_id]) == [
                    f"{base}.2",
                    True,
                ]
            client.navigate(options)
            stored = json.loads(
                client.execute_async_script(STORAGE_GET, script_args=[], sandbox="system")
            )
            assert {key: stored.get(key) for key in kept} == kept

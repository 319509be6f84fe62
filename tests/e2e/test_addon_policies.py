"""A lab machine in real Firefox: the policies.json ``manage.py addon policies`` prints
installs the signed add-on from the live server and presets the server in it.

Firefox reads policies from ``distribution/policies.json`` next to its own executable
(Release builds ignore any other path given by preference). The test owns one: a
folder of links to the installed Firefox's files with its own copy of the executable
(its folder is where Firefox looks) and a distribution/ of its own; nothing of the
system's Firefox or /etc/firefox is touched.
"""

from __future__ import annotations

import io
import json
import shutil
import time
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command

from annotator import addon_store
from annotator import firefox as annotator_firefox
from tests.amo_fake import ISSUER, SECRET, FakeAmo, FakeAmoServer
from tests.e2e.addon_support import marionette_firefox, sign

ADDON = """
const [id, resolve] = arguments;
const { AddonManager } = ChromeUtils.importESModule("resource://gre/modules/AddonManager.sys.mjs");
AddonManager.getAddonByID(id).then((addon) => resolve(addon && [addon.version, addon.isActive]));
"""
DIAGNOSIS = """
const messages = Services.console.getMessageArray().map((m) => m.message)
  .filter((m) => /polic|addon|extension|xpi|install/i.test(m)).slice(-15);
return JSON.stringify({ status: Services.policies.status,
  active: Services.policies.getActivePolicies(), messages });
"""
OPTIONS = """
const server = document.getElementById("server");
return [server.value, server.readOnly, document.getElementById("server-managed").hidden];
"""


def firefox_with_distribution(binary: str, folder: Path) -> tuple[Path, Path]:
    """A Firefox whose distribution/ folder is the test's: returns (executable, folder)."""
    real = Path(shutil.which(binary) or binary).resolve()
    folder.mkdir()
    for item in real.parent.iterdir():
        if item.name == "distribution":
            continue
        if item.name in (real.name, "firefox-bin"):
            shutil.copy2(item, folder / item.name)  # its own folder: ours
        else:
            (folder / item.name).symlink_to(item)
    (folder / "distribution").mkdir()
    return folder / real.name, folder / "distribution"


@pytest.mark.django_db(transaction=True)
def test_policies_install_the_add_on_with_the_server_preset(
    xpi, firefox_binary, live_server, settings, tmp_path: Path
):
    settings.VAR_DIR = tmp_path / "var"
    settings.KEHR_AMO_JWT_ISSUER, settings.KEHR_AMO_JWT_SECRET = ISSUER, SECRET
    settings.KEHR_ADDON_ID = addon_id = "annotator@kehr-lab.test"
    server = live_server.url
    with FakeAmoServer(FakeAmo()) as amo:
        settings.KEHR_AMO_BASE_URL = amo.base_url
        sign(server)
    printed = io.StringIO()
    call_command("addon", "policies", "--server", server, stdout=printed)

    executable, distribution = firefox_with_distribution(firefox_binary, tmp_path / "firefox")
    (distribution / "policies.json").write_text(printed.getvalue())
    extension_uuid = str(uuid.uuid4())
    prefs = {
        **annotator_firefox.PREFS,
        "extensions.webextensions.uuids": json.dumps({addon_id: extension_uuid}),
        # The fake signatures are not Mozilla's and the live server has no TLS: unsigned
        # add-ons (PREFS) with an http update_url on loopback must be let in.
        "extensions.checkUpdateSecurity": False,
    }
    with marionette_firefox(tmp_path / "profile", prefs, str(executable)) as client:
        deadline = time.monotonic() + 20
        with client.using_context("chrome"):
            while (found := client.execute_async_script(ADDON, script_args=[addon_id])) is None:
                assert time.monotonic() < deadline, (
                    "the policy did not install the add-on: "
                    + client.execute_script(DIAGNOSIS, script_args=[addon_id])
                )
                time.sleep(0.5)
        latest = addon_store.latest()
        assert latest is not None and found == [latest.version, True]
        client.navigate(f"moz-extension://{extension_uuid}/options/options.html")
        deadline = time.monotonic() + 20
        while (shown := client.execute_script(OPTIONS))[0] != server:
            assert time.monotonic() < deadline, f"options show {shown}, not the lab's server"
            time.sleep(0.2)
        assert shown == [server, True, False]  # read-only, marked as set by the lab

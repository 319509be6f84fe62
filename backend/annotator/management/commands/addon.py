"""The annotator add-on for ordinary Firefox: ``manage.py addon sign`` and ``addon policies``.

sign      build the add-on with version KEHR_VERSION.BUILD and this server's update_url,
          have addons.mozilla.org sign it (unlisted channel, the deployer's API keys,
          annotator/signing.py) and store it under var/addon/ (annotator/addon_store.py),
          where /annotator/ and updates.json offer it.
policies  print a policies.json for Firefox enterprise policies: the add-on force-installed
          from this server, and this server preset in the add-on (docs/admin-guide.md).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from annotator import addon_store, conf, signing
from kehr.env import ConfigurationError

LOOPBACK = {"127.0.0.1", "::1", "localhost"}


def server_url(value: str | None) -> str:
    """The server's address as annotators' Firefox reaches it, checked.

    Firefox checks for updates only over https (a plain-http update_url is ignored), so
    plain http is refused except on loopback (development and tests).
    """
    url = (value or conf.local_server()).rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise CommandError(f"--server {url!r} is not an address like https://kehr.example.org")
    if parts.scheme == "http" and parts.hostname not in LOOPBACK:
        raise CommandError(
            f"--server {url} is plain http: Firefox fetches add-on updates only over https. "
            "Give the https address annotators use."
        )
    return url


class Command(BaseCommand):
    help = "Sign the annotator add-on on addons.mozilla.org, or print a lab policies.json."

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        sign = actions.add_parser("sign", help="build, sign (unlisted) and store the add-on")
        sign.add_argument(
            "--server",
            help="this server's public address, for update_url "
            "(default: the one ./dev run serves, http://KEHR_HOST:KEHR_PORT)",
        )
        sign.add_argument(
            "--build",
            type=int,
            help="build number, the last part of the version (default: the next one)",
        )
        sign.add_argument(
            "--source",
            type=Path,
            help="a built extension directory (default: run npm run bundle, use extension/build)",
        )
        sign.add_argument(
            "--timeout",
            type=float,
            default=1800.0,
            help="seconds to wait for AMO's validation and signing (default 1800)",
        )
        sign.add_argument(
            "--poll", type=float, default=5.0, help="seconds between status checks (default 5)"
        )
        policies = actions.add_parser("policies", help="print a policies.json for lab machines")
        policies.add_argument("--server", help="this server's public address (as for sign)")

    def handle(self, *args, action: str, **options) -> None:
        try:
            if action == "sign":
                self._sign(**options)
            else:
                self._policies(**options)
        except (signing.SigningError, addon_store.AddonError, ConfigurationError) as error:
            raise CommandError(str(error)) from error

    def _source(self, source: Path | None) -> Path:
        if source is not None:
            return source
        self.stdout.write("Bundling the extension (npm run bundle in extension/)")
        try:
            subprocess.run(["npm", "run", "--silent", "bundle"], cwd=conf.EXTENSION_DIR, check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            raise CommandError(
                f"could not bundle the extension ({error}): run ./dev setup (Node.js 20.19+)"
            ) from error
        return conf.EXTENSION_DIR / "build"

    def _sign(self, *, server, build, source, timeout, poll, **options) -> None:
        credentials = signing.Credentials.from_settings()  # missing keys: fail before building
        base = server_url(server)
        kehr_version = addon_store.kehr_version()
        version = addon_store.build_version(
            kehr_version, build if build is not None else addon_store.next_build(kehr_version)
        )
        if addon_store.find(version) is not None:
            raise CommandError(
                f"version {version} is already signed and stored here: leave --build out "
                "to sign the next build."
            )
        addon_id = signing_id(base)
        update_url = base + reverse("annotator-updates")
        package = addon_store.pack(
            self._source(source), addon_id=addon_id, version=version, update_url=update_url
        )
        filename = f"kehr-annotator-{version}.xpi"
        self.stdout.write(f"Signing {addon_id} {version} (unlisted; updates from {update_url})")
        client = signing.AmoClient(settings.KEHR_AMO_BASE_URL, credentials)
        signed = signing.sign(
            client,
            package,
            addon_id=addon_id,
            version=version,
            filename=filename,
            timeout=timeout,
            poll_seconds=poll,
            progress=lambda text: self.stdout.write(f"  {text}"),
        )
        addon_store.check_signed(signed, version=version, addon_id=addon_id)
        stored = addon_store.store(signed, addon_id=addon_id, version=version)
        self.stdout.write(
            self.style.SUCCESS(
                f"Signed {version}: {stored.path} (sha256 {stored.sha256}). /annotator/ offers "
                "it now, and installed add-ons update to it at their next update check."
            )
        )

    def _policies(self, *, server, **options) -> None:
        base = server_url(server)
        latest = addon_store.latest()
        if latest is None:
            raise CommandError(
                "no signed add-on is stored here: Release Firefox would refuse to install the "
                "unsigned one. Sign it first (manage.py addon sign)."
            )
        self.stdout.write(json.dumps(lab_policies(base, latest.addon_id), indent=2))


def signing_id(server: str) -> str:
    """The add-on id to sign under: KEHR_ADDON_ID, else the one this server signed before,
    else annotator@ this server's host name.

    An id belongs on AMO to the account that first signed it, so every deployer needs an
    id of their own (the source's annotator@kehr is the development one), and it must stay
    the same from one version to the next for installed add-ons to update.
    """
    if settings.KEHR_ADDON_ID:
        return settings.KEHR_ADDON_ID
    latest = addon_store.latest()
    if latest is not None:
        return latest.addon_id
    return f"annotator@{urlsplit(server).hostname}"


def lab_policies(server: str, addon_id: str) -> dict:
    """Firefox enterprise policies for lab machines: the add-on force-installed from this
    server (updates then come through its update_url), and this server preset for it.

    ``3rdparty.Extensions.<id>`` is what the add-on reads with browser.storage.managed
    (its managed storage schema is in the manifest); the annotator still logs in.
    """
    return {
        "policies": {
            "ExtensionSettings": {
                addon_id: {
                    "installation_mode": "force_installed",
                    "install_url": server + reverse("annotator-latest-xpi"),
                }
            },
            "3rdparty": {"Extensions": {addon_id: {"server": server}}},
        }
    }

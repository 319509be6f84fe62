"""Start a Firefox ready for annotating: ``manage.py annotator_firefox``.

A separate profile (default ``<KEHR_VAR_DIR>/annotator-firefox``, kept between runs)
with the Kehr add-on installed, the replay proxy's certificate authority trusted and
the add-on's options open with the server filled in; the annotator logs in there.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from annotator import conf, firefox
from kehr import firefox as launcher
from kehr.env import ConfigurationError


class Command(BaseCommand):
    help = "Start Firefox with the Kehr add-on installed, the proxy CA trusted, the server preset."

    def add_arguments(self, parser):
        parser.add_argument(
            "--server",
            help="the Kehr server annotators log in to (default: the one ./dev run serves, "
            "http://KEHR_HOST:KEHR_PORT, else http://127.0.0.1:8000)",
        )
        parser.add_argument(
            "--profile",
            type=Path,
            help="profile directory (default: KEHR_VAR_DIR/annotator-firefox, reused)",
        )
        parser.add_argument(
            "--fresh", action="store_true", help="delete that profile first and start anew"
        )
        parser.add_argument("--firefox", default=firefox.DEFAULT_FIREFOX, help="Firefox binary")
        parser.add_argument("--xpi", type=Path, help="the add-on package (default: the built one)")
        parser.add_argument(
            "--ca",
            type=Path,
            help="CA certificate to trust (default: this installation's replay proxy CA)",
        )
        parser.add_argument(
            "--no-ca", action="store_true", help="do not trust any CA (use the setup page)"
        )
        parser.add_argument("--headless", action="store_true", help="no window (for checks)")
        parser.add_argument(
            "--prepare-only", action="store_true", help="set the profile up, do not start Firefox"
        )

    def handle(self, *args, **options):
        try:
            self._handle(**options)
        except (firefox.LauncherError, ConfigurationError) as error:
            raise CommandError(str(error)) from error

    def _handle(self, *, server, profile, fresh, xpi, ca, no_ca, headless, prepare_only, **options):
        path = (profile or Path(settings.VAR_DIR) / "annotator-firefox").resolve()
        server = server or conf.local_server()
        if fresh:
            firefox.reset_profile(path)
        ca_pem = None if no_ca else self._ca_pem(ca)
        self.stdout.write(f"Preparing the profile {path} …")
        prepared = firefox.prepare_profile(
            path,
            xpi=(xpi or conf.xpi_path()).resolve(),
            extension_id=conf.extension_id(),
            ca_pem=ca_pem,
            firefox=options["firefox"],
        )
        self.stdout.write(
            "Add-on installed"
            + ("" if no_ca else ", replay proxy CA trusted")
            + f". Server: {server} (log in in the options page that opens)."
        )
        if prepare_only:
            self.stdout.write(f"Start it yourself: {options['firefox']} --profile {path}")
            return
        process = firefox.start_firefox(
            prepared,
            firefox=options["firefox"],
            headless=headless,
            url=prepared.options_url(server),
            extension_id=conf.extension_id(),
        )
        self.stdout.write("Firefox is running; close it to end this command.")
        try:
            process.wait()
        except KeyboardInterrupt:
            launcher.stop_firefox(process)
        except subprocess.SubprocessError as error:  # pragma: no cover - defensive
            raise CommandError(str(error)) from error

    def _ca_pem(self, ca: Path | None) -> str:
        if ca is not None:
            try:
                return ca.read_text()
            except OSError as error:
                raise CommandError(f"cannot read the CA certificate {ca}: {error}") from error
        from archive import conf as archive_conf
        from kehr_proxy import ca as proxy_ca

        # The same CA the replay proxy uses; made now if no proxy has run yet.
        return proxy_ca.ensure_ca(archive_conf.get().ca_dir).read_text()

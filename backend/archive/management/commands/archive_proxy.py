"""Run the archive proxy: ``manage.py archive_proxy --mode record|replay``.

Runs until stopped (Ctrl-C / SIGTERM closes the current WARC file cleanly).
Settings come from the environment (archive/conf.py); flags override them.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from archive import conf
from kehr.env import ConfigurationError


class Command(BaseCommand):
    help = "Run the archive proxy in record or replay mode (mitmproxy + the Kehr addon)."

    def add_arguments(self, parser):
        parser.add_argument("--mode", choices=("record", "replay"), required=True)
        parser.add_argument("--port", type=int, help="default: KEHR_ARCHIVE_<MODE>_PORT")
        parser.add_argument("--listen-host", help="default: KEHR_ARCHIVE_<MODE>_HOST")
        parser.add_argument("--verbose-flows", action="store_true", help="log every flow")

    def handle(self, *args, mode, port, listen_host, verbose_flows, **options):
        try:
            settings = conf.get()
        except ConfigurationError as error:
            raise CommandError(str(error)) from error
        host, default_port = settings.listen(mode)
        host = listen_host or host
        port = default_port if port is None else port
        auth = settings.auth(mode)
        if not conf._is_loopback(host) and not auth:
            raise CommandError(
                f"refusing to listen on {host} without proxy authentication: "
                f"set KEHR_ARCHIVE_{mode.upper()}_AUTH=user:password"
            )
        from kehr_proxy import launcher

        argv = [
            "--mode", mode,
            "--archive-dir", str(settings.archive_dir),
            "--confdir", str(settings.ca_dir),
            "--port", str(port),
            "--listen-host", host,
            "--roll-size", str(settings.roll_size),
        ]  # fmt: skip
        if auth:
            argv += ["--proxyauth", auth]
        if mode == "record":
            argv += ["--allow-private", settings.allow_private]
            argv += ["--visit-port", str(settings.visit_port)]
        if settings.fuzzy_rules:
            argv += ["--fuzzy-rules", str(settings.fuzzy_rules)]
        if not verbose_flows:
            argv.append("--quiet")
        ca_file = settings.ca_dir / "mitmproxy-ca-cert.pem"
        if mode == "replay":
            # Annotators change no network settings: the add-on routes its own tabs.
            usage = (
                "Annotators' Firefox reaches it through the Kehr add-on, which sends only its "
                "annotation tabs here (address and login from /api/annotator/config/); "
                "no browser-wide proxy setting is needed. The CA certificate is on "
                f"http://kehr.proxy/ in an annotation tab, and in {ca_file} "
                "(manage.py annotator_firefox trusts it for you)."
            )
        else:
            usage = (
                "The harvester's Firefox records through it (manage.py harvest, admin → "
                f"Harvest jobs); CA certificate {ca_file}. Live visits (harvest --visits, "
                f"never archived) on port {settings.visit_port}. Targets: "
                + ("public addresses only" if settings.allow_private in ("", "false")
                   else f"public addresses and KEHR_ARCHIVE_ALLOW_PRIVATE={settings.allow_private}")
                + "."
            )  # fmt: skip
        self.stdout.write(
            f"Archive proxy ({mode}) on {host}:{port}, archive {settings.archive_dir}\n{usage}\n"
        )
        self.stdout.flush()
        code = launcher.main(argv)
        if code:
            raise CommandError(f"the archive proxy stopped with exit code {code}")

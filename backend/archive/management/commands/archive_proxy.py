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
        if not conf._is_loopback(host) and not settings.proxy_auth:
            raise CommandError(
                f"refusing to listen on {host} without proxy authentication: "
                "set KEHR_ARCHIVE_PROXY_AUTH=user:password"
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
        if settings.proxy_auth:
            argv += ["--proxyauth", settings.proxy_auth]
        if settings.fuzzy_rules:
            argv += ["--fuzzy-rules", str(settings.fuzzy_rules)]
        if not verbose_flows:
            argv.append("--quiet")
        self.stdout.write(
            f"Archive proxy ({mode}) on {host}:{port}, archive {settings.archive_dir}\n"
            f"Set http://{host}:{port} as the browser's HTTP and HTTPS proxy, then open "
            f"http://kehr.proxy/ through it for the CA certificate "
            f"({settings.ca_dir / 'mitmproxy-ca-cert.pem'}).\n"
        )
        self.stdout.flush()
        code = launcher.main(argv)
        if code:
            raise CommandError(f"the archive proxy stopped with exit code {code}")

"""manage.py render_pages --corpus SLUG: measure the layout of pages that have none."""

from __future__ import annotations

import socket
import sys

from django.core.management.base import BaseCommand, CommandError

from corpora.lookup import find_corpus
from harvest import conf
from harvest.browser import Browser
from harvest.render_document import offline_proxy
from harvest.rendering import render_corpus
from kehr.env import ConfigurationError


def replay_proxy() -> tuple[str, str]:
    """The installation's replay proxy (host:port, CA file); CommandError if unusable."""
    from archive import conf as archive_conf

    try:
        archive = archive_conf.get()
    except ConfigurationError as error:
        raise CommandError(str(error)) from None
    if archive.replay_auth:
        raise CommandError(
            "KEHR_ARCHIVE_REPLAY_AUTH is set, but the harvester's Firefox cannot log in to a "
            "proxy: run a replay proxy on loopback without a login for rendering."
        )
    host = "127.0.0.1" if archive.replay_host in ("0.0.0.0", "::") else archive.replay_host
    try:
        socket.create_connection((host, archive.replay_port), timeout=3).close()
    except OSError:
        raise CommandError(
            f"No replay proxy answers on {host}:{archive.replay_port}: start it with "
            "`manage.py archive_proxy --mode replay` (or leave out --archive to render "
            "without page resources)."
        ) from None
    ca = archive.ca_dir / "mitmproxy-ca-cert.pem"
    if not ca.is_file():
        raise CommandError(f"The archive proxy's CA certificate {ca} does not exist yet.")
    bracketed = f"[{host}]" if ":" in host else host
    return f"{bracketed}:{archive.replay_port}", str(ca)


class Command(BaseCommand):
    help = (
        "Measure where the browser draws each text node (boxes, computed styles) for the "
        "pages of a corpus that have no layout yet (imported pages, older harvests), in "
        "the harvester's headless Firefox. The engine's visual features read these "
        "layouts. Nothing is fetched live: page resources come from the archive with "
        "--archive, otherwise outside requests are blocked. Each layout is stored as "
        "it is measured, so an interrupted run is finished by running it again."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument(
            "--archive",
            action="store_true",
            help="load page resources (stylesheets, images, fonts) from the archive "
            "through the running replay proxy (manage.py archive_proxy --mode replay)",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="measure every page again, also those with a layout (harvested pages "
            "lose the layout measured on the live page: use with --archive)",
        )
        parser.add_argument("--limit", type=int, help="measure at most this many pages")

    def handle(self, *args, **options) -> None:
        corpus = find_corpus(options["corpus"])
        limit = options["limit"]
        if limit is not None and limit < 1:
            raise CommandError(f"--limit must be a positive number of pages, not {limit}.")
        if options["archive"]:
            proxy, ca = replay_proxy()
        else:
            proxy, ca = offline_proxy(), ""
        binary = conf.firefox_binary()
        verbose = options["verbosity"] > 0

        def say(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

        summary = render_corpus(
            corpus,
            browser_factory=lambda: Browser(binary=binary, proxy=proxy, ca_cert_path=ca),
            force=options["force"],
            with_archive=options["archive"],
            limit=limit,
            say=say if verbose else None,
        )
        for page_id, reason in summary.failed.items():
            self.stderr.write(f"page {page_id}: {reason}")
        self.stdout.write(f"{corpus.slug}: {summary.line()}.")
        if summary.failed:
            raise CommandError(
                f"{len(summary.failed)} pages could not be measured (listed above); the "
                "others are stored. Run the command again to retry them."
            )

"""manage.py check_replay --corpus SLUG: does each page replay as it looked live?"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm
from tqdm.contrib.logging import logging_redirect_tqdm

from corpora.lookup import find_corpus
from harvest import conf
from harvest.browser import Browser
from harvest.management.commands.render_pages import replay_proxy
from harvest.models import ReplayCheck, page_label
from harvest.replay_check import check_corpus
from kehr.progress import on_bar


class Command(BaseCommand):
    help = (
        "Render every harvested page of a corpus through the running replay proxy and "
        "compare it with the live screenshot the harvest took (10 px blocks): a score per "
        "page, the archive misses of that rendering and a diff image, shown in Admin -> "
        "Replay checks. Pages below --below are listed at the end."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument(
            "--below", type=float, default=0.95,
            help="list the pages scoring below this share of matching blocks (default 0.95)",
        )  # fmt: skip

    def handle(self, *args, **options) -> None:
        below = options["below"]
        if not 0.0 <= below <= 1.0:
            raise CommandError(f"--below is a share between 0 and 1, not {below}.")
        corpus = find_corpus(options["corpus"])
        proxy, ca = replay_proxy()
        from archive import conf as archive_conf

        archive_dir = archive_conf.get().archive_dir
        binary = conf.firefox_binary()
        bar = tqdm(total=corpus.pages.count(), unit="page", file=sys.stderr,
                   disable=options["verbosity"] == 0)  # fmt: skip
        with logging_redirect_tqdm(), bar:  # a log line goes above the bar, not into it
            checks = check_corpus(
                corpus,
                browser_factory=lambda: Browser(binary=binary, proxy=proxy, ca_cert_path=ca),
                archive_dir=archive_dir,
                progress=on_bar(bar),
            )
        scored = [c for c in checks if c.score is not None]
        low = sorted((c for c in scored if c.score < below), key=lambda c: c.score or 0.0)
        self.stdout.write(
            f"{corpus.slug}: {len(scored)} of {len(checks)} pages checked, {len(low)} below "
            f"{below:.2f}" + (f"; {len(checks) - len(scored)} could not be checked (listed "
                              "below, and in Admin -> Replay checks)"
                              if len(scored) < len(checks) else "")
        )  # fmt: skip
        for check in low:
            misses = f", {len(check.misses)} archive misses" if check.misses else ""
            self.stdout.write(f"  {_name(check)}: {check.score:.3f}{misses}")
        for check in checks:
            if check.score is None:
                self.stdout.write(f"  {_name(check)}: not checked: {check.message}")


def _name(check: ReplayCheck) -> str:
    return f"page {check.page_id}, {page_label(check.page)}"

"""manage.py dbce --corpus SLUG: label a corpus' pages with DBCE over its captures."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from crosspage import dbce_parts, services, tasks
from crosspage.cli import run_command
from crosspage.services import RunError


class Command(BaseCommand):
    help = (
        "Label every page of the corpus by DBCE (docs/methods.md): template groups by "
        "structure, diffs against the two most similar pages and the same URL's earlier "
        "and later captures (from imported archives), stored as the dbce source."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")
        parser.add_argument(
            "--parts", type=int, default=1,
            help="with --queue: split the run over this many tasks, which any workers run in "
            "parallel, sharing the index in Redis (KEHR_DBCE_INDEX_URL, by default the "
            "broker's when that is Redis); default 1",
        )  # fmt: skip

    def handle(self, *args, **options) -> None:
        parts = options["parts"]
        if parts != 1 and not options["queue"]:
            raise CommandError("--parts splits a run over workers: add --queue.")
        try:
            dbce_parts.check_parts(parts)
        except RunError as error:
            raise CommandError(str(error)) from None
        extra = {"parts": parts} if parts > 1 else {}
        self.stdout.write(
            run_command(
                options["corpus"],
                "dbce",
                services.run_dbce,
                tasks.dbce,
                queue=options["queue"],
                verbosity=options["verbosity"],
                **extra,
            )
        )

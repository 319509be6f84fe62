"""manage.py dbce --corpus SLUG: label a corpus' pages with DBCE over its captures."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from crosspage import services, tasks
from crosspage.cli import run_command


class Command(BaseCommand):
    help = (
        "Label every page of the corpus by DBCE (docs/methods.md): template groups by "
        "structure, diffs against the two most similar pages and the same URL's earlier "
        "and later captures (from imported archives), stored as the dbce source."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        self.stdout.write(
            run_command(
                options["corpus"],
                "dbce",
                services.run_dbce,
                tasks.dbce,
                queue=options["queue"],
                verbosity=options["verbosity"],
            )
        )

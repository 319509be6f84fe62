"""manage.py stability --corpus SLUG: static and dynamic regions across live visits."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from crosspage import stability, tasks
from crosspage.cli import run_command


class Command(BaseCommand):
    help = (
        "Group each page's live visits (harvest --visits N) by layout, find its static and "
        "dynamic blocks, and store the block map and the nodes' labels as the stability "
        "source (docs/methods.md)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        self.stdout.write(
            run_command(
                options["corpus"],
                stability.METHOD,
                stability.run_stability,
                tasks.stability,
                queue=options["queue"],
                verbosity=options["verbosity"],
            )
        )

"""manage.py urltree --corpus SLUG: stream a corpus' pages through the URL Tree."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from crosspage import services, tasks
from crosspage.cli import run_command


class Command(BaseCommand):
    help = (
        "Stream the corpus' pages in capture order through URL Trees (docs/methods.md) "
        "and store each page's labels as urltree:<heuristic>, one vector per heuristic."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument(
            "--heuristics", nargs="+", default=list(services.DEFAULT_HEURISTICS),
            help="strict, strict-support-N, strict-at-domain, relaxed-at-domain-N, "
            "strict-share-P, relaxed-share-P (default: %(default)s)",
        )  # fmt: skip
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        from django.core.management.base import CommandError

        from kehr_engine.urltree.heuristics import parse_heuristic

        try:
            names = [parse_heuristic(h).name for h in options["heuristics"]]
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            run_command(
                options["corpus"],
                "urltree",
                services.run_urltree,
                tasks.urltree,
                queue=options["queue"],
                verbosity=options["verbosity"],
                heuristics=names,
            )
        )

"""manage.py load_tutorial: install (or update) the tutorial that ships with Kehr."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tutorial.references import ReferenceMarkupError
from tutorial.services import TutorialError, install_shipped_tutorial


class Command(BaseCommand):
    help = (
        "Create the shipped tutorial (tutorial/shipped/) as a tutorial corpus with one step "
        "and reference per page, or update it in place. Idempotent: learners' submissions "
        "are kept unless a page's text nodes changed (then they are deleted and listed)."
    )

    def handle(self, *args, **options):
        try:
            report = install_shipped_tutorial(say=self.stdout.write)
        except (ReferenceMarkupError, TutorialError) as error:
            raise CommandError(str(error)) from error
        for line in report.notes:
            self.stdout.write(f"note: {line}")
        for line in report.deleted:
            self.stdout.write(self.style.WARNING(f"DELETED: {line}"))
        corpus = report.corpus
        verb = "created" if report.corpus_created else "updated"
        changed = (
            f", {report.references_changed} references changed (learners' scores follow)"
            if report.references_changed
            else ""
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"Tutorial '{corpus.slug}' {verb}: {report.steps} steps "
                f"({report.pages_created} pages new, {report.pages_updated} updated{changed})."
            )
        )

"""manage.py load_tutorial: install (or update) the tutorial that ships with Kehr."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from tutorial.install import InstallReport, install_shipped_tutorial
from tutorial.references import ReferenceMarkupError
from tutorial.steps import TutorialError


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
        self.stdout.write(self.style.SUCCESS(summary(report)))


def summary(report: InstallReport) -> str:
    """One line; "updated" only when something was written."""
    assert report.corpus is not None  # every install that returns has its corpus
    slug = report.corpus.slug
    if not report.changed_anything:
        return f"Tutorial '{slug}' is up to date: {report.steps} steps, nothing changed."
    verb = "created" if report.corpus_created else "updated"
    details = [
        f"{report.pages_created} pages new, {report.pages_updated} updated, "
        f"{report.pages_unchanged} unchanged"
    ]
    if report.steps_changed and not report.corpus_created:
        details.append(f"{report.steps_changed} steps' title, note or position changed")
    if report.references_changed:
        details.append(f"{report.references_changed} references changed (learners' scores follow)")
    return f"Tutorial '{slug}' {verb}: {report.steps} steps ({'; '.join(details)})."

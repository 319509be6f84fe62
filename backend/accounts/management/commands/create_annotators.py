"""Bulk-create annotator accounts from a CSV (e.g. a class of students)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from accounts.services import AccountImportError, create_annotators_from_csv, credentials_csv
from corpora.models import Corpus


class Command(BaseCommand):
    help = (
        "Create annotator accounts from a CSV with a header row (username required; email, "
        "first_name, last_name, password optional). Prints a CSV of usernames and passwords. "
        "Passwords are hashed on every CPU first; then all accounts are created, or none."
    )

    def add_arguments(self, parser):
        parser.add_argument("csv_file", type=Path)
        parser.add_argument("--corpus", help="Slug of a corpus to make them members of.")

    def handle(self, *args, csv_file: Path, corpus: str | None, **options):
        try:
            text = csv_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CommandError(f"{csv_file}: no such file.") from None
        except UnicodeDecodeError:
            raise CommandError(f"{csv_file} is not UTF-8 text: save it as CSV UTF-8.") from None
        target = None
        if corpus:
            target = Corpus.objects.filter(slug=corpus).first()
            if target is None:
                raise CommandError(f"No corpus with slug {corpus!r}.")
        try:
            created = create_annotators_from_csv(text, target, progress=self._progress)
        except AccountImportError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(credentials_csv(created), ending="")
        self.stderr.write(f"Created {len(created)} account{'' if len(created) == 1 else 's'}.")

    def _progress(self, done: int, total: int) -> None:
        # On stderr (stdout is the credentials CSV): every 250 passwords and the last.
        if done % 250 == 0 or done == total:
            self.stderr.write(f"Hashed {done} of {total} passwords.")

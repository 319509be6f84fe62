"""Export the archive for other tools: ``manage.py archive_export --cdxj FILE --wacz FILE``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from archive import conf
from kehr.env import ConfigurationError


class Command(BaseCommand):
    help = "Write a CDXJ index (pywb) and/or a WACZ package (ReplayWeb.page) of the archive."

    def add_arguments(self, parser):
        parser.add_argument("--cdxj", metavar="FILE")
        parser.add_argument("--wacz", metavar="FILE")
        parser.add_argument("--archive-dir", help="default: KEHR_ARCHIVE_DIR")
        parser.add_argument("--title", default="Kehr archive")

    def handle(self, *args, cdxj, wacz, archive_dir, title, **options):
        if not cdxj and not wacz:
            raise CommandError("give --cdxj FILE and/or --wacz FILE")
        try:
            directory = archive_dir or conf.get().archive_dir
        except ConfigurationError as error:
            raise CommandError(str(error)) from error
        from kehr_proxy import export

        try:
            if cdxj:
                lines = export.export_cdxj(directory, cdxj)
                self.stdout.write(f"CDXJ: {lines} lines -> {cdxj}")
            if wacz:
                export.export_wacz(directory, wacz, title=title)
                self.stdout.write(f"WACZ -> {wacz}")
        except (ValueError, RuntimeError, ImportError) as error:
            raise CommandError(str(error)) from error

"""Create (or refresh) the demo corpus from the pages shipped in corpora/demo/."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import transaction

from corpora.ingest import add_page
from corpora.models import Corpus

DEMO_DIR = Path(__file__).resolve().parents[2] / "demo"


class Command(BaseCommand):
    help = "Create the demo corpus from the demo pages that ship with Kehr (idempotent)."

    def handle(self, *args, **options):
        manifest = json.loads((DEMO_DIR / "manifest.json").read_text(encoding="utf-8"))
        spec = manifest["corpus"]
        with transaction.atomic():
            corpus, _ = Corpus.objects.update_or_create(
                slug=spec["slug"],
                defaults={"name": spec["name"], "description": spec.get("description", "")},
            )
            for entry in manifest["pages"]:
                raw = (DEMO_DIR / entry["file"]).read_bytes()
                page = add_page(corpus, raw, url=entry["url"])
                self.stdout.write(f"  {page.title[:60]:60} {page.node_count:4} nodes")
        self.stdout.write(
            self.style.SUCCESS(f"Demo corpus '{corpus.slug}': {corpus.pages.count()} pages.")
        )

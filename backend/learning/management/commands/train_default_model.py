"""manage.py train_default_model [--data DIR] [--out FILE]: the shipped krdwrd model.

``./dev build-models`` rebuilds both shipped models (learning.shipped_models).
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = (
        "Train the shipped krdwrd model (docs/models.md) on the KrdWrd CANOLA pages and the "
        "shipped tutorial pages, with a fixed seed, and write it where the engine looks "
        "for it (engine/kehr_engine/data/krdwrd.kehr-model)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--data", type=Path,
            default=Path(settings.BASE_DIR).parents[1] / "shared" / "data" / "krdwrd",
            help="the KrdWrd data folder (default: ../shared/data/krdwrd beside the repository)",
        )  # fmt: skip
        parser.add_argument("--out", type=Path, help="write the model here instead")
        parser.add_argument(
            "--threads", type=int, default=1,
            help="OpenMP threads for training (default 1: on a shared 2-core machine more "
            "threads waited for each other and trained ten times slower)",
        )  # fmt: skip

    def handle(self, *args, **options) -> None:
        from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

        from kehr_engine.default_model import DEFAULT_MODEL_PATH
        from kehr_engine.krdwrd.corpus import CorpusError
        from kehr_engine.pipeline import EngineInputError
        from learning.shipped_models import train_default_model

        data = options["data"].resolve()
        if not (data / "canola-train").is_dir():
            raise CommandError(
                f"No KrdWrd data at {data} (expected canola-sample/ and canola-train/ there; "
                "see ../shared/data/krdwrd/README.md). Pass --data DIR."
            )
        out = options["out"] or DEFAULT_MODEL_PATH
        say = (lambda line: self.stderr.write(line)) if options["verbosity"] else None
        if options["threads"] < 1:
            raise CommandError(f"--threads {options['threads']}: give at least 1.")
        try:
            with threadpool_limits(limits=options["threads"]):
                trained = train_default_model(data, out, say=say)
        except (CorpusError, EngineInputError) as error:
            raise CommandError(str(error)) from None
        size = out.stat().st_size / 1e6
        self.stdout.write(
            f"Trained on {trained.counts['canola']} CANOLA pages and "
            f"{trained.counts['tutorial']} tutorial pages; wrote {out} ({size:.1f} MB)."
        )

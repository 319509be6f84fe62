"""manage.py extract PATH... [--model NAME|FILE] [--format text|jsonl]: clean text of HTML
files, or of WARC files' HTML responses (--workers N, --labels; docs/crawl.md).

The output is exactly ``python -m kehr_engine extract``'s: this command only finds the
model file of a model version by name and hands over to the engine's own function.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from kehr_engine.default_model import EXTRACT_MODEL_NAME, is_shipped_name, model_path
from learning.models import ModelVersion


def model_file(value: str) -> Path:
    """A shipped model (article, krdwrd), a model file by path, else a ready model
    version's file by name.

    The first two need no database, so extracting with them works before ``migrate``.
    """
    if is_shipped_name(value):
        return model_path(value)
    path = Path(value)
    if path.is_file():
        return path
    try:
        version = ModelVersion.objects.filter(name=value).first()
    except DatabaseError as error:
        raise CommandError(
            f"--model {value!r} is no file, and model versions cannot be looked up ({error}): "
            "run manage.py migrate first, or give a model file, 'article' or 'krdwrd'."
        ) from None
    if version is not None:
        if version.status != ModelVersion.Status.READY or version.path is None:
            raise CommandError(
                f"Model {value} is not ready ({version.get_status_display().lower()}): "
                "only a trained model can label pages."
            )
        return version.path
    ready = ModelVersion.objects.filter(status=ModelVersion.Status.READY).order_by("name")
    names = ", ".join(ready.values_list("name", flat=True)[:20])
    raise CommandError(
        f"--model {value!r} is neither a model name nor a file. Ready models: {names or 'none'}"
        " (or a shipped model: 'article', main content; 'krdwrd', running text)."
    )


class Command(BaseCommand):
    help = (
        "Clean text of HTML files or folders, or of WARC files' HTML responses, with a model: "
        "the good nodes in document order, one block per line (pages separated by an empty "
        'line), or JSON lines {"path", "text", "labels"} ({"url", "warc_record_id", "date", '
        '"language", "text"} for WARC). The same as python -m kehr_engine extract.'
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "paths", nargs="+", type=Path,
            help="HTML files or folders, or WARC files (.warc, .warc.gz)",
        )  # fmt: skip
        parser.add_argument(
            "--model", default=EXTRACT_MODEL_NAME,
            help="a model version's name, a model file, or a shipped model: 'article' (main "
            "content; the default) or 'krdwrd' (running text after the KrdWrd guidelines)",
        )  # fmt: skip
        parser.add_argument("--format", choices=("text", "jsonl"), default="text")
        parser.add_argument("--recursive", action="store_true", help="search subfolders too")
        parser.add_argument("--max-nodes", type=int, default=None, help="node limit per page")
        parser.add_argument(
            "--workers", type=int, default=None,
            help="WARC input: worker processes (default: the cores)",
        )  # fmt: skip
        parser.add_argument(
            "--labels", action="store_true", help="WARC input: each node's label in the JSONL"
        )

    def handle(self, *args, **options) -> None:
        from kehr_engine.__main__ import CommandError as EngineCommandError
        from kehr_engine.__main__ import extract
        from kehr_engine.limits import EngineInputError

        if options["max_nodes"] is not None and options["max_nodes"] < 1:
            raise CommandError(f"--max-nodes {options['max_nodes']}: give at least 1.")
        if options["workers"] is not None and options["workers"] < 1:
            raise CommandError(f"--workers {options['workers']}: give at least 1.")
        engine_args = argparse.Namespace(
            paths=options["paths"],
            model=model_file(options["model"]),
            format=options["format"],
            recursive=options["recursive"],
            max_nodes=options["max_nodes"],
            workers=options["workers"],
            labels=options["labels"],
        )
        try:
            failed = extract(engine_args)
        except (EngineCommandError, EngineInputError) as error:
            raise CommandError(" ".join(str(error).split())) from None
        if failed == 130:  # Ctrl-C during a WARC run: the summary so far is on stderr
            raise CommandError("Interrupted.", returncode=130)
        if failed:
            raise CommandError("Some files could not be extracted (listed above).", returncode=1)

"""manage.py export_model --corpus SLUG FILE [--model NAME] [--force]: a corpus' model for crawls.

Copies the model file that serves the corpus (learning.serving.current_model: the one
staff or retraining made current, else the newest ready one; ``--model`` names another
ready version of the corpus) to FILE, and writes its model card beside it (FILE with
the suffix ``.md``): what the model keeps, what it learned from, how it scored, and the
commands that run it on a crawl (docs/crawl.md). The copy is checked (the engine loads
it) before the command reports success, so a file that leaves here runs elsewhere.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from corpora.models import Corpus
from learning.cli import find_corpus
from learning.models import ModelVersion
from learning.serving import current_model


class Command(BaseCommand):
    help = (
        "Export the model that serves a corpus to FILE, with its model card beside it "
        "(FILE.md), for python -m kehr_engine extract on WARC files or datatrove's "
        "KehrExtractor (docs/crawl.md)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", type=Path, help="where to write the model file")
        parser.add_argument("--corpus", required=True, help="slug of the corpus")
        parser.add_argument(
            "--model",
            default="",
            help="a ready model version of the corpus (default: its current model)",
        )
        parser.add_argument("--force", action="store_true", help="replace FILE if it exists")

    def handle(self, *args, **options) -> None:
        from kehr_engine.model_file import ModelFileError, load_model, read_header

        corpus = find_corpus(options["corpus"])
        version = chosen_version(corpus, options["model"])
        target: Path = options["file"]
        card = card_path(target)
        if not target.parent.is_dir():
            raise CommandError(f"Cannot write {target}: the folder {target.parent} does not exist.")
        for path in (target, card):
            if path.exists() and not options["force"]:
                raise CommandError(f"{path} exists already: give --force to replace it.")
        source = version.path
        if source is None or not source.is_file():
            raise CommandError(
                f"Model {version.name} has no file at {source}: the var directory lost it; "
                "retrain or import the model again."
            )
        partial = target.with_name(target.name + ".part")
        shutil.copyfile(source, partial)
        try:
            load_model(partial)  # what a crawl will do with it: it must load
        except ModelFileError as error:
            partial.unlink()
            raise CommandError(f"Model {version.name} cannot be exported: {error}") from None
        os.replace(partial, target)
        header = read_header(target)
        card.write_text(model_card(version, corpus, header, target), encoding="utf-8")
        self.stdout.write(
            f"Wrote {target} (model {version.name} of corpus {corpus.slug}, "
            f"{target.stat().st_size:,} bytes) and its model card {card}."
        )


def card_path(target: Path) -> Path:
    return (
        target.with_suffix(".md")
        if target.suffix and target.suffix != ".md"
        else Path(f"{target}.card.md")
    )


def chosen_version(corpus: Corpus, name: str) -> ModelVersion:
    if not name:
        version = current_model(corpus)
        if version is None:
            raise CommandError(
                f"Corpus {corpus.slug} has no ready model: train one (manage.py train --corpus "
                f"{corpus.slug}) or import one (manage.py import_model article --corpus "
                f"{corpus.slug})."
            )
        return version
    version = ModelVersion.objects.filter(name=name).first()
    if version is None or version.corpus_id != corpus.pk:
        names = ModelVersion.objects.filter(corpus=corpus, status=ModelVersion.Status.READY)
        listed = ", ".join(names.values_list("name", flat=True)[:20]) or "none"
        raise CommandError(
            f"{name!r} is no model of corpus {corpus.slug}. Its ready models: {listed}."
        )
    if version.status != ModelVersion.Status.READY:
        raise CommandError(
            f"Model {name} is not ready ({version.get_status_display().lower()}): only a "
            "trained model can be exported."
        )
    return version


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def model_card(version: ModelVersion, corpus: Corpus, header: dict[str, Any], file: Path) -> str:
    """The model card (Markdown) that travels with an exported model file."""
    data = header.get("training_data") or {}
    libraries = header.get("libraries") or version.library_versions or {}
    options = version.training_options or {}
    origin = (
        f"imported from `{options['imported_from']}`"
        if "imported_from" in options
        else f"trained on corpus {corpus.slug}'s merged gold"
    )
    metrics = version.metrics or {}
    scores = "\n".join(f"| {key} | {value} |" for key, value in sorted(metrics.items())
                       if isinstance(value, int | float | str))  # fmt: skip
    evaluation = (
        f"{version.folds}-fold cross-validation on the corpus, "
        f"{version.evaluated_at:%Y-%m-%d}:\n\n| figure | value |\n| --- | --- |\n{scores}\n"
        if version.evaluated_at and scores
        else "Not evaluated on the platform (manage.py evaluate --model "
        f"{version.name} scores it by cross-validation).\n"
    )
    created = version.finished_at or version.created_at
    groups = ", ".join(header.get("groups") or version.groups)
    trained_on = (
        f"{data.get('pages', version.pages)} pages, {data.get('nodes', version.nodes)} nodes "
        f"({data.get('labelled_nodes')} labelled), fingerprint "
        f"`{data.get('fingerprint') or version.fingerprint}`"
    )
    return f"""# Model card: {version.name}

| | |
| --- | --- |
| corpus | {corpus.name} (`{corpus.slug}`) |
| model | `{version.name}`, {origin} |
| target | {header.get("target") or "krdwrd"} (what it keeps: docs/engine.md, "Targets") |
| feature groups | {groups} (feature version {header.get("feature_version")}) |
| training data | {trained_on} |
| trained | {created:%Y-%m-%d %H:%M} UTC |
| libraries | {", ".join(f"{k} {v}" for k, v in libraries.items()) or "not recorded"} |
| file | `{file.name}`, {file.stat().st_size:,} bytes, SHA-256 `{_sha256(file)}` |
| payload SHA-256 | `{header.get("payload_sha256")}` (what `kehr_model` in datatrove output names) |

## Evaluation

{evaluation}
## Use on a crawl

```sh
python -m kehr_engine info {file.name}                       # this header, checked
python -m kehr_engine extract --model {file.name} CC-MAIN-*.warc.gz --format jsonl > clean.jsonl
```

In a datatrove pipeline: `KehrExtractor(model="{file.name}")` between `WarcReader` and
the writer; on Slurm or Ray, put the file on storage every node reads (docs/crawl.md).
The engine that loads it must compute feature version {header.get("feature_version")};
`python -m kehr_engine info` says whether it does. The file holds no pickle: loading it
runs no code.
"""

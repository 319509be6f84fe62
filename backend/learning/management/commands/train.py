"""manage.py train --corpus SLUG [--features …] [--name …] [--target …]: train on merged gold."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from kehr_engine.targets import DEFAULT_TARGET, TARGETS
from learning.cli import find_corpus, finished, queue_job, split_groups, terminal
from learning.models import ModelVersion


class Command(BaseCommand):
    help = (
        "Train a classifier model on a corpus' merged gold standard and store it as a new "
        "model version (its file goes under the instance's var/models/). Runs here unless "
        "--queue sends it to a worker."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="slug of the corpus to learn from")
        parser.add_argument(
            "--features", nargs="+", metavar="GROUP",
            help="feature groups (default: the engine's default groups)",
        )  # fmt: skip
        parser.add_argument("--name", default="", help="model name (default: <corpus>-<n>)")
        parser.add_argument(
            "--rounds", type=int, default=None,
            help="boosting rounds (default: the engine's; fewer train faster and worse)",
        )  # fmt: skip
        parser.add_argument(
            "--target", choices=sorted(TARGETS), default=DEFAULT_TARGET,
            help="what good means in this corpus: 'krdwrd' running text (KrdWrd guidelines; "
            "the default) or 'article' main content (never empty on a page with real text)",
        )  # fmt: skip
        parser.add_argument("--queue", action="store_true", help="run on a Celery worker")

    def handle(self, *args, **options) -> None:
        from kehr_engine.features import DEFAULT_GROUPS
        from learning.jobs import JobError
        from learning.services import create_version, train_version

        corpus = find_corpus(options["corpus"])
        if options["rounds"] is not None and options["rounds"] < 1:
            raise CommandError(f"--rounds {options['rounds']}: give at least 1.")
        try:
            version = create_version(
                corpus,
                groups=split_groups(options["features"]) or DEFAULT_GROUPS,
                name=options["name"],
                max_iter=options["rounds"],
                target=options["target"],
            )
        except JobError as error:
            raise CommandError(str(error)) from None
        if options["queue"]:
            self.stdout.write(queue_job(version, ModelVersion.Job.TRAIN))
            return
        try:
            train_version(version.pk, say=terminal(options["verbosity"]))
            version = finished(version)
        except BaseException:
            # Trained here and failed (or interrupted): the row would only sit on
            # /staff/models/ as a failed model nobody asked to keep; the error is printed.
            forget(version)
            raise
        self.stdout.write(
            f"{version.name}: trained on {version.pages} pages ({version.nodes} labelled "
            f"nodes) of {corpus.slug}, groups {', '.join(version.groups)}; file "
            f"{version.path}. Evaluate it: manage.py evaluate --model {version.name}"
        )


def forget(version: ModelVersion) -> None:
    """Delete a version whose training failed here, and its file if one was written.

    A version that got ready is kept: what failed then was the classification that
    follows a training (uncertainty page order), and the model itself is good.
    """
    from learning.services import model_path

    if ModelVersion.objects.filter(pk=version.pk, status=ModelVersion.Status.READY).exists():
        return
    model_path(version).unlink(missing_ok=True)
    ModelVersion.objects.filter(pk=version.pk).delete()

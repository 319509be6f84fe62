"""Train, evaluate and classify: the plain functions the tasks, commands and tests call.

Each ``*_version`` function runs one job on a model version in this process (a worker
calls it from learning.tasks); ``create_version`` and ``claim`` only record that a job
is wanted. The engine (kehr_engine) does the learning; this module feeds it the
platform's pages and gold and stores what comes back.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.utils import timezone

from corpora.models import Corpus, Page
from kehr.progress import Say
from kehr_engine.default_model import is_shipped_name
from kehr_engine.evaluation_report import markdown
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION, GROUPS
from kehr_engine.model_file import ModelFileError, load_model, save_model
from kehr_engine.pipeline import EngineInputError, predict, train_model
from kehr_engine.pipeline import evaluate_pages as engine_evaluate
from kehr_engine.targets import DEFAULT_TARGET, TARGETS
from learning.data import (
    MIN_TRAINING_PAGES,
    TrainingData,
    TrainingDataError,
    annotator_votes,
    page_input,
    training_data,
)
from learning.grouping import Grouping
from learning.grouping import choose as choose_grouping
from learning.jobs import JobError, claim, running
from learning.models import ModelVersion, PredictedVector
from learning.serving import ModelLookupError, current_model, load_version_model
from learning.uncertainty import refresh_uncertainty

#: Failures whose message already says what was wrong and what to do.
EXPECTED = (TrainingDataError, JobError, EngineInputError, ModelFileError)
DEFAULT_FOLDS = ModelVersion.DEFAULT_FOLDS
#: Pages classified per database round trip (one bulk insert each).
CLASSIFY_BATCH = 50


def check_groups(groups: Sequence[str]) -> list[str]:
    unknown = [group for group in groups if group not in GROUPS]
    if unknown or not groups:
        raise JobError(
            f"Unknown feature group{'s' * (len(unknown) != 1)} {', '.join(unknown)}: choose "
            f"from {', '.join(sorted(GROUPS))}." if unknown
            else f"No feature groups given: choose from {', '.join(sorted(GROUPS))}."
        )  # fmt: skip
    return list(dict.fromkeys(groups))


def next_name(corpus: Corpus) -> str:
    """``<corpus slug>-<n>``, the first n not taken."""
    n = ModelVersion.objects.filter(corpus=corpus).count() + 1
    while ModelVersion.objects.filter(name=f"{corpus.slug}-{n}").exists():
        n += 1
    return f"{corpus.slug}-{n}"[:100]


def check_new_name(name: str) -> str:
    """The name, or JobError when a new version cannot take it."""
    try:
        validate_slug(name)
    except ValidationError:
        raise JobError(
            f"Model name {name!r} is not a slug: use letters, digits, - and _ only."
        ) from None
    if is_shipped_name(name):
        # `extract --model article` means the shipped model file; a
        # version of that name could never be chosen by name.
        raise JobError(f"Model name {name!r} is reserved for a shipped model: choose another name.")
    if ModelVersion.objects.filter(name=name).exists():
        raise JobError(f"A model named {name!r} exists already: choose another name.")
    return name


def create_version(
    corpus: Corpus,
    *,
    groups: Sequence[str] = DEFAULT_GROUPS,
    name: str = "",
    created_by=None,
    max_iter: int | None = None,
    target: str = DEFAULT_TARGET,
) -> ModelVersion:
    """Record a model version to be trained (queued); the caller runs or queues training.

    ``target`` (kehr_engine.targets) says what the corpus' good labels mean: ``krdwrd``
    running text for corpora annotated after the KrdWrd guidelines, ``article`` main
    content; an article model never answers a page with real text with nothing."""
    if target not in TARGETS:
        raise JobError(f"Unknown target {target!r}: choose from {', '.join(TARGETS)}.")
    name = check_new_name(name.strip() or next_name(corpus))
    return ModelVersion.objects.create(
        name=name,
        corpus=corpus,
        groups=check_groups(groups),
        feature_version=FEATURE_VERSION,
        training_options={
            **({"max_iter": max_iter} if max_iter else {}),
            **({"target": target} if target != DEFAULT_TARGET else {}),
        },
        created_by=created_by,
        job=ModelVersion.Job.TRAIN,
        job_state=ModelVersion.JobState.QUEUED,
        job_corpus=corpus,
        progress_text="queued",
    )


# --------------------------------------------------------------------------- train


def model_path(version: ModelVersion) -> Path:
    return Path(settings.VAR_DIR) / ModelVersion.file_for(version.name)


def train_version(version_id: int, *, say: Say | None = None) -> ModelVersion:
    """Train the version on its corpus' merged gold and save its model file.

    Run again on a ready version (a redelivered task), it does nothing.
    """
    version = ModelVersion.objects.select_related("corpus").get(pk=version_id)
    if version.status == ModelVersion.Status.READY:
        return version
    ModelVersion.objects.filter(pk=version.pk).update(status=ModelVersion.Status.RUNNING)
    with running(version, ModelVersion.Job.TRAIN, EXPECTED, say) as row:
        row.phase(0.0, 0.1, f"reading the merged gold of {version.corpus.slug}")
        data = training_data(version.corpus)
        row.phase(0.1, 0.95, f"training on {len(data.pages)} pages")
        max_iter = version.training_options.get("max_iter")
        model = train_model(
            data.pages, data.labels, groups=version.groups, progress=row,
            info={"name": version.name, "corpus": version.corpus.slug},
            target=version.training_options.get("target", DEFAULT_TARGET),
            **({"max_iter": max_iter} if max_iter else {}),
        )  # fmt: skip
        row.phase(0.95, 1.0, "saving the model file")
        path = model_path(version)
        path.parent.mkdir(parents=True, exist_ok=True)
        save_model(model, path)
        libraries = model.info.get("libraries")
        ModelVersion.objects.filter(pk=version.pk).update(
            file=ModelVersion.file_for(version.name),
            fingerprint=data.fingerprint,
            feature_version=model.feature_version,
            library_versions=libraries if isinstance(libraries, dict) else {},
            pages=len(data.pages),
            nodes=data.nodes,
        )
        row.summary = f"trained on {len(data.pages)} pages of {version.corpus.slug}"
    version.refresh_from_db()
    if version.status == ModelVersion.Status.READY:
        refresh_after_training(version, say=say)
    return version


def refresh_after_training(version: ModelVersion, *, say: Say | None = None) -> None:
    """A model that now serves its corpus' uncertainty page order labels the corpus at
    once, so the order follows the newest model (the classification writes each page's
    uncertainty). Its failures are recorded on the row like any job's."""
    corpus = version.corpus
    if corpus.page_order == Corpus.PageOrder.UNCERTAINTY and current_model(corpus) == version:
        classify_now(version, corpus, say=say)


def classify_now(version: ModelVersion, corpus: Corpus, *, say: Say | None = None) -> None:
    """Label the corpus with the version here and now, as a job of its own; skipped when
    another job is under way on the version (the classification can be asked for later)."""
    try:
        claim(version, ModelVersion.Job.CLASSIFY, corpus)
    except JobError:
        return
    classify_corpus(version.pk, corpus.pk, say=say)


# --------------------------------------------------------------------------- evaluate


def evaluate_version(
    version_id: int,
    *,
    folds: int = DEFAULT_FOLDS,
    baselines: Sequence[str] | None = None,
    grouping: str | None = None,
    say: Say | None = None,
) -> ModelVersion:
    """k-fold CV of the version's recipe (feature groups, boosting rounds) on its corpus'
    current merged gold; stores the metrics (JSON) and the Markdown report.

    ``baselines``: the extractors scored in the same run (None: all of them, the
    engine's default; ``()`` none). ``grouping``: ``page`` or ``site`` (learning.grouping;
    None: by site whenever a site has several pages); the report says which was used.
    """
    version = ModelVersion.objects.select_related("corpus").get(pk=version_id)
    with running(version, ModelVersion.Job.EVALUATE, EXPECTED, say) as row:
        if folds < 2:
            raise JobError(f"--folds {folds}: cross-validation needs at least 2 folds.")
        row.phase(0.0, 0.1, f"reading the merged gold of {version.corpus.slug}")
        data = training_data(
            version.corpus, minimum=max(MIN_TRAINING_PAGES, folds), purpose=f"{folds}-fold CV"
        )
        chosen = choose_grouping([page.url for page in data.pages], folds, grouping)
        row.phase(
            0.1, 0.95, f"{folds}-fold cross-validation on {len(data.pages)} pages, by {chosen.name}"
        )
        result = cross_validate_recipe(
            data, version.groups, version.training_options.get("max_iter"), folds=folds,
            grouping=chosen, baselines=baselines, say=row,
        )  # fmt: skip
        store_evaluation(version, result, folds)
        row.summary = (
            f"{folds}-fold cross-validation on {len(data.pages)} pages, grouped by {chosen.name}"
        )
    return version


def cross_validate_recipe(
    data: TrainingData,
    groups: Sequence[str],
    max_iter: int | None,
    *,
    folds: int,
    grouping: Grouping,
    baselines: Sequence[str] | None = None,
    votes: bool = True,
    say: Say | None = None,
) -> dict[str, Any]:
    """The engine's evaluation report of one recipe on ``data``; two calls with the same
    data, folds and grouping score their recipes on the same folds (the engine's folds
    depend on the pages, their sites and its fixed seed only). ``votes``: add the
    annotators' own agreement (a database read per page)."""
    options: dict[str, Any] = {}
    if baselines is not None:
        options["baselines"] = tuple(baselines)
    if max_iter:
        options["max_iter"] = max_iter
    result = engine_evaluate(
        data.pages, data.labels, groups=list(groups), k=folds, progress=say,
        by_site=grouping.by_site, page_ids=[str(page_id) for page_id in data.page_ids],
        votes=annotator_votes(data.page_ids) if votes else None, **options,
    )  # fmt: skip
    result["grouping"] = grouping.name
    result["grouping_note"] = grouping.describe()
    result["platform_fingerprint"] = data.fingerprint
    return result


def store_evaluation(version: ModelVersion, result: dict[str, Any], folds: int) -> None:
    result["model"] = version.name
    result["corpus"] = version.corpus.slug
    ModelVersion.objects.filter(pk=version.pk).update(
        folds=folds, metrics=result, report=markdown(result), evaluated_at=timezone.now()
    )


# --------------------------------------------------------------------------- classify


def drop_stale_vectors(version: ModelVersion, corpus: Corpus) -> int:
    """Delete the version's vectors of pages whose node count changed since (a page
    harvested again is segmented again); returns how many, so they are labelled anew."""
    vectors = PredictedVector.objects.filter(model=version, page__corpus=corpus)
    stale = [
        pk
        for pk, labels, node_count in vectors.values_list(
            "pk", "labels", "page__node_count"
        ).iterator(chunk_size=500)
        if len(labels) != node_count
    ]
    PredictedVector.objects.filter(pk__in=stale).delete()
    return len(stale)


def classify_corpus(version_id: int, corpus_id: int, *, say: Say | None = None) -> ModelVersion:
    """Label every page of a corpus with the version's model and store the vectors.

    Resumable: pages the version labelled already are skipped, so a job run again
    (a redelivered task, or the button pressed again) finishes what is left; a page
    whose node count changed since it was labelled is labelled again. A page the
    engine refuses (e.g. past the node limit) is skipped and named in the message.
    """
    version = ModelVersion.objects.get(pk=version_id)
    corpus = Corpus.objects.get(pk=corpus_id)
    with running(version, ModelVersion.Job.CLASSIFY, EXPECTED, say) as row:
        model = load_version_model(version)
        total = corpus.pages.count()
        replaced = drop_stale_vectors(version, corpus)
        done = PredictedVector.objects.filter(model=version, page__corpus=corpus).count()
        todo = (
            corpus.pages.exclude(predicted_vectors__model=version).order_by("id")
            .values_list("id", flat=True)
        )  # fmt: skip
        refused: list[str] = []
        page_ids = list(todo)
        for start in range(0, len(page_ids), CLASSIFY_BATCH):
            chunk = page_ids[start : start + CLASSIFY_BATCH]
            batch = Page.objects.filter(pk__in=chunk).select_related("layout")
            rows = []
            for page in batch.order_by("id"):
                try:
                    prediction = predict(model, page_input(page))
                except EngineInputError as error:
                    refused.append(f"page {page.pk}: {error}")
                    continue
                rows.append(PredictedVector.from_prediction(version, page, prediction))
            # ignore_conflicts: a second run of the job may have stored the same page.
            PredictedVector.objects.bulk_create(rows, ignore_conflicts=True)
            done += len(rows)
            row(f"{corpus.slug}: {done}/{total} pages labelled", done / max(total, 1))
        row.summary = f"{corpus.slug}: {done}/{total} pages labelled" + (
            f" ({replaced} stale vectors of changed pages replaced)" if replaced else ""
        )
        if current_model(corpus) == version:
            # The corpus' own model: its doubts order the pages (uncertainty page order).
            refresh_uncertainty(corpus, version)
        if refused:
            raise JobError(
                f"{len(refused)} page{'s' * (len(refused) != 1)} of {corpus.slug} could not "
                f"be labelled ({done} of {total} are): " + "; ".join(refused[:5])
            )
    return version


# --------------------------------------------------------------------------- import


def import_model_file(
    source: Path, corpus: Corpus, *, name: str = "", created_by=None
) -> ModelVersion:
    """Register a model file (the shipped model, or one trained elsewhere) as a ready
    version serving ``corpus``: a new corpus has no gold to train on, and its annotators
    can get suggestions from day one. The file is loaded (which checks its feature
    version) and copied under the var directory; its figures stay empty until evaluated.
    """
    model = load_model(source)  # ModelFileError names the file and what is wrong
    name = check_new_name(name.strip() or default_import_name(corpus))
    target = Path(settings.VAR_DIR) / ModelVersion.file_for(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    shutil.copyfile(source, partial)
    os.replace(partial, target)
    libraries = model.info.get("libraries")
    now = timezone.now()
    return ModelVersion.objects.create(
        name=name, corpus=corpus, status=ModelVersion.Status.READY, groups=list(model.groups),
        feature_version=model.feature_version, file=ModelVersion.file_for(name),
        library_versions=libraries if isinstance(libraries, dict) else {},
        training_options={"imported_from": str(source)}, created_by=created_by,
        job=ModelVersion.Job.TRAIN, job_state=ModelVersion.JobState.DONE, progress=1.0,
        progress_text=f"imported from {source.name}", finished_at=now, job_finished_at=now,
    )  # fmt: skip


def default_import_name(corpus: Corpus) -> str:
    return f"{corpus.slug}-imported"[:100]


def next_free_name(name: str) -> str:
    """``name-2``, ``name-3``, …: the first not taken (a hint for --name)."""
    n = 2
    while ModelVersion.objects.filter(name=f"{name}-{n}").exists():
        n += 1
    return f"{name}-{n}"


# --------------------------------------------------------------------------- lookup


def find_version(name: str, *, ready: bool = False) -> ModelVersion:
    """The model version with this name, or ModelLookupError listing the known ones."""
    version = ModelVersion.objects.select_related("corpus").filter(name=name).first()
    if version is None:
        known = ", ".join(ModelVersion.objects.order_by("name").values_list("name", flat=True))
        raise ModelLookupError(f"No model named {name!r}. Models: {known or 'none yet'}.")
    if ready and version.status != ModelVersion.Status.READY:
        raise ModelLookupError(
            f"Model {name} is not ready ({version.get_status_display().lower()}"
            f"{': ' + version.message if version.message else ''})."
        )
    return version

"""Retraining: a corpus' model is trained again once enough new pages have been merged.

A periodic job (learning.tasks.retrain_due, on Celery beat) looks at every corpus whose
settings ask for it (CorpusLearning.retrain_after > 0). A corpus is due when its merged
pages outnumber, by at least that many, both the pages its newest ready model learned
from and the pages merged at its last retraining decision (so a candidate that lost, or
failed, is not retried until more pages are merged). The job records a candidate model
at once (a queued version marks the corpus busy, so the next check does not queue a
second one); a worker trains it and decides (:func:`retrain`).

The decision compares like with like: the candidate's recipe and the current model's
recipe (feature groups, boosting rounds) are cross-validated on the *same folds of the
corpus' current merged pages* (grouped by site when a site has several pages:
learning.grouping), and the rule looks at the per-page differences of macro token F1
of good text, candidate - current, paired page by page:

    switch  <=>  low >= -KEHR_RETRAIN_TOLERANCE

where low is the lower bound of the 95 % bootstrap interval of their mean
(learning.bootstrap.paired_interval, resampling the folds' groups: sites or pages).
A candidate equal to the current model up to CV noise is therefore made current (it
learned from more pages) every time, not on a coin flip of the noise; a clearly worse
one never. With the same recipe on both sides (the usual case: a candidate copies the
current model's recipe) one cross-validation scores both, the differences are all 0 and
the candidate switches. Every decision is logged (ModelSwitch) with both figures, the
interval, the tolerance and the grouping. A new current model then labels the corpus
when its suggestions or its page order use it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from django.conf import settings
from django.db.models import Max

from corpora.models import Corpus
from kehr.progress import Say
from kehr_engine.features import DEFAULT_GROUPS
from learning.bootstrap import PairedInterval, paired_interval
from learning.data import MIN_TRAINING_PAGES, merged_page_count, training_data
from learning.dispatch import queue_retraining
from learning.grouping import SITE, Grouping, choose, site_keys
from learning.jobs import JobError, claim, running, under_way
from learning.models import CorpusLearning, ModelSwitch, ModelVersion
from learning.services import (
    EXPECTED,
    classify_now,
    create_version,
    cross_validate_recipe,
    store_evaluation,
    train_version,
)
from learning.serving import current_model, settings_of

log = logging.getLogger(__name__)
#: The bootstrap's seed: a decision is reproducible from its figures.
SEED = 20261127


def _baseline(corpus: Corpus) -> int:
    """Merged pages the corpus' last model or decision already took into account."""
    ready = ModelVersion.objects.filter(corpus=corpus, status=ModelVersion.Status.READY)
    trained = ready.aggregate(n=Max("pages"))["n"] or 0
    decided = ModelSwitch.objects.filter(corpus=corpus).aggregate(n=Max("merged_pages"))["n"] or 0
    return max(trained, decided)


def due_reason(corpus_settings: CorpusLearning) -> str | None:
    """Why the corpus should be retrained now, or None."""
    every = corpus_settings.retrain_after
    if every == 0:
        return None
    corpus = corpus_settings.corpus
    if ModelVersion.objects.filter(under_way(), corpus=corpus).exists():
        return None  # a model of the corpus is training or evaluating: wait for it
    merged, baseline = merged_page_count(corpus), _baseline(corpus)
    if merged - baseline < every:
        return None
    return f"{merged - baseline} pages merged since the last model (retrain after {every})"


def queue_due(say: Say | None = None) -> list[ModelVersion]:
    """Record a candidate for every corpus that is due and send its retraining to a worker
    (learning.dispatch: once the candidate is committed; a broker that cannot take it is
    recorded on the candidate's row, or it would keep the corpus busy for ever)."""
    queued = []
    due = CorpusLearning.objects.filter(retrain_after__gt=0).select_related(
        "corpus", "current_model"
    )
    for corpus_settings in due:
        reason = due_reason(corpus_settings)
        if reason is None:
            continue
        candidate = create_candidate(corpus_settings.corpus)
        queue_retraining(candidate)
        if say is not None:
            say(f"{corpus_settings.corpus.slug}: {reason}; training {candidate.name}")
        queued.append(candidate)
    return queued


def create_candidate(corpus: Corpus) -> ModelVersion:
    """A queued version with the current model's recipe (feature groups, boosting rounds,
    target)."""
    current = current_model(corpus)
    if current is None:
        return create_version(corpus, groups=list(DEFAULT_GROUPS))
    recipe = _recipe(current)
    options = current.training_options
    return create_version(
        corpus, groups=recipe.groups, max_iter=recipe.max_iter,
        **({"target": options["target"]} if options.get("target") else {}),
    )  # fmt: skip


@dataclass(frozen=True)
class Recipe:
    """What cross-validation retrains of a model: its feature groups and rounds."""

    groups: tuple[str, ...]
    max_iter: int | None


def _recipe(version: ModelVersion) -> Recipe:
    return Recipe(tuple(version.groups), version.training_options.get("max_iter") or None)


@dataclass(frozen=True)
class Scores:
    """Per-page macro token F1 of the two recipes on the same folds, page by page."""

    candidate: list[float]
    current: list[float] | None  # None: the corpus had no model
    clusters: list[str]  # what the bootstrap resamples: each page's site, or the page
    grouping: Grouping
    same_recipe: bool


@dataclass(frozen=True)
class Decision:
    switched: bool
    why: str
    interval: PairedInterval | None = None


def decide(
    candidate: Sequence[float],
    current: Sequence[float],
    clusters: Sequence[object] | None = None,
    *,
    tolerance: float,
    current_name: str = "the current model",
) -> Decision:
    """The rule (module docstring): the candidate becomes current when the lower bound of
    the 95 % interval of mean(candidate - current), paired per page and resampling
    ``clusters``, is at least ``-tolerance``."""
    interval = paired_interval(candidate, current, clusters, seed=SEED)
    figures = (
        f"{interval.first:.3f} against {interval.second:.3f} on the same {interval.units} "
        f"pages; mean difference {interval.difference:+.3f}, 95 % CI "
        + (
            f"{interval.low:+.3f} to {interval.high:+.3f}"
            if interval.low is not None and interval.high is not None
            else "not computable"
        )
        + f" ({interval.clusters} groups resampled), tolerance {tolerance:.3f}"
    )
    if interval.low is not None and interval.low >= -tolerance:
        return Decision(True, f"Not worse beyond noise: {figures}.", interval)
    return Decision(False, f"Worse beyond noise: {figures}; {current_name} stays.", interval)


def score(
    candidate: ModelVersion, current: ModelVersion | None, folds: int, *, say: Say | None = None
) -> Scores | None:
    """Cross-validate the candidate's recipe (its report is stored as any evaluation's)
    and the current model's on the same folds of the corpus' merged pages, as the
    candidate's evaluation job; None when it failed (the message is on the row)."""
    corpus = candidate.corpus
    scores: Scores | None = None
    with running(candidate, ModelVersion.Job.EVALUATE, EXPECTED, say) as row:
        row.phase(0.0, 0.05, f"reading the merged gold of {corpus.slug}")
        data = training_data(
            corpus, minimum=max(MIN_TRAINING_PAGES, folds), purpose=f"{folds}-fold CV"
        )
        urls = [page.url for page in data.pages]
        grouping = choose(urls, folds)
        same = current is None or _recipe(current) == _recipe(candidate)
        row.phase(0.05, 0.5 if not same else 0.95, f"{candidate.name}: {folds}-fold CV, "
                       f"{len(urls)} pages, by {grouping.name}")  # fmt: skip
        result = cross_validate_recipe(
            data, candidate.groups, _recipe(candidate).max_iter, folds=folds,
            grouping=grouping, baselines=(), say=row,
        )  # fmt: skip
        store_evaluation(candidate, result, folds)
        ids = [str(page_id) for page_id in data.page_ids]
        mine = _per_page(result, ids)
        theirs: list[float] | None = None
        if current is not None and same:
            # Same recipe, same folds, same seed: the same models, the same figures.
            theirs = list(mine)
        elif current is not None:
            row.phase(0.5, 0.95, f"{current.name}'s recipe: the same folds")
            other = cross_validate_recipe(
                data, current.groups, _recipe(current).max_iter, folds=folds,
                grouping=grouping, baselines=(), votes=False, say=row,
            )  # fmt: skip
            theirs = _per_page(other, ids)
        clusters = site_keys(urls) if grouping.name == SITE else ids
        scores = Scores(mine, theirs, clusters, grouping, same)
        row.summary = f"retraining: {folds}-fold CV, {grouping.describe()}"
    return scores


def _per_page(result: dict, page_ids: Sequence[str]) -> list[float]:
    """The first model source's F1 of each page, in ``page_ids`` order."""
    source = next(s for s in result["sources"] if str(s["name"]).startswith("model"))
    return [float(source["per_page_f1"][page_id]) for page_id in page_ids]


def retrain(candidate_id: int, *, say: Say | None = None) -> ModelSwitch:
    """Train the candidate, score it and the current model's recipe on the same folds,
    and decide whether it becomes current (:func:`decide`)."""
    candidate = ModelVersion.objects.select_related("corpus").get(pk=candidate_id)
    corpus = candidate.corpus
    settings_row = settings_of(corpus) or CorpusLearning(corpus=corpus)
    previous = current_model(corpus, settings_row)
    if previous == candidate:  # a redelivered task whose first run switched already
        previous = None
    if previous is not None and settings_row.current_model_id is None:
        # Pinned: "the newest ready model" would otherwise be the candidate as soon as
        # it is trained, serving suggestions before (or despite) the decision.
        settings_row.current_model = previous
        settings_row.save()
    merged = merged_page_count(corpus)
    train_version(candidate.pk, say=say)
    candidate.refresh_from_db()
    if candidate.status != ModelVersion.Status.READY:
        return _log(corpus, previous, candidate, merged, False,
                    f"Training failed: {candidate.message}")  # fmt: skip
    try:
        claim(candidate, ModelVersion.Job.EVALUATE)
    except JobError as error:
        return _log(corpus, previous, candidate, merged, False, str(error))
    scores = score(candidate, previous, settings_row.retrain_folds, say=say)
    candidate.refresh_from_db()
    if scores is None:
        return _log(corpus, previous, candidate, merged, False,
                    f"Cross-validation failed: {candidate.message}")  # fmt: skip
    tolerance = float(settings.KEHR_RETRAIN_TOLERANCE)
    if previous is None or scores.current is None:
        decision = Decision(True, "The corpus had no model: the candidate serves it now.")
        candidate_f1 = float(np.mean(scores.candidate))
    else:
        decision = decide(
            scores.candidate, scores.current, scores.clusters, tolerance=tolerance,
            current_name=previous.name,
        )  # fmt: skip
        candidate_f1 = None
        if scores.same_recipe:
            decision = replace(decision, why=decision.why + " Same recipe on both sides: one "
                               "cross-validation scored both.")  # fmt: skip
    why = f"{decision.why} CV {scores.grouping.describe()}."
    verdict = f"{corpus.slug}: {'switched to' if decision.switched else 'kept, not'} "
    log.info("%s%s. %s", verdict, candidate.name, why)  # the worker's log, beside the row
    if say is not None:
        say(f"{verdict}{candidate.name}. {why}")
    if decision.switched:
        settings_row.current_model = candidate
        settings_row.save()
    logged = _log(
        corpus, previous, candidate, merged, decision.switched, why, decision.interval,
        grouping=scores.grouping.name, tolerance=tolerance, candidate_f1=candidate_f1,
    )  # fmt: skip
    uses_model = (
        settings_row.suggestions != CorpusLearning.Suggestions.OFF
        or corpus.page_order == Corpus.PageOrder.UNCERTAINTY
    )
    if decision.switched and uses_model:
        # Label the corpus now: suggestions read stored vectors, the page order the
        # uncertainty this writes. Failures are recorded on the version's row.
        classify_now(candidate, corpus, say=say)
    return logged


def _log(
    corpus: Corpus, previous: ModelVersion | None, candidate: ModelVersion, merged: int,
    switched: bool, reason: str, interval: PairedInterval | None = None, *,
    grouping: str = "", tolerance: float | None = None, candidate_f1: float | None = None,
) -> ModelSwitch:  # fmt: skip
    return ModelSwitch.objects.create(
        corpus=corpus, previous=previous, candidate=candidate,
        previous_name=previous.name if previous else "", candidate_name=candidate.name,
        previous_f1=interval.second if interval else None,
        candidate_f1=interval.first if interval else candidate_f1,
        difference_low=interval.low if interval else None,
        difference_high=interval.high if interval else None,
        tolerance=tolerance, grouping=grouping, switched=switched,
        merged_pages=merged, reason=reason,
    )  # fmt: skip

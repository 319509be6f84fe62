"""Retraining: a corpus' model is trained again once enough new pages have been merged.

A periodic job (learning.tasks.retrain_due, on Celery beat) looks at every corpus whose
settings ask for it (CorpusLearning.retrain_after > 0). A corpus is due when its merged
pages outnumber, by at least that many, both the pages its newest ready model learned
from and the pages merged at its last retraining decision (so a candidate that lost, or
failed, is not retried until more pages are merged). The job records a candidate model
at once (a queued version marks the corpus busy, so the next check does not queue a
second one); a worker trains it, cross-validates it by page, and makes it current only
if its macro token F1 of good text is not below the current model's. Every decision is
logged (ModelSwitch) with both figures. A new current model then labels the corpus when
its suggestions or its page order use it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Max

from corpora.models import Corpus
from learning.data import merged_page_count
from learning.jobs import JobError, claim, under_way, unqueued
from learning.models import CorpusLearning, ModelSwitch, ModelVersion
from learning.suggestions import OFF, current_model, settings_of

Echo = Callable[[str], object] | None


def _baseline(corpus: Corpus) -> int:
    """Merged pages the corpus' last model or decision already took into account."""
    ready = ModelVersion.objects.filter(corpus=corpus, status=ModelVersion.Status.READY)
    trained = ready.aggregate(n=Max("pages"))["n"] or 0
    decided = ModelSwitch.objects.filter(corpus=corpus).aggregate(n=Max("merged_pages"))["n"] or 0
    return max(trained, decided)


def due_reason(learning: CorpusLearning) -> str | None:
    """Why the corpus should be retrained now, or None."""
    if learning.retrain_after == 0:
        return None
    corpus = learning.corpus
    if ModelVersion.objects.filter(under_way(), corpus=corpus).exists():
        return None  # a model of the corpus is training or evaluating: wait for it
    merged, baseline = merged_page_count(corpus), _baseline(corpus)
    if merged - baseline < learning.retrain_after:
        return None
    new = merged - baseline
    return f"{new} pages merged since the last model (retrain after {learning.retrain_after})"


def queue_due(echo: Echo = None) -> list[ModelVersion]:
    """Record a candidate for every corpus that is due and send its retraining to a worker."""
    from learning import tasks

    queued = []
    for learning in CorpusLearning.objects.filter(retrain_after__gt=0).select_related(
        "corpus", "current_model"
    ):
        reason = due_reason(learning)
        if reason is None:
            continue
        candidate = create_candidate(learning.corpus)
        try:
            tasks.retrain.delay(candidate.pk)
        except Exception as error:
            # Not queued: say so on the row, or the queued candidate would keep the
            # corpus busy, and so never retrained again.
            unqueued(candidate, ModelVersion.Job.TRAIN, f"The task queue is not reachable "
                     f"({error}); nothing was queued.")  # fmt: skip
            raise
        if echo is not None:
            echo(f"{learning.corpus.slug}: {reason}; training {candidate.name}")
        queued.append(candidate)
    return queued


def create_candidate(corpus: Corpus) -> ModelVersion:
    """A queued version with the current model's recipe (feature groups, boosting rounds)."""
    from learning.services import DEFAULT_GROUPS, create_version

    current = current_model(corpus)
    groups = current.groups if current is not None else list(DEFAULT_GROUPS)
    max_iter = current.training_options.get("max_iter") if current is not None else None
    return create_version(corpus, groups=groups, max_iter=max_iter)


def retrain(candidate_id: int, *, echo: Echo = None) -> ModelSwitch:
    """Train and cross-validate the candidate, then decide whether it becomes current."""
    from learning.services import classify_now, evaluate_version, train_version

    candidate = ModelVersion.objects.select_related("corpus").get(pk=candidate_id)
    corpus = candidate.corpus
    learning = settings_of(corpus) or CorpusLearning(corpus=corpus)
    previous = current_model(corpus, learning)
    if previous == candidate:  # a redelivered task whose first run switched already
        previous = None
    if previous is not None and learning.current_model_id is None:
        # Pinned: "the newest ready model" would otherwise be the candidate as soon as
        # it is trained, serving suggestions before (or despite) the decision.
        learning.current_model = previous
        learning.save()
    merged = merged_page_count(corpus)
    train_version(candidate.pk, echo=echo)
    candidate.refresh_from_db()
    if candidate.status != ModelVersion.Status.READY:
        return _log(corpus, previous, candidate, None, merged, False,
                    f"Training failed: {candidate.message}")  # fmt: skip
    try:
        claim(candidate, ModelVersion.Job.EVALUATE)
    except JobError as error:
        return _log(corpus, previous, candidate, None, merged, False, str(error))
    evaluate_version(candidate.pk, folds=learning.retrain_folds, baselines=(), echo=echo)
    candidate.refresh_from_db()
    new_f1 = _macro_f1(candidate)
    if new_f1 is None:
        return _log(corpus, previous, candidate, None, merged, False,
                    f"Cross-validation failed: {candidate.message}")  # fmt: skip
    old_f1 = _macro_f1(previous) if previous is not None else None
    if previous is None:
        switched, why = True, "The corpus had no model: the candidate serves it now."
    elif old_f1 is None:
        switched, why = True, f"{previous.name} was never cross-validated: the candidate is."
    elif new_f1 >= old_f1:
        switched, why = True, f"Not worse: {new_f1:.3f} ≥ {old_f1:.3f}."
    else:
        switched, why = False, f"Worse: {new_f1:.3f} < {old_f1:.3f}; {previous.name} stays."
    if switched:
        learning.current_model = candidate
        learning.save()
    decision = _log(corpus, previous, candidate, old_f1, merged, switched, why, new_f1)
    uses_model = learning.suggestions != OFF or corpus.page_order == Corpus.PageOrder.UNCERTAINTY
    if switched and uses_model:
        # Label the corpus now: suggestions read stored vectors, the page order the
        # uncertainty this writes. Failures are recorded on the version's row.
        classify_now(candidate, corpus, echo=echo)
    return decision


def _macro_f1(version: ModelVersion) -> float | None:
    head = version.headline
    return float(head["macro"]["f1"]) if head else None


def _log(
    corpus: Corpus, previous: ModelVersion | None, candidate: ModelVersion,
    previous_f1: float | None, merged: int, switched: bool, reason: str,
    candidate_f1: float | None = None,
) -> ModelSwitch:  # fmt: skip
    return ModelSwitch.objects.create(
        corpus=corpus, previous=previous, candidate=candidate,
        previous_name=previous.name if previous else "", candidate_name=candidate.name,
        previous_f1=previous_f1, candidate_f1=candidate_f1, switched=switched,
        merged_pages=merged, reason=reason,
    )  # fmt: skip

"""Suggestions for annotators: which model, whether this annotator gets them on this page,
which nodes, and what the annotator kept (docs/annotator-guide.md, docs/admin-guide.md).

A corpus' settings (:class:`CorpusLearning`) say the mode (off, hints, prefill), the share
of (page, annotator) pairs that get suggestions, the model and a confidence threshold.
The first time an annotator asks for a page's suggestions, whether they get them is drawn
at random and recorded with what was shown (:class:`SuggestionAssignment`); every later
request answers from that record, so a reopened page looks the same and the two groups of
the bias figures stay fixed. A submission then records which of its labels came from the
suggestions (:func:`store_provenance`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from django.db import IntegrityError, transaction
from django.utils import timezone

from corpora.models import Corpus, Page
from learning.models import CorpusLearning, ModelVersion, PredictedVector, SuggestionAssignment
from learning.serving import ModelLookupError, current_model, predict_page, settings_of

OFF = CorpusLearning.Suggestions.OFF
HINTS = CorpusLearning.Suggestions.HINTS
PREFILL = CorpusLearning.Suggestions.PREFILL

#: Per-node provenance codes of a submission (SuggestionAssignment.accepted).
OWN, ACCEPTED, PREFILLED = 0, 1, 2


class ProvenanceError(ValueError):
    """A submission's report of accepted suggestions that does not fit what was shown."""


@dataclass(frozen=True)
class Served:
    """What an annotator is shown of the model on one page."""

    mode: str  # off, hints or prefill
    reason: str = ""  # why nothing is shown (mode off), in the annotator's words
    model: str = ""
    threshold: float | None = None
    labels: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint8))
    probability: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))

    def nodes(self) -> list[dict[str, Any]]:
        """The suggested nodes (those above the threshold), in node order."""
        return [
            {"i": int(i), "label": int(self.labels[i]),
             "probability": round(float(self.probability[i]), 3)}
            for i in np.flatnonzero(self.labels)
        ]  # fmt: skip


def suggesting_model(corpus: Corpus, corpus_settings: CorpusLearning) -> ModelVersion | None:
    named = corpus_settings.suggestion_model
    if named is not None:
        return named if named.status == ModelVersion.Status.READY else None
    return current_model(corpus, corpus_settings)


def served_for(page: Page, user, *, rng: random.Random | None = None) -> Served:
    """What ``user`` is shown on ``page``; draws and records it on the first request."""
    corpus = page.corpus
    if corpus.kind == Corpus.Kind.TUTORIAL:
        return Served(OFF, "Tutorials never show suggestions: find the tags yourself.")
    corpus_settings = settings_of(corpus)
    if corpus_settings is None or corpus_settings.suggestions == OFF:
        # Also for pairs drawn before staff turned suggestions off: off means off.
        return Served(OFF, "This corpus shows no suggestions.")
    recorded = SuggestionAssignment.objects.filter(page=page, user=user).first()
    if recorded is not None:
        return _from_record(recorded, page)
    model = suggesting_model(corpus, corpus_settings)
    if model is None:
        # Nothing recorded: the draw happens once a model is ready.
        return Served(OFF, "No model is ready for this corpus yet.")
    shown = (rng or random).random() * 100 < corpus_settings.suggestion_share
    record = SuggestionAssignment(
        page=page, user=user, shown=shown, mode=corpus_settings.suggestions, model=model,
        model_name=model.name, threshold=corpus_settings.suggestion_threshold,
    )  # fmt: skip
    # The comparison group's record keeps what would have been suggested too (never
    # shown): how often each group's tags agree with the model is the bias figure.
    labels, probability = _model_labels(model, page)
    if labels is None:
        return Served(OFF, f"Model {model.name} cannot label this page.")
    confident = probability >= corpus_settings.suggestion_threshold
    record.suggested = np.where(confident, labels, 0).astype(np.uint8).tobytes()
    record.probability = np.where(confident, probability, 0).astype("<f2").tobytes()
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError:
        # The same annotator's second tab drew at the same moment: the first draw counts.
        record = SuggestionAssignment.objects.get(page=page, user=user)
    return _from_record(record, page)


def _from_record(record: SuggestionAssignment, page: Page) -> Served:
    if not record.shown:
        return Served(OFF, "You annotate this page without suggestions (chosen at random, "
                      "so that the platform can measure what suggestions change).")  # fmt: skip
    labels = record.suggested_labels
    if labels.shape[0] != page.node_count:
        return Served(OFF, "The page changed since the suggestions were made.")
    return Served(
        record.mode, model=record.model_name, threshold=record.threshold, labels=labels,
        probability=record.probabilities,
    )  # fmt: skip


def _model_labels(model: ModelVersion, page: Page) -> tuple[np.ndarray | None, np.ndarray]:
    """Each node's label and its probability: the stored vector, or labelled now and
    stored (the next annotator of the page and the exports read the same)."""
    stored = PredictedVector.fitting(model, page)
    if stored is not None:
        labels = np.frombuffer(bytes(stored.labels), dtype=np.uint8)
        proba = stored.proba_array
    else:
        # Imported here: the engine loads in a web worker only when it must label a page.
        from kehr_engine.model_file import ModelFileError
        from kehr_engine.pipeline import EngineInputError

        try:
            prediction = predict_page(model, page)
        except (EngineInputError, ModelFileError, ModelLookupError):
            return None, np.zeros(0, dtype=np.float32)
        labels = prediction.labels.astype(np.uint8)
        proba = prediction.proba
        # One made for an earlier segmentation of the page would block the new one.
        PredictedVector.objects.filter(model=model, page=page).delete()
        PredictedVector.objects.bulk_create(
            [PredictedVector.from_prediction(model, page, prediction)], ignore_conflicts=True
        )
    chosen = np.take_along_axis(proba, (labels.astype(np.int64) - 1)[:, None], axis=1)[:, 0]
    return labels, chosen.astype(np.float32)


# --------------------------------------------------------------------------- provenance


def check_provenance(
    page_id: int, user, labels: Sequence[int], reported: Mapping[str, Any] | None
) -> np.ndarray | None:
    """The per-node provenance of a submission, or ProvenanceError saying what is wrong.

    ``reported``: what the add-on says came from the suggestions, ``{"accepted": [node
    …], "prefilled": [node …]}`` (accepted: taken by a key; prefilled: a prefilled tag
    left as it was); None when the client sent none. Returns None when the annotator
    has no suggestions record (nothing to say).
    """
    record = SuggestionAssignment.objects.filter(page_id=page_id, user=user).first()
    if record is None:
        if reported and (reported.get("accepted") or reported.get("prefilled")):
            raise ProvenanceError(
                "This page showed you no suggestions, so none can be accepted: send the "
                "labels without suggestions."
            )
        return None
    provenance = np.zeros(len(labels), dtype=np.uint8)
    if reported is None:
        # No report (a resubmission from My Stats, or a client without suggestions): a
        # tag that is still the suggestion keeps what the last report said of it.
        before = bytes(record.accepted) if record.accepted is not None else b""
        suggested_now = record.suggested_labels
        if len(before) == len(labels) == suggested_now.shape[0]:
            same = np.asarray(labels, dtype=np.uint8) == suggested_now
            provenance = np.where(same, np.frombuffer(before, dtype=np.uint8), 0).astype(np.uint8)
        return provenance
    suggested = record.suggested_labels if record.shown else np.zeros(0, dtype=np.uint8)
    for key, code in (("accepted", ACCEPTED), ("prefilled", PREFILLED)):
        nodes = reported.get(key) or []
        if key == "prefilled" and nodes and record.mode != PREFILL:
            raise ProvenanceError(
                f"prefilled: this page showed suggestions as {record.mode}, so no tag was "
                "prefilled."
            )
        for node in nodes:
            if not 0 <= node < len(labels):
                raise ProvenanceError(
                    f"{key}: node {node} does not exist (the page has {len(labels)} nodes)."
                )
            if node >= suggested.shape[0] or suggested[node] == 0:
                raise ProvenanceError(f"{key}: node {node} had no suggestion.")
            if labels[node] != suggested[node]:
                raise ProvenanceError(
                    f"{key}: node {node} is tagged {labels[node]}, but its suggestion was "
                    f"{suggested[node]}; report only nodes whose tag is the suggestion."
                )
            provenance[node] = code
    return provenance


def store_provenance(
    page_id: int, user, labels: Sequence[int], reported: Mapping[str, Any] | None
) -> None:
    """Check the submission's provenance (:func:`check_provenance`) and store it on its
    suggestions record; run in the submission's transaction (submit_labels' ``also``)."""
    provenance = check_provenance(page_id, user, labels, reported)
    if provenance is None:
        return
    SuggestionAssignment.objects.filter(page_id=page_id, user=user).update(
        accepted=provenance.tobytes(), submitted_at=timezone.now()
    )

"""How unsure a model is of a page: the mean entropy of its nodes' label probabilities.

Stored on the page (Page.uncertainty) for the corpus' current model, so the
``uncertainty`` page order (annotations.selection) is one indexed query. Written when
that model labels the corpus (learning.services.classify_corpus), so training a model
and classifying the corpus with it (retraining does both) refreshes the order.
"""

from __future__ import annotations

import numpy as np

from corpora.models import Corpus, Page
from learning.models import ModelVersion, PredictedVector

#: Pages updated per statement batch.
BATCH = 500


def mean_entropy(proba: np.ndarray) -> float:
    """Mean over nodes of the entropy (natural log) of each node's probabilities: 0 when
    the model is sure of every node, log 3 (1.0986) when it cannot tell the three apart.
    A page without nodes is 0 (nothing to be unsure of)."""
    if proba.size == 0:
        return 0.0
    p = np.clip(proba.astype(np.float64), 1e-12, 1.0)
    p = p / p.sum(axis=1, keepdims=True)
    return float(np.mean(-np.sum(p * np.log(p), axis=1)))


def refresh_uncertainty(corpus: Corpus, model: ModelVersion) -> int:
    """Write the model's uncertainty onto every page of the corpus it has a fitting vector
    for; returns how many pages were written."""
    vectors = (
        PredictedVector.objects.filter(model=model, page__corpus=corpus)
        .values_list("page_id", "proba", "page__node_count")
        .order_by("page_id")
    )
    changed: list[Page] = []
    written = 0
    for page_id, proba, node_count in vectors.iterator(chunk_size=BATCH):
        array = PredictedVector.decode_proba(proba)
        if array.shape[0] != node_count:
            continue  # made for an earlier segmentation of the page
        changed.append(Page(pk=page_id, uncertainty=round(mean_entropy(array), 6)))
        if len(changed) >= BATCH:
            written += Page.objects.bulk_update(changed, ["uncertainty"])
            changed = []
    if changed:
        written += Page.objects.bulk_update(changed, ["uncertainty"])
    return written

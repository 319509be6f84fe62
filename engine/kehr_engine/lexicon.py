"""The words of good text: a lexicon learned with the model, and the features it gives.

The feature groups (kehr_engine.features) describe a node's form: its length, its
punctuation, its place in the DOM. Which *words* it uses says more of what annotators
judge: "suite", "deck" and "brochure" on a cruise seller's page, "copyright" and
"subscribe" under an article. The lexicon holds, per word, the log-odds that a text node
containing it is good rather than bad or uncertain (node document frequencies with
add-``ALPHA`` smoothing; words seen in fewer than ``MIN_COUNT`` training nodes are left
out), and turns each node's words into :data:`FEATURE_NAMES`: their mean, sum, least
and greatest log-odds, the share of the node's words it knows, the mean of the three
previous and next nodes, of a window of five nodes each side and of the page.

It learns from the gold, so it belongs to the model (kehr_engine.model), never to the
feature groups, which must not read labels. A booster trained on lexicon features of
its own training nodes would trust them too much (each node's own label is in them), so
training rows get *out-of-fold* values: page-grouped inner folds, each page's features
from a lexicon of the other pages (:func:`out_of_fold_features`). The model keeps the
lexicon of all its training pages for prediction.

What it gains in page-grouped CV on the CANOLA pages: docs/engine.md, "Model" and
"Evaluation of the model".
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kehr_engine.splits import page_folds

GOOD = 3
WORD = re.compile(r"\w+")
MIN_COUNT = 3  # training nodes a word must appear in
ALPHA = 1.0  # add-alpha smoothing of the node frequencies
MAX_WORDS = 100_000  # the most frequent words kept: bounds the model file
INNER_FOLDS = 5  # inner page folds of the out-of-fold training features
NEIGHBOURS = 3
WINDOW = 5
FEATURE_NAMES = [
    "lexicon.mean", "lexicon.sum", "lexicon.min", "lexicon.max", "lexicon.known_share",
    *(f"lexicon.{side}{k}.mean" for k in range(1, NEIGHBOURS + 1) for side in ("prev", "next")),
    "lexicon.window.mean", "lexicon.page.mean",
]  # fmt: skip


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


@dataclass(frozen=True)
class Lexicon:
    log_odds: dict[str, float]

    def __len__(self) -> int:
        return len(self.log_odds)

    def features(self, texts: Sequence[str]) -> np.ndarray:
        """One row of :data:`FEATURE_NAMES` per node (NaN where a node has no known word,
        and for neighbours past the page's ends)."""
        n = len(texts)
        own = np.full((n, 5), np.nan)
        for i, text in enumerate(texts):
            tokens = words(text)
            known = [self.log_odds[w] for w in tokens if w in self.log_odds]
            own[i, 4] = len(known) / len(tokens) if tokens else 0.0
            own[i, 1] = sum(known)
            if known:
                own[i, 0] = own[i, 1] / len(known)
                own[i, 2] = min(known)
                own[i, 3] = max(known)
        mean = np.nan_to_num(own[:, 0], nan=0.0)
        columns = [own]
        for k in range(1, NEIGHBOURS + 1):
            previous = np.full(n, np.nan)
            following = np.full(n, np.nan)
            if n > k:
                previous[k:] = mean[:-k]
                following[:-k] = mean[k:]
            columns += [previous[:, None], following[:, None]]
        sums = np.concatenate([[0.0], np.cumsum(mean)])
        low = np.clip(np.arange(n) - WINDOW, 0, n)
        high = np.clip(np.arange(n) + WINDOW + 1, 0, n)
        window = (sums[high] - sums[low]) / np.maximum(high - low, 1)
        page = np.full(n, mean.mean() if n else 0.0)
        return np.hstack([*columns, window[:, None], page[:, None]])


def fit_lexicon(texts: Sequence[Sequence[str]], labels: Sequence[np.ndarray]) -> Lexicon:
    """The lexicon of these pages' nodes (label 0, no gold, is left out)."""
    good: Counter[str] = Counter()
    rest: Counter[str] = Counter()
    good_nodes = rest_nodes = 0
    for page_texts, page_labels in zip(texts, labels, strict=True):
        for text, label in zip(page_texts, page_labels, strict=True):
            if label == 0:
                continue
            seen = set(words(text))
            if label == GOOD:
                good.update(seen)
                good_nodes += 1
            else:
                rest.update(seen)
                rest_nodes += 1
    counts = good + rest
    frequent = [w for w, c in counts.most_common(MAX_WORDS) if c >= MIN_COUNT]
    good_total = math.log(good_nodes + 2 * ALPHA)
    rest_total = math.log(rest_nodes + 2 * ALPHA)
    return Lexicon(
        {
            w: (math.log(good[w] + ALPHA) - good_total) - (math.log(rest[w] + ALPHA) - rest_total)
            for w in frequent
        }
    )


def out_of_fold_features(
    texts: Sequence[Sequence[str]], labels: Sequence[np.ndarray], seed: int = 0
) -> list[np.ndarray]:
    """Each training page's lexicon features from a lexicon of the other pages (inner
    page-grouped folds); a lone page gets an empty lexicon's (it knows no word)."""
    k = min(INNER_FOLDS, len(texts))
    if k < 2:
        return [Lexicon({}).features(page) for page in texts]
    out: list[np.ndarray] = [np.zeros((0, len(FEATURE_NAMES)))] * len(texts)
    for inner_train, inner_test in page_folds([str(i) for i in range(len(texts))], k, seed=seed):
        lexicon = fit_lexicon([texts[i] for i in inner_train], [labels[i] for i in inner_train])
        for i in inner_test:
            out[i] = lexicon.features(texts[i])
    return out

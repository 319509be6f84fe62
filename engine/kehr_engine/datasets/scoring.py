"""Each modern dataset's own metric, on plain-text output (any extractor's, or the model's
``Prediction.good_text``).

- Readability (:func:`readability_scores`): token precision, recall and F1 of the
  output's whitespace tokens against the expected article's, as bags of tokens, per
  page, then the mean over pages (the issue's "mean token F1 of the main content").
- trafilatura (:func:`passage_scores`): as its evaluation does, a passage is present
  when its whitespace-normalised text is a substring of the whitespace-normalised
  output; precision = with-present / (with-present + without-present), recall =
  with-present / all with, F1 of those, over the totals of all pages.

- Node level (:func:`node_scores`), the same for every dataset and every source: the
  token P/R/F1 of the text of the nodes a source kept (the model's good nodes, or an
  extractor's output mapped onto the nodes by kehr_engine.node_mapping.kept_nodes)
  against the text of the nodes the alignment labelled good, per page (the CANOLA
  report's protocol, kehr_engine.metrics), then the mean over pages and the pooled
  (micro) figures. Unlabelled nodes (label 0: trafilatura-eval's nodes that hold no
  passage) are left out on both sides, so there it judges only the labelled nodes.

Both count the pages left "empty by accident" (the issue's goal: never empty when the
main content is substantial). Readability: the output is empty while the expected
article has at least 50 words, or at least 200 characters when it is mostly in a script
written without spaces (Chinese, Japanese, Thai, ...). trafilatura: the truth is only
passages, so: the output is empty while the page has ``with`` passages.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from kehr_engine.datasets.alignment import normalise
from kehr_engine.metrics import GOOD, PRF, page_tokens, prf, token_scores

MIN_WORDS = 50
MIN_CHARS_WITHOUT_SPACES = 200
# Scripts written without spaces between words: Han, kana, Thai, Lao, Khmer, Myanmar, Tibetan.
_SPACELESS = re.compile(
    "[\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff]"
)


def _f1(precision: float, recall: float) -> float:
    # trafilatura's convention for passages: no passage at all scores 0, where
    # kehr_engine.metrics.prf (token bags) scores two empty sides 1.
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def token_prf(output: str, expected: str) -> PRF:
    """Bag-of-tokens P/R/F1 of one page (kehr_engine.metrics.prf: both empty 1, 1, 1;
    an empty output has precision 0, so it is never rewarded)."""
    out, gold = Counter(output.split()), Counter(expected.split())
    return prf(sum((out & gold).values()), sum(out.values()), sum(gold.values()))


def substantial(text: str) -> bool:
    """Main content that must not come out empty: >= 50 words, or >= 200 characters when
    most of its characters are in a script written without spaces."""
    if len(text.split()) >= MIN_WORDS:
        return True
    letters = "".join(text.split())
    spaceless = len(_SPACELESS.findall(letters))
    return spaceless * 2 > len(letters) and len(letters) >= MIN_CHARS_WITHOUT_SPACES


@dataclass
class DatasetScores:
    """One source's figures on one dataset (and the per-page detail)."""

    pages: int
    precision: float
    recall: float
    f1: float
    empty_by_accident: int
    empty_pages: list[str] = field(default_factory=list)  # their ids, when ids were given
    per_page_f1: list[float] = field(default_factory=list)  # readability and node level
    micro_f1: float | None = None  # node level: F1 of the tokens pooled over pages

    def as_dict(self, *, detail: bool = False) -> dict[str, object]:
        figures: dict[str, object] = {
            "pages": self.pages,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "empty_by_accident": self.empty_by_accident,
            "empty_pages": self.empty_pages,
        }
        if self.micro_f1 is not None:
            figures["micro_f1"] = round(self.micro_f1, 4)
        if detail:
            figures["per_page_f1"] = [round(v, 4) for v in self.per_page_f1]
        return figures


def _check(outputs: Sequence[object], truth: Sequence[object], ids: Sequence[str] | None) -> list:
    if len(outputs) != len(truth) or (ids is not None and len(ids) != len(outputs)):
        raise ValueError(
            f"{len(outputs)} outputs for {len(truth)} pages"
            + (f" and {len(ids)} ids" if ids is not None else "")
            + ": give one output per page, in the same order."
        )
    return list(ids) if ids is not None else [str(i) for i in range(len(outputs))]


def readability_scores(
    outputs: Sequence[str], expected: Sequence[str], ids: Sequence[str] | None = None
) -> DatasetScores:
    """Mean per-page token P/R/F1 and the empty-by-accident count (see module docstring)."""
    names = _check(outputs, expected, ids)
    scores = [token_prf(out, gold) for out, gold in zip(outputs, expected, strict=True)]
    empty = [
        name
        for name, out, gold in zip(names, outputs, expected, strict=True)
        if not out.strip() and substantial(gold)
    ]
    n = len(scores) or 1
    return DatasetScores(
        pages=len(scores),
        precision=sum(s.precision for s in scores) / n,
        recall=sum(s.recall for s in scores) / n,
        f1=sum(s.f1 for s in scores) / n,
        empty_by_accident=len(empty),
        empty_pages=empty,
        per_page_f1=[s.f1 for s in scores],
    )


@dataclass(frozen=True)
class PassageCounts:
    with_present: int
    without_present: int
    with_total: int
    without_total: int


def passage_counts(
    output: str, with_passages: Sequence[str], without: Sequence[str]
) -> PassageCounts:
    """How many of one page's passages are in its output (whitespace-normalised substrings)."""
    text = normalise(output)
    return PassageCounts(
        with_present=sum(normalise(p) in text for p in with_passages),
        without_present=sum(normalise(p) in text for p in without),
        with_total=len(with_passages),
        without_total=len(without),
    )


def passage_scores(
    outputs: Sequence[str],
    with_passages: Sequence[Sequence[str]],
    without_passages: Sequence[Sequence[str]],
    ids: Sequence[str] | None = None,
) -> DatasetScores:
    """P/R/F1 over the totals of all pages, as trafilatura's evaluation computes them."""
    names = _check(outputs, with_passages, ids)
    _check(outputs, without_passages, None)
    counts = [
        passage_counts(out, good, bad)
        for out, good, bad in zip(outputs, with_passages, without_passages, strict=True)
    ]
    present = sum(c.with_present for c in counts)
    wrong = sum(c.without_present for c in counts)
    total = sum(c.with_total for c in counts)
    precision = present / (present + wrong) if present + wrong else 0.0
    recall = present / total if total else 0.0
    empty = [
        name
        for name, out, good in zip(names, outputs, with_passages, strict=True)
        if not out.strip() and good
    ]
    return DatasetScores(
        pages=len(counts),
        precision=precision,
        recall=recall,
        f1=_f1(precision, recall),
        empty_by_accident=len(empty),
        empty_pages=empty,
    )


def node_scores(
    node_texts: Sequence[Sequence[str]],
    labels: Sequence[np.ndarray],
    kept: Sequence[np.ndarray],
    ids: Sequence[str] | None = None,
) -> DatasetScores:
    """Token P/R/F1 of the kept nodes' text against the good-labelled nodes' text, mean
    over pages (``micro_f1``: pooled), on labelled nodes only (see module docstring).
    ``kept`` is a boolean per node; a page is empty by accident when nothing with text
    is kept while its good-labelled text is substantial."""
    names = _check(kept, labels, ids)
    _check(kept, node_texts, None)
    counts, empty = [], []
    for name, texts, gold, keep in zip(names, node_texts, labels, kept, strict=True):
        gold, keep = np.asarray(gold), np.asarray(keep, dtype=bool)
        if not (len(texts) == len(gold) == len(keep)):
            raise ValueError(
                f"{name}: {len(texts)} node texts, {len(gold)} labels and {len(keep)} kept "
                "flags: one per node each."
            )
        labelled = [int(i) for i in np.flatnonzero(gold != 0)]
        chosen = [texts[i] for i in labelled]
        counts.append(page_tokens(chosen, gold[labelled] == GOOD, keep[labelled]))
        good_text = " ".join(t for t, g in zip(texts, gold, strict=True) if g == GOOD)
        if not any(texts[i].strip() for i in np.flatnonzero(keep).tolist()) and substantial(
            good_text
        ):
            empty.append(name)
    if not counts:
        return DatasetScores(0, 0.0, 0.0, 0.0, 0, micro_f1=0.0)
    scores = token_scores(counts)
    return DatasetScores(
        pages=len(counts),
        precision=scores.macro.precision,
        recall=scores.macro.recall,
        f1=scores.macro.f1,
        empty_by_accident=len(empty),
        empty_pages=empty,
        per_page_f1=[s.f1 for s in scores.pages],
        micro_f1=scores.micro.f1,
    )

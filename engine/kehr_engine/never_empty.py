"""Never empty by accident: a page with real text gets some of it back.

A classifier that is unsure about every node of a page labels none of them good, and
the user gets an empty string for a page that plainly has an article (the 2026-11
default model did that to 43 of Readability's 130 test pages). For a target that
promises a page's main content (``article``), an empty answer is only right for a page
with hardly any text. So when no node is labelled good and the page holds at least
:data:`MIN_WORDS` words (or :data:`MIN_CHARS` characters of a script written without
spaces: Chinese, Japanese, Thai, ...), the nodes the model finds most likely good are
taken: those whose probability of good is at least :data:`RELATIVE` of the page's
highest. The rule sees only the page and the model's probabilities, never a label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

MIN_WORDS = 50
MIN_CHARS = 200
# A node within half of the best node's probability belongs to the same decision: on a
# page where the best is 0.4, nodes at 0.2 and above are taken, those at 0.05 are not.
RELATIVE = 0.5
GOOD_COLUMN = 2  # probabilities are (bad, uncertain, good)

# Scripts written without spaces between words: a "word" of split() is a whole clause.
_NO_SPACE_SCRIPT = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u0e00-\u0e7f\u0e80-\u0eff"
    "\u1000-\u109f\u1780-\u17ff\uac00-\ud7af]"
)


def has_real_text(node_texts: Sequence[str]) -> bool:
    """Does the page hold enough text that an empty extraction would be an accident?"""
    words = 0
    no_space = 0
    for text in node_texts:
        words += len(text.split())
        if words >= MIN_WORDS:
            return True
        no_space += len(_NO_SPACE_SCRIPT.findall(text))
        if no_space >= MIN_CHARS:
            return True
    return False


def fill_if_empty(good: np.ndarray, proba: np.ndarray, node_texts: Sequence[str]) -> np.ndarray:
    """``good`` (a boolean per node), or the most likely good nodes when it keeps nothing
    of a page with real text."""
    if good.any() or not len(good) or not has_real_text(node_texts):
        return good
    likely = proba[:, GOOD_COLUMN]
    best = float(likely.max())
    if best <= 0.0:
        return good
    has_text = np.fromiter((bool(t.strip()) for t in node_texts), dtype=bool, count=len(good))
    return (likely >= RELATIVE * best) & has_text

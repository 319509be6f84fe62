"""Which numbered nodes an extractor kept: its plain-text output mapped back onto nodes.

Extractors return text, not nodes. The page's node texts, split into whitespace
tokens, are aligned with the output's tokens in order (difflib's longest matching
blocks, so a word that occurs in a kept paragraph and in the menu is only credited where
the sequence around it matches); a node counts as kept when at least
:data:`KEPT_SHARE` of its tokens are aligned. The baselines and the "extractors"
feature group both use this mapping.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

import numpy as np

# Half of a node's tokens: extractors rewrite a little (joined hyphenation, dropped
# bullets), so demanding all of them would drop nodes they clearly kept.
KEPT_SHARE = 0.5


def kept_nodes(node_texts: Sequence[str], output: str) -> np.ndarray:
    """A boolean per node: does the extractor's ``output`` contain that node's text?"""
    owner: list[int] = []
    tokens: list[str] = []
    for i, text in enumerate(node_texts):
        words = text.split()
        tokens += words
        owner += [i] * len(words)
    aligned = np.zeros(len(tokens), dtype=bool)
    matcher = SequenceMatcher(None, tokens, output.split(), autojunk=False)
    for block in matcher.get_matching_blocks():
        aligned[block.a : block.a + block.size] = True
    counts = np.bincount(owner, minlength=len(node_texts)) if owner else np.zeros(len(node_texts))
    hits = (
        np.bincount(owner, weights=aligned, minlength=len(node_texts))
        if owner
        else np.zeros(len(node_texts))
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(counts > 0, hits / np.maximum(counts, 1), 0.0)
    return share >= KEPT_SHARE

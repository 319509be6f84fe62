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


def aligned_shares(node_texts: Sequence[str], tokens: Sequence[str]) -> tuple[np.ndarray, int]:
    """Per node, the share of its whitespace tokens aligned in order with ``tokens``
    (0 for a node without tokens), and how many of ``tokens`` were aligned."""
    owner: list[int] = []
    node_tokens: list[str] = []
    for i, text in enumerate(node_texts):
        words = text.split()
        node_tokens += words
        owner += [i] * len(words)
    aligned = np.zeros(len(node_tokens), dtype=bool)
    landed = 0
    if node_tokens and tokens:
        matcher = SequenceMatcher(None, node_tokens, list(tokens), autojunk=False)
        for block in matcher.get_matching_blocks():
            aligned[block.a : block.a + block.size] = True
            landed += block.size
    if not owner:
        return np.zeros(len(node_texts)), landed
    counts = np.bincount(owner, minlength=len(node_texts))
    hits = np.bincount(owner, weights=aligned, minlength=len(node_texts))
    return np.where(counts > 0, hits / np.maximum(counts, 1), 0.0), landed


def kept_nodes(node_texts: Sequence[str], output: str) -> np.ndarray:
    """A boolean per node: does the extractor's ``output`` contain that node's text?"""
    share, _ = aligned_shares(node_texts, output.split())
    return share >= KEPT_SHARE

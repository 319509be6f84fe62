"""URL Tree: stream-based boilerplate detection over many pages of a site.

After Sluban & Grčar, "URL Tree: efficient unsupervised content extraction from streams
of web documents" (CIKM 2013). Every domain gets a tree whose nodes are the prefixes of
its documents' URL keys; each node counts the documents under it (``n_s``) and, per
text-block hash, the documents under it that hold the block (``c(b)``). A document is
inserted, then each of its blocks is judged against one node of its branch: a block
that more than ``c_max`` documents there hold is boilerplate. The heuristics differ in
which node they ask (:mod:`kehr_engine.urltree.heuristics`).

Blocks are Kehr's numbered text nodes, so the labels line up with annotators' and the
classifier's node for node. See docs/methods.md.
"""

from __future__ import annotations

from kehr_engine.urltree.blocks import block_hash, normalise_block
from kehr_engine.urltree.heuristics import HEURISTIC_NAMES, Heuristic, parse_heuristic
from kehr_engine.urltree.keys import QueryRules, UrlKey, url_key
from kehr_engine.urltree.stream import Outcome, StreamDocument, UrlTreeStream

__all__ = [
    "HEURISTIC_NAMES",
    "Heuristic",
    "Outcome",
    "QueryRules",
    "StreamDocument",
    "UrlKey",
    "UrlTreeStream",
    "block_hash",
    "normalise_block",
    "parse_heuristic",
    "url_key",
]

"""Node features in named groups: the core groups, and :func:`features`, which runs them.

A group is a function ``(doc: NodeDocument) -> (names, matrix)`` giving one row per node,
registered by name in :mod:`kehr_engine.groups` (the registry and :class:`NodeDocument`
live there, in a leaf module, so that the group modules need not import this one). This
module defines the text, dom, context and extractor groups and imports the visual,
template and stability groups' modules, so importing it registers every group.

Groups see the page (its annotation document, node texts, decoded HTML) and never its
gold labels: :class:`NodeDocument` has no field for them, and a test checks that feature
values do not change when the gold does. Later methods (visual, URL Tree, template
groups) plug in with :func:`register` without touching the core.

The DOM statistics come from one pass over the parsed annotation document
(:mod:`kehr_engine.dom_stats`), shared by the groups through ``NodeDocument.cache``, so
extraction time grows linearly with the page.

``FEATURE_VERSION`` changes whenever a group's output changes; a model records it.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence

import numpy as np

from kehr_engine.baselines import run_baseline
from kehr_engine.dom_stats import ATTR_BUCKET_COUNT, BLOCKS, KEYWORDS, TAGS, DomStats
from kehr_engine.groups import GROUPS, NodeDocument, register
from kehr_engine.text_stats import (
    SENTENCE_ENDS,
    STOPWORD_SHARE,
    TEXT_NAMES,
    TOKENS,
    text_matrix,
)

# 2: one-pass DOM statistics, block/parent densities, stopwords EN+DE, hashed class/id
# tokens and tag paths, text-position and page-level features, richer context.
# 3: language-independent text features (units of text in every script, the page
# language's stoplist, sentence marks of every script, script shares) and page-relative
# block figures (docs/engine.md, "Features").
FEATURE_VERSION = 3

# NodeDocument, GROUPS and register live in kehr_engine.groups, the text statistics in
# kehr_engine.text_stats; they are named here too, where callers have always found them.
__all__ = ["BLOCKS", "DEFAULT_GROUPS", "FEATURE_VERSION", "GROUPS",
           "KEYWORDS", "TAGS", "TEXT_NAMES", "NodeDocument", "features", "register",
           "text_matrix"]  # fmt: skip


# The default model's groups: fast enough for 50 pages/s (docs/engine.md, "Features").
# "extractors" runs three whole extractors per page and stays available for ablations.
DEFAULT_GROUPS = ("text", "dom", "context")


def features(
    doc: NodeDocument, groups: Sequence[str] = DEFAULT_GROUPS
) -> tuple[list[str], np.ndarray]:
    """The feature matrix of one page (one row per node) from the named groups."""
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise ValueError(f"unknown feature groups {unknown}; registered: {sorted(GROUPS)}.")
    names: list[str] = []
    blocks = []
    for group in groups:
        group_names, matrix = GROUPS[group](doc)
        names += [f"{group}.{n}" for n in group_names]
        blocks.append(matrix.reshape(len(doc.node_texts), len(group_names)))
    return names, np.hstack(blocks).astype(np.float32) if blocks else np.zeros((0, 0))


@register("text")
def text_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Counts and shares of the node's own text (no markup, no neighbours)."""
    return TEXT_NAMES, doc.text_rows()


PATH_BUCKETS = 16
ATTR_BUCKETS = ATTR_BUCKET_COUNT
_BLOCK_STAT_NAMES = ["tokens", "nodes", "link_density", "text_density", "stopword_share",
                     "page_share", "sentence_ends", "tags"]  # fmt: skip
DOM_NAMES = (
    ["depth", "position", "text_position", "in_link", "siblings", "page_tokens",
     "page_link_share", "same_block_prev", "same_block_next", "in_main50", "in_main30",
     "in_main15", "below_main50", "block_running_rank", "block_stopword_vs_page"]
    + [f"block_{n}" for n in _BLOCK_STAT_NAMES]
    + [f"outer_{n}" for n in _BLOCK_STAT_NAMES]
    + [f"parent_is_{t}" for t in TAGS]
    + [f"in_{t}" for t in TAGS]
    + [f"block_is_{t}" for t in sorted(BLOCKS)]
    + [f"attr_{k}" for k in KEYWORDS]
    + [f"attr_hash_{b}" for b in range(ATTR_BUCKETS)]
    + [f"path_hash_{b}" for b in range(PATH_BUCKETS)]
)  # fmt: skip
_BLOCK_TAGS = sorted(BLOCKS)


def _bits(masks: np.ndarray, width: int) -> np.ndarray:
    """One column per bit of each row's mask."""
    return ((masks[:, None] >> np.arange(width)) & 1).astype(np.float64)


def _one_hot(values: np.ndarray, choices: Sequence[int]) -> np.ndarray:
    return (values[:, None] == np.array(choices, dtype=np.int64)[None, :]).astype(np.float64)


@functools.lru_cache(maxsize=65536)
def _path_bucket(path: str) -> int:
    return zlib.crc32(path.encode()) % PATH_BUCKETS


def _block_matrix(stats: DomStats, total_tokens: float) -> np.ndarray:
    """Every element's block figures (the columns of _BLOCK_STAT_NAMES)."""
    tokens = stats.tokens
    chars = stats.text_chars
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.column_stack([
            tokens, stats.nodes,
            np.where(tokens > 0, stats.link_tokens / tokens, 0.0),
            np.where(chars > 0, chars / (chars + stats.markup_chars), 0.0),
            np.where(tokens > 0, stats.stopwords / tokens, 0.0),
            tokens / total_tokens, stats.sentence_ends, stats.tags,
        ])  # fmt: skip


@register("dom")
def dom_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Where the node sits: its tags, its enclosing block and that block's surroundings."""
    if "dom_group" in doc.cache:
        return list(DOM_NAMES), doc.cache["dom_group"]  # type: ignore[return-value]
    stats = doc.dom()
    count = len(doc.node_texts)
    if not count:
        return list(DOM_NAMES), np.zeros((0, len(DOM_NAMES)))
    total_tokens = max(float(stats.tokens[0]), 1.0)
    node_tokens = doc.text_rows()[:, TOKENS]
    element = np.array(stats.node_parent)
    blocks = np.array(stats.block)
    parents = np.array(stats.parent)
    # Tags as small numbers (0: none of the listed ones): comparing numbers, not strings.
    tag_ids = {tag: k + 1 for k, tag in enumerate(sorted({*TAGS, *_BLOCK_TAGS}))}
    tags = np.array([tag_ids.get(t, 0) for t in stats.tag], dtype=np.int64)
    block = blocks[element]
    outer = blocks[np.maximum(parents[block], 0)]
    figures = _block_matrix(stats, total_tokens)
    running = figures[:, 0] * (1 - figures[:, 2])  # tokens outside links
    most_running = max(float(running[block].max()), 1.0)
    page_stopwords = float(stats.stopwords[0]) / total_tokens
    main50 = stats.main_element(0.5)
    paths = np.array([_path_bucket(stats.path(e)) for e in element.tolist()], dtype=np.int64)
    ancestor_tags = np.array(stats.ancestor_tags, dtype=np.int64)[element]
    matrix = np.hstack([
        np.column_stack([
            np.array(stats.depth)[element], np.arange(count) / count,
            (np.cumsum(node_tokens) - node_tokens) / total_tokens,
            ancestor_tags & 1,  # TAGS[0] is "a"
            np.array(stats.children)[element],
            np.full(count, np.log1p(total_tokens)),
            np.full(count, float(stats.link_tokens[0]) / total_tokens),
            np.r_[0.0, block[1:] == block[:-1]], np.r_[block[:-1] == block[1:], 0.0],
            stats.inside(element, main50), stats.inside(element, stats.main_element(0.3)),
            stats.inside(element, stats.main_element(0.15)),
            np.array(stats.depth)[element] - stats.depth[main50],
            running[block] / most_running, figures[block, 4] - page_stopwords,
        ]),
        figures[block], figures[outer],
        _one_hot(tags[element], [tag_ids[t] for t in TAGS]), _bits(ancestor_tags, len(TAGS)),
        _one_hot(tags[block], [tag_ids[t] for t in _BLOCK_TAGS]),
        _bits(np.array(stats.keywords, dtype=np.int64)[element], len(KEYWORDS)),
        _bits(np.array(stats.attr_hashes, dtype=np.int64)[element], ATTR_BUCKETS),
        _one_hot(paths, range(PATH_BUCKETS)),
    ]).astype(np.float64)  # fmt: skip
    doc.cache["dom_group"] = matrix
    return list(DOM_NAMES), matrix


CONTEXT_K = 3
_CONTEXT_TEXT = [TOKENS, STOPWORD_SHARE, SENTENCE_ENDS]
_CONTEXT_DOM = ["in_link", "block_link_density", "block_tokens", "block_stopword_share",
                "block_text_density"]  # fmt: skip


@register("context")
def context_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Each node sees its k previous and next nodes (zeros past the ends) and a window mean.

    Like KrdWrd's neighbour features and jusText's context step: a short line between
    two paragraphs of running text is likely running text too.
    """
    text = doc.text_rows()
    _, dom = dom_group(doc)
    own = np.hstack([text[:, _CONTEXT_TEXT], dom[:, [DOM_NAMES.index(n) for n in _CONTEXT_DOM]]])
    base = ["tokens", "stopword_share", "sentence_ends", *_CONTEXT_DOM]
    n = len(own)
    names, blocks = [], []
    for offset in [*range(-CONTEXT_K, 0), *range(1, CONTEXT_K + 1)]:
        shifted = np.zeros_like(own)
        if offset < 0 and n > -offset:
            shifted[-offset:] = own[:offset]
        elif offset > 0 and n > offset:
            shifted[:-offset] = own[offset:]
        blocks.append(shifted)
        names += [f"{'prev' if offset < 0 else 'next'}{abs(offset)}_{b}" for b in base]
    for width in (2 * CONTEXT_K + 1, 21):
        blocks.append(_window_mean(own, width))
        names += [f"window{width}_{b}" for b in base]
    return names, np.hstack(blocks) if n else np.zeros((0, len(names)))


def _window_mean(values: np.ndarray, width: int) -> np.ndarray:
    """Mean of each column over ``width`` rows centred on each row (zeros past the ends)."""
    half = width // 2
    padded = np.vstack([np.zeros((half + 1, values.shape[1])), values,
                        np.zeros((half, values.shape[1]))])  # fmt: skip
    sums = np.cumsum(padded, axis=0)
    return (sums[width:] - sums[:-width]) / width


EXTRACTOR_FEATURES = ("trafilatura", "justext", "readability")


@register("extractors")
def extractors_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Whether each extractor keeps the node (the baselines' own node mapping)."""
    columns = [run_baseline(name, doc.html, doc.node_texts).kept for name in EXTRACTOR_FEATURES]
    return list(EXTRACTOR_FEATURES), np.column_stack(columns).astype(
        np.float64
    ) if columns else np.zeros((len(doc.node_texts), 0))


@register("justext")
def justext_group(doc: NodeDocument) -> tuple[list[str], np.ndarray]:
    """Whether jusText alone keeps the node (the fastest extractor here, ~45 ms a page)."""
    kept = run_baseline("justext", doc.html, doc.node_texts).kept
    return ["justext"], kept.astype(np.float64).reshape(len(doc.node_texts), 1)


# The groups defined in their own modules register on import. They import only the
# registry (kehr_engine.groups), never this module, so this is no cycle; imported last so
# that GROUPS keeps its order (this module's groups first, as the training page lists).
from kehr_engine import stability_features as _stability_features  # noqa: E402, F401
from kehr_engine import template_features as _template_features  # noqa: E402, F401
from kehr_engine import visual as _visual  # noqa: E402, F401

"""Node features in named groups, registered in one place.

A group is a function ``(doc: NodeDocument) -> (names, matrix)`` giving one row per node.
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
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from lxml import etree

from kehr_engine.baselines import run_baseline
from kehr_engine.dom_stats import ATTR_BUCKET_COUNT, BLOCKS, KEYWORDS, TAGS, DomStats, dom_stats
from kehr_engine.language import SCRIPTS, char_scripts, guess_language
from kehr_engine.language import stoplist as language_stoplist
from kehr_engine.layout import Layout
from kehr_engine.segmenter import shared_document_tree
from kehr_engine.stability.nodes import PageStability
from kehr_engine.stopwords import ENGLISH, GERMAN, STOPWORDS

# 2: one-pass DOM statistics, block/parent densities, stopwords EN+DE, hashed class/id
# tokens and tag paths, text-position and page-level features, richer context.
# 3: language-independent text features (units of text in every script, the page
# language's stoplist, sentence marks of every script, script shares) and page-relative
# block figures (docs/engine.md, "Features").
FEATURE_VERSION = 3

__all__ = ["BLOCKS", "DEFAULT_GROUPS", "FEATURE_VERSION", "GROUPS", "KEYWORDS", "TAGS",
           "NodeDocument", "features", "register"]  # fmt: skip

_SENTENCE_END = re.compile(r"[.!?][\"')\]]?(\s|$)")
_PUNCT = re.compile(r"[^\w\s]")
_COPYRIGHT = re.compile(r"©|\(c\)|copyright|all rights reserved", re.IGNORECASE)
# Menu and breadcrumb separators: bar, guillemets, middle dot, bullet, single guillemet.
_SEPARATOR = re.compile("[|\u00bb\u00ab\u00b7\u2022\u203a]")


@dataclass
class NodeDocument:
    """What features may look at: the page, never its labels."""

    node_texts: list[str]
    document: str  # the annotation document (numbered <kehr-t> wrappers)
    html: str  # the page as harvested, for the extractors
    layout: Layout | None = None  # rendered boxes and styles, when the page has them
    # Label vectors of the template methods ("urltree:strict", "dbce"), when it has them.
    method_labels: Mapping[str, np.ndarray] | None = None
    # The page's static/dynamic block map from its visits and the node rectangles at the
    # visits' viewport (kehr_engine.stability), if it has them.
    stability: PageStability | None = None
    cache: dict[str, object] = field(default_factory=dict)

    def root(self) -> etree._Element:
        if "root" not in self.cache:
            # The segmenter's own parse (huge_tree, its depth limit): lxml's default
            # parser stops at 256 levels and dropped the nodes below them. Plain element
            # classes, and the parse is shared with the clean text
            # (segmenter.shared_document_tree): never modify this tree.
            self.cache["root"] = shared_document_tree(self.document)
        return self.cache["root"]  # type: ignore[return-value]

    def dom(self) -> DomStats:
        """Per-element statistics of the annotation document, computed once per page."""
        if "dom" not in self.cache:
            self.cache["dom"] = dom_stats(self.root(), self.text_rows())
        return self.cache["dom"]  # type: ignore[return-value]

    def text_rows(self) -> np.ndarray:
        """The text group's matrix, computed once per page (other groups reuse it)."""
        if "text" not in self.cache:
            self.cache["text"] = text_matrix(self.node_texts)
        return self.cache["text"]  # type: ignore[return-value]


Group = Callable[[NodeDocument], tuple[list[str], np.ndarray]]
GROUPS: dict[str, Group] = {}
# The default model's groups: fast enough for 50 pages/s (docs/engine.md, "Features").
# "extractors" runs three whole extractors per page and stays available for ablations.
DEFAULT_GROUPS = ("text", "dom", "context")


def register(name: str) -> Callable[[Group], Group]:
    def decorate(function: Group) -> Group:
        GROUPS[name] = function
        return function

    return decorate


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


_WORD_PUNCT = ".,;:!?\"'()[]«»„“”"  # stripped from words before the stoplist
_JOIN = "\n"  # between node texts: whitespace, so no word or pattern match spans two nodes
_BMP = 0x10000


@functools.cache
def _char_tables() -> dict[str, np.ndarray]:
    """Per code point of the Basic Multilingual Plane: the character tests the text
    features count (the same tests as str.isupper/isdigit/isspace and the regexes, run
    once on every character instead of on every character of every page)."""
    chars = "".join(map(chr, range(_BMP)))
    punct = np.zeros(_BMP, dtype=bool)
    punct[[m.start() for m in _PUNCT.finditer(chars)]] = True
    return {
        "upper": np.fromiter(map(str.isupper, chars), dtype=bool, count=_BMP),
        "digit": np.fromiter(map(str.isdigit, chars), dtype=bool, count=_BMP),
        "space": np.fromiter(map(str.isspace, chars), dtype=bool, count=_BMP),
        "punct": punct,
        "separator": np.isin(np.arange(_BMP), [ord(c) for c in "|\u00bb\u00ab\u00b7\u2022\u203a"]),
    }


def _char_flags(codes: np.ndarray) -> dict[str, np.ndarray]:
    """The character tests of every code point of a page (characters past the BMP, rare,
    are tested one by one)."""
    tables = _char_tables()
    inside = np.minimum(codes, _BMP - 1)
    flags = {name: table[inside] for name, table in tables.items()}
    for at in np.flatnonzero(codes >= _BMP):
        char = chr(int(codes[at]))
        flags["upper"][at] = char.isupper()
        flags["digit"][at] = char.isdigit()
        flags["space"][at] = char.isspace()
        flags["punct"][at] = _PUNCT.match(char) is not None
        flags["separator"][at] = False
    return flags


def _per_node(node_of: np.ndarray, where: np.ndarray, count: int) -> np.ndarray:
    """How many of the positions marked in ``where`` belong to each node."""
    return np.bincount(node_of[where], minlength=count).astype(np.float64)


def _match_nodes(pattern: re.Pattern[str], text: str, starts: np.ndarray) -> np.ndarray:
    """The node of each match of ``pattern`` in the joined text (by where it starts)."""
    at = np.fromiter((m.start() for m in pattern.finditer(text)), dtype=np.int64)
    return np.searchsorted(starts, at, side="right") - 1


def text_matrix(texts: Sequence[str]) -> np.ndarray:
    """The text group's rows (TEXT_NAMES) of all nodes at once.

    One pass over the page's joined text: its code points go through per-character
    tables (numpy), each regex runs once over the whole text, and the words are split
    and looked up once; counts go to their nodes by position. The first
    BASE_TEXT_COLUMNS are exactly the per-node definitions of feature version 2
    (tests/test_engine_features.py checks them against :func:`_text_row`).

    Feature version 3 adds what holds in every script and language: units of text
    (words, and each character of a script without spaces), the share of units in the
    page language's stoplist (kehr_engine.language guesses the language from the
    page's texts; Chinese and Japanese count function characters) and its difference
    from the page's share, sentence marks of every script, and the share of the node's
    letters in each script.
    """
    count = len(texts)
    if not count:
        return np.zeros((0, len(TEXT_NAMES)))
    joined = _JOIN.join(texts)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=count)
    starts = np.zeros(count, dtype=np.int64)
    np.cumsum(lengths[:-1] + len(_JOIN), out=starts[1:])
    codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    node_of = np.repeat(np.arange(count), lengths + len(_JOIN))[: len(codes)]
    flags = _char_flags(codes)
    space = flags["space"]
    word_start = ~space & np.r_[True, space[:-1]]
    words = _per_node(node_of, word_start, count)
    chars = np.maximum(lengths, 1).astype(np.float64)
    nonspace = _per_node(node_of, ~space, count)
    # The first and last non-space character of each node (str.strip's whitespace).
    firsts = np.flatnonzero(word_start)
    first_node = node_of[firsts]
    head = np.r_[True, first_node[1:] != first_node[:-1]] if firsts.size else firsts
    starts_upper = np.zeros(count)
    starts_upper[first_node[head]] = flags["upper"][firsts[head]]
    solid = np.flatnonzero(~space)
    solid_node = node_of[solid]
    tail = np.r_[solid_node[1:] != solid_node[:-1], True] if solid.size else solid
    ends_with_punct = np.zeros(count)
    ends_with_punct[solid_node[tail]] = np.isin(codes[solid[tail]], _END_PUNCT)
    # Words as the stoplist sees them: lower case, outer punctuation stripped. Lower-casing
    # the joined text splits into the same words (no case mapping makes whitespace);
    # should it ever not, each word is lowered on its own, as _words does.
    lowered = joined.lower().split()
    word_node = np.repeat(np.arange(count), words.astype(np.int64))
    if len(lowered) != len(word_node):
        lowered = [w.lower() for w in joined.split()]
    stripped = [w.strip(_WORD_PUNCT) for w in lowered]
    is_stop = np.fromiter((w in STOPWORDS for w in stripped), dtype=bool, count=len(stripped))
    stopwords = np.bincount(word_node[is_stop], minlength=count).astype(np.float64)
    copyright_nodes = _match_nodes(_COPYRIGHT, joined, starts)
    has_copyright = np.zeros(count)
    has_copyright[copyright_nodes] = 1.0

    def per_word(values: np.ndarray) -> np.ndarray:
        return np.divide(values, words, out=np.zeros(count), where=words > 0)

    base = np.column_stack([
        words, lengths, per_word(nonspace), per_word(stopwords),
        _per_node(node_of, flags["punct"], count) / chars,
        np.bincount(_match_nodes(_SENTENCE_END, joined, starts), minlength=count),
        _per_node(node_of, flags["upper"], count) / chars,
        _per_node(node_of, flags["digit"], count) / chars,
        ends_with_punct, per_word(_per_node(node_of, word_start & flags["upper"], count)),
        has_copyright, _per_node(node_of, flags["separator"], count), stopwords, starts_upper,
    ]).astype(np.float64)  # fmt: skip
    # Feature version 3: the same in every script and language.
    script, spaceless, function = char_scripts(codes)
    # Letters of each script per node (column 0: not letters), in one bincount.
    by_script = (
        np.bincount(node_of * (len(SCRIPTS) + 1) + script, minlength=count * (len(SCRIPTS) + 1))
        .reshape(count, len(SCRIPTS) + 1)[:, 1:]
        .astype(np.float64)
    )
    letters = by_script.sum(axis=1)
    shares = np.divide(by_script, letters[:, None], out=np.zeros_like(by_script),
                       where=letters[:, None] > 0)  # fmt: skip
    # Units of text: words, but each character of a script without spaces is one (a
    # Chinese paragraph is one whitespace "word"); a word mixing both counts its
    # spaceless characters only.
    spaceless_chars = _per_node(node_of, spaceless, count)
    word_of = np.cumsum(word_start) - 1
    mixed = np.zeros(len(word_node), dtype=bool)
    if spaceless.any():
        mixed[word_of[spaceless]] = True
    units = words - np.bincount(word_node[mixed], minlength=count) + spaceless_chars
    language = guess_language(texts)
    stoplist = _page_stoplist(language)
    in_list = np.fromiter((w in stoplist for w in stripped), dtype=bool, count=len(stripped))
    lang_stopwords = np.bincount(word_node[in_list & ~mixed], minlength=count) + _per_node(
        node_of, function, count
    )
    lang_share = np.divide(lang_stopwords, units, out=np.zeros(count), where=units > 0)
    page_share = float(lang_stopwords.sum()) / max(float(units.sum()), 1.0)
    marks = np.bincount(_match_nodes(_SENTENCE_MARK, joined, starts), minlength=count)
    ends_with_mark = np.zeros(count)
    ends_with_mark[solid_node[tail]] = np.isin(codes[solid[tail]], _END_MARKS)
    extra = np.column_stack([
        units, lang_stopwords, lang_share, lang_share - page_share, marks, ends_with_mark,
        np.divide(spaceless_chars, letters, out=np.zeros(count), where=letters > 0),
        np.divide(marks, units, out=np.zeros(count), where=units > 0),
        np.full(count, float(bool(language))), shares,
    ])  # fmt: skip
    return np.hstack([base, extra])


def _page_stoplist(language: str) -> frozenset[str]:
    """The stoplist of a page's language: Kehr's own function-word lists for English and
    German (jusText's, taken from Wikipedia, also hold content words such as "album" or
    "army": with them CANOLA's CV lost 0.01 of macro F1), jusText's for the other
    languages, English and German together when the language is unknown."""
    if language == "en":
        return ENGLISH
    if language == "de":
        return GERMAN
    return language_stoplist(language) or STOPWORDS


_END_PUNCT = np.array([ord(c) for c in ".!?:"], dtype=np.uint32)
# Sentence ends of every script: Latin/Cyrillic/Greek full stop, question and
# exclamation marks and ellipsis (before a space or the end), Arabic question mark and
# Urdu full stop, Devanagari danda, and the CJK marks, which need no space after them.
_SENTENCE_MARK = re.compile(
    "[.!?\u2026\u061f\u06d4\u0964\u0965][\"')\\]\u00bb\u201d\u2019]?(\\s|$)"
    "|[\u3002\uff01\uff1f\uff61]"
)
_END_MARKS = np.array(
    [ord(c) for c in ".!?:\u2026\u061f\u06d4\u0964\u0965\u3002\uff01\uff1f\uff61"],
    dtype=np.uint32,
)


def _words(text: str) -> list[str]:
    return [w.lower().strip(_WORD_PUNCT) for w in text.split()]


def _text_row(text: str) -> list[float]:
    """One node's text row by the definitions (the reference :func:`text_matrix` meets)."""
    words = text.split()
    n = len(words)
    chars = max(len(text), 1)
    lower = _words(text)
    stripped = text.strip()
    return [
        n,
        len(text),
        sum(len(w) for w in words) / n if n else 0.0,
        sum(w in STOPWORDS for w in lower) / n if n else 0.0,
        len(_PUNCT.findall(text)) / chars,
        len(_SENTENCE_END.findall(text)),
        sum(map(str.isupper, text)) / chars,
        sum(map(str.isdigit, text)) / chars,
        float(stripped[-1:] in ".!?:") if stripped else 0.0,
        sum(w[:1].isupper() for w in words) / n if n else 0.0,
        float(bool(_COPYRIGHT.search(text))),
        len(_SEPARATOR.findall(text)),
        sum(w in STOPWORDS for w in lower),
        float(stripped[:1].isupper()) if stripped else 0.0,
    ]


TEXT_NAMES = ["tokens", "chars", "mean_word_len", "stopword_share", "punct_share",
              "sentence_ends", "upper_share", "digit_share", "ends_with_punct",
              "capitalised_share", "copyright", "separators", "stopwords",
              "starts_upper"]  # fmt: skip
# Feature version 3 (language-independent, see text_matrix):
TEXT_NAMES += ["units", "lang_stopwords", "lang_stopword_share", "lang_stopword_vs_page",
               "sentence_marks", "ends_with_mark", "spaceless_share", "marks_per_unit",
               "page_language_known", *(f"script_{name}" for name in SCRIPTS)]  # fmt: skip
TOKENS, STOPWORD_SHARE, SENTENCE_ENDS, STOPWORDS_COLUMN = 0, 3, 5, 12
UNITS, LANG_STOPWORDS, LANG_STOPWORD_SHARE = 14, 15, 16
BASE_TEXT_COLUMNS = 14  # the columns _text_row defines (feature version 2)


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
    paths = np.array([_path_bucket(stats.path[e]) for e in element.tolist()], dtype=np.int64)
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


# Groups defined in their own modules register on import.
from kehr_engine import stability_features as _stability_features  # noqa: E402, F401
from kehr_engine import template_features as _template_features  # noqa: E402, F401
from kehr_engine import visual as _visual  # noqa: E402, F401

"""The text group's statistics: counts and shares of each node's own text.

:func:`text_matrix` computes every node's row at once (:data:`TEXT_NAMES`); the ``text``
feature group (:mod:`kehr_engine.features`) returns it, and the other groups read its
columns through ``NodeDocument.text_rows`` (:mod:`kehr_engine.groups`), which computes it
once per page. Plain computation, no group registry: so the registry's module can
import it without an import cycle.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import numpy as np

from kehr_engine.language import SCRIPTS, char_scripts, guess_language
from kehr_engine.language import stoplist as language_stoplist
from kehr_engine.stopwords import ENGLISH, GERMAN, STOPWORDS

__all__ = ["BASE_TEXT_COLUMNS", "TEXT_NAMES", "text_matrix"]

_SENTENCE_END = re.compile(r"[.!?][\"')\]]?(\s|$)")
_PUNCT = re.compile(r"[^\w\s]")
_COPYRIGHT = re.compile(r"©|\(c\)|copyright|all rights reserved", re.IGNORECASE)
# Menu and breadcrumb separators: bar, guillemets, middle dot, bullet, single guillemet.
_SEPARATOR = re.compile("[|\u00bb\u00ab\u00b7\u2022\u203a]")

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

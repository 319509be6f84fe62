"""Which language a page is written in, from jusText's stoplists (or from its script).

The engine must not assume English: its stopword features need the page's stoplist, and
the dataset reports group pages by language. jusText ships the most frequent words of
about 100 languages (taken from Wikipedia, so some lists also carry common English
words and markup debris); a page's language is the list its running words hit most.
Every word found in ``d`` lists adds ``1 / d`` to each of them: "the" sits in 79 lists
and says little, "which" sits in two and says a lot. Lists differ in size (10 to 13,000
words), and a big list hits more words by chance, so a hit only counts when it lands in
one of the ``TOP_WORDS`` most frequent entries of the list (jusText orders nothing, so
"most frequent" is the shortest: function words are short).

Scripts without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese)
have no words to look up: when their characters make up a fair share of the letters,
the script decides (kana present → Japanese, else Han → Chinese; Hangul → Korean, whose
words are spaced but whose script is its own).

Only the first ``MAX_WORDS`` words are read, so a page costs about a millisecond
whatever its size. The result is an ISO 639-1 code, or "" when unsure (too few words,
too few stopword hits, or a winning list without an ISO 639-1 code).

Measured on the 740 pages of ../shared/data/modern against the ``<html lang>`` their
authors declared (625 declare one): 596 agree, 29 differ, none unsure; of the 29, 19
are German pages declared "en" by their templates and 3 are lorem-ipsum test pages
(Latin, rightly). 0.5 ms a page on average, 1.6 ms at most (60 trafilatura pages).
"""

from __future__ import annotations

import pkgutil
import re
from collections import Counter
from collections.abc import Iterable
from functools import cache

import justext
import numpy as np

__all__ = ["ISO_CODES", "guess_language", "stoplist", "stoplist_names"]

# jusText's stoplist names → ISO 639-1. Names without a two-letter code (Asturian,
# Lombard, Waray-Waray, …) are left out: when one of them wins, the answer is "".
ISO_CODES = {
    "Afrikaans": "af", "Albanian": "sq", "Arabic": "ar", "Aragonese": "an", "Armenian": "hy",
    "Azerbaijani": "az", "Basque": "eu", "Belarusian": "be", "Belarusian_Taraskievica": "be",
    "Bengali": "bn", "Bosnian": "bs", "Breton": "br", "Bulgarian": "bg", "Catalan": "ca",
    "Chuvash": "cv", "Croatian": "hr", "Czech": "cs", "Danish": "da", "Dutch": "nl",
    "English": "en", "Esperanto": "eo", "Estonian": "et", "Finnish": "fi", "French": "fr",
    "Galician": "gl", "Georgian": "ka", "German": "de", "Greek": "el", "Gujarati": "gu",
    "Haitian": "ht", "Hebrew": "he", "Hindi": "hi", "Hungarian": "hu", "Icelandic": "is",
    "Ido": "io", "Igbo": "ig", "Indonesian": "id", "Irish": "ga", "Italian": "it",
    "Javanese": "jv", "Kannada": "kn", "Kazakh": "kk", "Korean": "ko", "Kurdish": "ku",
    "Kyrgyz": "ky", "Latin": "la", "Latvian": "lv", "Lithuanian": "lt",
    "Luxembourgish": "lb", "Macedonian": "mk", "Malay": "ms", "Malayalam": "ml",
    "Maltese": "mt", "Marathi": "mr", "Nepali": "ne", "Norwegian_Bokmal": "nb",
    "Norwegian_Nynorsk": "nn", "Occitan": "oc", "Persian": "fa", "Polish": "pl",
    "Portuguese": "pt", "Quechua": "qu", "Romanian": "ro", "Russian": "ru",
    "Serbian": "sr", "Serbo_Croatian": "sh", "Simple_English": "en", "Slovak": "sk",
    "Slovenian": "sl", "Spanish": "es", "Sundanese": "su", "Swahili": "sw",
    "Swedish": "sv", "Tagalog": "tl", "Tamil": "ta", "Telugu": "te", "Turkish": "tr",
    "Turkmen": "tk", "Ukrainian": "uk", "Urdu": "ur", "Uzbek": "uz", "Vietnamese": "vi",
    "Volapuk": "vo", "Walloon": "wa", "Welsh": "cy", "West_Frisian": "fy",
    "Western_Panjabi": "pa", "Yoruba": "yo",
}  # fmt: skip

MAX_WORDS = 3000  # words read per page: enough to decide, and bounded time
MAX_CHARS = 30_000  # characters read per page (a page of one huge node stays cheap)
TOP_WORDS = 400  # entries of each list that count (the shortest ones; 150 to all: same)
MIN_HITS = 2.0  # weighted stopword hits of the winner below this: unsure
MIN_SHARE = 0.1  # share of the words read in the winning list below this: unsure
LONG_NODE = 8  # words of a node read first
ENOUGH_CHARS = 500  # characters of such nodes that make a sample on their own
SCRIPT_SHARE = 0.3  # share of letters in a script without spaces that decides
# Punctuation stripped from both ends of a word (quotes, dashes, ellipsis, bullets).
_STRIP = (
    ".,;:!?\"'()[]{}<>|/*-"
    "\u00ab\u00bb\u201e\u201c\u201d\u201a\u2018\u2019\u2013\u2014\u2026\u00b7\u2022"
)


def stoplist_names() -> list[str]:
    """jusText's stoplist names (e.g. "German")."""
    return sorted(justext.get_stoplists())


@cache
def stoplist(code: str) -> frozenset[str]:
    """The union of jusText's stoplists for an ISO 639-1 code; empty for unknown codes."""
    words: set[str] = set()
    for name, iso in ISO_CODES.items():
        if iso == code and name in justext.get_stoplists():
            words |= _full_list(name)
    return frozenset(words)


@cache
def _full_list(name: str) -> frozenset[str]:
    """One jusText stoplist, read once, as justext.get_stoplist gives it (one lower-case
    word per line) but decoded and lowered as one string, not line by line: reading all
    100 lists cost 0.3 s of every extract's start-up the other way."""
    data = pkgutil.get_data("justext", f"stoplists/{name}.txt")
    if data is None:
        raise ValueError(f"jusText has no stoplist {name!r}.")
    # bytes.splitlines splits at \n, \r and \r\n only, as justext does.
    return frozenset(_LINE_BREAKS.split(data.decode("utf8").lower().rstrip("\r\n")))


_LINE_BREAKS = re.compile(r"\r\n|\r|\n")


@cache
def _index() -> dict[str, tuple[tuple[str, ...], float]]:
    """word → (the lists holding it among their TOP_WORDS, 1 / how many they are)."""
    holders: dict[str, list[str]] = {}
    for name in stoplist_names():
        # By length, then alphabetically (a stable sort by len of the sorted words).
        top = sorted(sorted(_full_list(name)), key=len)[:TOP_WORDS]
        for word in top:
            holders.setdefault(word, []).append(name)
    return {word: (tuple(names), 1.0 / len(names)) for word, names in holders.items()}


# Scripts written without spaces between words (a character is a word or a syllable),
# and Hangul (spaced, but a script of one language). Counted with one regex each: a
# Python loop over the characters cost more than the rest of the guess.
_SPACELESS = {
    "ja": re.compile("[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]"),  # kana
    "zh": re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"),  # Han
    "ko": re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]"),  # Hangul
    "th": re.compile("[\u0e00-\u0e7f]"),
    "lo": re.compile("[\u0e80-\u0eff]"),
    "my": re.compile("[\u1000-\u109f]"),
    "km": re.compile("[\u1780-\u17ff]"),
}
_ANY_SPACELESS = re.compile(
    "[\u0e00-\u0eff\u1000-\u11ff\u1780-\u17ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]"
)
_NON_LETTERS = re.compile(r"[\W\d_]+")


def _script_language(text: str) -> str:
    """The language a script without spaces gives away, or "" when letters of such
    scripts are less than SCRIPT_SHARE of the text's letters."""
    spaceless = len(_ANY_SPACELESS.findall(text))
    if not spaceless:
        return ""
    letters = len(_NON_LETTERS.sub("", text))
    if spaceless < SCRIPT_SHARE * letters:
        return ""
    counts = {code: len(pattern.findall(text)) for code, pattern in _SPACELESS.items()}
    # Japanese mixes kana with Han; Chinese has no kana (beyond a stray quote).
    if counts["ja"] and counts["ja"] >= 0.05 * (counts["ja"] + counts["zh"]):
        return "ja"
    counts["ja"] = 0
    return max(counts, key=lambda code: counts[code])


def _sample(texts: Iterable[str]) -> str:
    """Up to MAX_CHARS of the texts: the nodes of running text (LONG_NODE words or more)
    alone when they hold ENOUGH_CHARS, else all nodes, running text first. Menus and
    footers come early in the markup, say less and often mix languages."""
    long_parts: list[str] = []
    short_parts: list[str] = []
    size = short_size = 0
    for text in texts:
        if text.count(" ") + 1 >= LONG_NODE:
            long_parts.append(text)
            size += len(text)
            if size >= MAX_CHARS:
                break
        elif short_size < MAX_CHARS:
            short_parts.append(text)
            short_size += len(text)
    if size >= ENOUGH_CHARS:  # enough running text: the short nodes would only dilute it
        return " ".join(long_parts)[:MAX_CHARS]
    return " ".join(long_parts + short_parts)[:MAX_CHARS]


def guess_language(texts: Iterable[str]) -> str:
    """The ISO 639-1 code of the language of ``texts`` (a page's node texts), "" if unsure."""
    sample = _sample(texts)
    by_script = _script_language(sample)
    if by_script:
        return by_script
    words = Counter(w.strip(_STRIP) for w in sample.lower().split()[:MAX_WORDS])
    index = _index()
    scores: dict[str, float] = {}
    for word, count in words.items():
        entry = index.get(word)
        if entry is None:
            continue
        names, weight = entry
        for name in names:
            scores[name] = scores.get(name, 0.0) + count * weight
    if not scores:
        return ""
    # Lists of one code (English and Simple English) count as their best list.
    by_code: dict[str, tuple[float, str]] = {}
    for name, score in scores.items():
        code = ISO_CODES.get(name, "")
        by_code[code] = max(by_code.get(code, (0.0, name)), (score, name))
    code, (best, name) = max(by_code.items(), key=lambda item: item[1])
    # Sure when the winner's whole list covers a fair share of the words read.
    read = sum(words.values())
    full = _full_list(name)
    covered = sum(count for word, count in words.items() if word in full)
    if best < MIN_HITS or covered < MIN_SHARE * read:
        return ""
    return code


# ---------------------------------------------------------------------------
# Scripts of characters, for the text features (kehr_engine.features)

# Script numbers of letters (0: not a letter). "cjk" holds Han, kana and Hangul.
SCRIPTS = ("latin", "cjk", "arabic", "cyrillic", "hebrew", "other")
_SCRIPT_RANGES = {
    "latin": [(0x41, 0x250), (0x1E00, 0x1F00), (0x2C60, 0x2C80), (0xA720, 0xA800),
              (0xFF21, 0xFF5B)],
    "cjk": [(0x1100, 0x1200), (0x3040, 0x3100), (0x3130, 0x3190), (0x31F0, 0x3200),
            (0x3400, 0x4DC0), (0x4E00, 0xA000), (0xAC00, 0xD7B0), (0xF900, 0xFB00),
            (0xFF66, 0xFFA0)],
    "arabic": [(0x600, 0x700), (0x750, 0x780), (0x8A0, 0x900), (0xFB50, 0xFE00),
               (0xFE70, 0xFF00)],
    "cyrillic": [(0x400, 0x530), (0x1C80, 0x1C90), (0x2DE0, 0x2E00), (0xA640, 0xA6A0)],
    "hebrew": [(0x590, 0x600), (0xFB1D, 0xFB50)],
}  # fmt: skip
# Scripts written without spaces between words: Han, kana, Thai, Lao, Myanmar, Khmer.
_SPACELESS_RANGES = [(0x3040, 0x3100), (0x31F0, 0x3200), (0x3400, 0x4DC0), (0x4E00, 0xA000),
                     (0xF900, 0xFB00), (0xFF66, 0xFFA0), (0x0E00, 0x0F00), (0x1000, 0x10A0),
                     (0x1780, 0x1800)]  # fmt: skip
# The most frequent function characters of Chinese and Japanese (particles, auxiliaries,
# pronouns): what the stoplists are for spaced scripts (written for Kehr).
FUNCTION_CHARACTERS = frozenset(
    "的了是在和有我他她它这那不也就都而及与或但被把对为从到之其个们"
    "の に は を た が で て と し れ さ も な か ら だ す る い う ま ん"
    .replace(" ", "")
)  # fmt: skip
_BMP = 0x10000


@cache
def _script_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(script number, spaceless, function character) of every BMP code point."""
    alpha = np.fromiter(map(str.isalpha, "".join(map(chr, range(_BMP)))), dtype=bool, count=_BMP)
    script = np.where(alpha, SCRIPTS.index("other") + 1, 0).astype(np.uint8)
    for number, name in enumerate(SCRIPTS[:-1], start=1):
        for low, high in _SCRIPT_RANGES[name]:
            script[low:high] = np.where(alpha[low:high], number, 0)
    spaceless = np.zeros(_BMP, dtype=bool)
    for low, high in _SPACELESS_RANGES:
        spaceless[low:high] = alpha[low:high]
    function = np.zeros(_BMP, dtype=bool)
    function[[ord(c) for c in FUNCTION_CHARACTERS]] = True
    return script, spaceless, function


def char_scripts(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each code point: its script number (1-based index into SCRIPTS, 0 for
    non-letters), whether its script has no spaces, whether it is a FUNCTION_CHARACTER.
    Past the BMP: CJK ideographs (planes 2 and 3) are spaceless CJK, other letters
    "other"."""
    script_table, spaceless_table, function_table = _script_tables()
    inside = np.minimum(codes, _BMP - 1)
    script = script_table[inside]
    spaceless = spaceless_table[inside]
    function = function_table[inside]
    for at in np.flatnonzero(codes >= _BMP):
        code = int(codes[at])
        ideograph = 0x20000 <= code < 0x40000
        letter = ideograph or chr(code).isalpha()
        script[at] = SCRIPTS.index("cjk") + 1 if ideograph else (len(SCRIPTS) if letter else 0)
        spaceless[at] = ideograph
        function[at] = False
    return script, spaceless, function

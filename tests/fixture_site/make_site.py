"""Regenerate the fixture site's pages: python tests/fixture_site/make_site.py

The prose is original, assembled from the phrase lists below with a fixed seed per
page, so every page has different text (the duplicate filter must not fire) and
enough words (the corpus' 500-word minimum must pass).
"""

from __future__ import annotations

import random
from pathlib import Path

HERE = Path(__file__).resolve().parent

SUBJECTS = [
    "The river ferry",
    "A retired cartographer",
    "The village bakery",
    "Our night train",
    "The lighthouse keeper",
    "A patient beekeeper",
    "The harbour choir",
    "An old tram",
    "The orchard cooperative",
    "A travelling bookbinder",
    "The weather station",
    "The town archivist",
    "A quiet stonemason",
    "The tide table",
    "The mountain hut",
]
VERBS = [
    "carefully records",
    "slowly repaints",
    "quietly counts",
    "happily repairs",
    "patiently explains",
    "often forgets",
    "gladly shares",
    "rarely mentions",
    "still measures",
    "cheerfully ignores",
    "neatly folds",
    "proudly displays",
]
OBJECTS = [
    "the copper kettles of the market square",
    "every crooked signpost on the coast road",
    "a ledger of forgotten harvest festivals",
    "the blue shutters along the canal",
    "seven jars of heather honey",
    "the timetable of the winter ferries",
    "a box of hand-drawn sea charts",
    "the echo under the stone bridge",
    "the recipe for rye bread with caraway",
    "the names of the northern winds",
    "a drawer full of brass keys",
    "the slow clock above the station",
]
ENDINGS = [
    "before the fog rolls in.",
    "while the gulls argue overhead.",
    "as the evening bell rings twice.",
    "because nobody else remembers how.",
    "on the first dry morning of spring.",
    "long after the lamps are lit.",
    "whenever the wind turns east.",
    "for the children of the upper town.",
]


def prose(seed: int, words: int = 620) -> list[str]:
    rng = random.Random(seed)
    paragraphs, current, count = [], [], 0
    while count < words:
        sentence = (
            f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} "
            f"{rng.choice(ENDINGS)}"
        )
        current.append(sentence)
        count += len(sentence.split())
        if len(current) == 6:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return paragraphs


def page(
    title: str,
    seed: int,
    extra_head: str = "",
    extra_body: str = "",
    words: int = 620,
    charset: str = "utf-8",
) -> str:
    paras = "\n".join(f"<p>{p}</p>" for p in prose(seed, words))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="{charset}"><title>{title}</title>
<link rel="stylesheet" href="/static/site.css">{extra_head}</head>
<body>
<nav><a href="/index.html">Home</a> | <a href="/article.html">Article</a></nav>
<main><h1>{title}</h1>
{paras}
{extra_body}
</main>
<footer>Fixture site for the Kehr harvester tests.</footer>
</body></html>
"""


def main() -> None:
    index_extra = """
<img src="/static/photo.png" width="320" height="120" alt="A green test image">
<p id="injected-here"></p>
<p id="json-here">waiting for data</p>
<iframe src="/frame.html" width="400" height="80" title="frame"></iframe>
<img src="/static/lazy.png" loading="lazy" width="320" height="60" alt="lazy image">
<script src="/static/app.js"></script>
"""
    files = {
        "index.html": page("Harbour notes", 1, extra_body=index_extra),
        "article.html": page(
            "Orchard diary", 2, extra_body='<img src="/static/photo.png" alt="photo">'
        ),
        # Same text as article.html in other markup: the text-duplicate filter.
        "copy.html": page("Orchard diary", 2).replace("<main>", '<main class="mirror">'),
        "moved.html": page("Moved page", 3),
        "short.html": page("Too short", 4, words=40),
        "frame.html": "<!DOCTYPE html><html><body><p>Inside the frame.</p></body></html>\n",
        "private/secret.html": page("Private page", 5),
    }
    for name, text in files.items():
        (HERE / name).write_text(text, encoding="utf-8")
    # windows-1252: curly quotes (0x93/0x94), euro sign (0x80), umlauts.
    cp_extra = (
        "<p>\u201eGr\u00fc\u00dfe aus K\u00f6ln\u201c \u2013 5 \u20ac f\u00fcr "
        "caf\u00e9 cr\u00e8me.</p>"
    )
    for name, seed in (("cp1252.html", 6), ("cp1252-meta.html", 7)):
        text = page("Windows-1252 page", seed, extra_body=cp_extra, charset="windows-1252")
        (HERE / name).write_bytes(text.encode("windows-1252"))
    sj_extra = "<p>\u6771\u4eac \u306e \u5929\u6c17 \u306f \u6674\u308c \u3067\u3059 \u3002</p>"
    for name, seed in (("sjis.html", 8), ("sjis-meta.html", 9)):
        text = page(
            "\u65e5\u672c\u8a9e\u306e\u30da\u30fc\u30b8",
            seed,
            extra_body=sj_extra,
            charset="shift_jis",
        )
        (HERE / name).write_bytes(text.encode("shift_jis"))


if __name__ == "__main__":
    main()

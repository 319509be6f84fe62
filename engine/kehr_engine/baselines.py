"""The extractors people use today, each behind one small adapter: HTML in, text out.

Every adapter takes the page's decoded HTML and returns the text the library keeps
(empty when it keeps nothing); :func:`run_baseline` maps that text onto the page's
numbered nodes with :func:`kehr_engine.node_mapping.kept_nodes`, so every baseline is
scored by the same metrics as the engine's own model. Libraries are imported inside
the adapters: an engine user who never runs a baseline does not pay for importing them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from kehr_engine.node_mapping import kept_nodes

Extractor = Callable[[str], str]


def trafilatura_text(html: str) -> str:
    import trafilatura

    return trafilatura.extract(html) or ""


def justext_text(html: str, language: str = "English") -> str:
    import justext

    paragraphs = justext.justext(html, justext.get_stoplist(language))
    return "\n".join(p.text for p in paragraphs if not p.is_boilerplate)


def readability_text(html: str) -> str:
    import lxml.html
    from readability import Document

    summary = Document(html).summary(html_partial=True)
    return lxml.html.fromstring(summary).text_content() if summary.strip() else ""


def boilerpy3_text(html: str) -> str:
    from boilerpy3 import extractors

    return extractors.ArticleExtractor(raise_on_failure=False).get_content(html) or ""


def resiliparse_text(html: str) -> str:
    from resiliparse.extract.html2text import extract_plain_text

    return extract_plain_text(html, main_content=True)


# Name -> adapter; keep-all is the floor every extractor should beat.
EXTRACTORS: dict[str, Extractor] = {
    "trafilatura": trafilatura_text,
    "justext": justext_text,
    "readability": readability_text,
    "boilerpy3": boilerpy3_text,
    "resiliparse": resiliparse_text,
}
BASELINES = (*EXTRACTORS, "keep-all")


@dataclass(frozen=True)
class BaselineResult:
    kept: np.ndarray  # bool per node
    error: str | None  # the extractor's exception, if it failed (then nothing is kept)


def run_baseline(name: str, html: str, node_texts: Sequence[str]) -> BaselineResult:
    """The nodes baseline ``name`` keeps on one page."""
    if name == "keep-all":
        return BaselineResult(np.ones(len(node_texts), dtype=bool), None)
    try:
        extractor = EXTRACTORS[name]
    except KeyError:
        raise ValueError(
            f"unknown baseline {name!r}; choose one of {', '.join(BASELINES)}."
        ) from None
    try:
        output = extractor(html)
    except Exception as error:  # a library failing on one page must not end a whole run
        return BaselineResult(
            np.zeros(len(node_texts), dtype=bool), f"{type(error).__name__}: {error}"
        )
    return BaselineResult(kept_nodes(node_texts, output), None)

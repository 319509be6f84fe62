"""Links the corpus dashboard shows to pages of the apps above gold (a registration seam).

gold sits below learning (docs/architecture.md, "App layers"), so its dashboard cannot
reverse their URLs by importing them; an app registers a function from its
``AppConfig.ready()`` that gives the link for a corpus, or None when it has nothing to
show for it.
"""

from __future__ import annotations

from collections.abc import Callable

from corpora.models import Corpus

CorpusLink = Callable[[Corpus], tuple[str, str] | None]  # corpus -> (text, url) or None
LINKS: dict[str, CorpusLink] = {}


def register_corpus_link(key: str, link: CorpusLink) -> None:
    """Show ``link(corpus)`` on each corpus' dashboard (registering twice replaces)."""
    LINKS[key] = link


def corpus_links(corpus: Corpus) -> list[tuple[str, str]]:
    return [found for link in LINKS.values() if (found := link(corpus)) is not None]

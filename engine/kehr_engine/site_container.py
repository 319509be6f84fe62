"""The site's content container: the element where a site's pages keep their text.

:func:`kehr_engine.text_blocks.absorb_in_container` finds each page's content container
from what a method called content on that page alone. Where the page's own text is
short or itself repeated (Doxygen's "The documentation for this class was generated
from the following file" under a few member names, qdoc's "This is the complete list of
members for" lists, odoc's short ``val … ->`` lines), the method calls little of it
content, and the container found is too deep (one list) or none at all. What the page's
generator repeats there stays template, although the site's other pages show where its
text lives: a template puts every page's content into the same element (Doxygen's
``div.contents``, qdoc's ``div.content.mainContent``, odoc's ``div.content``).

The **site's container** is that element, named by its :data:`ContainerKey` (the tag,
id and classes of each element from below ``<body>`` down to it): the key that at least
:data:`SITE_CONTAINER_SHARE` of the site's pages have for their own container
(:class:`SiteContainers` counts them). On a page whose own container is none or lies
inside the element with the site's key (exactly one element of the page has it), that
element becomes the page's container (:func:`widened`). A page whose own container lies
elsewhere (around the site's element, or beside it) keeps its own: the rule only widens
toward where the site keeps its text, never moves a page's container somewhere else.

This is Kehr's rule, not the papers'. It was chosen on the reserve and fresh sites'
error lists (bench/template_eval.py, cached labels of every site) against replacing
every page's container by the site's element (the same figures but for one site, and a
larger change); 0.5 as the share is a majority of the pages, not tuned.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from lxml import etree

from kehr_engine.segmenter import shared_document_tree
from kehr_engine.text_blocks import check_container_share

__all__ = ["SITE_CONTAINER_SHARE", "ContainerKey", "SiteContainers", "container_key",
           "find_container", "widened"]  # fmt: skip

#: The share of a site's pages whose own content container must have one key for that
#: key to be the site's container; 0 turns the site's container off.
SITE_CONTAINER_SHARE = 0.5
#: Distinct keys a :class:`SiteContainers` keeps; past it the rarest are forgotten (a
#: site whose containers carry a per-page id has no one key anyway).
MAX_KEYS = 64

#: Each element from below ``<body>`` down to the container: (tag, id, sorted classes).
ContainerKey = tuple[tuple[str, str, str], ...]


@functools.lru_cache(maxsize=4)
def _elements(document: str) -> list[etree._Element]:
    """The document's elements in start order, as :attr:`TextBlocks.paths` numbers them
    (the root is 1; comments and processing instructions are not counted). Kept for the
    last few documents: the URL Tree asks once per heuristic of the same page."""
    root = shared_document_tree(document)
    return [element for element in root.iter() if isinstance(element.tag, str)]


def _key_of(element: etree._Element) -> ContainerKey:
    chain = []
    at: etree._Element | None = element
    while at is not None and at.tag not in ("body", "html"):
        classes = " ".join(sorted((at.get("class") or "").split()))
        chain.append((str(at.tag), at.get("id") or "", classes))
        at = at.getparent()
    return tuple(reversed(chain))


@functools.lru_cache(maxsize=16)
def container_key(document: str, path: tuple[int, ...] | None) -> ContainerKey | None:
    """The key of the element at ``path`` (as :attr:`TextBlocks.paths`) in the document;
    None for no path, a path the document does not hold, or ``<body>`` itself."""
    if not path:
        return None
    elements = _elements(document)
    if not 0 < path[-1] <= len(elements):
        return None
    return _key_of(elements[path[-1] - 1]) or None


@functools.lru_cache(maxsize=16)
def find_container(document: str, key: ContainerKey) -> tuple[int, ...] | None:
    """The path of the one element of the document with ``key``; None when no element or
    more than one has it (the page does not say which is its content)."""
    elements = _elements(document)
    tag, id_, classes = key[-1]
    # The element's own tag, id and classes first: most elements fail there, before
    # their ancestors are walked.
    found = [
        i
        for i, e in enumerate(elements)
        if e.tag == tag
        and (e.get("id") or "") == id_
        and " ".join(sorted((e.get("class") or "").split())) == classes
        and _key_of(e) == key
    ]
    if len(found) != 1:
        return None
    number = {element: i for i, element in enumerate(elements, start=1)}
    path = []
    element: etree._Element | None = elements[found[0]]
    while element is not None:
        path.append(number[element])
        element = element.getparent()
    return tuple(reversed(path))


def widened(
    own: ContainerKey | None, document: str, site: ContainerKey | None
) -> tuple[int, ...] | None:
    """The path of the page's element with the site's key when it should be the page's
    container instead of the page's own (whose key is ``own``; None: the page has none):
    when the own container is none or lies inside that element. None when the page
    keeps its own: no site key, the own container is the site's element or lies
    elsewhere, or the page has no single element with the site's key."""
    if site is None or own == site:
        return None
    if own is not None and own[: len(site)] != site:
        return None
    return find_container(document, site)


class SiteContainers:
    """How many of a site's pages have each key for their own content container, and the
    site's key (:attr:`key`): the most common one, when at least ``share`` of the pages
    counted have it."""

    def __init__(self, share: float = SITE_CONTAINER_SHARE) -> None:
        check_container_share(share, "site_container_share")
        self.share = share
        self.pages = 0
        self.counts: Counter[ContainerKey] = Counter()

    def add(self, key: ContainerKey | None) -> None:
        """Count one page's own container (None: the page has none)."""
        self.pages += 1
        if key is None:
            return
        self.counts[key] += 1
        if len(self.counts) > MAX_KEYS:
            # Forget the rarer half: a key that could still be the site's is among the
            # most common ones.
            self.counts = Counter(dict(self.counts.most_common(MAX_KEYS // 2)))

    def add_all(self, keys: Iterable[ContainerKey | None]) -> SiteContainers:
        for key in keys:
            self.add(key)
        return self

    @property
    def key(self) -> ContainerKey | None:
        if self.share <= 0 or not self.counts:
            return None
        key, count = self.counts.most_common(1)[0]
        return key if count >= self.share * self.pages else None

    def state(self) -> list:
        """JSON-ready: the pages counted and each key with its count."""
        return [self.pages, [[[list(e) for e in key], n] for key, n in self.counts.items()]]

    @classmethod
    def from_state(cls, state: list, share: float) -> SiteContainers:
        made = cls(share)
        pages, counts = state
        made.pages = int(pages)
        made.counts = Counter(
            {tuple((str(t), str(i), str(c)) for t, i, c in key): int(n) for key, n in counts}
        )
        return made

"""A page's structure as DBCE compares it: structural tokens and their MinHash.

DBCE (Leśniak) groups the captures of a site by template before it diffs their text:
two pages built from one template share most of their tag structure even when no word
is the same. The page is sanitised (scripts, comments and iframes go: they change
between captures without changing the template; so do the head, which is metadata, and
Kehr's node wrappers), its text and attributes are ignored,
and every element becomes one *structural token*: the ``/``-joined path of labels
``{node_nr}_{group_nr}_{level}_{tag}`` from the root down to it, where

- ``node_nr`` is the element's position among its parent's element children,
- ``group_nr`` its position among those siblings with the same tag,
- ``level`` its depth (the root is 0).

(The thesis names the four parts; which position each number counts is this module's
reading of it.) The token set is the page's shingle set: its MinHash with 128
permutations estimates the Jaccard similarity of two pages' structures, and an LSH index
at threshold 0.6 finds a page's similar pages without comparing it with all others
(:mod:`kehr_engine.dbce.similar`).
"""

from __future__ import annotations

import functools

import lxml.html
from datasketch import MinHash
from lxml import etree

__all__ = ["DROPPED_TAGS", "NUM_PERM", "signature", "structural_tokens"]

#: MinHash permutations (the thesis' figure): the estimate's standard error is about
#: sqrt(J(1-J)/128), 0.04 at J = 0.6.
NUM_PERM = 128
#: datasketch's hashing scheme, named so that stored hash values load back the same way.
SCHEME = "affine32"
# head: metadata, not layout (the segmenter adds <meta charset> and <base> to it); kehr-t:
# the annotation document's wrapper of each text node (it never holds elements). Without
# both, a page's annotation document and its raw capture have the same structure.
DROPPED_TAGS = ("script", "iframe", "head", "kehr-t")


def _root(html: str | bytes) -> etree._Element | None:
    try:
        return lxml.html.document_fromstring(html)
    except (etree.ParserError, ValueError):
        return None  # empty or not HTML: no structure


def structural_tokens(html: str | bytes) -> set[str]:
    """The page's structural tokens (empty for a page that does not parse)."""
    root = _root(html)
    if root is None:
        return set()
    tokens: set[str] = set()
    # Depth-first with an explicit stack: (element, its label path).
    stack: list[tuple[etree._Element, str]] = [(root, f"0_0_0_{root.tag!s}")]
    while stack:
        element, path = stack.pop()
        tokens.add(path)
        level = path.count("/") + 1
        same_tag: dict[str, int] = {}
        node_nr = 0
        for child in element:
            tag = child.tag
            if not isinstance(tag, str) or tag in DROPPED_TAGS:
                continue  # comments, processing instructions, scripts, iframes
            group_nr = same_tag.get(tag, 0)
            same_tag[tag] = group_nr + 1
            stack.append((child, f"{path}/{node_nr}_{group_nr}_{level}_{tag}"))
            node_nr += 1
    return tokens


@functools.cache
def _permutations(num_perm: int) -> object:
    # Derived from the seed; deriving them costs more than signing a page, so once.
    return MinHash(num_perm=num_perm, seed=1, scheme=SCHEME).permutations


def from_hashvalues(values, num_perm: int = NUM_PERM) -> MinHash:
    """A stored signature as a MinHash again (for LSH queries)."""
    return MinHash(num_perm=num_perm, seed=1, hashvalues=values, scheme=SCHEME,
                   permutations=_permutations(num_perm))  # fmt: skip


def signature(tokens: set[str], num_perm: int = NUM_PERM) -> MinHash:
    """The MinHash of a token set (seed fixed, so signatures from any process compare)."""
    minhash = MinHash(
        num_perm=num_perm, seed=1, scheme=SCHEME, permutations=_permutations(num_perm)
    )
    if tokens:
        minhash.update_batch([token.encode() for token in tokens])
    return minhash

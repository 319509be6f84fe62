"""Text blocks as the URL Tree counts them: normalised, then hashed to 64 bits.

Normalisation follows the paper: non-alphabetic characters go (digits, punctuation,
white space, underscores: everything but Unicode word characters that are not digits),
the rest is lower-cased, so "Posted 12 May 2009" and "Posted 3 June 2010"
differ only by their month words, and a block with no letters at all ("|", "12:30")
normalises to the empty string, which every page shares.

Why 64 bits: a domain holds at most 10,000 documents (the paper's cap) of a few hundred
blocks each, some 10^6 distinct blocks; the chance that two of them share a 64-bit hash
is about n^2 / 2^65 = 3e-8, while a 64-bit integer costs a quarter of a 32-character hex
digest in memory and fits numpy's uint64. BLAKE2b is in the standard library, keyed by
nothing, and stable across processes and machines (Python's hash() is salted per
process, which would break snapshots).
"""

from __future__ import annotations

import hashlib
import re

__all__ = ["HEADING_SALT", "block_hash", "normalise_block"]

#: XORed into a heading's hash when headings are counted apart (``headings_apart``): a
#: heading then recurs only where other pages have it as a heading. Any fixed odd 64-bit
#: constant serves; this one is 2^64 divided by the golden ratio.
HEADING_SALT = 0x9E3779B97F4A7C15


_NOT_LETTERS = re.compile(r"[\W\d_]+")
# ASCII text (most of it) takes a faster path: bytes.translate deleting non-letters.
_ASCII_NOT_LETTERS = bytes(c for c in range(128) if not chr(c).isalpha())


def normalise_block(text: str) -> str:
    """Letters only, lower-cased (Unicode letters count: "Größe" stays "größe")."""
    return _NOT_LETTERS.sub("", text).lower()


def block_hash(text: str) -> int:
    """The 64-bit hash of a block's normalised text, as an unsigned int."""
    if text.isascii():
        data = text.encode("ascii").translate(None, _ASCII_NOT_LETTERS).lower()
    else:
        data = normalise_block(text).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")

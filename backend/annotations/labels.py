"""Label vectors: one small integer per text node of a page.

The codes are KrdWrd's: 0 untagged, 1 bad (boilerplate), 2 uncertain, 3 good
(running text). A vector is stored as bytes, one byte per node, so that a page of
300 nodes costs 300 bytes whoever (annotator, merge, classifier) produced it.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from enum import IntEnum


class Label(IntEnum):
    UNTAGGED = 0
    BAD = 1
    UNCERTAIN = 2
    GOOD = 3


VALID_CODES = frozenset(int(label) for label in Label)
NOTHING_TAGGED = "Nothing tagged: tag at least one node before submitting."

# A wrong code is echoed in the error, cut short: a 2 MB string sent as a label must not
# come back as a 2 MB error message.
_echo = reprlib.Repr()
_echo.maxstring = _echo.maxother = 60


class LabelVectorError(ValueError):
    """A label vector that does not fit its page. The message says what was expected."""


def validate_label_vector(value: object, node_count: int) -> list[int]:
    """Return the vector as a list of ints, or raise LabelVectorError naming the problem.

    Strict on purpose: booleans, floats and numeric strings are refused, because a
    client that sends them has a bug that would otherwise store wrong labels silently.
    """
    if not isinstance(value, list):
        raise LabelVectorError(
            f"Expected a JSON array of {node_count} labels, received {type(value).__name__}."
        )
    if len(value) != node_count:
        raise LabelVectorError(
            f"Expected {node_count} labels (one per text node of the page), received {len(value)}."
        )
    for index, code in enumerate(value):
        if isinstance(code, bool) or not isinstance(code, int) or code not in VALID_CODES:
            raise LabelVectorError(
                f"Label {index} must be 0 (untagged), 1 (bad), 2 (uncertain) or 3 (good), "
                f"received {_echo.repr(code)}."
            )
    return list(value)


def require_tagged(labels: Sequence[int]) -> None:
    """Refuse a vector that tags no node: submitting it would count as progress for nothing.

    Only annotators' submissions through the API must tag something; the KrdWrd importer
    keeps the 2008 data as it was, empty submissions included.
    """
    if not any(labels):
        raise LabelVectorError(NOTHING_TAGGED)


def encode(labels: Sequence[int]) -> bytes:
    return bytes(labels)


def decode(stored: bytes | memoryview) -> list[int]:
    return list(bytes(stored))

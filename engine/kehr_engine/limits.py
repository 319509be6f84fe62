"""How big a page the engine takes, and the error for one that is bigger.

Feature extraction holds one row of float features per node (about a hundred
columns) plus the parsed document, so memory grows with the node count. A page past
the node limit is refused before any feature is computed, with an error that names the
limit and how to raise it. The default accepts 100,000 nodes (tested), far more
than any real article page: the largest of the 148 CANOLA pages has 1,676.

The node count is only known once the page is segmented, and segmenting needs memory
in proportion to the page's size, so a byte limit comes first: 32 MiB by default,
eight times the 4 MB of a generated 100,000-node page and room for pages with large
inline scripts or images. Every path that stores a page applies it too (the segmenter
refuses a bigger page; the WARC import stops decoding a body once it passes the limit).

Nesting has one limit, :data:`MAX_DEPTH`, shared by the segmenter and every parse of an
annotation document: the segmenter flattens a page nested deeper, so the document it
makes fits, and a document deeper than that is refused with an error naming the limit.
Without one shared limit, a page 254 levels deep was segmented (the segmenter's parser
allows 2,048 levels) but the engine's parser (libxml2's default of 256 levels)
silently dropped everything below, and refused the page as having 0 numbered nodes.
"""

from __future__ import annotations

import os

DEFAULT_MAX_NODES = 100_000
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
# Read when a page is checked, so a shell or a worker can raise the limits without code.
MAX_NODES_ENV = "KEHR_ENGINE_MAX_NODES"
MAX_BYTES_ENV = "KEHR_ENGINE_MAX_BYTES"
#: The deepest element nesting of an annotation document (<html> is level 1). libxml2
#: gives up at 2,048 levels even with huge_tree (losing the rest of the page), and
#: without huge_tree at 256; documents are parsed with huge_tree and checked against
#: this. A fixed limit, not a setting: past 2,048 nothing could be parsed anyway.
MAX_DEPTH = 2000


class EngineInputError(ValueError):
    """Input the engine cannot use; the message says what was wrong and what to do."""


def _positive_from_env(name: str, default: int, what: str) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise EngineInputError(
            f"{name}={raw!r} is not a positive whole number; set it to the most {what} a "
            f"page may have (default {default:,}) or unset it."
        )
    return value


def max_nodes() -> int:
    """The node limit in force: ``KEHR_ENGINE_MAX_NODES`` if set, else the default."""
    return _positive_from_env(MAX_NODES_ENV, DEFAULT_MAX_NODES, "text nodes")


def max_bytes() -> int:
    """The size limit in force: ``KEHR_ENGINE_MAX_BYTES`` if set, else the default."""
    return _positive_from_env(MAX_BYTES_ENV, DEFAULT_MAX_BYTES, "bytes")


def check_size(size: int, what: str = "the page", limit: int | None = None) -> None:
    """Refuse a page of more than ``limit`` bytes (default: :func:`max_bytes`)."""
    limit = max_bytes() if limit is None else limit
    if size > limit:
        raise EngineInputError(
            f"{what} is {size:,} bytes, more than the limit of {limit:,}; raise it with "
            f"{MAX_BYTES_ENV}=N if the machine has the memory for it."
        )


def check_node_count(count: int, what: str = "the page", limit: int | None = None) -> None:
    """Refuse a page with more than ``limit`` text nodes (default: :func:`max_nodes`)."""
    limit = max_nodes() if limit is None else limit
    if count > limit:
        raise EngineInputError(
            f"{what} has {count:,} text nodes, more than the limit of {limit:,}; raise it "
            f"with {MAX_NODES_ENV}=N (or --max-nodes N on the command line) if the "
            "machine has the memory for it."
        )


def too_deep(what: str, depth: int | None = None) -> str:
    """The message for a document nested deeper than :data:`MAX_DEPTH` levels."""
    found = f"nested {depth:,} elements deep" if depth else "nested too deeply to be parsed"
    return (
        f"{what} is {found}, more than the limit of {MAX_DEPTH:,} levels "
        "(kehr_engine.limits.MAX_DEPTH); the segmenter flattens deeper pages to fit, so "
        "segment the page again (PageInput.from_html, or store it again) instead of "
        "giving a document made elsewhere."
    )

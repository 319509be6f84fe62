"""How big a page the engine takes, and the error for one that is bigger.

Feature extraction holds one row of float features per node (about a hundred
columns) plus the parsed document, so memory grows with the node count. A page past
the node limit is refused before any feature is computed, with an error that names the
limit and how to raise it. The default accepts 100,000 nodes (tested), far more
than any real article page: the largest of the 148 CANOLA pages has 1,676.

The node count is only known once the page is segmented, and segmenting needs memory
in proportion to the page's size, so a byte limit comes first: 32 MiB by default,
eight times the 4 MB of a generated 100,000-node page and room for pages with large
inline scripts or images.
"""

from __future__ import annotations

import os

DEFAULT_MAX_NODES = 100_000
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
# Read when a page is checked, so a shell or a worker can raise the limits without code.
MAX_NODES_ENV = "KEHR_ENGINE_MAX_NODES"
MAX_BYTES_ENV = "KEHR_ENGINE_MAX_BYTES"


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

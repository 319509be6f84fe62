"""How big a page the engine takes, and the error for one that is bigger.

Feature extraction holds one row of float features per node (about a hundred
columns) plus the parsed document, so memory grows with the node count. A page past
the limit is refused before any feature is computed, with an error that names the
limit and how to raise it. The default accepts 100,000 nodes (tested), far more
than any real article page: the largest of the 148 CANOLA pages has 1,676.
"""

from __future__ import annotations

import os

DEFAULT_MAX_NODES = 100_000
# Read when a page is checked, so a shell or a worker can raise the limit without code.
MAX_NODES_ENV = "KEHR_ENGINE_MAX_NODES"


class EngineInputError(ValueError):
    """Input the engine cannot use; the message says what was wrong and what to do."""


def max_nodes() -> int:
    """The node limit in force: ``KEHR_ENGINE_MAX_NODES`` if set, else the default."""
    raw = os.environ.get(MAX_NODES_ENV, "").strip()
    if not raw:
        return DEFAULT_MAX_NODES
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise EngineInputError(
            f"{MAX_NODES_ENV}={raw!r} is not a positive whole number; set it to the most "
            f"text nodes a page may have (default {DEFAULT_MAX_NODES:,}) or unset it."
        )
    return value


def check_node_count(count: int, what: str = "the page", limit: int | None = None) -> None:
    """Refuse a page with more than ``limit`` text nodes (default: :func:`max_nodes`)."""
    limit = max_nodes() if limit is None else limit
    if count > limit:
        raise EngineInputError(
            f"{what} has {count:,} text nodes, more than the limit of {limit:,}; raise it "
            f"with {MAX_NODES_ENV}=N (or --max-nodes N on the command line) if the "
            "machine has the memory for it."
        )

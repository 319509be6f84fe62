"""The 2008 KrdWrd stats file reader, which lives in the engine (kehr_engine.krdwrd).

The engine's training data loader and the platform's importer read the same files; the
one reader is the engine's (Django-free). This re-export keeps the platform's imports.
"""

from kehr_engine.krdwrd.stats_file import (
    MERGED_RE,
    MISSING,
    SUBMITTED_RE,
    VOTE_RE,
    MergedCell,
    StatsFile,
    StatsFormatError,
    read_stats,
)

__all__ = [
    "MERGED_RE",
    "MISSING",
    "SUBMITTED_RE",
    "VOTE_RE",
    "MergedCell",
    "StatsFile",
    "StatsFormatError",
    "read_stats",
]

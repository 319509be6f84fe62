"""The 2008 KrdWrd merged gold page reader, which lives in the engine (kehr_engine.krdwrd).

The engine's training data loader and the platform's importer read the same files; the
one reader is the engine's (Django-free). This re-export keeps the platform's imports.
"""

from kehr_engine.krdwrd.merged_file import CLASS_RE, read_merged

__all__ = ["CLASS_RE", "read_merged"]

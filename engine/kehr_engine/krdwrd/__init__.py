"""The 2008 KrdWrd data (pages, per-annotator stats, merged gold): pure readers.

The platform's importer (krdwrd_import.importer) and the engine's training data loader
(:mod:`kehr_engine.krdwrd.corpus`) share these parsers.
"""

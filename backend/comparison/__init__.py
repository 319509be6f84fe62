"""Comparing label vectors: tutorial scoring and visual diffs of any two annotations.

``comparison.core`` is pure (NumPy, no Django): :func:`~comparison.core.compare`
scores a vector against a reference, :func:`~comparison.core.diff` sets two vectors
side by side. ``comparison.sources`` finds a page's vectors by name (a submission, the
gold standard, the tutorial reference, later classifiers), ``comparison.render``
turns two of them into a standalone HTML page, and ``comparison.views`` serves it to
staff (docs/tutorial.md).
"""

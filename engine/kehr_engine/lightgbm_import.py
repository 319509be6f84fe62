"""LightGBM, imported without scikit-learn and pandas.

At import time LightGBM imports scikit-learn (and through it SciPy) only to offer its
scikit-learn wrappers (``lightgbm.LGBMClassifier`` …), and pandas, where installed, only
to accept data frames; the engine uses neither: it trains with ``lightgbm.train`` on
NumPy arrays and predicts with ``lightgbm.Booster``. Those imports were 0.9 s (scikit-
learn) and 0.3 s (pandas, which the optional crawl extra brings) of every
``python -m kehr_engine extract`` start-up, three times the rest of it. So, for each of
them not loaded yet, LightGBM is imported while importing it fails (a ``None`` entry in
``sys.modules`` makes ``import`` raise ImportError, which LightGBM catches), and the
entries are removed right after: both stay importable for everything else (the
estimator, cross-validation, datatrove), only LightGBM's own wrappers and data-frame
input are off in this process. Where they are loaded already (the platform's
processes) this changes nothing.
"""

from __future__ import annotations

import sys

# Imported by LightGBM only for what the engine does not use.
OPTIONAL = ("sklearn", "pandas")

blocked = [name for name in OPTIONAL if name not in sys.modules]
for name in blocked:
    sys.modules[name] = None  # type: ignore[assignment]
try:
    import lightgbm
finally:
    for name in blocked:
        if name in sys.modules and sys.modules[name] is None:
            del sys.modules[name]

lgb = lightgbm
__all__ = ["lgb"]

"""LightGBM, imported without scikit-learn.

At import time LightGBM imports scikit-learn (and through it SciPy) only to offer its
scikit-learn wrappers (``lightgbm.LGBMClassifier`` …), which the engine never uses: it
trains with ``lightgbm.train`` and predicts with ``lightgbm.Booster``. That import was
0.9 s of every ``python -m kehr_engine extract`` start-up, three times the rest of it.
So, when scikit-learn is not loaded yet, LightGBM is imported while ``import sklearn``
fails (a ``None`` entry in ``sys.modules`` makes it raise ImportError, which LightGBM
catches), and the entry is removed right after: scikit-learn stays importable for
everything else (the estimator, cross-validation), only LightGBM's own wrappers are
off in this process. Where scikit-learn is loaded already (the platform's processes)
this changes nothing.
"""

from __future__ import annotations

import sys

if "sklearn" in sys.modules:
    import lightgbm
else:
    sys.modules["sklearn"] = None  # type: ignore[assignment]
    try:
        import lightgbm
    finally:
        if sys.modules.get("sklearn", 0) is None:
            del sys.modules["sklearn"]

lgb = lightgbm
__all__ = ["lgb"]

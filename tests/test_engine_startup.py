"""``python -m kehr_engine extract`` starts without scikit-learn or pandas
(kehr_engine.lightgbm_import).

A user's extract pays the start-up on every call; scikit-learn (and SciPy's stats
behind it) was most of it, pandas (which the crawl extra installs) a third of the rest.
Prediction needs LightGBM's Booster only, so the extract path must import neither, and
both must stay importable afterwards for training, cross-validation and datatrove in
the same process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTICLE = ROOT / "tests" / "engine_fixtures" / "article.html"


def run_python(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine"), "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_extracting_a_page_never_imports_scikit_learn() -> None:
    out = run_python(
        "import sys\n"
        "from kehr_engine.__main__ import main\n"
        f"assert main(['extract', {str(ARTICLE)!r}]) == 0\n"
        "print('SKLEARN', sorted(m for m in sys.modules if m.split('.')[0] == 'sklearn'))\n"
        "print('PANDAS', sorted(m for m in sys.modules if m.split('.')[0] == 'pandas'))\n"
    )
    assert "The log books they left behind" in out
    assert "SKLEARN []" in out
    assert "PANDAS []" in out


def test_pandas_still_imports_after_lightgbm_came_without_it() -> None:
    pytest.importorskip("pandas", reason="pandas comes with the optional crawl extra")
    out = run_python(
        "import kehr_engine.lightgbm_import\n"
        "import pandas\n"
        "print('FRAME', len(pandas.DataFrame({'a': [1, 2]})))\n"
    )
    assert "FRAME 2" in out


def test_scikit_learn_and_training_still_work_after_lightgbm_came_without_it() -> None:
    out = run_python(
        "import numpy as np\n"
        "import kehr_engine.lightgbm_import\n"
        "import sklearn\n"
        "from kehr_engine.model import train\n"
        "from kehr_engine.splits import page_folds\n"
        "rng = np.random.default_rng(0)\n"
        "x = [rng.normal(size=(30, 2)) for _ in range(4)]\n"
        "y = [np.where(m[:, 0] > 0, 3, 1).astype(np.int8) for m in x]\n"
        "model = train(x, y, ['a', 'b'], ('text',), max_iter=5)\n"
        "print('FOLDS', len(page_folds(['p1', 'p2', 'p3', 'p4'], 2)))\n"
        "print('GOOD', float(model.predict_proba(np.array([[2.0, 0.0]]))[0, 2]) > 0.5)\n"
    )
    assert "FOLDS 2" in out and "GOOD True" in out

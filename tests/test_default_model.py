"""The shipped default model (docs/models.md): present, current, small, and it works.

The model file is committed; retraining it takes minutes, so CI does not. What CI does
check is that the committed file still fits the engine: a change to the features
without retraining fails here (the feature version in its header), not in users' hands.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from kehr_engine.default_model import DEFAULT_MODEL_PATH, load_default_model, model_path
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION
from kehr_engine.model_file import read_header

REPO = Path(__file__).resolve().parents[1]
ARTICLE = REPO / "tests" / "engine_fixtures" / "article.html"
MAX_BYTES = 5 * 1000 * 1000


def test_the_shipped_model_fits_this_engine_and_says_what_it_learned_from() -> None:
    assert DEFAULT_MODEL_PATH.is_file(), "run: ./dev build-models krdwrd"
    assert DEFAULT_MODEL_PATH.stat().st_size < MAX_BYTES
    header = read_header(DEFAULT_MODEL_PATH)
    assert header["feature_version"] == FEATURE_VERSION, (
        "the features changed since the default model was trained: retrain it with "
        "./dev build-models (docs/models.md) and commit the files"
    )
    assert tuple(header["groups"]) == tuple(DEFAULT_GROUPS)
    # Trained as the engine trains by default: with its lexicon of good and bad words.
    assert header.get("lexicon_words", 0) > 1000, "retrain: ./dev build-models krdwrd"
    model = load_default_model()
    assert model.info["training_pages"] == {"canola": 148, "tutorial": 11}
    credit = model.info["credit"]
    assert isinstance(credit, str) and "KrdWrd" in credit and "CC BY-SA 4.0" in credit
    assert model.target == "krdwrd"
    assert model_path("default") == model_path("krdwrd") == DEFAULT_MODEL_PATH
    assert model_path("other.kehr-model") == Path("other.kehr-model")


def extracted_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.strip()]


def test_extract_without_a_model_uses_the_shipped_one() -> None:
    """A page the model never saw (written for these tests): the article in, the rest out."""
    done = subprocess.run(
        [sys.executable, "-m", "kehr_engine", "--threads", "1", "extract", str(ARTICLE)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = extracted_lines(done.stdout)
    assert any(line.startswith("The log books they left behind") for line in lines)
    for boilerplate in ("Contact", "All rights reserved", "Privacy"):
        assert not any(boilerplate in line for line in lines), boilerplate


def test_manage_extract_takes_default_too(capsys: pytest.CaptureFixture[str]) -> None:
    """No database needed (pytest-django refuses access here): it works before migrate."""
    call_command("extract", str(ARTICLE), "--model", "default")
    lines = extracted_lines(capsys.readouterr().out)
    assert any(line.startswith("The log books they left behind") for line in lines)
    call_command("extract", str(ARTICLE), "--model", str(DEFAULT_MODEL_PATH))
    assert extracted_lines(capsys.readouterr().out) == lines


def test_training_it_needs_the_krdwrd_data(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"No KrdWrd data at .* Pass --data DIR"):
        call_command("train_default_model", "--data", str(tmp_path), "--out", str(tmp_path / "m"))
    assert not (tmp_path / "m").exists()

"""The models Kehr ships (docs/models.md): both present, small, pickle-free, current, and
answering the fixture pages as they answered when they were built.

Rebuilding takes minutes, so CI does not (``./dev build-models``). What CI checks:
- each file fits this engine (format, feature version) and stays under 5 MB;
- its payload is JSON and text trees, never a pickle;
- its labels and probabilities on three pages written for the tests (English, Spanish,
  Chinese) are those recorded when it was built (tests/engine_fixtures/golden/): a
  change to the features or the model code that changes its answers fails here, not in
  users' hands;
- a new user's ``python -m kehr_engine extract`` gets the article of a Spanish and a
  Chinese news page, without menus, related links or footers.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kehr_engine.default_model import SHIPPED_MODELS, model_path
from kehr_engine.features import DEFAULT_GROUPS, FEATURE_VERSION
from kehr_engine.model_file import FORMAT_VERSION, MAGIC, read_header
from learning.shipped_models import GOLDEN_DIR, GOLDEN_PAGES, golden_answers

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "engine_fixtures"
MAX_BYTES = 5 * 1000 * 1000
REBUILD = "./dev build-models (docs/models.md) and commit the model files and golden answers"


@pytest.mark.parametrize("name", sorted(SHIPPED_MODELS))
def test_each_shipped_model_fits_this_engine(name: str) -> None:
    path = SHIPPED_MODELS[name]
    assert path.is_file(), f"missing {path}: run {REBUILD}"
    assert path.stat().st_size < MAX_BYTES
    header = read_header(path)
    assert header["format_version"] == FORMAT_VERSION
    assert header["feature_version"] == FEATURE_VERSION, f"features changed: run {REBUILD}"
    assert header["target"] == name
    assert tuple(header["groups"]) == tuple(DEFAULT_GROUPS)
    assert header["lexicon_words"] > 1000
    # No pickle: after the header comes JSON (pickle protocol 2+ starts with 0x80).
    raw = path.read_bytes()
    payload = raw[len(MAGIC) :].split(b"\n", 1)[1]
    assert payload[:1] == b"{" and json.loads(payload)["target"] == name


@pytest.mark.parametrize("name", sorted(SHIPPED_MODELS))
def test_each_shipped_model_answers_as_when_it_was_built(name: str) -> None:
    recorded = json.loads((GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(GOLDEN_PAGES)
    answers = golden_answers(SHIPPED_MODELS[name])
    for page in GOLDEN_PAGES:
        assert answers[page]["labels"] == recorded[page]["labels"], (
            f"{name} labels {page} differently than when it was built: if the features "
            f"changed, bump FEATURE_VERSION and run {REBUILD}"
        )
        np.testing.assert_allclose(answers[page]["proba"], recorded[page]["proba"], atol=1e-5)


def extract(*args: str | Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "kehr_engine", "--threads", "1", "extract", *map(str, args)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("page", "article", "boilerplate"),
    [
        ("noticia-es.html",
         ["El puerto de Valdemora recupera", "Por Lucía Berenguer",
          "Después de casi diez años cerrado", "La reforma, pagada entre el ayuntamiento",
          "«Mi abuela ya vendía aquí sardinas", "El mercado abrirá de martes a sábado"],
         ["Portada", "Economía", "Inicio", "La lonja amplía su horario", "Compartir"]),
        ("news-zh.html",
         ["青石镇老茶馆重新开张", "来源", "停业将近十年的青石镇老茶馆",
          "这次修缮由镇政府和当地居民共同出资",
          "“我小时候天天跟着爷爷来这里", "据介绍"],
         ["首页", "财经", "当前位置", "古镇石桥完成加固", "市区新开三条公交线路"]),
    ],
)  # fmt: skip
def test_extract_gives_the_article_of_a_spanish_and_a_chinese_news_page(
    page: str, article: list[str], boilerplate: list[str]
) -> None:
    """Every line of the article (headline, byline, paragraphs), no menu, breadcrumb or
    related link, and the article is nearly all of the output (a stray footer line may
    slip through: the Chinese page's footer did with the model of 2026-11-27,
    docs/models.md)."""
    lines = extract(FIXTURES / page)  # no --model: the article model
    paragraphs = [next((line for line in lines if line.startswith(s)), "") for s in article]
    assert all(paragraphs), (article, lines)
    for word in boilerplate:
        assert not any(word in line for line in lines), (word, lines)
    assert sum(map(len, paragraphs)) >= 0.8 * sum(map(len, lines)), lines


def test_model_krdwrd_gives_running_text_and_default_still_names_it() -> None:
    assert model_path("default") == model_path("krdwrd") == SHIPPED_MODELS["krdwrd"]
    lines = extract(FIXTURES / "article.html", "--model", "krdwrd")
    assert any(line.startswith("The log books they left behind") for line in lines)
    assert extract(FIXTURES / "article.html", "--model", "default") == lines

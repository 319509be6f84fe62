"""``python -m kehr_engine``: train, extract, info and evaluate from the shell, and bad input.

One model is trained through the command line on four CANOLA pages (cheap groups, few
boosting rounds) and used by the other tests; ``extract`` runs as a real subprocess on
a fixture page and on a CANOLA page it was not trained on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from kehr_engine.__main__ import main
from kehr_engine.clean_text import kept_text
from kehr_engine.features import FEATURE_VERSION
from kehr_engine.krdwrd.corpus import GOOD, load_page
from kehr_engine.model_file import MAGIC, read_header
from kehr_engine.pipeline import PageInput
from tests.krdwrd_data import KRDWRD, krdwrd_folder

ROOT = Path(__file__).resolve().parents[1]
ARTICLE = ROOT / "tests/engine_fixtures/article.html"
# canola-sample/756: an article page with 133 nodes, half of them good; not one of the
# four pages the model is trained on.
UNSEEN_PAGE = "756"


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    """Train with one OpenMP thread: on a shared 2-core machine more threads spin-wait
    for each other (a 4-page model took 35 s with the default threads, 1.7 s with one)."""
    with threadpool_limits(1):
        yield


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'engine'}", "OMP_NUM_THREADS": "1"}
    return subprocess.run(
        [sys.executable, "-m", "kehr_engine", *map(str, args)],
        capture_output=True, text=True, env=env, timeout=240, check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def model_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    krdwrd_folder("canola-sample")
    out = tmp_path_factory.mktemp("model") / "small.kehr-model"
    code = main(
        ["--threads", "1", "train", str(KRDWRD), "--folders", "canola-sample", "--limit", "4",
         "--groups", "text", "dom", "context", "--max-iter", "10", "--seed", "1",
         "--out", str(out)]
    )  # fmt: skip
    assert code == 0 and out.read_bytes().startswith(MAGIC)
    return out


def test_train_writes_a_model_file_that_says_what_it_learned_from(
    model_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = read_header(model_file)
    assert header["groups"] == ["text", "dom", "context"]
    assert header["training_data"]["pages"] == 4
    assert main(["info", str(model_file)]) == 0
    shown = capsys.readouterr().out
    assert f"feature version:  {FEATURE_VERSION} (this engine: {FEATURE_VERSION}; usable" in shown
    assert "4 pages" in shown and header["payload_sha256"] in shown
    assert main(["info", str(model_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == header


def test_extract_keeps_the_article_of_a_fixture_page(model_file: Path) -> None:
    done = run("extract", ARTICLE, "--model", model_file)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # The article's three paragraphs, each on a line of its own, inline <em> joined in.
    paragraphs = [line for line in lines if len(line) > 150]
    assert len(paragraphs) == 3
    assert paragraphs[1].startswith("The log books they left behind")
    assert "a ship that came too close" in paragraphs[1]
    # Menus, related links and the footer stay out.
    for boilerplate in ("Home", "Contact", "Related stories", "All rights reserved", "Print"):
        assert not any(boilerplate in line for line in lines), boilerplate


def test_extract_jsonl_of_a_canola_page_matches_its_labels(model_file: Path) -> None:
    folder = krdwrd_folder("canola-sample")
    canola = folder / "pages" / f"{UNSEEN_PAGE}.html"
    done = run("extract", canola, ARTICLE, "--model", model_file, "--format", "jsonl")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["path"] for r in records] == [str(canola), str(ARTICLE)]
    record = records[0]
    gold = load_page(folder, UNSEEN_PAGE)
    page = PageInput.from_html(canola.read_bytes(), canola.resolve().as_uri())
    labels = np.array(record["labels"])
    assert labels.shape == (gold.page.node_count,) and set(labels) <= {1, 2, 3}
    assert record["text"] == kept_text(page.node_texts, labels == GOOD, page.document)
    # The model learned from four other pages; on this one its good text should mostly be
    # the gold's good text and cover most of it.
    said = labels == GOOD
    truly = gold.labels == GOOD
    tokens = np.array(gold.node_tokens)
    precision = tokens[said & truly].sum() / max(tokens[said].sum(), 1)
    recall = tokens[said & truly].sum() / tokens[truly].sum()
    assert precision > 0.7 and recall > 0.7, (precision, recall)


def test_extract_reports_bad_pages_and_goes_on(
    model_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = tmp_path / "pages"
    (pages / "deeper").mkdir(parents=True)
    (pages / "a-binary.html").write_bytes(bytes(range(256)) * 40)
    (pages / "b-empty.html").write_bytes(b"")
    (pages / "c-no-text.html").write_text("<html><body><img src='x.png'></body></html>")
    (pages / "deeper" / "article.html").write_bytes(ARTICLE.read_bytes())
    (pages / "notes.txt").write_text("not HTML, not looked at")
    assert main(["extract", str(pages), "--model", str(model_file)]) == 1
    out, err = capsys.readouterr()
    assert out == ""  # the article is in a subfolder; the page without text prints nothing
    assert f"{pages / 'a-binary.html'}: The page does not look like HTML" in err
    assert f"{pages / 'b-empty.html'}: The page is empty" in err
    assert "1 of 3 files extracted, 2 failed" in err
    assert main(["extract", str(pages), "--recursive", "--model", str(model_file)]) == 1
    out, err = capsys.readouterr()
    assert "The lighthouse keepers of Skerry Point" in out and "2 of 4 files extracted" in err
    # Past the node limit: the page is refused naming the limit, the others go on.
    args = ["extract", str(ARTICLE), str(pages / "c-no-text.html"), "--max-nodes", "5"]
    assert main([*args, "--model", str(model_file), "--format", "jsonl"]) == 1
    out, err = capsys.readouterr()
    assert "has 23 text nodes, more than the limit of 5" in err and "--max-nodes" in err
    assert json.loads(out) == {"path": str(pages / "c-no-text.html"), "text": "", "labels": []}


def test_bad_input_ends_with_exit_code_2_and_one_line(
    model_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def one_line_error(argv: list[str]) -> str:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("python -m kehr_engine ")
        return err

    assert "there is no model file at" in one_line_error(
        ["extract", str(ARTICLE), "--model", str(tmp_path / "nothing")]
    )
    assert "is not a Kehr model file" in one_line_error(
        ["extract", str(ARTICLE), "--model", str(ARTICLE)]
    )
    assert "is not a Kehr model file" in one_line_error(["info", str(ARTICLE)])
    raw = model_file.read_bytes()
    header = read_header(model_file)
    older = tmp_path / "older.kehr-model"
    older.write_bytes(
        MAGIC + json.dumps({**header, "feature_version": FEATURE_VERSION - 1}).encode()
        + b"\n" + raw.split(b"\n", 2)[2]
    )  # fmt: skip
    err = one_line_error(["extract", str(ARTICLE), "--model", str(older)])
    assert f"feature version {FEATURE_VERSION - 1}, this engine computes feature version" in err
    assert main(["info", str(older)]) == 0
    assert "NOT usable here" in capsys.readouterr().out
    assert "no HTML files" in one_line_error(["extract", str(tmp_path), "--model", str(model_file)])
    assert "is not a folder" in one_line_error(
        ["train", str(tmp_path / "no-data"), "--out", str(tmp_path / "m")]
    )
    assert "no pages/ folder" in one_line_error(
        ["train", str(tmp_path), "--out", str(tmp_path / "m")]
    )
    assert "does not exist" in one_line_error(
        ["train", str(tmp_path), "--out", str(tmp_path / "missing" / "m")]
    )


def test_evaluate_still_scores_the_baselines(capsys: pytest.CaptureFixture[str]) -> None:
    krdwrd_folder("canola-sample")
    argv = ["evaluate", str(KRDWRD), "--folders", "canola-sample", "--limit", "3",
            "--baselines", "keep-all"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Kehr engine evaluation") and "3 pages" in out
    assert "| keep-all |" in out and "model[" not in out


def test_evaluate_reads_layouts_and_names_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    krdwrd_folder("canola-sample")
    argv = ["evaluate", str(KRDWRD), "--folders", "canola-sample", "--limit", "2",
            "--baselines", "keep-all", "--layouts"]  # fmt: skip
    assert main([*argv, str(tmp_path / "none")]) == 2
    assert "--layouts" in capsys.readouterr().err
    # One page with a layout file that has too few boxes: the error names the file.
    first = sorted((KRDWRD / "canola-sample/pages").glob("*.html"))[0].stem
    bad = tmp_path / "layouts/canola-sample" / f"{first}.json"
    bad.parent.mkdir(parents=True)
    bad.write_text('{"rects": [null], "viewport": [1280, 900], "document": [1280, 900]}')
    assert main([*argv, str(tmp_path / "layouts")]) == 2
    err = capsys.readouterr().err
    assert f"{first}.json has 1 rectangles" in err and "render the page again" in err
    # Without that file, both pages are evaluated with no layout.
    bad.unlink()
    assert main([*argv, str(tmp_path / "layouts")]) == 0
    assert "layouts of 0 pages" in capsys.readouterr().err


# --------------------------------------------------------------------------- --target article

MODERN = ROOT.parent / "shared/data/modern"


def test_train_article_learns_from_the_modern_pages(tmp_path: Path) -> None:
    krdwrd_folder("readability", root=MODERN)
    out = tmp_path / "article.kehr-model"
    code = main(
        ["--threads", "1", "train", "--target", "article", str(MODERN), "--limit", "3",
         "--max-iter", "5", "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    header = read_header(out)
    assert header["target"] == "article"
    assert header["training_data"]["pages"] == 6  # 3 of each dataset
    # A KrdWrd folder is not the modern pages: the message says which folder to give.
    done = run("train", "--target", "article", KRDWRD, "--out", tmp_path / "x")
    assert done.returncode == 2 and "readability/" in done.stderr and "modern" in done.stderr
    assert not (tmp_path / "x").exists()


def test_evaluate_article_scores_each_dataset_by_its_own_metric(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    krdwrd_folder("trafilatura-eval", root=MODERN)
    report = tmp_path / "report.json"
    code = main(
        ["--threads", "1", "evaluate", "--target", "article", str(MODERN), "--limit", "4",
         "--folds", "2", "--max-iter", "3", "--model", "--baselines", "trafilatura",
         "--json", str(report)]
    )  # fmt: skip
    assert code == 0
    data = json.loads(report.read_text())
    assert set(data["sources"]) == {"model[text+dom+context]", "trafilatura"}
    for source in data["sources"].values():
        assert set(source) == {"readability", "trafilatura"}
        assert source["readability"]["all"]["pages"] == 4
    shown = capsys.readouterr().out
    assert "| model[text+dom+context] | trafilatura | all | 4 |" in shown

"""The evaluation report's figures (kehr_engine.plots) and their place in the report."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from kehr_engine.__main__ import main
from kehr_engine.evaluation import score_source, token_pr_curve
from kehr_engine.evaluation_report import markdown, report
from kehr_engine.krdwrd.corpus import GOOD, GoldPage, iter_corpus
from kehr_engine.plots import PlotsUnavailable, write_plots
from tests.krdwrd_data import KRDWRD, krdwrd_folder


@pytest.fixture(scope="module")
def pages() -> list[GoldPage]:
    return list(iter_corpus(krdwrd_folder("canola-sample"), limit=5))


@pytest.fixture(scope="module")
def data(pages: list[GoldPage]) -> dict:
    """A report of two real sources: keep-all and a noisy guess at the gold."""
    rng = np.random.default_rng(0)
    proba = [np.clip((p.labels == GOOD) * 0.6 + rng.random(p.labels.size) * 0.5, 0, 1)
             for p in pages]  # fmt: skip
    keep_all = [np.ones(p.labels.size, dtype=bool) for p in pages]
    guess = [p > 0.5 for p in proba]
    results = [score_source("model[test]", pages, guess, 1.0),
               score_source("keep-all", pages, keep_all, 0.1)]  # fmt: skip
    return report(pages, results, pr_curve=token_pr_curve(pages, proba))


ABLATIONS = {
    "text": {"accuracy": 0.8, "token_macro": {"f1": 0.85}},
    "text+dom (default)": {"accuracy": 0.9, "token_macro": {"f1": 0.9}},
}


def test_every_figure_is_written_as_svg_and_png(data: dict, tmp_path: Path) -> None:
    written = write_plots(data, tmp_path / "figures", ABLATIONS)
    stems = ["per-page-f1", "precision-recall", "ablations"]
    assert [p.name for p in written] == [f"{s}.{f}" for s in stems for f in ("svg", "png")]
    for path in written:
        if path.suffix == ".png":
            with Image.open(path) as image:
                assert image.format == "PNG" and min(image.size) > 200
    # Text stays text in the SVGs: every source and ablation row is named in its figure.
    per_page = (tmp_path / "figures/per-page-f1.svg").read_text()
    assert "model[test]" in per_page and "keep-all" in per_page
    pr = (tmp_path / "figures/precision-recall.svg").read_text()
    assert "model, threshold on P(good)" in pr and "keep-all" in pr
    assert "text+dom (default)" in (tmp_path / "figures/ablations.svg").read_text()
    # Without ablation rows there is no ablation figure.
    assert len(write_plots(data, tmp_path / "two")) == 4


def test_svgs_are_reproducible(data: dict, tmp_path: Path) -> None:
    """Committed figures change only when the figures do (no dates, stable ids)."""
    first = write_plots(data, tmp_path / "a")
    second = write_plots(data, tmp_path / "b")
    for a, b in zip(first, second, strict=True):
        if a.suffix == ".svg":
            assert a.read_bytes() == b.read_bytes(), a.name


def test_the_curve_trades_recall_for_precision(data: dict) -> None:
    curve = data["pr_curve"]
    recalls = [p["recall"] for p in curve]
    assert recalls == sorted(recalls, reverse=True) and recalls[0] == pytest.approx(1.0)
    # The noisy guess separates good from bad: high thresholds are more precise.
    assert curve[-1]["precision"] > curve[0]["precision"]


def test_without_matplotlib_the_error_says_how_to_install_it(
    data: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import now fails
    with pytest.raises(PlotsUnavailable, match=r"pip install 'kehr\[plots\]'"):
        write_plots(data, tmp_path)


def test_markdown_shows_the_figures_and_links_the_worst_pages(data: dict) -> None:
    text = markdown(
        data,
        diff_url="https://kehr.test/staff/diff/pages/{page_id}/view/?a=classifier:m&b=gold",
        images=[("per page f1", "per-page-f1.svg")],
    )
    assert "![per page f1](per-page-f1.svg)" in text
    worst = data["worst_pages"]["pages"][0]["page_id"]
    assert f"[{worst}](https://kehr.test/staff/diff/pages/{worst}/view/?a=classifier:m" in text


def test_evaluate_out_writes_the_report_with_its_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    krdwrd_folder("canola-sample")
    out = tmp_path / "report"
    argv = ["evaluate", str(KRDWRD), "--folders", "canola-sample", "--limit", "3",
            "--baselines", "keep-all", "--out", str(out), "--diff-url", "/d/{page_id}"]  # fmt: skip
    assert main(argv) == 0
    assert "report written to" in capsys.readouterr().err
    report_md = (out / "report.md").read_text()
    for name in ("per-page-f1.svg", "precision-recall.svg"):
        assert f"]({name})" in report_md and (out / name).is_file()
    assert "](/d/" in report_md and (out / "report.json").is_file()
    # KrdWrd pages carry every annotator's tags: the report shows their own agreement
    # (without --model there is no model row).
    assert "## Against the annotators themselves" in report_md
    assert "one annotator vs the others' majority" in report_md
    assert "vs the same majorities" not in report_md

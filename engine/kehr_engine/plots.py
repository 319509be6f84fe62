"""The evaluation report's figures, as SVG and PNG: per-page F1, precision-recall, ablations.

matplotlib is optional (``pip install 'kehr[plots]'``): the engine evaluates without it,
and asking for plots without it says how to install it. The figures read only the JSON
report (:func:`kehr_engine.evaluation_report.report`), so they can be redrawn from a stored one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["PlotsUnavailable", "write_plots"]

FORMATS = ("svg", "png")


class PlotsUnavailable(RuntimeError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable(
            "plots need matplotlib: pip install 'kehr[plots]' (or matplotlib itself)."
        ) from None
    matplotlib.use("Agg")  # no display: files only
    import matplotlib.pyplot as plt

    # Stable SVG ids, and text kept as text (searchable, smaller) rather than paths.
    plt.rcParams.update({"svg.hashsalt": "kehr", "svg.fonttype": "none", "font.size": 9})
    return plt


def _save(figure: Any, out: Path, stem: str) -> list[Path]:
    paths = []
    for fmt in FORMATS:
        path = out / f"{stem}.{fmt}"
        metadata = {"Date": None} if fmt == "svg" else {}  # reproducible files
        figure.savefig(path, format=fmt, dpi=120, bbox_inches="tight", metadata=metadata)
        paths.append(path)
    return paths


def per_page_f1(plt: Any, sources: Sequence[dict[str, Any]]) -> Any:
    """One box (with every page as a dot) of per-page token F1 per source, best first."""
    ordered = sorted(sources, key=lambda s: -s["macro"]["f1"])
    figure, axes = plt.subplots(figsize=(7, 0.45 * len(ordered) + 1.2))
    values = [list(s["per_page_f1"].values()) for s in ordered]
    axes.boxplot(values, orientation="horizontal", widths=0.6, showfliers=False)
    for row, page_values in enumerate(values, start=1):
        jitter = [row + 0.18 * ((i * 0.618) % 1 - 0.5) for i in range(len(page_values))]
        axes.scatter(page_values, jitter, s=5, alpha=0.45, color="#7a1f7a")
    axes.set_yticks(range(1, len(ordered) + 1), [s["name"] for s in ordered])
    axes.invert_yaxis()
    axes.set_xlim(-0.02, 1.02)
    axes.set_xlabel("token F1 of good text per page (macro F1 is the mean)")
    axes.set_title("Per-page F1")
    return figure


def precision_recall(plt: Any, data: dict[str, Any]) -> Any:
    """The model's token precision-recall curve over thresholds on P(good) (out of fold),
    with each source's own operating point (micro token P/R)."""
    figure, axes = plt.subplots(figsize=(5.5, 4.5))
    curve = data.get("pr_curve") or []
    if curve:
        axes.plot([p["recall"] for p in curve], [p["precision"] for p in curve],
                  color="#7a1f7a", label="model, threshold on P(good)")  # fmt: skip
    markers = "osD^vP*Xh<>"
    for number, source in enumerate(data["sources"]):
        axes.scatter(source["micro"]["recall"], source["micro"]["precision"], s=22,
                     marker=markers[number % len(markers)], label=source["name"])  # fmt: skip
    axes.set_xlabel("recall of good-text tokens (micro)")
    axes.set_ylabel("precision of good-text tokens (micro)")
    # Zoom to where the points are (all sources usually sit above 0.5), in tenths.
    values = [p[k] for p in curve for k in ("precision", "recall")]
    values += [s["micro"][k] for s in data["sources"] for k in ("precision", "recall")]
    low = max(0.0, math.floor((min(values, default=0.0) - 0.05) * 10) / 10)
    axes.set_xlim(low, 1.01)
    axes.set_ylim(low, 1.01)
    axes.grid(alpha=0.3)
    axes.legend(loc="lower left", fontsize=7)
    axes.set_title("Precision-recall of good text")
    return figure


def ablations(plt: Any, rows: dict[str, dict[str, Any]]) -> Any:
    """Token macro F1 and node accuracy per feature-group set."""
    labels = list(rows)
    figure, axes = plt.subplots(figsize=(7, 0.4 * len(labels) + 1.2))
    positions = range(len(labels))
    axes.barh([p + 0.2 for p in positions], [rows[k]["token_macro"]["f1"] for k in labels],
              height=0.4, label="token macro F1", color="#7a1f7a")  # fmt: skip
    axes.barh([p - 0.2 for p in positions], [rows[k]["accuracy"] for k in labels],
              height=0.4, label="node accuracy (good vs rest)", color="#b8b8b8")  # fmt: skip
    axes.set_yticks(list(positions), labels)
    axes.invert_yaxis()
    axes.set_xlim(0.5, 1.0)
    axes.legend(loc="lower right")
    axes.set_title("Feature-group ablations")
    return figure


def write_plots(
    data: dict[str, Any], out: Path, ablation_rows: dict[str, dict[str, Any]] | None = None
) -> list[Path]:
    """Write the report's figures into ``out`` (SVG and PNG each); returns the files."""
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    figures = [("per-page-f1", per_page_f1(plt, data["sources"])),
               ("precision-recall", precision_recall(plt, data))]  # fmt: skip
    if ablation_rows:
        figures.append(("ablations", ablations(plt, ablation_rows)))
    for stem, figure in figures:
        paths += _save(figure, out, stem)
        plt.close(figure)
    return paths

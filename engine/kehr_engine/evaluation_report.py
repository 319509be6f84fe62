"""The evaluation report: JSON figures with their provenance, and its Markdown.

:func:`report` gathers the sources' figures (:class:`kehr_engine.evaluation.SourceResult`)
with a fingerprint of the data, the library versions and the worst pages;
:func:`markdown` renders a report, stored or fresh, beside the extractors' published
figures. Scoring and cross-validation are :mod:`kehr_engine.evaluation`.
"""

from __future__ import annotations

import hashlib
import platform
from collections.abc import Sequence
from importlib import metadata
from typing import Any
from urllib.parse import quote

import numpy as np

from kehr_engine.evaluation import SourceResult
from kehr_engine.krdwrd.corpus import GOOD, GoldPage

__all__ = ["data_fingerprint", "environment", "markdown", "report", "worst_pages"]

# Figures to beat (issue 12): the extractors' macro token F1 on CANOLA as published.
PUBLISHED_MACRO_F1 = {
    "justext": 0.859,
    "trafilatura": 0.814,
    "readability": 0.803,
    "boilerpy3": 0.769,
    "resiliparse": 0.792,
    "keep-all": 0.768,
}
LIBRARIES = ("numpy", "scikit-learn", "lxml", "trafilatura", "justext", "readability-lxml",
             "boilerpy3", "resiliparse")  # fmt: skip


def data_fingerprint(pages: Sequence[GoldPage]) -> str:
    """SHA-256 over page ids, node texts and gold labels: which data a figure is about."""
    digest = hashlib.sha256()
    for page in pages:
        digest.update(page.page_id.encode())
        digest.update("\x00".join(page.node_texts).encode())
        digest.update(page.labels.tobytes())
    return digest.hexdigest()


def environment() -> dict[str, str]:
    versions = {"python": platform.python_version()}
    for name in LIBRARIES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


#: Pages listed under "Worst pages" in the report.
WORST_PAGES = 10


def worst_pages(pages: Sequence[GoldPage], result: SourceResult) -> list[dict[str, Any]]:
    """A source's lowest-F1 pages, worst first: id, URL, F1, gold-good and all tokens."""
    by_id = {p.page_id: p for p in pages}
    ranked = sorted(result.per_page_f1.items(), key=lambda item: (item[1], item[0]))
    rows = []
    for page_id, f1 in ranked[:WORST_PAGES]:
        page = by_id[page_id]
        tokens = np.asarray(page.node_tokens)
        rows.append({
            "page_id": page_id, "url": page.url, "f1": f1,
            "gold_good_tokens": int(tokens[page.labels == GOOD].sum()),
            "tokens": int(tokens.sum()),
        })  # fmt: skip
    return rows


def report(pages: Sequence[GoldPage], results: Sequence[SourceResult], **extra: Any) -> dict:
    """The JSON report: figures, data fingerprint, library versions, anything ``extra``,
    and the worst pages of the first model source (the first source if there is none)."""
    tokens = np.concatenate([p.node_tokens for p in pages])
    labels = np.concatenate([p.labels for p in pages])
    models = [r for r in results if r.name.startswith("model")] or list(results[:1])
    return {
        "pages": len(pages),
        "nodes": int(labels.size),
        "good_token_share": float(tokens[labels == GOOD].sum() / max(tokens.sum(), 1)),
        "data_fingerprint": data_fingerprint(pages),
        "environment": environment(),
        **extra,
        "sources": [r.as_dict() for r in results],
        "worst_pages": {"source": models[0].name, "pages": worst_pages(pages, models[0])}
        if models
        else None,
    }


def markdown(
    data: dict, *, diff_url: str | None = None, images: Sequence[tuple[str, str]] = ()
) -> str:
    """The report as a Markdown table beside the published figures.

    ``diff_url``: a template with ``{page_id}`` that links each worst page to its diff
    (e.g. ``https://kehr.example/staff/diff/pages/{page_id}/view/?a=classifier:m&b=gold``);
    ``images``: (caption, relative path) of figures to show under the table.
    """
    lines = [
        "# Kehr engine evaluation",
        "",
        f"{data['pages']} pages, {data['nodes']} nodes; good text is "
        f"{data['good_token_share']:.1%} of all tokens. Data fingerprint "
        f"`{data['data_fingerprint'][:16]}`.",
        "",
        "Token P/R/F1 of good text (whitespace-token bags per page; macro = mean over pages).",
        "",
        "| source | macro P | macro R | macro F1 | micro F1 | published macro F1 | node acc. "
        "| pages/s | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for source in data["sources"]:
        published = PUBLISHED_MACRO_F1.get(source["name"])
        accuracy = source.get("accuracy")
        speed = data["pages"] / source["seconds"] if source["seconds"] else float("inf")
        lines.append(
            f"| {source['name']} | {source['macro']['precision']:.3f} "
            f"| {source['macro']['recall']:.3f} | **{source['macro']['f1']:.3f}** "
            f"| {source['micro']['f1']:.3f} | {published if published is not None else '-'} "
            f"| {f'{accuracy:.3f}' if accuracy is not None else '-'} | {speed:.1f} "
            f"| {len(source['errors'])} |"
        )
    lines += ["", "Environment: " + ", ".join(f"{k} {v}" for k, v in data["environment"].items())]
    for key, value in data.items():
        if key not in {"pages", "nodes", "good_token_share", "data_fingerprint", "environment",
                       "sources", "worst_pages", "pr_curve", "annotator_reference"}:  # fmt: skip
            lines.append(f"{key}: {value}")
    lines += _reference_section(data.get("annotator_reference"), data["sources"])
    for caption, path in images:
        lines += ["", f"![{caption}]({path})"]
    worst = data.get("worst_pages")
    if worst and worst.get("pages"):
        lines += [
            "", f"## Worst pages of {worst['source']}", "",
            "| page | F1 | gold-good tokens | tokens | URL |", "|---|---|---|---|---|",
        ]  # fmt: skip
        for row in worst["pages"]:
            name = row["page_id"]
            if diff_url:
                name = f"[{name}]({diff_url.replace('{page_id}', quote(str(name)))})"
            lines.append(
                f"| {name} | {row['f1']:.3f} | {row['gold_good_tokens']} | {row['tokens']} "
                f"| {row['url']} |"
            )
    return "\n".join(lines) + "\n"


def _reference_section(reference: dict | None, sources: Sequence[dict]) -> list[str]:
    """The annotators' own agreement, beside the model's on the same targets."""
    if not reference:
        return []
    model = next((s["name"] for s in sources if s["name"].startswith("model")), "model")
    lines = [
        "",
        "## Against the annotators themselves",
        "",
        "Each annotator's good text scored against the majority of the page's *other* "
        "annotators (the merged gold contains their own vote), and the model's against "
        f"the same majorities: {reference['pairs']} (page, annotator) pairs on "
        f"{reference['pages']} pages. Macro: per page the mean over its annotators, then "
        "the mean over pages.",
        "",
        "| who | macro P | macro R | macro F1 | micro F1 |",
        "|---|---|---|---|---|",
    ]
    rows = [("one annotator vs the others' majority", reference["annotators"])]
    if reference.get("model"):
        rows.append((f"{model} vs the same majorities", reference["model"]))
    for label, row in rows:
        macro = row["macro"]
        lines.append(
            f"| {label} | {macro['precision']:.3f} | {macro['recall']:.3f} "
            f"| **{macro['f1']:.3f}** | {row['micro_f1']:.3f} |"
        )
    return lines

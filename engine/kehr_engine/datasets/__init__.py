"""Today's web pages with known main content, as labelled pages on Kehr's numbered nodes.

Two public test sets (../shared/data/modern, see its README) train and cross-validate
the ``article`` target: :func:`load_readability` (Mozilla Readability's test pages, the
whole expected article) and :func:`load_trafilatura_eval` (trafilatura's evaluation
set, short passages). Each page is segmented from its bytes by
:meth:`kehr_engine.pipeline.PageInput.from_html`, so its nodes are numbered as the
platform numbers them. Each loader returns a :class:`DatasetLoad`: the pages, and the
pages that failed with the reason (listed, never silently dropped).

Labelling rules (kept simple on purpose; :func:`alignment_report` measures them):

- Readability: the expected article is segmented too and split into whitespace
  tokens; the page's node tokens are aligned with them in order (difflib's
  SequenceMatcher, as kehr_engine.node_mapping.kept_nodes maps an extractor's output).
  A node is good (3) when at least ``KEPT_SHARE`` (half) of its tokens are aligned,
  otherwise bad (1): every node is labelled. A menu word that also occurs in the
  article is not credited, since it is outside the aligned sequence. ``coverage`` is the
  share of the article's tokens that landed on some node; a page where none lands
  fails.
- trafilatura-eval: a node is good (3) when it contains a ``with`` passage or lies
  inside one, bad (1) when it contains a ``without`` passage or lies inside one; every
  other node is 0 (unlabelled), and training leaves those out (the engine ignores
  label 0). Passages are matched with whitespace removed on both sides, across the
  concatenated text of consecutive nodes, so a passage spanning several nodes labels
  each of them. Every occurrence counts (the dataset's metric only asks whether the
  text is in the output); a node hit by both kinds stays 0 (``conflicts``). A page
  where no ``with`` passage lands, or no node gets a label, fails.
- Language: the page's declared language (``<html lang>``, ``content-language``
  meta; primary subtag, lower case), else :func:`kehr_engine.language.guess_language`
  on its node texts when that module exists, else "". Reports group German, English
  and other (unknown included).

Each dataset's own metric on plain-text output is in :mod:`kehr_engine.datasets.scoring`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kehr_engine.datasets.alignment import Alignment
from kehr_engine.datasets.page_language import language_group
from kehr_engine.datasets.pages import DatasetLoad, LabelledPage, LoadFailure
from kehr_engine.datasets.readability import load_readability
from kehr_engine.datasets.trafilatura_eval import load_trafilatura_eval

__all__ = [
    "Alignment",
    "DatasetLoad",
    "LabelledPage",
    "LoadFailure",
    "alignment_report",
    "language_group",
    "load_readability",
    "load_trafilatura_eval",
]

# Readability pages whose expected article is covered less than this are listed.
LOW_COVERAGE = 0.5


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def alignment_report(
    pages: Iterable[LabelledPage] | DatasetLoad,
    *,
    low_coverage: float = LOW_COVERAGE,
    per_page: bool = False,
) -> dict[str, Any]:
    """Per dataset: pages, languages, mean alignment figures, the weakly aligned pages
    and, for a DatasetLoad, the failures with their reasons; ``per_page``: also every
    page's alignment and language under "per_page". JSON-able."""
    failures = pages.failures if isinstance(pages, DatasetLoad) else []
    report: dict[str, Any] = {}
    for page in pages:
        entry = report.setdefault(
            page.dataset,
            {"pages": 0, "languages": {}, "_values": {}, "low": [], "failures": []},
        )
        entry["pages"] += 1
        if per_page:
            entry.setdefault("per_page", {})[page.page_id] = {
                "language": page.language,
                **{k: v for k, v in page.alignment.as_dict().items() if v is not None},
            }
        group = language_group(page.language)
        entry["languages"][group] = entry["languages"].get(group, 0) + 1
        for key, value in page.alignment.as_dict().items():
            if value is not None:
                entry["_values"].setdefault(key, []).append(float(value))
        counts = entry.setdefault("labels", {"good": 0, "bad": 0, "unlabelled": 0})
        counts["good"] += int((page.labels == 3).sum())
        counts["bad"] += int((page.labels == 1).sum())
        counts["unlabelled"] += int((page.labels == 0).sum())
        coverage = page.alignment.coverage
        if coverage is not None and coverage < low_coverage:
            entry["low"].append({"page_id": page.page_id, "coverage": round(coverage, 3)})
        if page.alignment.with_found is not None and page.alignment.with_found < 1:
            entry.setdefault("with_missing", []).append(
                {"page_id": page.page_id, "with_found": round(page.alignment.with_found, 3)}
            )
    for failure in failures:
        dataset = failure.page_id.split("/", 1)[0]
        entry = report.setdefault(
            dataset, {"pages": 0, "languages": {}, "_values": {}, "low": [], "failures": []}
        )
        entry["failures"].append({"page_id": failure.page_id, "reason": failure.reason})
    for entry in report.values():
        values = entry.pop("_values")
        entry["mean"] = {key: _mean(found) for key, found in values.items()}
        if "coverage" in values:
            entry["coverage_at_least_0.8"] = sum(v >= 0.8 for v in values["coverage"])
    return report

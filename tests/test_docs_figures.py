"""Figures quoted in the docs are the ones in their reports (issue 28, item 7).

Measured figures live in committed reports (bench/reports/*.json). A figure the docs
quote from one carries a marker right after it, an HTML comment (invisible on GitHub):

    macro F1 **0.913**<!-- fig: sources[name=justext].macro.f1 -->

The report is named once, before the markers that read it, and holds until the next:

    <!-- report: bench/reports/engine-model.json -->

optionally with a key prefix the markers after it continue (``#sources`` and then
``<!-- fig: ["model[text+dom+context]"].readability.all.f1 -->``),
or in the marker itself, ``<!-- fig: bench/reports/modern-cv.json#pages -->``. The key
is a path of dict keys joined by dots (``["a.b"]`` for a key with other characters);
``[3]`` picks a list item by position and
``[name=trafilatura]`` (or ``[name="a b"]``) the list item whose field has that value.
A trailing ``%`` says the docs show the share as a percentage (71.4 % for 0.7138).

The figure is the last number before the marker on its line (thousands separators and
a sign allowed, a few characters such as `` %`` or ``**`` between). It must equal the
report's value rounded to the decimals shown: 0.913 matches 0.9134 and not 0.9126.
A figure computed from others (a difference, a ratio) carries no marker.

The docs generated from a report (docs/evaluation/default-model.md) are checked by
generating them again from the committed JSON.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.bench_modules import import_bench

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]

REPORT_RE = re.compile(r"<!--\s*report:\s*(?P<path>\S+)\s*-->")
MARKER_RE = re.compile(r"<!--\s*fig:\s*(?P<ref>[^%>]*?)\s*(?P<percent>%)?\s*-->")
# A figure: optional sign (ASCII or the typographic minus), digits with thousands
# separators, decimals.
NUMBER_RE = re.compile(r"[-+\u2212]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+\u2212]?\d+(?:\.\d+)?")
# What may stand between a figure and its marker: unit, percent sign, emphasis.
GAP_RE = re.compile(r"[\s%*_\u00d7)a-zA-Z/]{0,12}")
# Inline code: where the docs show a marker instead of using one.
CODE_RE = re.compile(r"`[^`]*`")
# One step of a key path: .name, ["any name"], [3], [field=value] or [field="a value"].
STEP_RE = re.compile(
    r"\.?(?P<key>[A-Za-z_][\w\-+]*)"
    r'|\["(?P<name>[^"]*)"\]'
    r"|\[(?P<index>\d+)\]"
    r'|\[(?P<field>\w+)=(?:"(?P<quoted>[^"]*)"|(?P<plain>[^\]]+))\]'
)


class FigureError(Exception):
    """A marker whose report, key or figure cannot be read."""


@dataclass(frozen=True)
class Figure:
    """One marked figure: where it is, what it shows and where its value is."""

    doc: Path
    line: int
    shown: str
    report: str
    key: str
    percent: bool

    def where(self) -> str:
        return f"{self.doc.relative_to(REPO)}:{self.line}"


def figures_in(doc: Path, text: str | None = None) -> list[Figure]:
    """The marked figures of a Markdown file, in order."""
    text = doc.read_text(encoding="utf-8") if text is None else text
    found = []
    report = ""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        line = CODE_RE.sub(" ", line)  # markers shown as examples are not markers
        events = [(m.start(), m) for m in REPORT_RE.finditer(line)]
        events += [(m.start(), m) for m in MARKER_RE.finditer(line)]
        for _, match in sorted(events, key=lambda event: event[0]):
            if match.re is REPORT_RE:
                report = match["path"]
                continue
            ref = match["ref"]
            if "#" in ref:
                path, _, key = ref.partition("#")
            else:  # relative to the report declared before, and its key prefix
                path, _, prefix = report.partition("#")
                key = prefix + ref if ref.startswith("[") or not prefix else f"{prefix}.{ref}"
            where = f"{doc.relative_to(REPO)}:{number}"
            if not path:
                raise FigureError(f"{where}: no report for {ref!r}: name it in the marker "
                                  "(file#key) or before it (<!-- report: file -->)")  # fmt: skip
            before = line[: match.start()]
            # Other markers and report declarations on the line are not text.
            before = MARKER_RE.sub(" ", REPORT_RE.sub(" ", before))
            numbers = list(NUMBER_RE.finditer(before))
            if not numbers or not GAP_RE.fullmatch(before[numbers[-1].end() :]):
                raise FigureError(f"{where}: no figure right before the marker {ref!r}")
            found.append(
                Figure(doc, number, numbers[-1].group(), path, key, bool(match["percent"]))
            )
    return found


def lookup(data: Any, key: str) -> Any:
    """The value at a key path (``a.b[2].c``, ``rows[name=x].f1``) of parsed JSON."""
    position = 0
    value = data
    while position < len(key):
        step = STEP_RE.match(key, position)
        if step is None or step.end() == position:
            raise FigureError(f"cannot read the key {key!r} at {key[position:]!r}")
        position = step.end()
        name = step["key"] if step["key"] is not None else step["name"]
        if name is not None:
            if not isinstance(value, dict) or name not in value:
                raise FigureError(f"{key!r}: no {name!r} here")
            value = value[name]
        elif step["index"] is not None:
            if not isinstance(value, list) or int(step["index"]) >= len(value):
                raise FigureError(f"{key!r}: no item {step['index']} here")
            value = value[int(step["index"])]
        else:
            wanted = step["quoted"] if step["quoted"] is not None else step["plain"]
            items = (
                [item for item in value if isinstance(item, dict)]
                if isinstance(value, list)
                else []
            )
            matches = [item for item in items if str(item.get(step["field"])) == wanted]
            if len(matches) != 1:
                raise FigureError(
                    f"{key!r}: {len(matches)} items with {step['field']} = {wanted!r}"
                )
            value = matches[0]
    return value


def shown_value(shown: str) -> tuple[float, int]:
    """A figure as written: its value and its number of decimals."""
    plain = shown.replace(",", "").replace("\u2212", "-")
    decimals = len(plain.partition(".")[2])
    return float(plain), decimals


def mismatch(figure: Figure, reports: dict[str, Any], root: Path = REPO) -> str | None:
    """Why the figure is not its report's value at the shown precision, or None.
    ``reports`` caches the parsed reports by path (relative to ``root``)."""
    if figure.report not in reports:
        path = root / figure.report
        if not path.is_file():
            return f"{figure.where()}: the report {figure.report} does not exist"
        reports[figure.report] = json.loads(path.read_text(encoding="utf-8"))
    try:
        value = lookup(reports[figure.report], figure.key)
    except FigureError as error:
        return f"{figure.where()}: {figure.report}: {error}"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"{figure.where()}: {figure.report}#{figure.key} is {value!r}, not a number"
    value = value * 100 if figure.percent else value
    shown, decimals = shown_value(figure.shown)
    if not math.isclose(value, shown, abs_tol=0.5 * 10**-decimals + 1e-9):
        return (f"{figure.where()}: the docs say {figure.shown}{' %' if figure.percent else ''}, "
                f"{figure.report}#{figure.key} is {value:.{decimals}f} ({value!r})")  # fmt: skip
    return None


def test_every_marked_figure_is_its_reports_value() -> None:
    reports: dict[str, Any] = {}
    figures = [figure for doc in DOCS for figure in figures_in(doc)]
    assert figures, "no marked figure in the docs"
    wrong = [m for m in (mismatch(figure, reports) for figure in figures) if m]
    assert not wrong, "figures in the docs differ from their reports:\n" + "\n".join(wrong)


def test_the_check_reads_markers_and_catches_a_wrong_figure(tmp_path) -> None:
    doc = REPO / "docs" / "example.md"  # never written: the text is passed in
    report = {"pages": 148, "share": 0.7138, "sources": [{"name": "a b", "f1": 0.9134}]}
    (tmp_path / "r.json").write_text(json.dumps(report))
    name = "r.json"  # relative to the root the check is given
    text = (
        f"<!-- report: {name} -->\n"
        "**148**<!-- fig: pages --> pages; good text 71.4 %<!-- fig: share % -->, "
        'F1 0.913<!-- fig: sources[name="a b"].f1 -->\n'
        "| 0.91 | 0.913<!-- fig: sources[0].f1 --> |\n"
        "0.7<!-- fig: share --> and 1,480<!-- fig: pages -->\n"
    )
    figures = figures_in(doc, text)
    assert [(f.line, f.shown, f.key, f.percent) for f in figures] == [
        (2, "148", "pages", False),
        (2, "71.4", "share", True),
        (2, "0.913", 'sources[name="a b"].f1', False),
        (3, "0.913", "sources[0].f1", False),
        (4, "0.7", "share", False),
        (4, "1,480", "pages", False),
    ]
    problems = [mismatch(figure, {}, tmp_path) for figure in figures]
    assert problems[:5] == [None] * 5
    assert problems[5] is not None and "say 1,480" in problems[5] and "is 148" in problems[5]
    # 0.9134 rounds to 0.913, so 0.914 is caught, and 71 % (shown without decimals) passes.
    wrong = figures_in(doc, f"<!-- report: {name} -->\n0.914<!-- fig: sources[0].f1 -->\n")
    assert mismatch(wrong[0], {}, tmp_path) is not None
    rounded = figures_in(doc, f"<!-- report: {name} -->\n71 %<!-- fig: share % -->\n")
    assert mismatch(rounded[0], {}, tmp_path) is None
    shown = "Write `0.9<!-- fig: share -->` after a figure.\n```\n1<!-- fig: x -->\n```\n"
    assert figures_in(doc, shown) == []  # examples in code are not markers
    with pytest.raises(FigureError, match="no figure right before"):
        figures_in(doc, f"<!-- report: {name} -->\nsee<!-- fig: pages -->\n")
    with pytest.raises(FigureError, match="no report"):
        figures_in(doc, "12<!-- fig: pages -->\n")
    missing = figures_in(doc, f"<!-- report: {name} -->\n12<!-- fig: nodes -->\n")
    assert "no 'nodes' here" in (mismatch(missing[0], {}, tmp_path) or "")


def test_the_default_model_report_is_its_json_rendered() -> None:
    """docs/evaluation/default-model.md is what `bench/engine_model_report.py markdown`
    writes from the committed JSON (the figure files it links are not compared)."""
    engine_model_report = import_bench("engine_model_report")
    doc = REPO / "docs/evaluation/default-model.md"
    text = doc.read_text(encoding="utf-8")
    images = re.findall(r"!\[([^\]]*)\]\(([^)]*)\)", text)
    assert text == engine_model_report.report_markdown(images), (
        "docs/evaluation/default-model.md differs from bench/reports/engine-model*.json: "
        "run `python bench/engine_model_report.py markdown`"
    )

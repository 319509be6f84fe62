"""From a corpus' stored statistics (gold.stats) to the dashboard's charts and tables.

Pure functions over the JSON document: no database, so the dashboard view is a
lookup plus this, and each table here is also what its CSV download contains.
"""

from __future__ import annotations

import math
from typing import Any

from gold import charts, quality

#: x values of "annotators who did at least x pages" (1-2-5 steps up to the maximum).
MAX_BARS = 40
TAGS = ("bad", "uncertain", "good")


def one_two_five(maximum: int) -> list[int]:
    steps: list[int] = []
    power = 1
    while True:
        for factor in (1, 2, 5):
            value = factor * power
            if value > maximum:
                return steps
            steps.append(value)
        power *= 10


# --------------------------------------------------------------------------- tables


def agreement_rows(stats: dict[str, Any]) -> list[list[Any]]:
    """One row per agreement measure: pages, means, median."""
    rows = []
    for metric, entry in stats.get("agreement", {}).items():
        if not isinstance(entry, dict):
            continue
        rows.append([
            metric, entry.get("pages"), entry.get("undefined"), entry.get("mean"),
            entry.get("median"), entry.get("node_weighted_mean"),
            entry.get("token_weighted_mean"),
        ])  # fmt: skip
    return rows


AGREEMENT_COLUMNS = [
    "measure", "pages", "undefined_pages", "mean", "median", "node_weighted_mean",
    "token_weighted_mean",
]  # fmt: skip


def histogram_rows(stats: dict[str, Any], metric: str = "pi") -> list[list[Any]]:
    histogram = stats.get("agreement", {}).get(metric, {}).get("histogram") or {}
    edges, counts = histogram.get("edges", []), histogram.get("counts", [])
    return [[edges[i], edges[i + 1], count] for i, count in enumerate(counts)]


#: Up to this many distinct page counts, each gets a bar of its own (beside 1, 2, 5, …).
AT_LEAST_EVERY_X = 20


def at_least_rows(stats: dict[str, Any]) -> list[list[int]]:
    """[x, annotators with at least x pages]: the chart's bars and the CSV's rows alike.

    x runs 1, 2, 5, 10, … up to the most pages anyone did, plus each annotator's page
    count while there are few of them (always the largest): two annotators with 4 pages
    each give x = 1, 2, 4, not bars that stop at 2 while the table says 4.
    """
    table = stats.get("annotators_at_least", [])  # [x, count] where the count drops
    if not table:
        return []
    drops = [x for x, _ in table]
    xs = set(one_two_five(drops[-1]))
    xs.update(drops if len(drops) <= AT_LEAST_EVERY_X else drops[-1:])
    # Between two drops the count stays: x has the count of the first drop at or above it.
    return [[x, next(n for drop, n in table if drop >= x)] for x in sorted(xs)]


ANNOTATOR_COLUMNS = [
    "user", "username", "pages", "timed_pages", "minutes", "median_minutes_per_page",
    "excluded",
]  # fmt: skip


def annotator_rows(stats: dict[str, Any]) -> list[list[Any]]:
    return [
        [
            entry["id"], entry.get("username", ""), entry["pages"], entry.get("timed_pages", 0),
            _round(entry.get("minutes")), _round(entry.get("median_minutes")),
            entry.get("excluded", ""),
        ]
        for entry in stats.get("annotators", [])
    ]  # fmt: skip


BIAS_COLUMNS = [
    "user", "username", "nodes",
    *(f"user_{tag}" for tag in TAGS), *(f"gold_{tag}" for tag in TAGS),
    *(f"bias_{tag}" for tag in TAGS),
    "distance", "disagreement", "untagged", "judged", "outlier", "excluded",
]  # fmt: skip


def bias_rows(stats: dict[str, Any]) -> list[list[Any]]:
    """Annotators whose submissions the merge used, most biased first."""
    rows = []
    for entry in stats.get("annotators", []):
        bias = entry.get("bias")
        if not bias:
            continue
        rows.append([
            entry["id"], entry.get("username", ""), bias["nodes"],
            *map(_round, bias["user_distribution"]), *map(_round, bias["gold_distribution"]),
            *map(_round, bias["bias"]),
            _round(bias["distance"]), _round(bias["disagreement"]), _round(bias["untagged"]),
            bias["judged"], bias["outlier"], entry.get("excluded", ""),
        ])  # fmt: skip
    rows.sort(key=lambda row: -(row[12] if row[12] is not None else -1))
    return rows


# --------------------------------------------------------------------------- charts


def agreement_chart(stats: dict[str, Any], metric: str = "pi") -> str:
    rows = histogram_rows(stats, metric)
    return charts.histogram(
        [row[0] for row in rows] + ([rows[-1][1]] if rows else []),
        [row[2] for row in rows],
        title=f"Agreement per page ({metric})",
        x_label=f"{metric} (bins of {rows[0][1] - rows[0][0]:.2f})" if rows else metric,
        y_label="pages",
        decimals=1,
    )


def submissions_chart(stats: dict[str, Any]) -> str:
    bars = [
        charts.Bar(str(n), pages, tooltip=f"{pages:,} pages with {n} submissions")
        for n, pages in stats.get("submissions_per_page", [])
    ]
    return charts.bar_chart(
        bars, title="Submissions per page", x_label="submissions", y_label="pages"
    )


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def at_least_chart(stats: dict[str, Any]) -> str:
    bars = [
        charts.Bar(
            f"{x:,}", n, tooltip=f"{_count(n, 'annotator')} did at least {_count(x, 'page')}"
        )
        for x, n in at_least_rows(stats)
    ]
    return charts.bar_chart(
        bars, title="Annotators who did at least x pages", x_label="x pages",
        y_label="annotators",
    )  # fmt: skip


def minutes_per_page_chart(stats: dict[str, Any]) -> str:
    histogram = stats.get("times", {}).get("histogram") or {}
    return charts.histogram(
        histogram.get("edges", []),
        histogram.get("counts", []),
        title="Minutes per page (outliers removed)",
        x_label="minutes from start to submission",
        y_label="submissions",
        decimals=1,
    )


def minutes_per_annotator_chart(stats: dict[str, Any]) -> str:
    timed = [e for e in stats.get("annotators", []) if e.get("minutes") is not None]
    timed.sort(key=lambda e: -e["minutes"])
    bars = [
        charts.Bar(
            e.get("username", str(e["id"]))[:10],
            e["minutes"],
            tooltip=f"{e.get('username', e['id'])}: {e['minutes']:.0f} minutes on "
            f"{e.get('timed_pages', 0)} timed pages",
        )
        for e in timed[:MAX_BARS]
    ]
    more = f" (top {MAX_BARS} of {len(timed)})" if len(timed) > MAX_BARS else ""
    return charts.bar_chart(
        bars, title=f"Minutes per annotator{more}", x_label="annotator", y_label="minutes"
    )


def bias_readiness(stats: dict[str, Any]) -> dict[str, int]:
    """How far the corpus is from tag-bias verdicts: who is judged, what is needed.

    An annotator is judged after quality.MIN_NODES_FOR_BIAS nodes compared with the gold
    standard; outliers need quality.MIN_USERS_FOR_BIAS judged annotators (an IQR over
    fewer means nothing). The dashboard says so instead of an unexplained empty chart.
    """
    rows = bias_rows(stats)
    return {
        "annotators": len(rows),
        "judged": sum(1 for row in rows if row[15]),
        "most_nodes": max((row[2] for row in rows), default=0),
        "min_nodes": quality.MIN_NODES_FOR_BIAS,
        "min_users": quality.MIN_USERS_FOR_BIAS,
    }


def bias_chart(stats: dict[str, Any]) -> str:
    judged = [row for row in bias_rows(stats) if row[15] and row[12] is not None]
    bars = [
        charts.Bar(
            str(row[1])[:10],
            row[12],
            highlight=bool(row[16]),
            tooltip=f"{row[1]}: distance {row[12]:.3f} over {row[2]:,} nodes"
            + (" (outlier)" if row[16] else ""),
        )
        for row in judged[:MAX_BARS]
    ]
    fence = stats.get("bias_fence")
    more = f" (top {MAX_BARS} of {len(judged)})" if len(judged) > MAX_BARS else ""
    return charts.bar_chart(
        bars,
        title=f"Tag bias: distance of each annotator's tag mix from the gold mix{more}",
        x_label="annotator (red: outlier)",
        y_label="total variation distance",
        reference=fence,
        reference_label=f"outlier fence {fence:.3f}" if fence is not None else "",
        empty=f"No annotator judged yet: each needs {quality.MIN_NODES_FOR_BIAS} nodes "
        "compared with the gold",
    )


def _round(value: float | None, digits: int = 4) -> float | None:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return None
    return round(float(value), digits)


STATUS_COLUMNS = ["status", "pages"]


def status_rows(stats: dict[str, Any]) -> list[list[Any]]:
    status = stats.get("status", {})
    return [
        [name, status.get(name, 0)]
        for name in ("pages", "merged", "unresolved", "waiting", "dirty", "unresolved_nodes")
    ]


def status_chart(stats: dict[str, Any]) -> str:
    status = stats.get("status", {})
    bars = [
        charts.Bar("merged", status.get("merged", 0)),
        charts.Bar("unresolved ties", status.get("unresolved", 0), highlight=True),
        charts.Bar("waiting", status.get("waiting", 0)),
        charts.Bar("changed, to merge", status.get("dirty", 0)),
    ]
    return charts.bar_chart(bars, title="Merge status", x_label="status", y_label="pages")

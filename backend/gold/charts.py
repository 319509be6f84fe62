"""Bar charts and histograms as inline SVG for the stats dashboard.

Hand-built rather than matplotlib: the dashboard needs two kinds of chart, and an
SVG of a few dozen <rect> elements is ~5 KB, renders in microseconds from the
precomputed figures, scales with the page, keeps its text selectable and carries a
<title> tooltip per bar, with no 40 MB plotting stack and font cache in every web
worker. Every label is XML-escaped (usernames end up in charts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

WIDTH = 720
HEIGHT = 300
MARGIN_LEFT = 64
MARGIN_RIGHT = 16
MARGIN_TOP = 16
MARGIN_BOTTOM = 76
#: Minimum pixels per x-axis label before labels are thinned out.
LABEL_SPACING = 36
#: Approximate width of one character of an 11 px tick label.
CHAR_WIDTH = 6.2
BAR_COLOR = "#4f7cac"
HIGHLIGHT_COLOR = "#c0392b"
LINE_COLOR = "#c0392b"


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    highlight: bool = False
    tooltip: str = ""


def nice_ticks(maximum: float, count: int = 5) -> list[float]:
    """Round tick values 0, step, 2 step, … covering ``maximum`` (steps of 1, 2 or 5 times 10^k)."""
    if maximum <= 0 or not math.isfinite(maximum):
        return [0.0, 1.0]
    raw = maximum / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    steps = math.ceil(maximum / step - 1e-9)
    return [round(i * step, 10) for i in range(steps + 1)]


def format_number(value: float) -> str:
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def bar_chart(
    bars: Sequence[Bar],
    *,
    title: str,
    x_label: str,
    y_label: str,
    reference: float | None = None,
    reference_label: str = "",
    gapless: bool = False,
    empty: str = "No data yet",
) -> str:
    """A vertical bar chart; ``reference`` draws a horizontal line (e.g. an outlier fence).

    ``gapless`` draws bars touching each other, as a histogram's should. ``empty`` is
    written across a chart without bars: say what the chart is waiting for.
    """
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    values = [bar.value for bar in bars if math.isfinite(bar.value)]
    top_value = max([*values, reference or 0.0, 0.0])
    ticks = nice_ticks(top_value)
    scale = plot_h / ticks[-1]
    parts = [_open(title, x_label, y_label)]
    parts.append(_axes(ticks, scale, plot_w, plot_h, x_label, y_label))
    n = len(bars)
    if n == 0:
        parts.append(
            f'<text x="{MARGIN_LEFT + plot_w / 2:.1f}" y="{MARGIN_TOP + plot_h / 2:.1f}" '
            f'text-anchor="middle" class="empty" font-size="14" fill="#888">{escape(empty)}</text>'
        )
    slot = plot_w / max(n, 1)
    gap = 0.0 if gapless else min(slot * 0.2, 8.0)
    every = max(1, math.ceil(LABEL_SPACING / slot))
    # Long labels (usernames) that would overlap are written slanted.
    longest = max((len(bar.label) for bar in bars), default=0)
    slanted = longest * CHAR_WIDTH > slot * every
    for i, bar in enumerate(bars):
        value = bar.value if math.isfinite(bar.value) else 0.0
        height = max(value, 0.0) * scale
        x = MARGIN_LEFT + i * slot + gap / 2
        y = MARGIN_TOP + plot_h - height
        color = HIGHLIGHT_COLOR if bar.highlight else BAR_COLOR
        tooltip = bar.tooltip or f"{bar.label}: {format_number(value)}"
        parts.append(
            f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(slot - gap, 0.5):.2f}" '
            f'height="{height:.2f}" fill="{color}" data-value="{value:g}">'
            f"<title>{escape(tooltip)}</title></rect>"
        )
        if i % every == 0:
            label_x = MARGIN_LEFT + i * slot + slot / 2
            label_y = MARGIN_TOP + plot_h + 14
            placement = (
                f'text-anchor="end" transform="rotate(-35 {label_x:.2f} {label_y})"'
                if slanted
                else 'text-anchor="middle"'
            )
            parts.append(
                f'<text x="{label_x:.2f}" y="{label_y}" {placement} class="tick" fill="#444">'
                f"{escape(bar.label)}</text>"
            )
    if reference is not None and math.isfinite(reference):
        y = MARGIN_TOP + plot_h - reference * scale
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT + plot_w}" y1="{y:.2f}" y2="{y:.2f}" '
            f'stroke="{LINE_COLOR}" stroke-dasharray="4 3" class="reference"/>'
            f'<text x="{MARGIN_LEFT + plot_w}" y="{y - 4:.2f}" text-anchor="end" '
            f'class="tick" fill="{LINE_COLOR}">{escape(reference_label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram(
    edges: Sequence[float],
    counts: Sequence[int],
    *,
    title: str,
    x_label: str,
    y_label: str,
    decimals: int = 2,
) -> str:
    """Touching bars, one per bin ``[edges[i], edges[i + 1])``, labelled by the lower edge."""
    if len(edges) != len(counts) + 1 and counts:
        raise ValueError(f"A histogram needs one more edge than bins: {len(edges)}/{len(counts)}.")
    bars = [
        Bar(
            label=f"{edges[i]:.{decimals}f}",
            value=float(count),
            tooltip=f"{edges[i]:.{decimals}f} to {edges[i + 1]:.{decimals}f}: {count:,}",
        )
        for i, count in enumerate(counts)
    ]
    return bar_chart(bars, title=title, x_label=x_label, y_label=y_label, gapless=True)


def _open(title: str, x_label: str, y_label: str) -> str:
    # Fonts and colours are presentation attributes, not a <style> element: the staff
    # pages' Content-Security-Policy blocks inline style elements without a nonce, and
    # attributes keep the SVG self-contained wherever it is shown.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="kehr-chart" role="img" aria-label={quoteattr(title)} '
        'font-family="sans-serif" font-size="11">'
        f"<title>{escape(title)}</title>"
        f"<desc>{escape(y_label)} by {escape(x_label)}</desc>"
    )


def _axes(ticks: list[float], scale: float, plot_w: float, plot_h: float, x_label: str,
          y_label: str) -> str:  # fmt: skip
    bottom = MARGIN_TOP + plot_h
    parts = []
    for tick in ticks:
        y = bottom - tick * scale
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT + plot_w}" y1="{y:.2f}" y2="{y:.2f}" '
            'stroke="#ddd"/>'
            f'<text x="{MARGIN_LEFT - 6}" y="{y + 4:.2f}" text-anchor="end" class="tick" '
            'fill="#444">'
            f"{format_number(tick)}</text>"
        )
    parts.append(
        f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT}" y1="{MARGIN_TOP}" y2="{bottom}" '
        'stroke="#444"/>'
        f'<line x1="{MARGIN_LEFT}" x2="{MARGIN_LEFT + plot_w}" y1="{bottom}" y2="{bottom}" '
        'stroke="#444"/>'
        f'<text x="{MARGIN_LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'class="axis" font-size="12" fill="#222">{escape(x_label)}</text>'
        f'<text transform="translate(14 {MARGIN_TOP + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle" class="axis" font-size="12" fill="#222">{escape(y_label)}</text>'
    )
    return "".join(parts)

"""Charts drawn on the server as inline SVG: no JavaScript, no outside source.

>>> svg = line_chart(labels=["1 Oct", "8 Oct"], series=[("Anna", [5, -2]), ("Ben", [-5, 2])])
>>> svg.startswith("<svg") and "Anna" in svg and svg.count("<polyline") == 2
True
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Colours that stay apart for the common kinds of colour blindness (Okabe-Ito).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")


def line_chart(
    *,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[int]]],
    title: str = "",
    width: int = 360,
    height: int = 220,
) -> SafeString:
    """One line per series over the labels (x), with a zero line and a legend below.

    The SVG scales to its container (``viewBox``); every point carries a
    ``<title>`` so a long press or hover shows the number.
    """
    left, right, top, bottom = 36, 8, 10, 24
    legend_rows = (len(series) + 2) // 3
    full_height = height + legend_rows * 18
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for _name, points in series for v in points] or [0]
    low, high = min(0, *values), max(0, *values)
    if low == high:
        high = low + 1

    def x(i: int) -> float:
        return left + (plot_w * i / (len(labels) - 1) if len(labels) > 1 else plot_w / 2)

    def y(v: int) -> float:
        return top + plot_h * (high - v) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'viewBox="0 0 {width} {full_height}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>" if title else "",
        f'<line x1="{left}" x2="{width - right}" y1="{y(0):.1f}" y2="{y(0):.1f}" '
        'stroke="#888" stroke-dasharray="3 3"/>',
        f'<text x="{left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="10" '
        f'fill="currentColor">{high}</text>',
        f'<text x="{left - 4}" y="{y(low):.1f}" text-anchor="end" font-size="10" '
        f'fill="currentColor">{low}</text>',
        f'<text x="{left - 4}" y="{y(0) + 4:.1f}" text-anchor="end" font-size="10" '
        'fill="currentColor">0</text>',
    ]
    for i, label in enumerate(labels):
        # The first and last labels lean inwards: centred, "15 Jan" lost its end.
        anchor = "middle"
        if len(labels) > 1 and i == 0:
            anchor = "start"
        elif len(labels) > 1 and i == len(labels) - 1:
            anchor = "end"
        parts.append(
            f'<text x="{x(i):.1f}" y="{height - 6}" text-anchor="{anchor}" font-size="10" '
            f'fill="currentColor">{escape(label)}</text>'
        )
    for n, (name, points) in enumerate(series):
        colour = PALETTE[n % len(PALETTE)]
        coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(points))
        parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{escape(name)}</title></polyline>"
        )
        for i, v in enumerate(points):
            parts.append(
                f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{colour}">'
                f"<title>{escape(name)}: {v:+d}</title></circle>"
            )
        lx, ly = 8 + (n % 3) * (width // 3), height + 14 + (n // 3) * 18
        parts.append(
            f'<rect x="{lx}" y="{ly - 9}" width="10" height="10" fill="{colour}"/>'
            f'<text x="{lx + 14}" y="{ly}" font-size="11" fill="currentColor">'
            f"{escape(name)} {points[-1] if points else 0:+d}</text>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))

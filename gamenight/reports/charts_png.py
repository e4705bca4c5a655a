"""PNG charts for the reports (they go into mail too, where SVG is not shown).

matplotlib with the Agg backend: no display, no GUI toolkit. Only the worker
imports this module.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from gamenight.charts import PALETTE

_STYLES = ("-", "--", "-.", ":")
WIDTH, HEIGHT = 4.8, 6.4
"""Inches: the aspect of the page's ``<img>`` (width="480" height="640")."""
FONT = 12


def line_chart_png(
    *,
    labels: Sequence[str],
    series: Mapping[str, Sequence[int]],
    title: str,
    y_label: str,
    width: float = WIDTH,
    height: float = HEIGHT,
    dpi: int = 150,
) -> bytes:
    """One line per series over the labels; the legend shows each series' last value.

    Narrow and tall, the legend under the plot: shown 360 px wide on a phone, a
    12 pt label is still about 11 px tall (a wide chart shrank its legend to 5 px).
    """
    # A bare Figure (not pyplot) keeps no global state between reports.
    figure = Figure(figsize=(width, height), dpi=dpi, layout="constrained")
    FigureCanvasAgg(figure)  # Agg draws the PNG: no display, whatever the default backend
    axes = figure.add_subplot()
    xs = list(range(len(labels)))
    for n, (name, points) in enumerate(series.items()):
        last = points[-1] if points else 0
        axes.plot(
            xs[: len(points)],
            list(points),
            color=PALETTE[n % len(PALETTE)],
            linestyle=_STYLES[(n // len(PALETTE)) % len(_STYLES)],
            linewidth=1.8,
            marker="o" if len(xs) <= 20 else None,
            markersize=3,
            label=f"{name} ({last})",
        )
    axes.set_title(title, fontsize=FONT + 1)
    axes.set_ylabel(y_label, fontsize=FONT)
    axes.tick_params(labelsize=FONT - 1)
    axes.axhline(0, color="#888888", linewidth=0.8, linestyle=":")
    axes.grid(True, alpha=0.3)
    step = max(1, len(labels) // 5)
    axes.set_xticks(xs[::step], [labels[i] for i in xs[::step]], rotation=0, fontsize=FONT - 1)
    if series:
        axes.legend(
            fontsize=FONT - 1,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.08),
            ncols=2,
            frameon=False,
        )
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()

"""The geometry of a format's trace, drawn as SVG by ``tournament_trace.html``.

A format may follow a value as its games come in, with the bounds at which it decides (the
sequential match's log-likelihood ratio, see :class:`~croupier_server.tournament.formats.Trace`).
The chart puts the units counted across, the value up, and the bounds as level lines, on a
scale that always holds them. Everything here is numbers; the template writes the SVG,
escaping the supplied texts (the title, the labels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from croupier_server.tournament.formats import Trace
from croupier_server.web.charts import Tick, polyline

__all__ = ["TraceChart", "trace_chart"]


@dataclass(frozen=True, slots=True)
class TraceChart:
    """A trace with its axes, its bounds and its ticks.

    Attributes:
        trace: What is drawn.
        width: The width in SVG user units.
        height: The height.
        left: The x of the vertical axis.
        right: The right end of the horizontal axis.
        top: The top of the plot.
        bottom: The y of the horizontal axis.
        points: The ``points`` of the SVG polyline (empty before the first unit).
        end: Where the line ends, to mark it.
        x_ticks: Units along the bottom, as (x, label).
        y_ticks: Values along the left.
        bounds: The bounds, as labelled heights.
    """

    trace: Trace
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    points: str
    end: tuple[float, float] | None
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    bounds: tuple[Tick, ...]


def trace_chart(trace: Trace, *, width: int = 720, height: int = 260) -> TraceChart:
    """The chart of ``trace``: unit ``i + 1`` across, ``values[i]`` up, the bounds level.

    >>> chart = trace_chart(Trace("LLR", "deals", "LLR", (0.5, 1.0), bounds=(-2.0, 2.0)))
    >>> chart.points, [level.label for level in chart.bounds]
    ('56.0,92.5 704.0,67.0', ['-2.00', '2.00'])
    """
    left, right, top, bottom = 56.0, width - 16.0, 16.0, height - 40.0
    values = [*trace.values, *trace.bounds, 0.0]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    units = max(len(trace.values), 2)

    def x(unit: float) -> float:
        return round(left + (unit - 1) / (units - 1) * (right - left), 1)

    def y(value: float) -> float:
        return round(bottom - (value - low) / (high - low) * (bottom - top), 1)

    points = [(x(unit), y(value)) for unit, value in enumerate(trace.values, start=1)]
    return TraceChart(
        trace=trace,
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        points=polyline(points),
        end=points[-1] if points else None,
        x_ticks=tuple(Tick(x(unit), str(unit)) for unit in _unit_ticks(units)),
        y_ticks=tuple(Tick(y(value), f"{value:g}") for value in _value_ticks(low, high)),
        bounds=tuple(Tick(y(bound), f"{bound:.2f}") for bound in trace.bounds),
    )


def _unit_ticks(units: int) -> list[int]:
    """About six whole units from 1 to ``units``, evenly spaced."""
    step = max(1, math.ceil(units / 6))
    return [1, *range(step, units + 1, step)] if step > 1 else list(range(1, units + 1))


def _value_ticks(low: float, high: float) -> list[float]:
    """The whole values from ``low`` to ``high``, or about five when there are more."""
    step = max(1, math.ceil((high - low) / 5))
    return [float(v) for v in range(math.ceil(low), math.floor(high) + 1) if v % step == 0]

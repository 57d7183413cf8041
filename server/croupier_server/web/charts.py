"""The geometry of the rating-history charts, drawn as SVG by ``_stats_charts.html``.

A history is a bot's Elo at some of its games (see
:func:`~croupier_server.ratings.elo_histories`): it is :func:`thinned` to at most a given
number of evenly spaced points (always keeping the first and the last) before it is drawn,
so a chart costs the same whatever its length, and the JSON twin of a page gives the very
points its chart draws. Everything here is numbers; the template writes the SVG, escaping the one
supplied text, the chart's title.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["RatingChart", "Sparkline", "Tick", "polyline", "rating_chart", "sparkline", "thinned"]

_LEAST_CHART_RANGE = 100.0
"""The fewest Elo a rating chart's plot spans."""
_STEPS = (1.0, 2.0, 5.0, 10.0)
"""Tick steps within a power of ten: round labels, and whole ones (no 2.5 games or Elo)."""


@dataclass(frozen=True, slots=True)
class Tick:
    """A labelled position along an axis, in SVG user units."""

    position: float
    label: str


@dataclass(frozen=True, slots=True)
class Sparkline:
    """A small line of a rating history, without axes.

    Attributes:
        width: The width in SVG user units (and CSS pixels).
        height: The height.
        points: The ``points`` of the SVG polyline.
        end: Where the line ends (the current rating), to mark it.
        first: The first rating drawn.
        last: The last rating, the current one.
        games: How many games the history covers.
    """

    width: int
    height: int
    points: str
    end: tuple[float, float]
    first: float
    last: float
    games: int


@dataclass(frozen=True, slots=True)
class RatingChart:
    """A rating history with its axes: game number across, Elo up.

    Attributes:
        title: What the chart shows (supplied text: the template escapes it).
        width: The width in SVG user units.
        height: The height.
        left: The x of the vertical axis.
        right: The right end of the horizontal axis.
        top: The top of the plot.
        bottom: The y of the horizontal axis.
        points: The ``points`` of the SVG polyline.
        end: Where the line ends (the current rating), to mark it.
        x_ticks: Game numbers along the bottom.
        y_ticks: Ratings along the left.
        zero: The y of Elo 0, the board's mean, which the plot always holds.
        games: How many games the history covers.
    """

    title: str
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    points: str
    end: tuple[float, float]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float
    games: int


def thinned(history: Sequence[tuple[int, float]], limit: int) -> list[tuple[int, float]]:
    """At most ``limit`` of the (game number, rating) points of ``history``, evenly spaced.

    >>> thinned([(1, 0.0), (2, 10.0), (4, 5.0), (5, 20.0), (9, 30.0)], 3)
    [(1, 0.0), (4, 5.0), (9, 30.0)]
    """
    if limit < 2:
        raise ValueError("a line needs at least two points")
    if len(history) <= limit:
        return list(history)
    last = len(history) - 1
    indices = sorted({round(i * last / (limit - 1)) for i in range(limit)})
    return [history[index] for index in indices]


def sparkline(
    points: Sequence[tuple[int, float]], *, width: int = 120, height: int = 24
) -> Sparkline | None:
    """The sparkline of (game number, rating) ``points`` (``None`` when there are none)."""
    if not points:
        return None
    low, high = _padded_range([rating for _, rating in points])
    games = points[-1][0]
    x = _Scale(points[0][0], max(games, points[0][0] + 1), 1.0, width - 1.0)
    y = _Scale(low, high, height - 1.0, 1.0)
    return Sparkline(
        width=width,
        height=height,
        points=polyline((x(number), y(rating)) for number, rating in points),
        end=(round(x(games), 1), round(y(points[-1][1]), 1)),
        first=points[0][1],
        last=points[-1][1],
        games=games,
    )


def rating_chart(
    points: Sequence[tuple[int, float]], *, title: str, width: int = 720, height: int = 260
) -> RatingChart | None:
    """The chart of (game number, Elo) ``points`` with its axes and labels.

    The plot always holds Elo 0, the board's mean, and at least
    :data:`_LEAST_CHART_RANGE` Elo: a wobble of a few points does not fill it. ``None``
    when there are no points.
    """
    if not points:
        return None
    left, right, top, bottom = 56.0, width - 16.0, 16.0, height - 40.0
    low, high = _padded_range([0.0, *(rating for _, rating in points)], _LEAST_CHART_RANGE)
    rating_ticks = _nice_ticks(low, high, 5)
    low, high = rating_ticks[0], rating_ticks[-1]
    games = points[-1][0]
    x = _Scale(1, max(games, 2), left, right)
    y = _Scale(low, high, bottom, top)
    game_ticks = [tick for tick in _nice_ticks(1, max(games, 2), 6) if 1 <= tick <= games]
    return RatingChart(
        title=title,
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        points=polyline((x(number), y(rating)) for number, rating in points),
        end=(round(x(games), 1), round(y(points[-1][1]), 1)),
        x_ticks=tuple(Tick(round(x(tick), 1), f"{tick:,.0f}") for tick in game_ticks),
        y_ticks=tuple(Tick(round(y(tick), 1), _signed(tick)) for tick in rating_ticks),
        zero=round(y(0.0), 1),
        games=games,
    )


def _padded_range(values: Sequence[float], least: float = 10.0) -> tuple[float, float]:
    """The range of ``values``, at least ``least`` wide: a flat line sits in the middle."""
    low, high = min(values), max(values)
    if high - low < least:
        middle = (low + high) / 2.0
        return middle - least / 2.0, middle + least / 2.0
    return low, high


def _signed(value: float) -> str:
    """``+20``, ``0``, ``-20``: an Elo tick as the tables write Elo.

    >>> _signed(20.0), _signed(0.0), _signed(-20.0)
    ('+20', '0', '-20')
    """
    return f"{value:+.0f}" if round(value) else "0"


def _nice_ticks(low: float, high: float, count: int) -> list[float]:
    """About ``count`` round whole values, evenly spaced, from below ``low`` to above ``high``.

    >>> _nice_ticks(-16.8, 31.7, 5)
    [-20.0, 0.0, 20.0, 40.0]
    >>> _nice_ticks(1, 3, 6)
    [1.0, 2.0, 3.0]
    """
    rough = (high - low) / max(count - 1, 1)
    magnitude = 10.0 ** math.floor(math.log10(rough))
    step = max(next(nice * magnitude for nice in _STEPS if nice * magnitude >= rough), 1.0)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return [first + i * step for i in range(round((last - first) / step) + 1)]


@dataclass(frozen=True, slots=True)
class _Scale:
    """The linear map of ``[domain_low, domain_high]`` onto ``[range_low, range_high]``."""

    domain_low: float
    domain_high: float
    range_low: float
    range_high: float

    def __call__(self, value: float) -> float:
        share = (value - self.domain_low) / (self.domain_high - self.domain_low)
        return self.range_low + share * (self.range_high - self.range_low)


def polyline(points: Iterable[tuple[float, float]]) -> str:
    """The ``points`` attribute of an SVG polyline through ``points``."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)

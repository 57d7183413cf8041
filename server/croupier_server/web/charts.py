"""The geometry of the rating-history charts, drawn as SVG by ``_stats_charts.html``.

A history is a bot's Elo at some of its games (see
:func:`~croupier_server.ratings.elo_histories`): it is :func:`thinned` to at most a given
number of evenly spaced points (always keeping the first and the last) before it is drawn,
so a chart costs the same whatever its length, and the JSON twin of a page gives the very
points its chart draws. A chart holds one bot's line (a bot's page: each point named and
linked to its game, the bot's Elo interval as a band) or every bot's of a board (a board's
page). Everything here is numbers; the template writes the SVG, escaping the supplied
texts (the title, the bots' names, the points' labels).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "ChartLine",
    "ChartMark",
    "History",
    "RatingChart",
    "Sparkline",
    "Tick",
    "polyline",
    "rating_chart",
    "sparkline",
    "thinned",
]

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
class History:
    """One bot's line to draw: its (game number, Elo) points, and what each point says.

    Attributes:
        name: The bot's name.
        points: Its (game number, Elo) points, oldest first.
        games: The id of the game each point is after, to link the point to; empty: no links.
    """

    name: str
    points: Sequence[tuple[int, float]]
    games: Sequence[int] = ()


@dataclass(frozen=True, slots=True)
class ChartMark:
    """A point of a line that names itself (an SVG ``<title>``) and may link to its game.

    Attributes:
        x: Its x in SVG user units.
        y: Its y.
        label: What it says: the game number and the Elo.
        href: The page of the game it is after, if known.
    """

    x: float
    y: float
    label: str
    href: str | None


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One bot's line of a rating chart.

    Attributes:
        name: The bot's name (supplied text: the template escapes it).
        points: The ``points`` of the SVG polyline.
        end: Where the line ends (the current rating), to mark it.
        marks: Its points, named and linked; empty on a chart of many lines.
    """

    name: str
    points: str
    end: tuple[float, float]
    marks: tuple[ChartMark, ...]


@dataclass(frozen=True, slots=True)
class RatingChart:
    """Rating histories with their axes: game number across, Elo up.

    Attributes:
        title: What the chart shows (supplied text: the template escapes it).
        width: The width in SVG user units.
        height: The height.
        left: The x of the vertical axis.
        right: The right end of the horizontal axis.
        top: The top of the plot.
        bottom: The y of the horizontal axis.
        lines: The bots' lines, in the order given.
        x_ticks: Game numbers along the bottom.
        y_ticks: Ratings along the left.
        zero: The y of Elo 0, the board's mean, which the plot always holds.
        band: The top and bottom y of the band of the interval given, if one was.
        games: How many games the longest history covers.
    """

    title: str
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[ChartLine, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float
    band: tuple[float, float] | None
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
    histories: Sequence[History],
    *,
    title: str,
    interval: tuple[float, float] | None = None,
    width: int = 720,
    height: int = 260,
) -> RatingChart | None:
    """The chart of the bots' ``histories`` with its axes and labels.

    The plot always holds Elo 0, the board's mean, and at least
    :data:`_LEAST_CHART_RANGE` Elo, so that a wobble of a few points does not fill it,
    and the ``interval`` (low, high) when given, drawn as a band. A chart of one history
    names each of its points and links it to its game. ``None`` when there are no points.

    >>> chart = rating_chart([History("a", [(1, 10.0), (2, 30.0)], [7, 9])], title="a")
    >>> [(mark.label, mark.href) for mark in chart.lines[0].marks]
    [('after game 1: +10 Elo', '/games/7'), ('after game 2: +30 Elo', '/games/9')]
    """
    drawn = [history for history in histories if history.points]
    if not drawn:
        return None
    left, right, top, bottom = 56.0, width - 16.0, 16.0, height - 40.0
    ratings = [0.0, *(rating for history in drawn for _, rating in history.points)]
    low, high = _padded_range([*ratings, *(interval or ())], _LEAST_CHART_RANGE)
    rating_ticks = _nice_ticks(low, high, 5)
    low, high = rating_ticks[0], rating_ticks[-1]
    games = max(history.points[-1][0] for history in drawn)
    x = _Scale(1, max(games, 2), left, right)
    y = _Scale(low, high, bottom, top)
    game_ticks = [tick for tick in _nice_ticks(1, max(games, 2), 6) if 1 <= tick <= games]

    def line(history: History) -> ChartLine:
        number, rating = history.points[-1]
        marks = () if len(drawn) > 1 else _marks(history, x, y)
        return ChartLine(
            name=history.name,
            points=polyline((x(n), y(r)) for n, r in history.points),
            end=(round(x(number), 1), round(y(rating), 1)),
            marks=marks,
        )

    return RatingChart(
        title=title,
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        lines=tuple(line(history) for history in drawn),
        x_ticks=tuple(Tick(round(x(tick), 1), f"{tick:,.0f}") for tick in game_ticks),
        y_ticks=tuple(Tick(round(y(tick), 1), _signed(tick)) for tick in rating_ticks),
        zero=round(y(0.0), 1),
        band=None if interval is None else (round(y(interval[1]), 1), round(y(interval[0]), 1)),
        games=games,
    )


def _marks(history: History, x: _Scale, y: _Scale) -> tuple[ChartMark, ...]:
    """The named points of ``history``, each linked to its game when the game is known."""
    return tuple(
        ChartMark(
            x=round(x(number), 1),
            y=round(y(rating), 1),
            label=f"after game {number:,}: {_signed(rating)} Elo",
            href=f"/games/{history.games[index]}" if index < len(history.games) else None,
        )
        for index, (number, rating) in enumerate(history.points)
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

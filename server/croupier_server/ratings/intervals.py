"""Confidence intervals: the value type, the percentile of a sample, and a t interval."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from croupier_server.ratings.student import t_quantile

__all__ = ["Interval", "percentile_interval", "t_interval"]


@dataclass(frozen=True, slots=True)
class Interval:
    """A closed interval ``[low, high]``, e.g. a 95% confidence interval.

    >>> Interval(-3.0, 5.0).width
    8.0
    >>> 0.0 in Interval(-3.0, 5.0)
    True
    """

    low: float
    high: float

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.low <= value <= self.high

    def __str__(self) -> str:
        return f"[{self.low:.1f}, {self.high:.1f}]"


def percentile_interval(sample: Sequence[float], confidence: float = 0.95) -> Interval:
    """The central ``confidence`` interval of ``sample``, by linear interpolation.

    >>> percentile_interval([float(x) for x in range(101)], 0.5)
    Interval(low=25.0, high=75.0)
    """
    if not sample:
        raise ValueError("an empty sample has no interval")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), not {confidence}")
    ordered = sorted(sample)
    tail = (1.0 - confidence) / 2.0
    return Interval(_quantile(ordered, tail), _quantile(ordered, 1.0 - tail))


def t_interval(
    centre: float, variance: float, degrees_of_freedom: float, confidence: float = 0.95
) -> Interval:
    """``centre`` plus or minus the t quantile times the standard error.

    >>> interval = t_interval(10.0, 4.0, 10.0)
    >>> round(interval.low, 3), round(interval.high, 3)
    (5.544, 14.456)
    >>> t_interval(10.0, 0.0, math.inf)
    Interval(low=10.0, high=10.0)
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), not {confidence}")
    if variance <= 0.0:
        return Interval(centre, centre)
    half = t_quantile((1.0 + confidence) / 2.0, degrees_of_freedom) * math.sqrt(variance)
    return Interval(centre - half, centre + half)


def _quantile(ordered: Sequence[float], q: float) -> float:
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction

"""Confidence intervals: the value type, a sample's percentiles, t and Wilson intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from croupier_server.ratings.student import t_quantile

__all__ = ["Interval", "percentile_interval", "t_interval", "wilson_interval"]

_NORMAL = NormalDist()


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


def wilson_interval(share: float, trials: float, confidence: float = 0.95) -> Interval:
    """Wilson's score interval of a share (wins and half draws) of ``trials`` results.

    Unlike the share plus or minus a normal half-width, it never shrinks to a point at 0%
    or 100%: eight wins in eight games say the share is above 63%, not that it is 100%.
    ``trials`` may be fractional: weighted results count as their effective number,
    ``(sum of weights)**2 / (sum of squared weights)``. It takes every result as a win or a
    loss, so draws make it a little wider than it need be. No trial: ``[0, 1]``.

    >>> interval = wilson_interval(1.0, 8)
    >>> round(interval.low, 3), interval.high
    (0.676, 1.0)
    >>> wilson_interval(0.5, 0)
    Interval(low=0.0, high=1.0)
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), not {confidence}")
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"a share is in [0, 1], not {share}")
    if trials <= 0.0:
        return Interval(0.0, 1.0)
    z = _NORMAL.inv_cdf((1.0 + confidence) / 2.0)
    spread = z * z / trials
    centre = (share + spread / 2.0) / (1.0 + spread)
    half = z * math.sqrt(share * (1.0 - share) / trials + spread / (4.0 * trials)) / (1.0 + spread)
    # It holds the share; rounding alone could leave it a hair outside at 0 or 1.
    return Interval(max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half)))


def _quantile(ordered: Sequence[float], q: float) -> float:
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction

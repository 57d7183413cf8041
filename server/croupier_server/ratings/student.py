"""Student's t distribution: its distribution function and quantiles, for any degrees of freedom.

The distribution function is the regularized incomplete beta function (its continued
fraction, evaluated by Lentz's method); a quantile starts from the Cornish-Fisher expansion
around the normal quantile and is polished by Newton steps kept inside a bracket.
"""

from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["t_cdf", "t_quantile"]

_NORMAL = NormalDist()
_EXPANSION_BEYOND = 200.0
"""Degrees of freedom beyond which the Cornish-Fisher expansion is the quantile to 1e-10
(of its value, up to the 0.9995 quantile), and is faster than the incomplete beta function."""


def t_cdf(value: float, df: float) -> float:
    """The probability that a t variable of ``df`` degrees of freedom is at most ``value``.

    >>> round(t_cdf(12.7062047, 1), 6)
    0.975
    >>> t_cdf(0.0, 3.5)
    0.5
    """
    if df <= 0.0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    tail = 0.5 * _incomplete_beta(df / 2.0, 0.5, df / (df + value * value))
    return 1.0 - tail if value > 0.0 else tail


def t_quantile(probability: float, df: float) -> float:
    """The ``probability`` quantile of the t distribution of ``df`` degrees of freedom.

    >>> [round(t_quantile(0.975, df), 4) for df in (1, 2.5, 10, 1e9)]
    [12.7062, 3.5747, 2.2281, 1.96]
    """
    if not 0.0 < probability < 1.0:
        raise ValueError(f"a quantile needs a probability in (0, 1), not {probability}")
    if df <= 0.0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    if probability < 0.5:
        return -t_quantile(1.0 - probability, df)
    if probability == 0.5:
        return 0.0
    value = _cornish_fisher(probability, df)
    if df > _EXPANSION_BEYOND:
        return value
    low, high = 0.0, 1.5 * value
    while t_cdf(high, df) < probability:
        low, high = high, 2.0 * high
    for _ in range(200):
        error = t_cdf(value, df) - probability
        if error == 0.0:
            break
        if error > 0.0:
            high = value
        else:
            low = value
        step = error / _t_density(value, df)
        if not low < value - step < high:
            value = (low + high) / 2.0
            continue
        value -= step
        if abs(step) <= 1e-14 * value:
            break
    return value


def _cornish_fisher(probability: float, df: float) -> float:
    """The Cornish-Fisher expansion of the quantile to ``1/df**4`` (Hill 1970), at least z."""
    z = _NORMAL.inv_cdf(probability)
    terms = (
        (z**3 + z) / 4.0,
        (5.0 * z**5 + 16.0 * z**3 + 3.0 * z) / 96.0,
        (3.0 * z**7 + 19.0 * z**5 + 17.0 * z**3 - 15.0 * z) / 384.0,
        (79.0 * z**9 + 776.0 * z**7 + 1482.0 * z**5 - 1920.0 * z**3 - 945.0 * z) / 92160.0,
    )
    return max(z + math.fsum(term / df ** (n + 1) for n, term in enumerate(terms)), z)


def _t_density(value: float, df: float) -> float:
    log_norm = math.lgamma((df + 1.0) / 2.0) - math.lgamma(df / 2.0) - 0.5 * math.log(df * math.pi)
    return math.exp(log_norm - (df + 1.0) / 2.0 * math.log1p(value * value / df))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    fraction = d
    for m in range(1, 500):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            fraction *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return fraction

"""Student's t distribution: its distribution function and quantiles, for any degrees of freedom.

Thin names over scipy's (``scipy.special.stdtr`` and ``stdtrit``), which also take
non-integer and infinite degrees of freedom (the normal distribution).
"""

from __future__ import annotations

import scipy.special

__all__ = ["t_cdf", "t_quantile"]


def t_cdf(value: float, df: float) -> float:
    """The probability that a t variable of ``df`` degrees of freedom is at most ``value``.

    >>> round(t_cdf(12.7062047, 1), 6)
    0.975
    >>> t_cdf(0.0, 3.5)
    0.5
    """
    if df <= 0.0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    return float(scipy.special.stdtr(df, value))


def t_quantile(probability: float, df: float) -> float:
    """The ``probability`` quantile of the t distribution of ``df`` degrees of freedom.

    >>> [round(t_quantile(0.975, df), 4) for df in (1, 2.5, 10, 1e9, float("inf"))]
    [12.7062, 3.5747, 2.2281, 1.96, 1.96]
    """
    if not 0.0 < probability < 1.0:
        raise ValueError(f"a quantile needs a probability in (0, 1), not {probability}")
    if df <= 0.0:
        raise ValueError(f"degrees of freedom must be positive, not {df}")
    return float(scipy.special.stdtrit(df, probability))

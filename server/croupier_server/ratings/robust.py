"""The covariance of the Elo fit, robust to what the games of one deal share (CR2 by deals).

The fit maximizes the log-posterior of the pairwise results (:mod:`.pairwise`, :mod:`.elo`).
To first order its error is ``H^-1 (U_1 + ... + U_G)``: ``H`` the information (minus the
Hessian of the log-posterior at the fit), ``U_d`` the score (gradient of the log-likelihood)
of deal ``d``. Deals are independent; the games of a deal are not (they share the cards, and
the pairs of one multiplayer game share its ranking), so the variance is estimated from
whole deals, ``H^-1 (sum of U_d U_d^T) H^-1`` (the cluster-robust "sandwich"), not from
``H^-1`` alone, which assumes independent pairs and is far too wide for duplicate deals.

Each deal's score at the fit is on average smaller than at the truth: the fit leans towards
every deal, the more so the fewer deals its bots played. CR2 (Bell and McCaffrey 2002)
inflates each deal's score by ``(I - M_d S_d)^(-1/2)``, ``M_d`` the deal's information and
``S_d`` its bots' block of ``H^-1`` (``M_d S_d`` has the deal's leverages for eigenvalues),
which makes the estimate unbiased when the results follow the model. With few deals the
variance estimate is itself uncertain: an interval takes a t quantile with Satterthwaite's
degrees of freedom, from the deals' shares of the rating's variance under the model: ``n``
for a rating that rests on ``n`` deals in equal shares, the effective number of deals
otherwise. They are Bell and McCaffrey's without the terms between deals, which would take
about one from ``n`` and move the coverage by a few tenths of a point; Imbens and Kolesar
(2016) recommend CR2 with such degrees of freedom when clusters are few.

Deals of the same table and weights have the same information and leverage: they are
grouped, so a board of many deals costs a few operations per deal.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass

from croupier_server.ratings.elo import ELO_PER_NEPER
from croupier_server.ratings.matrices import (
    Matrix,
    apply_function,
    cholesky,
    identity,
    inverse,
    multiply,
    transpose,
)
from croupier_server.ratings.pairwise import Contribution

__all__ = ["EloCovariance", "deal_covariance"]

_Table = tuple[tuple[int, float], ...]
"""A deal's ``(pair index, weight)`` entries: deals with the same one share their leverage."""


@dataclass(frozen=True, slots=True)
class TableShares:
    """Deals of one table and weights, as the degrees of freedom need them.

    Attributes:
        deals: How many deals have this table.
        pairs: Each pair's ``(bot index, bot index, information)`` in one such deal.
    """

    deals: int
    pairs: tuple[tuple[int, int, float], ...]


@dataclass(frozen=True, slots=True)
class EloCovariance:
    """The CR2 covariance of the reported Elo ratings, by deals.

    Attributes:
        bots: The bots, in the order of the matrices.
        matrix: The covariance of the ratings as reported (mean 0 or anchored), in Elo².
        degrees: Each bot's degrees of freedom (Satterthwaite's; infinite for an anchor).
        influence: How each reported rating moves with each bot's score (Elo per point).
        tables: The deals grouped by table, for the degrees of freedom of a difference.
    """

    bots: tuple[str, ...]
    matrix: tuple[tuple[float, ...], ...]
    degrees: tuple[float, ...]
    influence: tuple[tuple[float, ...], ...]
    tables: tuple[TableShares, ...]

    def variance(self, bot: str, opponent: str | None = None) -> float:
        """The variance of ``bot``'s Elo, or of ``bot``'s minus ``opponent``'s, in Elo²."""
        i = self.bots.index(bot)
        if opponent is None:
            return max(self.matrix[i][i], 0.0)
        j = self.bots.index(opponent)
        return max(self.matrix[i][i] + self.matrix[j][j] - 2.0 * self.matrix[i][j], 0.0)

    def degrees_of_freedom(self, bot: str, opponent: str | None = None) -> float:
        """Satterthwaite's degrees of freedom of :meth:`variance` (infinite if it is 0)."""
        if opponent is None:
            return self.degrees[self.bots.index(bot)]
        row = self.influence[self.bots.index(bot)]
        other = self.influence[self.bots.index(opponent)]
        contrast = [a - b for a, b in zip(row, other, strict=True)]
        total = squares = 0.0
        for table in self.tables:
            share = math.fsum(w * (contrast[i] - contrast[j]) ** 2 for i, j, w in table.pairs)
            total += table.deals * share
            squares += table.deals * share * share
        return _satterthwaite(total, squares)


def deal_covariance(
    bots: tuple[str, ...],
    pairs: Sequence[tuple[int, int]],
    contributions: Sequence[Contribution],
    strengths: Sequence[float],
    *,
    prior_games: float,
    anchor: str | None,
) -> EloCovariance:
    """The CR2 covariance by deals of the ratings fitted at ``strengths``.

    Args:
        bots: The bots, as :func:`~croupier_server.ratings.pairwise.deal_contributions`
            gives them with ``pairs`` and ``contributions`` (one per deal).
        pairs: The pairs of bots that met.
        contributions: Each deal's results per pair.
        strengths: The fitted natural log-strengths (the posterior's maximum).
        prior_games: The prior of the fit (its information is part of ``H``).
        anchor: The bot rated 0, or ``None`` for ratings of mean 0.
    """
    size = len(bots)
    expected = [_logistic(strengths[i] - strengths[j]) for i, j in pairs]
    information = _information(
        pairs, contributions, expected=expected, strengths=strengths, prior_games=prior_games
    )
    covariance = inverse(information)
    influence = _reported(covariance, None if anchor is None else bots.index(anchor))
    meat = [[0.0] * size for _ in range(size)]
    tables: dict[_Table, list[Contribution]] = {}
    for contribution in contributions:
        tables.setdefault(tuple((k, w) for k, w, _ in contribution), []).append(contribution)
    shares = []
    for table, deals in tables.items():
        local = sorted({bot for k, _ in table for bot in pairs[k]})
        position = {bot: n for n, bot in enumerate(local)}
        entries = tuple(
            (position[pairs[k][0]], position[pairs[k][1]], w * expected[k] * (1.0 - expected[k]))
            for k, w in table
        )
        adjustment = _leverage_adjustment(
            _laplacian(len(local), entries), [[covariance[a][b] for b in local] for a in local]
        )
        for deal in deals:
            score = [0.0] * len(local)
            for k, weight, points in deal:
                residual = points - weight * expected[k]
                score[position[pairs[k][0]]] += residual
                score[position[pairs[k][1]]] -= residual
            adjusted = [math.fsum(map(operator.mul, row, score)) for row in adjustment]
            for a, bot in enumerate(local):
                for b, other in enumerate(local):
                    meat[bot][other] += adjusted[a] * adjusted[b]
        shares.append(
            TableShares(len(deals), tuple((local[i], local[j], v) for i, j, v in entries))
        )
    matrix = multiply(multiply(influence, meat), transpose(influence))
    return EloCovariance(
        bots=bots,
        matrix=tuple(tuple(v * ELO_PER_NEPER**2 for v in row) for row in matrix),
        degrees=_degrees(influence, shares),
        influence=tuple(tuple(v * ELO_PER_NEPER for v in row) for row in influence),
        tables=tuple(shares),
    )


def _degrees(influence: Matrix, tables: Sequence[TableShares]) -> tuple[float, ...]:
    """Every bot's Satterthwaite degrees of freedom at once (a pass over the tables)."""
    columns = transpose(influence)
    size = len(influence)
    totals = [0.0] * size
    squares = [0.0] * size
    for table in tables:
        shares = [0.0] * size
        for i, j, w in table.pairs:
            shares = [
                s + w * (a - b) ** 2 for s, a, b in zip(shares, columns[i], columns[j], strict=True)
            ]
        totals = [t + table.deals * s for t, s in zip(totals, shares, strict=True)]
        squares = [q + table.deals * s * s for q, s in zip(squares, shares, strict=True)]
    return tuple(_satterthwaite(t, q) for t, q in zip(totals, squares, strict=True))


def _satterthwaite(total: float, squares: float) -> float:
    """``(sum of shares)^2 / sum of squared shares``: n for n deals of equal shares."""
    return total * total / squares if squares > 0.0 else math.inf


def _information(
    pairs: Sequence[tuple[int, int]],
    contributions: Sequence[Contribution],
    *,
    expected: Sequence[float],
    strengths: Sequence[float],
    prior_games: float,
) -> Matrix:
    """Minus the Hessian of the log-posterior: the games' Laplacian and the prior's diagonal."""
    games = [0.0] * len(pairs)
    for contribution in contributions:
        for k, weight, _ in contribution:
            games[k] += weight
    entries = [
        (i, j, weight * p * (1.0 - p))
        for (i, j), weight, p in zip(pairs, games, expected, strict=True)
    ]
    information = _laplacian(len(strengths), entries)
    for i, strength in enumerate(strengths):
        phantom = _logistic(strength)  # the prior's drawn games against a phantom of 0
        information[i][i] += prior_games * phantom * (1.0 - phantom)
    return information


def _laplacian(size: int, entries: Sequence[tuple[int, int, float]]) -> Matrix:
    """The information of pairwise results: ``v`` on both diagonals, ``-v`` between them."""
    matrix = [[0.0] * size for _ in range(size)]
    for i, j, value in entries:
        matrix[i][i] += value
        matrix[j][j] += value
        matrix[i][j] -= value
        matrix[j][i] -= value
    return matrix


def _reported(covariance: Matrix, anchor: int | None) -> Matrix:
    """``covariance`` (``H^-1``) seen through the reporting: less the mean, or the anchor."""
    size = len(covariance)
    columns = transpose(covariance)
    shifts = [
        column[anchor] if anchor is not None else math.fsum(column) / size for column in columns
    ]
    return [[value - shift for value, shift in zip(row, shifts, strict=True)] for row in covariance]


def _leverage_adjustment(information: Matrix, covariance: Matrix) -> Matrix:
    """``(I - M S)^(-1/2)``: ``M`` a deal's information, ``S`` its bots' block of ``H^-1``.

    The eigenvalues of ``M S``, the deal's leverages, lie in [0, 1) and sum to its trace.
    When that sum is small (a deal among many, the common case on a big board) the binomial
    series of the inverse square root converges fast; otherwise ``M S`` is similar to the
    symmetric ``L^T M L`` (``S = L L^T``), whose function is taken on its eigenvalues.
    """
    leverage = multiply(information, covariance)
    bound = math.fsum(leverage[k][k] for k in range(len(leverage)))
    if bound <= _SERIES_BOUND:
        return _binomial_series(leverage, bound)
    lower = cholesky(covariance)
    upper = transpose(lower)
    symmetric = multiply(multiply(upper, information), lower)
    inflated = apply_function(symmetric, lambda h: 1.0 / math.sqrt(max(1.0 - h, 1e-12)))
    return multiply(inverse(upper), multiply(inflated, upper))


_SERIES_BOUND = 0.25
"""The largest sum of a deal's leverages for which the series is used (under 20 terms)."""


def _binomial_series(leverage: Matrix, bound: float) -> Matrix:
    """``(I - X)^(-1/2) = I + X/2 + 3X^2/8 + ...``, to 1e-12 for eigenvalues up to ``bound``."""
    size = len(leverage)
    result = identity(size)
    term = identity(size)
    coefficient, power, n = 1.0, 1.0, 0
    while coefficient * power > 1e-12:
        n += 1
        coefficient *= (2 * n - 1) / (2 * n)
        power *= bound
        term = multiply(term, leverage)
        result = [
            [r + coefficient * t for r, t in zip(row, terms, strict=True)]
            for row, terms in zip(result, term, strict=True)
        ]
    return result


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))

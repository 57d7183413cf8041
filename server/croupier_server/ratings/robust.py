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
which makes the estimate unbiased when the results follow the model (:mod:`.deal_meat`
builds that meat). With few deals the
variance estimate is itself uncertain: an interval takes a t quantile with Satterthwaite's
degrees of freedom, from the deals' shares of the rating's variance under the model: ``n``
for a rating that rests on ``n`` deals in equal shares, the effective number of deals
otherwise. They are Bell and McCaffrey's without the terms between deals, which would take
about one from ``n`` and move the coverage by a few tenths of a point; Imbens and Kolesar
(2016) recommend CR2 with such degrees of freedom when clusters are few.

What is exact and what is approximated, by size:

- The variances and covariances are exact CR2 at every size. A board of up to
  :data:`~.information.DENSE_BOTS` bots (or one whose pairs spread over the whole field)
  inverts ``H`` densely. A larger banded board (a ladder) never forms ``H^-1``: the blocks
  ``S_d`` come from the band of ``H^-1`` (selected inversion, :mod:`.banded`; every two bots
  of a deal met, so their entries lie in the band), each bot's variance from the diagonal of
  the sandwich by the complex step, and a covariance between two bots from two solves.
- The degrees of freedom are exact on boards of up to :data:`EXACT_DEGREES_BOTS` bots (each
  deal's share of a rating's variance needs that rating's influence on every bot, ``n^2``
  numbers). On larger boards a rating's shares are taken as its bot's own information in
  each deal it played (a difference's, as the two bots' contrast in those deals): the
  effective number of the bot's own deals. It leaves out the small shares of the deals the
  bot did not play, which would only add degrees, so the t quantile is if anything a little
  larger than the exact one: the intervals stay honest. Such a rating rests on tens of deals
  or more, where the quantile hardly depends on the degrees (2.04 at 30, 1.98 at 100).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.sparse

from croupier_server.ratings.banded import selected_inverse
from croupier_server.ratings.deal_meat import deal_meat
from croupier_server.ratings.elo import ELO_PER_NEPER, logistic
from croupier_server.ratings.information import Information, information
from croupier_server.ratings.results import Floats, Indices, PairResults, sums_by

__all__ = ["EXACT_DEGREES_BOTS", "EloCovariance", "deal_covariance"]

EXACT_DEGREES_BOTS = 300
"""Boards of at most this many bots get exact degrees of freedom (see the module's text)."""


_ROWS_AT_ONCE = 4_000_000
"""How many numbers (influence rows times results) a pass of the degrees holds at once."""


@dataclass(frozen=True, slots=True, eq=False)
class DealShares:
    """Each result's information, grouped by deal, to share a variance among the deals.

    Attributes:
        first: Each result's one bot (results sorted by deal).
        second: Each result's other bot.
        information: Each result's information, ``w p (1-p)``.
        starts: The index of each deal's first result.
    """

    first: Indices
    second: Indices
    information: Floats
    starts: Indices

    def degrees(self, contrasts: Floats) -> Floats:
        """Satterthwaite's degrees of freedom of each row of ``contrasts`` (rows x bots).

        A row's share in a deal is ``sum w p (1-p) (c_i - c_j)^2`` over the deal's results.
        """
        rows = contrasts.shape[0]
        totals = np.zeros(rows)
        squares = np.zeros(rows)
        step = max(1, _ROWS_AT_ONCE // max(1, len(self.first)))
        for low in range(0, rows, step):
            block = contrasts[low : low + step]
            spread = (block[:, self.first] - block[:, self.second]) ** 2 * self.information
            shares = np.add.reduceat(spread, self.starts, axis=1) if len(self.starts) else spread
            totals[low : low + step] = shares.sum(axis=1)
            squares[low : low + step] = (shares * shares).sum(axis=1)
        return _satterthwaite(totals, squares)

    def own_degrees(self, size: int) -> Floats:
        """Each bot's effective number of deals, weighted by its information in each.

        The degrees of the unit contrasts (:meth:`degrees` of the identity), in one pass.
        """
        ends = np.append(self.starts[1:], len(self.first))
        deal = np.repeat(np.arange(len(self.starts)), ends - self.starts)
        keys = np.concatenate([deal * size + self.first, deal * size + self.second])
        member, entry_member = np.unique(keys, return_inverse=True)
        information = np.concatenate([self.information, self.information])
        own = sums_by(entry_member, information, len(member))
        totals = sums_by(member % size, own, size)
        squares = sums_by(member % size, own * own, size)
        return _satterthwaite(totals, squares)


def _satterthwaite(totals: Floats, squares: Floats) -> Floats:
    """``(sum of shares)^2 / sum of squared shares``: n for n deals of equal shares."""
    safe = np.where(squares > 0.0, squares, 1.0)
    return np.asarray(np.where(squares > 0.0, totals * totals / safe, np.inf), dtype=np.float64)


@dataclass(frozen=True, slots=True, eq=False)
class Sandwich:
    """The sandwich ``X = H^-1 B H^-1`` of the raw log-strengths, ``B`` the CR2 meat.

    Attributes:
        information: The factored ``H``.
        meat: ``B``, as sparse as the pairs that met.
        inverse: ``H^-1``, for a dense factor (``None`` for a banded one).
    """

    information: Information
    meat: scipy.sparse.csr_array
    inverse: Floats | None

    def column(self, bot: int) -> Floats:
        """``X e_bot``."""
        if self.inverse is not None:
            column: Floats = self.inverse @ (self.meat @ self.inverse[:, bot])
            return column
        unit = np.zeros(self.meat.shape[0])
        unit[bot] = 1.0
        return self.information.solve(self.meat @ self.information.solve(unit))

    def row_sums(self) -> Floats:
        """``X 1``."""
        ones = np.ones(self.meat.shape[0])
        return self.information.solve(self.meat @ self.information.solve(ones))

    def diagonal(self) -> Floats:
        """The diagonal of ``X``."""
        if self.inverse is not None:
            weighted = self.meat @ self.inverse
            diagonal: Floats = np.einsum("ik,ki->i", self.inverse, weighted)
            return diagonal
        band = self.information.band_of()
        meat = self.information.band_of(self.meat)
        largest = float(np.abs(meat).max(initial=0.0))
        if largest == 0.0:
            return np.zeros(self.meat.shape[0])
        step = 1e-20 * float(np.abs(band).max()) / largest
        stepped = selected_inverse(band + 1j * step * meat)
        result = np.empty(self.meat.shape[0])
        result[self.information.order] = -stepped[0].imag / step
        return result


@dataclass(frozen=True, slots=True, eq=False)
class EloCovariance:
    """The CR2 covariance of the reported Elo ratings, by deals.

    Attributes:
        bots: The bots, in the order of the arrays.
        variances: Each reported rating's variance (mean 0 or anchored), in Elo².
        degrees: Each bot's degrees of freedom (Satterthwaite's; infinite for an anchor).
        sandwich: The covariance of the raw log-strengths, for a difference of two bots.
        shares: The deals' results, for the degrees of freedom of a difference.
        influence: How each reported rating moves with each bot's score, when the board is
            small enough for exact degrees of freedom.
        index: Each bot's position in ``bots``.
    """

    bots: tuple[str, ...]
    variances: Floats
    degrees: Floats
    sandwich: Sandwich
    shares: DealShares
    influence: Floats | None
    index: Mapping[str, int]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EloCovariance):
            return NotImplemented
        return (
            self.bots == other.bots
            and np.array_equal(self.variances, other.variances)
            and np.array_equal(self.degrees, other.degrees)
        )

    __hash__ = None  # type: ignore[assignment]

    def variance(self, bot: str, opponent: str | None = None) -> float:
        """The variance of ``bot``'s Elo, or of ``bot``'s minus ``opponent``'s, in Elo²."""
        i = self.index[bot]
        if opponent is None:
            return max(float(self.variances[i]), 0.0)
        j = self.index[opponent]
        column = self.sandwich.column(j)
        raw = self.sandwich.column(i)[i] + column[j] - 2.0 * column[i]
        return max(float(raw) * ELO_PER_NEPER**2, 0.0)

    def degrees_of_freedom(self, bot: str, opponent: str | None = None) -> float:
        """Satterthwaite's degrees of freedom of :meth:`variance` (infinite if it is 0)."""
        i = self.index[bot]
        if opponent is None:
            return float(self.degrees[i])
        j = self.index[opponent]
        if self.influence is not None:
            contrast = self.influence[i] - self.influence[j]
        else:
            contrast = np.zeros(len(self.bots))
            contrast[i], contrast[j] = 1.0, -1.0
        return float(self.shares.degrees(contrast[np.newaxis, :])[0])


def deal_covariance(
    results: PairResults, strengths: Floats, *, prior_games: float, anchor: str | None
) -> EloCovariance:
    """The CR2 covariance by deals of the ratings fitted at ``strengths``.

    Args:
        results: The deals' results per pair.
        strengths: The fitted natural log-strengths (the posterior's maximum).
        prior_games: The prior of the fit (its information is part of ``H``).
        anchor: The bot rated 0, or ``None`` for ratings of mean 0.
    """
    size = len(results.bots)
    expected = logistic(strengths[results.first] - strengths[results.second])
    entry_information = results.weight * expected * (1.0 - expected)
    residual = results.score - results.weight * expected
    phantom = logistic(strengths)
    pair_first, pair_second, entry_pair = results.pair_index()
    games = sums_by(entry_pair, results.weight, len(pair_first))
    pair_expected = logistic(strengths[pair_first] - strengths[pair_second])
    factored = information(
        size,
        pair_first,
        pair_second,
        games * pair_expected * (1.0 - pair_expected),
        prior_games * phantom * (1.0 - phantom),
    )
    inverse = None
    if factored.band is None:
        inverse = scipy.linalg.cho_solve((factored.factor, True), np.eye(size))
    meat = deal_meat(results, entry_information, residual, factored, inverse)
    sandwich = Sandwich(factored, meat, inverse)
    _, starts = np.unique(results.deal, return_index=True)
    shares = DealShares(results.first, results.second, entry_information, starts)
    position = None if anchor is None else results.bots.index(anchor)
    variances = _reported_variances(sandwich, position) * ELO_PER_NEPER**2
    influence = None
    if inverse is not None and size <= EXACT_DEGREES_BOTS:
        shift = inverse.mean(axis=0) if position is None else inverse[position]
        influence = inverse - shift[np.newaxis, :]
        degrees = shares.degrees(influence)
    else:
        degrees = shares.own_degrees(size)
    if position is not None:
        variances[position] = 0.0
        degrees[position] = math.inf
    index = {bot: i for i, bot in enumerate(results.bots)}
    return EloCovariance(results.bots, variances, degrees, sandwich, shares, influence, index)


def _reported_variances(sandwich: Sandwich, anchor: int | None) -> Floats:
    """The diagonal of ``R X R^T``: ``R`` takes the mean, or the anchor, from every rating."""
    diagonal = sandwich.diagonal()
    if anchor is None:
        sums = sandwich.row_sums()
        size = len(sums)
        centred: Floats = diagonal - 2.0 * sums / size + sums.sum() / size**2
        return centred
    column = sandwich.column(anchor)
    anchored: Floats = diagonal - 2.0 * column + column[anchor]
    return anchored

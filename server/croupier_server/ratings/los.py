"""Head-to-head results between two bots and the likelihood of superiority.

The head-to-head table counts the pairwise results (:mod:`~croupier_server.ratings.pairwise`)
of every game where the two bots both sat, with their weights, and the plain counts of
those meetings (ahead, tied, behind) that a person reads. The likelihood of superiority
(LOS) is the probability that the bot is the stronger given its wins and losses against the
opponent, in the normal approximation used by fishtest and the chess programming community:
``LOS = Phi((W - L) / sqrt(W + L))``; draws carry no information about who is stronger.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from croupier_server.ratings.intervals import Interval
from croupier_server.ratings.records import Deal
from croupier_server.ratings.results import DealTables, Floats, Indices, sums_by

__all__ = ["HeadToHead", "head_to_head", "likelihood_of_superiority"]


def likelihood_of_superiority(wins: float, losses: float) -> float:
    """The probability that a bot with ``wins`` and ``losses`` against another is stronger.

    ``LOS(w, l) + LOS(l, w) == 1``; with no decisive game it is 0.5.

    >>> round(likelihood_of_superiority(60, 40), 3)
    0.977
    >>> likelihood_of_superiority(0, 0)
    0.5
    """
    if wins + losses <= 0.0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """The pairwise results of ``bot`` against ``opponent``: weighted, and counted.

    Attributes:
        bot: The bot whose results these are.
        opponent: The other bot.
        games: The total weight of their pairwise results.
        wins: The weight of ``bot``'s wins.
        draws: The weight of the draws.
        losses: The weight of ``bot``'s losses.
        interval: The 95% Wilson interval of :attr:`score`
            (:func:`~croupier_server.ratings.wilson_interval`), taking the pairwise results
            as independent (it ignores that games of one deal are correlated; for that, see
            :func:`~croupier_server.ratings.bootstrap_elo`).
        ahead: The games in which ``bot`` scored more than ``opponent``.
        tied: The games in which they scored the same.
        behind: The games in which ``bot`` scored less.
    """

    bot: str
    opponent: str
    games: float
    wins: float
    draws: float
    losses: float
    interval: Interval
    ahead: int
    tied: int
    behind: int

    @property
    def met(self) -> int:
        """The games they both played (each pair of their seats, if one held two)."""
        return self.ahead + self.tied + self.behind

    @property
    def score(self) -> float:
        """``(wins + draws / 2) / games``."""
        return (self.wins + self.draws / 2.0) / self.games

    @property
    def los(self) -> float:
        """The likelihood that ``bot`` is stronger than ``opponent``."""
        return likelihood_of_superiority(self.wins, self.losses)


def head_to_head(deals: Iterable[Deal] | DealTables) -> dict[tuple[str, str], HeadToHead]:
    """The head-to-head results of every two bots that met, both ways round, sorted.

    Counted from arrays (each pair of seats of two bots in a game an entry), so a board of
    a million games costs array sums and a row per pair of bots that met.

    >>> from croupier_server.ratings import GameOutcome
    >>> table = head_to_head([Deal((GameOutcome(("a", "b", "c"), (3, 2, 1)),))])
    >>> (table["a", "b"].games, table["a", "b"].wins, table["b", "a"].losses)
    (0.5, 0.5, 0.5)
    >>> (table["a", "b"].met, table["a", "b"].ahead, table["b", "a"].behind)
    (1, 1, 1)
    """
    tables = deals if isinstance(deals, DealTables) else DealTables.from_deals(deals)
    lower, higher, outcome, weight = _meetings(tables)
    size = max(len(tables.bots), 1)
    pairs, entry = np.unique(lower * size + higher, return_inverse=True)
    weights = [sums_by(entry, np.where(outcome == k, weight, 0.0), len(pairs)) for k in range(3)]
    counts = [np.bincount(entry[outcome == k], minlength=len(pairs)) for k in range(3)]
    squared = sums_by(entry, weight * weight, len(pairs))
    first, second = pairs // size, pairs % size
    # Each pair both ways round: the second bot's wins are the first's losses.
    bot = np.concatenate([first, second])
    opponent = np.concatenate([second, first])
    wins = np.concatenate([weights[0], weights[2]])
    draws = np.concatenate([weights[1], weights[1]])
    losses = np.concatenate([weights[2], weights[0]])
    ahead = np.concatenate([counts[0], counts[2]])
    tied = np.concatenate([counts[1], counts[1]])
    behind = np.concatenate([counts[2], counts[0]])
    squares = np.concatenate([squared, squared])
    order = np.lexsort([opponent, bot])
    games = wins + draws + losses
    score = np.clip((wins + draws / 2.0) / games, 0.0, 1.0)
    # Weighted results: the effective number of independent results is (sum w)^2 / sum w^2.
    low, high = _wilson(score, games * games / squares)
    names = tables.bots
    return {
        (names[b], names[o]): HeadToHead(
            names[b], names[o], met, won, drawn, lost, Interval(lo, hi), ahead_, tied_, behind_
        )
        for b, o, met, won, drawn, lost, lo, hi, ahead_, tied_, behind_ in zip(
            *(column[order].tolist() for column in (bot, opponent, games, wins, draws, losses)),
            *(column[order].tolist() for column in (low, high, ahead, tied, behind)),
            strict=True,
        )
    }


def _wilson(share: Floats, trials: Floats) -> tuple[Floats, Floats]:
    """:func:`~croupier_server.ratings.wilson_interval` (95%) of each share, as arrays."""
    z = NormalDist().inv_cdf(0.975)
    spread = z * z / trials
    centre = (share + spread / 2.0) / (1.0 + spread)
    half = z * np.sqrt(share * (1.0 - share) / trials + spread / (4.0 * trials)) / (1.0 + spread)
    low: Floats = np.maximum(0.0, np.minimum(share, centre - half))
    high: Floats = np.minimum(1.0, np.maximum(share, centre + half))
    return low, high


def _meetings(tables: DealTables) -> tuple[Indices, Indices, Indices, Floats]:
    """Every pair of seats of two bots in a game, entry by entry.

    Returns:
        The lower bot, the higher, the lower's outcome (0 ahead, 1 tied, 2 behind) and the
        pair's weight.
    """
    parts = [(np.zeros(0, dtype=np.int64),) * 3 + (np.zeros(0),)]
    for seats, scores, _ in tables.tables:
        count = seats.shape[1]
        upper, lower = np.triu_indices(count, k=1)
        first, second = seats[:, upper].ravel(), seats[:, lower].ravel()
        difference = (scores[:, upper] - scores[:, lower]).ravel()
        outcome = np.where(difference > 0, 0, np.where(difference < 0, 2, 1))
        swap = first > second
        distinct = first != second
        parts.append(
            (
                np.where(swap, second, first)[distinct],
                np.where(swap, first, second)[distinct],
                np.where(swap, 2 - outcome, outcome)[distinct],
                np.full(int(distinct.sum()), 1.0 / (count - 1)),
            )
        )
    return (
        np.concatenate([part[0] for part in parts]),
        np.concatenate([part[1] for part in parts]),
        np.concatenate([part[2] for part in parts]),
        np.concatenate([part[3] for part in parts]),
    )

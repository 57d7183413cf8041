"""Head-to-head results between two bots and the likelihood of superiority.

The head-to-head table counts the pairwise results (:mod:`~croupier_server.ratings.pairwise`)
of every game where the two bots both sat, with their weights. The likelihood of superiority
(LOS) is the probability that the bot is the stronger given its wins and losses against the
opponent, in the normal approximation used by fishtest and the chess programming community:
``LOS = Phi((W - L) / sqrt(W + L))``; draws carry no information about who is stronger.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from croupier_server.ratings.intervals import Interval
from croupier_server.ratings.pairwise import pair_results
from croupier_server.ratings.records import Deal

__all__ = ["HeadToHead", "head_to_head", "likelihood_of_superiority"]

_Z95 = 1.959963984540054


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
    """The weighted pairwise results of ``bot`` against ``opponent``.

    Attributes:
        bot: The bot whose results these are.
        opponent: The other bot.
        games: The total weight of their pairwise results.
        wins: The weight of ``bot``'s wins.
        draws: The weight of the draws.
        losses: The weight of ``bot``'s losses.
        interval: A 95% normal interval of :attr:`score`, taking the pairwise results as
            independent (it ignores that games of one deal are correlated; for that, see
            :func:`~croupier_server.ratings.bootstrap_elo`).
    """

    bot: str
    opponent: str
    games: float
    wins: float
    draws: float
    losses: float
    interval: Interval

    @property
    def score(self) -> float:
        """``(wins + draws / 2) / games``."""
        return (self.wins + self.draws / 2.0) / self.games

    @property
    def los(self) -> float:
        """The likelihood that ``bot`` is stronger than ``opponent``."""
        return likelihood_of_superiority(self.wins, self.losses)


def head_to_head(deals: Iterable[Deal]) -> dict[tuple[str, str], HeadToHead]:
    """The head-to-head results of every two bots that met, both ways round.

    >>> from croupier_server.ratings import GameOutcome
    >>> table = head_to_head([Deal((GameOutcome(("a", "b", "c"), (3, 2, 1)),))])
    >>> (table["a", "b"].games, table["a", "b"].wins, table["b", "a"].losses)
    (0.5, 0.5, 0.5)
    """
    # Per ordered pair: [wins, draws, losses, sum of squared weights].
    counts: dict[tuple[str, str], list[float]] = {}
    for deal in deals:
        for game in deal.games:
            for result in pair_results(game):
                _count(counts, result.bot, result.opponent, result.score, result.weight)
                _count(counts, result.opponent, result.bot, 1.0 - result.score, result.weight)
    return {
        (bot, opponent): _row(bot, opponent, row) for (bot, opponent), row in sorted(counts.items())
    }


def _count(
    counts: dict[tuple[str, str], list[float]], bot: str, opponent: str, score: float, weight: float
) -> None:
    row = counts.setdefault((bot, opponent), [0.0, 0.0, 0.0, 0.0])
    row[0 if score == 1.0 else 1 if score == 0.5 else 2] += weight
    row[3] += weight * weight


def _row(bot: str, opponent: str, row: list[float]) -> HeadToHead:
    wins, draws, losses, squares = row
    games = wins + draws + losses
    score = (wins + draws / 2.0) / games
    variance = (wins + draws / 4.0) / games - score * score
    # Weighted results: the effective number of independent results is (sum w)^2 / sum w^2.
    half_width = _Z95 * math.sqrt(max(variance, 0.0) * squares) / games
    interval = Interval(max(0.0, score - half_width), min(1.0, score + half_width))
    return HeadToHead(bot, opponent, games, wins, draws, losses, interval)

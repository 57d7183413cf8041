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
from dataclasses import dataclass, field

from croupier_server.ratings.intervals import Interval, wilson_interval
from croupier_server.ratings.pairwise import pair_results
from croupier_server.ratings.records import Deal

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


def head_to_head(deals: Iterable[Deal]) -> dict[tuple[str, str], HeadToHead]:
    """The head-to-head results of every two bots that met, both ways round.

    >>> from croupier_server.ratings import GameOutcome
    >>> table = head_to_head([Deal((GameOutcome(("a", "b", "c"), (3, 2, 1)),))])
    >>> (table["a", "b"].games, table["a", "b"].wins, table["b", "a"].losses)
    (0.5, 0.5, 0.5)
    >>> (table["a", "b"].met, table["a", "b"].ahead, table["b", "a"].behind)
    (1, 1, 1)
    """
    counts: dict[tuple[str, str], _Tally] = {}
    for deal in deals:
        for game in deal.games:
            for result in pair_results(game):
                _count(counts, result.bot, result.opponent, result.score, result.weight)
                _count(counts, result.opponent, result.bot, 1.0 - result.score, result.weight)
    return {
        (bot, opponent): _row(bot, opponent, tally)
        for (bot, opponent), tally in sorted(counts.items())
    }


@dataclass(slots=True)
class _Tally:
    """One ordered pair's results so far: weights by outcome and counts by outcome."""

    weights: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    """Wins, draws and losses, weighted."""
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Games ahead, tied and behind."""
    squared_weights: float = 0.0


def _count(
    counts: dict[tuple[str, str], _Tally], bot: str, opponent: str, score: float, weight: float
) -> None:
    tally = counts.setdefault((bot, opponent), _Tally())
    outcome = 0 if score == 1.0 else 1 if score == 0.5 else 2
    tally.weights[outcome] += weight
    tally.counts[outcome] += 1
    tally.squared_weights += weight * weight


def _row(bot: str, opponent: str, tally: _Tally) -> HeadToHead:
    wins, draws, losses = tally.weights
    games = wins + draws + losses
    score = (wins + draws / 2.0) / games
    # Weighted results: the effective number of independent results is (sum w)^2 / sum w^2.
    interval = wilson_interval(min(max(score, 0.0), 1.0), games * games / tally.squared_weights)
    ahead, tied, behind = tally.counts
    return HeadToHead(bot, opponent, games, wins, draws, losses, interval, ahead, tied, behind)

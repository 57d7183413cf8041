"""A multiplayer game as results between pairs of seats.

Every two seats of a game meet once: the seat with the higher final score wins (1), equal
scores draw (0.5). In a game of ``n`` seats each of the ``n(n-1)/2`` pairs has weight
``1/(n-1)``, so each seat takes part in pairs of total weight exactly 1: a seat's game counts
as one game against the field, whatever the number of seats (a 5-player game is 10 pairs of
weight 1/4: 2.5 games in all, one per seat and two seats per game). Pairs of seats held by the
same bot are skipped; the bot's weight in that game is then less than 1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from croupier_server.ratings.records import Deal, GameOutcome

__all__ = [
    "Contribution",
    "PairResult",
    "PairTally",
    "deal_contributions",
    "pair_results",
    "pair_weights_per_seat",
    "tally_pairs",
]


@dataclass(frozen=True, slots=True)
class PairResult:
    """The result of one pair of seats of a game, from the first seat's side.

    Attributes:
        bot: The bot in the earlier seat.
        opponent: The bot in the later seat.
        score: ``bot``'s result: 1 for a win, 0.5 for a draw, 0 for a loss.
        weight: ``1/(n-1)`` in a game of ``n`` seats.
    """

    bot: str
    opponent: str
    score: float
    weight: float


def pair_results(game: GameOutcome) -> list[PairResult]:
    """Every pair of seats of ``game`` held by two different bots, in seat order.

    >>> results = pair_results(GameOutcome(("a", "b", "c"), (3, 1, 3)))
    >>> [(r.bot, r.opponent, r.score, r.weight) for r in results]
    [('a', 'b', 1.0, 0.5), ('a', 'c', 0.5, 0.5), ('b', 'c', 0.0, 0.5)]
    """
    seats = len(game.bots)
    weight = 1.0 / (seats - 1)
    results = []
    for first in range(seats):
        for second in range(first + 1, seats):
            bot, opponent = game.bots[first], game.bots[second]
            if bot == opponent:
                continue
            results.append(PairResult(bot, opponent, _score(game, first, second), weight))
    return results


def _score(game: GameOutcome, first: int, second: int) -> float:
    difference = game.scores[first] - game.scores[second]
    return 1.0 if difference > 0 else 0.0 if difference < 0 else 0.5


@dataclass(frozen=True, slots=True)
class PairTally:
    """The weighted results between every two bots, summed over games.

    Attributes:
        bots: Every bot, sorted by name; the indices in ``pairs`` refer to this order.
        pairs: ``(i, j)`` with ``i < j`` for every two bots that met, sorted.
        games: The total weight of the results between ``pairs[k]``.
        scores: The weighted score of ``bots[i]`` against ``bots[j]`` for ``pairs[k]``.
    """

    bots: tuple[str, ...]
    pairs: tuple[tuple[int, int], ...]
    games: tuple[float, ...]
    scores: tuple[float, ...]


def tally_pairs(deals: Iterable[Deal]) -> PairTally:
    """The pairwise results of every game of ``deals``, summed per pair of bots.

    The sums are exactly rounded (:func:`math.fsum`), so the tally does not depend on the
    order of the deals.

    >>> won, drawn = GameOutcome(("a", "b"), (2, 1)), GameOutcome(("b", "a"), (1, 1))
    >>> tally = tally_pairs([Deal((won, drawn))])
    >>> tally.bots, tally.pairs, tally.games, tally.scores
    (('a', 'b'), ((0, 1),), (2.0,), (1.5,))
    """
    bots, pairs, contributions = deal_contributions(deals)
    games: list[list[float]] = [[] for _ in pairs]
    scores: list[list[float]] = [[] for _ in pairs]
    for contribution in contributions:
        for pair, weight, score in contribution:
            games[pair].append(weight)
            scores[pair].append(score)
    return PairTally(
        bots,
        pairs,
        tuple(math.fsum(column) for column in games),
        tuple(math.fsum(column) for column in scores),
    )


Contribution: TypeAlias = list[tuple[int, float, float]]
"""One deal's ``(pair index, weight, weighted score of the lower-indexed bot)`` entries."""


def deal_contributions(
    deals: Iterable[Deal],
) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...], list[Contribution]]:
    """The bots, the pairs that met, and each deal's results summed per pair.

    The building block of :func:`tally_pairs` and of the bootstrap, which resamples the
    deals' contributions rather than the games.
    """
    deals = list(deals)
    names = sorted({bot for deal in deals for bot in deal.bots})
    index = {name: i for i, name in enumerate(names)}
    per_deal: list[dict[tuple[int, int], list[float]]] = []
    for deal in deals:
        sums: dict[tuple[int, int], list[float]] = {}
        for game in deal.games:
            for result in pair_results(game):
                i, j, score = index[result.bot], index[result.opponent], result.score
                if i > j:
                    i, j, score = j, i, 1.0 - score
                entry = sums.setdefault((i, j), [0.0, 0.0])
                entry[0] += result.weight
                entry[1] += result.weight * score
        per_deal.append(sums)
    pairs = tuple(sorted({pair for sums in per_deal for pair in sums}))
    pair_index = {pair: k for k, pair in enumerate(pairs)}
    contributions = [
        [(pair_index[pair], weight, score) for pair, (weight, score) in sums.items()]
        for sums in per_deal
    ]
    return tuple(names), pairs, contributions


def pair_weights_per_seat(game: GameOutcome) -> Sequence[float]:
    """The total pair weight of each seat of ``game``: 1 unless a bot holds two seats.

    >>> pair_weights_per_seat(GameOutcome(("a", "b", "c", "d", "e"), (5, 4, 3, 2, 1)))
    [1.0, 1.0, 1.0, 1.0, 1.0]
    >>> pair_weights_per_seat(GameOutcome(("a", "b", "a"), (1, 2, 3)))
    [0.5, 1.0, 0.5]
    """
    seats = len(game.bots)
    return [
        sum(1.0 / (seats - 1) for other in range(seats) if game.bots[other] != game.bots[seat])
        for seat in range(seats)
    ]

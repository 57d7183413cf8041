"""Each bot's Bradley-Terry Elo as its games came in, on the scale of the standings.

The standings rate a board with one fit over all its deals (:func:`~.fit_elo`, mean 0 over
its bots). A bot's history is that same fit over the deals played up to a moment, at
``moments`` moments evenly spaced over the deals, the last deal always one of them: each
point has the mean of the bots that had played by then at 0, and the last point of every
history is the bot's Elo in the standings. A fit after every game would cost a fit per
game; this costs ``moments`` fits over running sums, each started from the one before.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier_server.ratings.elo import ELO_PER_NEPER, fit_log_strengths
from croupier_server.ratings.pairwise import deal_contributions
from croupier_server.ratings.records import Deal

__all__ = ["HISTORY_MOMENTS", "EloHistory", "elo_histories"]

HISTORY_MOMENTS = 120
"""How many moments of a board its histories are fitted at, by default."""

EloHistory = tuple[tuple[int, float], ...]
"""``(games the bot had played, its Elo then)``, oldest first, at most one point per count."""

_TOLERANCE = 1e-6 / ELO_PER_NEPER
"""Stop a fit when no rating moves by more than a millionth of an Elo point in a sweep."""


def elo_histories(
    deals: Sequence[Deal], *, moments: int = HISTORY_MOMENTS, prior_games: float = 1.0
) -> dict[str, EloHistory]:
    """The Elo of every bot of ``deals`` after each of ``moments`` stretches of them.

    A bot's games are the seats it held. When a bot played no game between two moments,
    its point at the later one replaces the earlier (the others' results moved it).

    Args:
        deals: The duplicate sets, in the order they were played.
        moments: How many moments to fit at (at least 1), evenly spaced over ``deals``.
        prior_games: As in :func:`~croupier_server.ratings.fit_elo`.

    >>> from croupier_server.ratings import GameOutcome
    >>> won = Deal((GameOutcome(("a", "b"), (1, 0)),))
    >>> histories = elo_histories([won, won, won], moments=2)
    >>> {bot: [(games, round(elo)) for games, elo in h] for bot, h in histories.items()}
    {'a': [(1, 131), (3, 203)], 'b': [(1, -131), (3, -203)]}
    """
    if moments < 1:
        raise ValueError(f"a history needs at least one moment, not {moments}")
    bots, pairs, contributions = deal_contributions(deals)
    games = [0.0] * len(pairs)
    scores = [0.0] * len(pairs)
    seats = [0] * len(bots)
    strengths = [0.0] * len(bots)
    index = {bot: i for i, bot in enumerate(bots)}
    histories: list[list[tuple[int, float]]] = [[] for _ in bots]
    fitted_at = _moments(len(contributions), moments)
    for number, (deal, contribution) in enumerate(zip(deals, contributions, strict=True)):
        for pair, weight, score in contribution:
            games[pair] += weight
            scores[pair] += score
        for game in deal.games:
            for bot in game.bots:
                seats[index[bot]] += 1
        if number in fitted_at:
            played = [i for i, count in enumerate(seats) if count]
            elo = _fit(
                played,
                pairs=pairs,
                games=games,
                scores=scores,
                strengths=strengths,
                prior_games=prior_games,
            )
            for i, rating in zip(played, elo, strict=True):
                history = histories[i]
                if history and history[-1][0] == seats[i]:
                    history.pop()
                history.append((seats[i], rating))
    return {bot: tuple(history) for bot, history in zip(bots, histories, strict=True)}


def _moments(deals: int, moments: int) -> set[int]:
    """The indices of the deals after which to fit: evenly spaced, the last one always.

    >>> sorted(_moments(10, 4))
    [0, 3, 6, 9]
    >>> sorted(_moments(3, 1))
    [2]
    """
    if deals <= moments:
        return set(range(deals))
    if moments == 1:
        return {deals - 1}
    return {round(k * (deals - 1) / (moments - 1)) for k in range(moments)}


def _fit(
    played: list[int],
    *,
    pairs: Sequence[tuple[int, int]],
    games: Sequence[float],
    scores: Sequence[float],
    strengths: list[float],
    prior_games: float,
) -> list[float]:
    """The Elo (mean 0) of the ``played`` bots; ``strengths`` keeps them for the next fit."""
    local = {bot: i for i, bot in enumerate(played)}
    met = [k for k, weight in enumerate(games) if weight > 0.0]
    fitted = fit_log_strengths(
        len(played),
        [(local[pairs[k][0]], local[pairs[k][1]]) for k in met],
        [games[k] for k in met],
        [scores[k] for k in met],
        prior_games=prior_games,
        start=[strengths[bot] for bot in played],
        tolerance=_TOLERANCE,
        max_iterations=10_000,
    )
    for bot, strength in zip(played, fitted, strict=True):
        strengths[bot] = strength
    mean = sum(fitted) / len(fitted)
    return [(strength - mean) * ELO_PER_NEPER for strength in fitted]

"""Incremental Elo for a live leaderboard: one update per game, as it ends.

A game is decomposed into pairs of seats as in :mod:`~croupier_server.ratings.pairwise`
(weight ``1/(n-1)`` per pair), and every seat moves by
``k * sum(weight * (score - expected))`` over its pairs, all computed from the ratings before
the game. A two-player game is thus the classic Elo update, and a seat of a multiplayer game
moves at most ``k`` like a seat of a two-player game. The batch fit
(:func:`~croupier_server.ratings.fit_elo`) is the reference; this one follows recent form and
depends on the order of the games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from croupier_server.ratings.elo import expected_score
from croupier_server.ratings.pairwise import pair_results
from croupier_server.ratings.records import GameOutcome

__all__ = ["replay_online_elo", "update_online_elo"]


def update_online_elo(
    ratings: Mapping[str, float], game: GameOutcome, *, k: float = 16.0, initial: float = 1500.0
) -> dict[str, float]:
    """The ratings after ``game``; a bot not yet rated starts at ``initial``.

    >>> update_online_elo({}, GameOutcome(("a", "b"), (1, 0)))
    {'a': 1508.0, 'b': 1492.0}
    """
    updated = dict(ratings)
    for bot in game.bots:
        updated.setdefault(bot, initial)
    deltas = dict.fromkeys(game.bots, 0.0)
    for result in pair_results(game):
        expected = expected_score(updated[result.bot] - updated[result.opponent])
        change = k * result.weight * (result.score - expected)
        deltas[result.bot] += change
        deltas[result.opponent] -= change
    for bot, delta in deltas.items():
        updated[bot] += delta
    return updated


def replay_online_elo(
    games: Iterable[GameOutcome], *, k: float = 16.0, initial: float = 1500.0
) -> dict[str, float]:
    """The ratings after ``games``, in order, from nothing.

    >>> ratings = replay_online_elo([GameOutcome(("a", "b"), (1, 0))] * 2, k=32)
    >>> {bot: round(elo, 1) for bot, elo in ratings.items()}
    {'a': 1530.5, 'b': 1469.5}
    """
    ratings: dict[str, float] = {}
    for game in games:
        ratings = update_online_elo(ratings, game, k=k, initial=initial)
    return ratings

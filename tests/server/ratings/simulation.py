"""Tournaments between simulated bots of known strength, for the ratings tests and bench.

A bot's true Elo ``r`` is a log-strength ``u = r / ELO_PER_NEPER``. A seat's final score is
``u + luck + G`` with ``G`` a standard Gumbel draw: the seats are ranked as in a
Plackett-Luce model, and any two seats compare as in the logistic (Bradley-Terry) model, so
the pairwise Elo fit is exactly right when there is no luck. ``luck`` is a normal draw per
seat of a deal, shared by every game of that deal: the cards that favour a seat. Duplicate
deals rotate the bots through the seats, so each bot gets every seat's luck once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from croupier_server.ratings import ELO_PER_NEPER, Deal, GameOutcome, bootstrap_elo


def field(elos: Sequence[float]) -> dict[str, float]:
    """Bots named ``b0``, ``b1``, ... with true Elos ``elos``, centred to mean 0."""
    mean = sum(elos) / len(elos)
    return {f"b{i}": elo - mean for i, elo in enumerate(elos)}


def play(
    true_elo: Mapping[str, float], bots: Sequence[str], luck: Sequence[float], rng: random.Random
) -> GameOutcome:
    """One game: ``bots[k]`` in seat ``k``, whose luck is ``luck[k]``."""
    scores = tuple(
        true_elo[bot] / ELO_PER_NEPER + seat_luck - math.log(-math.log(1.0 - rng.random()))
        for bot, seat_luck in zip(bots, luck, strict=True)
    )
    return GameOutcome(tuple(bots), scores)


def tournament(
    true_elo: Mapping[str, float],
    *,
    games: int,
    seats: int = 2,
    duplicate: bool = True,
    luck: float = 0.0,
    seed: int = 0,
) -> list[Deal]:
    """About ``games`` games between random tables of ``seats`` distinct bots.

    Duplicate: deals of ``seats`` games, one per rotation of the table, sharing the luck.
    Otherwise: every game is its own deal with its own luck.
    """
    rng = random.Random(seed)
    names = sorted(true_elo)
    deals = []
    for _ in range(max(1, games // seats)):
        table = rng.sample(names, seats)
        if duplicate:
            seat_luck = [rng.gauss(0.0, luck) for _ in range(seats)]
            rotations = [table[k:] + table[:k] for k in range(seats)]
            deals.append(Deal(tuple(play(true_elo, bots, seat_luck, rng) for bots in rotations)))
        else:
            for k in range(seats):
                seat_luck = [rng.gauss(0.0, luck) for _ in range(seats)]
                deals.append(Deal((play(true_elo, table[k:] + table[:k], seat_luck, rng),)))
    return deals


def duplicate_advantage(
    true_elo: Mapping[str, float],
    *,
    games: int,
    seats: int = 2,
    luck: float = 1.5,
    resamples: int = 100,
    seed: int = 0,
) -> float:
    """How many times more games random deals need than duplicate deals, same precision.

    Both designs play ``games`` games on the same bots; the ratio is the square of the
    ratio of their mean 95% bootstrap interval widths (the width shrinks as one over the
    square root of the number of games).
    """
    widths = []
    for duplicate in (False, True):
        deals = tournament(
            true_elo, games=games, seats=seats, duplicate=duplicate, luck=luck, seed=seed
        )
        fit = bootstrap_elo(deals, resamples=resamples, seed=seed)
        widths.append(sum(fit.interval(bot).width for bot in true_elo) / len(true_elo))
    return (widths[0] / widths[1]) ** 2

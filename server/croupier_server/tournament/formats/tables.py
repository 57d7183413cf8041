"""Tables of bots for the static formats, and the games of their deals.

A deal is one seed: with duplicate play it is played once per cyclic rotation of its
table, so every bot holds every seat of the deal and the cards' luck cancels out.

- Two seats: every pair of bots plays ``deals`` deals.
- Tables of three or more seats: ``deals`` tables in all, rounded up so every bot sits at
  as many tables as every other. When there are no more combinations of bots than tables,
  the tables cycle through every combination (rounded up to whole cycles); otherwise they
  are chosen greedily so the bots meet one another about equally often.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from croupier_server.tournament.formats._api import ScheduledGame, deal_seed

__all__ = ["Table", "deal_games", "field_tables"]

Table = tuple[str, ...]
"""The bots of a table, before it is rotated."""


def deal_games(tables: Iterable[Table], *, seed: int, duplicate: bool) -> list[ScheduledGame]:
    """The games of ``tables``, deal ``d`` at table ``d``, numbered in order.

    Args:
        tables: One table per deal.
        seed: The tournament seed.
        duplicate: Play each deal in every rotation of its table (else once, rotated by
            the deal's number).

    >>> [(g.deal, g.bots) for g in deal_games([("a", "b")], seed=0, duplicate=True)]
    [(0, ('a', 'b')), (0, ('b', 'a'))]
    """
    games: list[ScheduledGame] = []
    for deal, table in enumerate(tables):
        rotations = range(len(table)) if duplicate else [deal % len(table)]
        for rotation in rotations:
            games.append(
                ScheduledGame(
                    number=len(games),
                    deal=deal,
                    rotation=rotation,
                    bots=table[rotation:] + table[:rotation],
                    seed=deal_seed(seed, deal),
                )
            )
    return games


def field_tables(
    bots: Sequence[str], size: int, deals: int, rng: random.Random, *, pairs: bool | None = None
) -> list[Table]:
    """Tables of ``size`` from ``bots``; ``pairs``: every combination plays ``deals`` times.

    ``pairs`` is the rule of two seats unless given: a gauntlet's field tables of two (a
    challenger's table of three) balance like tables of three.

    >>> field_tables(["a", "b", "c"], 2, 1, random.Random(0))
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    combinations = list(itertools.combinations(bots, size))
    if pairs if pairs is not None else size == 2:
        return [table for table in combinations for _ in range(deals)]
    if len(combinations) <= deals:
        return combinations * math.ceil(deals / len(combinations))
    count = deals
    while count * size % len(bots):
        count += 1
    return _balanced_tables(list(bots), size, count, rng)


def _balanced_tables(bots: list[str], size: int, count: int, rng: random.Random) -> list[Table]:
    """``count`` tables: every bot at as many as possible, pairs meeting about equally.

    Each table takes the bots that have sat least so far (so their counts never differ by
    more than one), preferring among them those that have met the table's bots least.
    """
    sat: Counter[str] = Counter()
    met: Counter[frozenset[str]] = Counter()
    tables: list[Table] = []
    for _ in range(count):
        table: list[str] = []
        for _ in range(size):
            candidates = [bot for bot in bots if bot not in table]
            rng.shuffle(candidates)
            chosen = min(
                candidates,
                key=lambda bot: (sat[bot], sum(met[frozenset((bot, o))] for o in table)),
            )
            table.append(chosen)
        for bot in table:
            sat[bot] += 1
        for pair in itertools.combinations(table, 2):
            met[frozenset(pair)] += 1
        tables.append(tuple(sorted(table, key=bots.index)))
    return tables

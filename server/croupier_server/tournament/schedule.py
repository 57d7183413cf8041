"""The games of a tournament, in order: who sits where on which deal, with which seed.

A deal is one seed: with duplicate play it is played once per cyclic rotation of its
table, so every bot holds every seat of the deal and the cards' luck cancels out.

- Two seats: every pair of bots plays ``deals`` deals.
- Tables of three or more seats: ``deals`` tables in all, rounded up so every bot sits at
  as many tables as every other. When there are no more combinations of bots than tables,
  the tables cycle through every combination (rounded up to whole cycles); otherwise they
  are chosen greedily so the bots meet one another about equally often.
- One seat (solitaire): every bot plays the same ``deals`` deals.
- A gauntlet: each challenger against the rest of the field only.

Everything follows from the tournament seed: the same arguments give the same schedule.
"""

from __future__ import annotations

import enum
import hashlib
import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.games import Game

__all__ = ["ScheduleFormat", "ScheduledGame", "deal_seed", "schedule", "stored_schedule"]

Table = tuple[str, ...]


class ScheduleFormat(enum.StrEnum):
    """Who meets whom."""

    ROUND_ROBIN = "round-robin"
    GAUNTLET = "gauntlet"


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of a tournament.

    Attributes:
        number: Its 0-based place in the schedule, unique within the tournament.
        deal: The deal it plays; the games of a deal share its seed.
        rotation: How far the deal's table is rotated: seat ``i`` holds table bot ``i + r``.
        bots: The bot in each seat, in seat order.
        seed: The deal's seed.
    """

    number: int
    deal: int
    rotation: int
    bots: tuple[str, ...]
    seed: int


def deal_seed(tournament_seed: int, deal: int) -> int:
    """The seed of deal number ``deal``: a signed 64-bit value derived from the tournament's.

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"croupier/{tournament_seed}/{deal}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big", signed=True)


def schedule(
    bots: Sequence[str],
    *,
    seats: int,
    deals: int,
    seed: int,
    schedule_format: ScheduleFormat = ScheduleFormat.ROUND_ROBIN,
    challengers: Sequence[str] = (),
    duplicate: bool = True,
) -> list[ScheduledGame]:
    """The games of a tournament between ``bots`` at tables of ``seats``.

    Args:
        bots: The entrants, each named once.
        seats: The seats of a game.
        deals: Deals per pair (two seats), tables in all (more seats), deals (one seat).
        seed: The tournament seed.
        schedule_format: Round robin, or a gauntlet of ``challengers`` against the rest.
        challengers: The gauntlet's challengers (some of ``bots``).
        duplicate: Play each deal in every rotation of its table (else once, rotated by
            the deal's number).

    Raises:
        ValueError: too few bots for a table, a repeated or unknown name, no deals.

    >>> [(g.deal, g.bots) for g in schedule(["a", "b", "c"], seats=2, deals=1, seed=0)]
    [(0, ('a', 'b')), (0, ('b', 'a')), (1, ('a', 'c')), (1, ('c', 'a')), (2, ('b', 'c')), (2, ('c', 'b'))]
    """  # noqa: E501
    if seats == 1:  # solitaire: every bot plays each deal once
        _check(list(bots), seats=seats, deals=deals)
        solo = [(deal, bot) for deal in range(deals) for bot in bots]
        return [
            ScheduledGame(number, deal, 0, (bot,), deal_seed(seed, deal))
            for number, (deal, bot) in enumerate(solo)
        ]
    tables = _tables(
        list(bots),
        seats=seats,
        deals=deals,
        seed=seed,
        schedule_format=schedule_format,
        challengers=list(challengers),
    )
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


def _tables(
    bots: list[str],
    *,
    seats: int,
    deals: int,
    seed: int,
    schedule_format: ScheduleFormat,
    challengers: list[str],
) -> list[Table]:
    _check(bots, seats=seats, deals=deals)
    rng = random.Random(seed)
    if schedule_format is ScheduleFormat.ROUND_ROBIN:
        if challengers:
            raise ValueError("challengers are for a gauntlet")
        return _field_tables(bots, seats, deals, rng)
    unknown = [bot for bot in challengers if bot not in bots]
    if not challengers or unknown or len(set(challengers)) != len(challengers):
        raise ValueError(f"a gauntlet needs challengers among the bots, not {challengers}")
    rest = [bot for bot in bots if bot not in challengers]
    if len(rest) < seats - 1:
        raise ValueError(f"a gauntlet at tables of {seats} needs {seats - 1} bots besides")
    return [
        (challenger, *table)
        for challenger in challengers
        for table in _field_tables(rest, seats - 1, deals, rng, pairs=seats == 2)
    ]


def _check(bots: list[str], *, seats: int, deals: int) -> None:
    if seats < 1 or deals < 1:
        raise ValueError("a tournament needs at least one seat and one deal")
    if len(set(bots)) != len(bots):
        raise ValueError("each bot may enter once")
    if len(bots) < seats:
        raise ValueError(f"{len(bots)} bots cannot fill a table of {seats} seats")


def _field_tables(
    bots: list[str], size: int, deals: int, rng: random.Random, *, pairs: bool | None = None
) -> list[Table]:
    """Tables of ``size`` from ``bots``; ``pairs``: every combination plays ``deals`` times."""
    combinations = list(itertools.combinations(bots, size))
    if pairs if pairs is not None else size == 2:
        return [table for table in combinations for _ in range(deals)]
    if len(combinations) <= deals:
        return combinations * math.ceil(deals / len(combinations))
    count = deals
    while count * size % len(bots):
        count += 1
    return _balanced_tables(bots, size, count, rng)


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


def stored_schedule(
    game: Game[Any], schedule_format: ScheduleFormat, settings: Mapping[str, Any]
) -> list[ScheduledGame]:
    """The schedule of a tournament of ``game`` from its stored settings.

    Raises:
        ValueError: the settings ask for an impossible schedule.
    """
    return schedule(
        settings["bots"],
        seats=game.num_players,
        deals=settings["deals"],
        seed=settings["seed"],
        schedule_format=schedule_format,
        challengers=settings["challengers"],
        duplicate=settings["duplicate"],
    )

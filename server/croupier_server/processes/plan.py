"""Which bot processes the games waiting would play in: what to start ahead, what to end.

Pure functions of the processes a pool holds and the games waiting, in the order they will
be played, for :mod:`.pool`. A process plays one game at a time: the ``concurrency`` games
from the one it plays on are taken to be played at once, so it plays none of the others.
A process that plays a game now is back for the games waiting (except in fresh mode, where
it ends with its game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from croupier_server.processes.mode import ProcessMode

__all__ = ["DealTable", "Held", "Plan", "Table", "may_play", "plan_processes", "reuse_needs"]


class Table(Protocol):
    """A game to be played, as the pool sees it (a tournament's ``ScheduledGame``)."""

    @property
    def deal(self) -> int:
        """The deal it plays: in fair mode no process plays two games of one deal."""
        ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot in each seat, in seat order."""
        ...


@dataclass(frozen=True, slots=True)
class DealTable:
    """A :class:`Table` of its own, for a game known by its row rather than its format."""

    deal: int
    bots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Held:
    """A process of the pool as the plan sees it: its bot and what it has played."""

    bot: str
    deals: frozenset[int] = frozenset()
    games: int = 0


@dataclass(frozen=True, slots=True)
class Plan:
    """Who would play the games waiting.

    Attributes:
        missing: The processes to start, each as (bot, index of the first game it plays).
        first_use: For each process held (by its index), the index of the first game it
            would play; a process missing there plays none of the games.
    """

    missing: tuple[tuple[str, int], ...]
    first_use: dict[int, int]


def may_play(mode: ProcessMode, deals: Collection[int], games: int, deal: int) -> bool:
    """Whether a process that played ``games`` games of ``deals`` may play a game of ``deal``.

    >>> may_play(ProcessMode.FAIR, {1, 2}, 2, 3), may_play(ProcessMode.FAIR, {1, 2}, 2, 2)
    (True, False)
    >>> may_play(ProcessMode.FRESH, set(), 0, 2), may_play(ProcessMode.FRESH, {1}, 1, 2)
    (True, False)
    """
    if mode is ProcessMode.FRESH:
        return games == 0
    return mode is ProcessMode.REUSE or deal not in deals


@dataclass(eq=False)
class _Slot:
    bot: str
    held: int | None
    deals: set[int] = field(default_factory=set)
    games: int = 0
    free_at: int = 0


def plan_processes(
    held: Sequence[Held],
    games: Sequence[Table],
    *,
    mode: ProcessMode,
    concurrency: int,
    bots: Collection[str],
) -> Plan:
    """Seat the ``games`` waiting in order, each seat of a bot among ``bots`` in a process.

    Each takes the first process of its bot that the mode lets play the game and plays no
    game of the ``concurrency`` before it, held or to start; else one more is to start.

    >>> game = DealTable(deal=7, bots=("a", "b"))
    >>> plan = plan_processes([Held("a", frozenset({7}))], [game], mode=ProcessMode.FAIR,
    ...                       concurrency=2, bots={"a", "b"})
    >>> plan.missing, plan.first_use
    ((('a', 0), ('b', 0)), {})
    """
    slots = [
        _Slot(process.bot, number, set(process.deals), process.games)
        for number, process in enumerate(held)
    ]
    missing: list[tuple[str, int]] = []
    first_use: dict[int, int] = {}
    for index, game in enumerate(games):
        for name in game.bots:
            if name not in bots:
                continue
            slot = next(
                (
                    slot
                    for slot in slots
                    if slot.bot == name
                    and slot.free_at <= index
                    and may_play(mode, slot.deals, slot.games, game.deal)
                ),
                None,
            )
            if slot is None:
                slot = _Slot(name, None)
                slots.append(slot)
                missing.append((name, index))
            elif slot.held is not None:
                first_use.setdefault(slot.held, index)
            slot.deals.add(game.deal)
            slot.games += 1
            slot.free_at = index + concurrency
    return Plan(tuple(missing), first_use)


def reuse_needs(
    held: Sequence[Held], games: Sequence[Table], *, concurrency: int, bots: Collection[str]
) -> list[tuple[str, int]]:
    """Reuse: the processes to start so each bot of ``games`` has what it may need at once.

    As many as it takes seats at the tables of ``concurrency`` games, or of the games it
    plays if fewer: a process that plays any game needs no other then. Each is given as
    (bot, index of its first game).

    >>> pairs = enumerate(["ab", "ac", "bc"])
    >>> tables = [DealTable(n, tuple(bots)) for n, bots in pairs]
    >>> reuse_needs([Held("a")], tables, concurrency=2, bots={"a", "b", "c"})
    [('a', 0), ('b', 0), ('b', 0), ('c', 1), ('c', 1)]
    """
    tables: Counter[str] = Counter()
    most_seats: dict[str, int] = {}
    first: dict[str, int] = {}
    for index, game in enumerate(games):
        for name, seats in Counter(game.bots).items():
            if name in bots:
                tables[name] += 1
                most_seats[name] = max(most_seats.get(name, 0), seats)
                first.setdefault(name, index)
    have = Counter(process.bot for process in held)
    return [
        (name, first[name])
        for name in first
        for _ in range(min(concurrency, tables[name]) * most_seats[name] - have[name])
    ]

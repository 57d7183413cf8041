"""The plan of which processes the games waiting play in: what to start ahead, what to end."""

from __future__ import annotations

import pytest

from croupier_server.processes.plan import Held, plan_processes, reuse_needs
from croupier_server.processes.pool import process_cap
from croupier_server.tournament.formats import ScheduledGame
from croupier_server.tournament.settings import ProcessMode

FAIR, FRESH, REUSE = ProcessMode.FAIR, ProcessMode.FRESH, ProcessMode.REUSE


def games(*tables: tuple[int, str]) -> list[ScheduledGame]:
    """Games numbered in order, each (deal, its bots as letters)."""
    return [
        ScheduledGame(number, deal, 0, tuple(bots), deal)
        for number, (deal, bots) in enumerate(tables)
    ]


DUPLICATE_PAIRS = games((0, "ab"), (0, "ba"), (1, "ab"), (1, "ba"))
"""Two deals of a pair of bots, each from both seats."""


@pytest.mark.parametrize(
    ("mode", "concurrency", "waiting", "missing"),
    [
        # Each rotation of a deal needs a process of its own; the next deal takes them again.
        (FAIR, 2, DUPLICATE_PAIRS, [("a", 0), ("b", 0), ("b", 1), ("a", 1)]),
        (FAIR, 1, DUPLICATE_PAIRS, [("a", 0), ("b", 0), ("b", 1), ("a", 1)]),
        # Fresh: a process per seat of every game.
        (
            FRESH,
            2,
            DUPLICATE_PAIRS,
            [(bot, n) for n, g in enumerate(DUPLICATE_PAIRS) for bot in g.bots],
        ),
        # Reuse, one game at a time: one process a bot plays everything.
        (REUSE, 1, DUPLICATE_PAIRS, [("a", 0), ("b", 0)]),
        # Two games at once need two processes of a bot in both, whatever their deals.
        (REUSE, 2, games((0, "ab"), (1, "ac")), [("a", 0), ("b", 0), ("a", 1), ("c", 1)]),
        (FAIR, 1, games((0, "ab"), (1, "ac")), [("a", 0), ("b", 0), ("c", 1)]),
        # A bot in two seats of one game takes two processes.
        (FAIR, 1, games((0, "aa")), [("a", 0), ("a", 0)]),
    ],
)
def test_the_processes_missing_for_the_games_waiting(
    mode: ProcessMode,
    concurrency: int,
    waiting: list[ScheduledGame],
    missing: list[tuple[str, int]],
) -> None:
    plan = plan_processes([], waiting, mode=mode, concurrency=concurrency, bots={"a", "b", "c"})
    assert list(plan.missing) == missing


def test_a_held_process_plays_no_deal_it_has_seen_and_is_first_used_after() -> None:
    held = [Held("a", frozenset({0}), 1), Held("b", frozenset({0}), 1), Held("c")]
    plan = plan_processes(held, DUPLICATE_PAIRS, mode=FAIR, concurrency=1, bots={"a", "b", "c"})
    # Deal 0 again needs new processes; deal 1 takes the held ones; c plays nothing.
    assert plan.missing == (("a", 0), ("b", 0), ("b", 1), ("a", 1))
    assert plan.first_use == {0: 2, 1: 2}


def test_only_the_pools_bots_are_planned() -> None:
    plan = plan_processes([], DUPLICATE_PAIRS, mode=FAIR, concurrency=1, bots={"a"})
    assert plan.missing == (("a", 0), ("a", 1))


def test_reuse_starts_what_each_bot_may_need_at_once() -> None:
    waiting = games((0, "ab"), (1, "ab"), (2, "ac"), (3, "aa"))
    needs = reuse_needs([Held("b")], waiting, concurrency=2, bots={"a", "b", "c"})
    # a: two seats of a table, two tables at once; b: one held of two; c: one game only.
    assert needs == [("a", 0)] * 4 + [("b", 0), ("c", 2)]


@pytest.mark.parametrize(
    ("seats", "concurrency", "cap"), [(4, 2, 24), (4, 1, 20), (2, 2, 8), (2, 8, 20), (1, 4, 5)]
)
def test_the_cap_holds_the_games_at_once_and_a_table_of_rotations_more(
    seats: int, concurrency: int, cap: int
) -> None:
    assert process_cap(seats, concurrency) == cap
    assert cap >= seats * (concurrency + 1)  # a game can always be seated beside the others

"""The loop that plays a format's games: how many at once, in what order, how it fails."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterable
from typing import Any

import pytest

from croupier_server.tournament.formats import Planned, PlayedGame, ScheduledGame
from croupier_server.tournament.playing import play_schedule

GAMES = [ScheduledGame(n, n // 2, n % 2, ("a", "b")[:: 1 - 2 * (n % 2)], n) for n in range(6)]


def test_every_game_left_is_played_at_most_concurrency_at_once() -> None:
    running = peak = 0
    seen: list[int] = []

    async def play(game: ScheduledGame) -> PlayedGame:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.001 * (6 - game.number))
        running -= 1
        return PlayedGame(game.bots, (1.0, 0.0))

    finished = {0: PlayedGame(("a", "b"), (0.0, 1.0))}  # a resumed tournament's
    asyncio.run(
        play_schedule(
            Planned(GAMES),
            play,
            finished=finished,
            concurrency=2,
            on_game=lambda game, _: seen.append(game.number),
        )
    )
    assert peak == 2
    assert sorted(seen) == [1, 2, 3, 4, 5]
    assert finished[0].scores == (0.0, 1.0)
    assert sorted(finished) == list(range(6))


def test_the_first_failure_is_raised_and_none_is_left_unheard() -> None:
    unheard: list[dict[str, Any]] = []

    async def play(game: ScheduledGame) -> PlayedGame:
        await asyncio.sleep(0)
        raise RuntimeError(f"game {game.number} failed")

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, context: unheard.append(context))
        with pytest.raises(RuntimeError, match="game 0 failed"):
            await play_schedule(Planned(GAMES), play, finished={}, concurrency=3)
        gc.collect()  # a task whose failure nobody retrieved says so as it goes

    asyncio.run(run())
    assert unheard == []


def test_the_games_waiting_are_told_in_order_each_time_games_start() -> None:
    told: list[list[int]] = []
    started: list[int] = []

    async def play(game: ScheduledGame) -> PlayedGame:
        started.append(game.number)
        await asyncio.sleep(0.001 * (game.number + 1))
        return PlayedGame(game.bots, (1.0, 0.0))

    def prepare(waiting: Iterable[ScheduledGame]) -> None:
        told.append([game.number for game in waiting])

    asyncio.run(play_schedule(Planned(GAMES), play, finished={}, concurrency=2, prepare=prepare))
    assert told[0] == [2, 3, 4, 5]  # the first two play
    assert told[-1] == []
    for waiting in told:  # in the schedule's order
        assert waiting == sorted(waiting)
    assert started == [0, 1, 2, 3, 4, 5]

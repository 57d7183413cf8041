"""A format's games played by a fake player, a few at once: how the formats are tested.

The server plays a format's games through the attempt runner and the database
(:mod:`croupier_server.tournament.scheduled`); a format itself only chooses the next games
from the finished ones, which this loop does without either.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

from croupier_server.tournament.formats import PlayedGame, Schedule, ScheduledGame

GamePlayer = Callable[[ScheduledGame], Awaitable[PlayedGame]]
"""Plays one game of the schedule; returns its final scores."""


async def play_schedule(
    schedule: Schedule,
    play: GamePlayer,
    *,
    finished: dict[int, PlayedGame],
    concurrency: int,
    on_game: Callable[[ScheduledGame, PlayedGame], None] | None = None,
) -> None:
    """Play the games ``schedule`` chooses, ``concurrency`` at once, until it chooses none.

    ``finished`` holds the games finished before and receives each game as it finishes;
    the schedule is then asked for the next games, and ``on_game`` told. The first failure
    of a game is raised, once the games being played are ended.
    """
    waiting: deque[ScheduledGame] = deque(schedule.next_games(finished))
    running: dict[asyncio.Future[PlayedGame], ScheduledGame] = {}
    try:
        while waiting or running:
            while waiting and len(running) < concurrency:
                game = waiting.popleft()
                running[asyncio.ensure_future(play(game))] = game
            done, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for task in sorted(done, key=lambda task: running[task].number):
                game = running.pop(task)
                finished[game.number] = task.result()
                waiting.extend(schedule.next_games(finished))
                if on_game is not None:
                    on_game(game, finished[game.number])
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)

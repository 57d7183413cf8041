"""Playing a format's games: the next games as the finished ones come in, a few at once.

The loop knows nothing of the database or the referee: it asks a
:class:`~.formats.Schedule` for games and a :data:`GamePlayer` to play them. The runner
gives it the referee's player; tests give it a fake one.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

from croupier_server.tournament.formats import PlayedGame, Schedule, ScheduledGame

__all__ = ["GamePlayer", "play_schedule"]

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

    ``finished`` holds the games finished before (a resumed tournament's) and receives
    each game as it finishes; the schedule is then asked for the next games, and
    ``on_game`` called with the game and its outcome. The first failure of a game (or of
    ``on_game``) ends the games being played and is raised.
    """
    if concurrency < 1:
        raise ValueError("at least one game at once")
    waiting: deque[ScheduledGame] = deque(schedule.next_games(finished))
    running: set[asyncio.Task[tuple[ScheduledGame, PlayedGame]]] = set()

    async def one(game: ScheduledGame) -> tuple[ScheduledGame, PlayedGame]:
        return game, await play(game)

    try:
        while waiting or running:
            while waiting and len(running) < concurrency:
                running.add(asyncio.create_task(one(waiting.popleft())))
            done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for game, outcome in sorted((task.result() for task in done), key=_number):
                finished[game.number] = outcome
                waiting.extend(schedule.next_games(finished))
                if on_game is not None:
                    on_game(game, outcome)
    finally:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)


def _number(played: tuple[ScheduledGame, PlayedGame]) -> int:
    return played[0].number

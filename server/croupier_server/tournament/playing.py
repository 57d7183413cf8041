"""Playing a format's games: the next games as the finished ones come in, a few at once.

The loop knows nothing of the database or the referee: it asks a
:class:`~.formats.Schedule` for games and a :data:`GamePlayer` to play them. The runner
gives it the referee's player; tests give it a fake one.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Iterable

from croupier_server.tournament.formats import PlayedGame, Schedule, ScheduledGame

__all__ = ["GamePlayer", "Preparer", "play_schedule"]

GamePlayer = Callable[[ScheduledGame], Awaitable[PlayedGame]]
"""Plays one game of the schedule; returns its final scores."""
Preparer = Callable[[Iterable[ScheduledGame]], None]
"""Told the games waiting to be played, in order, so as to prepare them (start their bots)."""


async def play_schedule(
    schedule: Schedule,
    play: GamePlayer,
    *,
    finished: dict[int, PlayedGame],
    concurrency: int,
    on_game: Callable[[ScheduledGame, PlayedGame], None] | None = None,
    prepare: Preparer | None = None,
) -> None:
    """Play the games ``schedule`` chooses, ``concurrency`` at once, until it chooses none.

    ``finished`` holds the games finished before (a resumed tournament's) and receives
    each game as it finishes; the schedule is then asked for the next games, and
    ``on_game`` called with the game and its outcome. ``prepare`` is told the games left
    waiting, in the order they will be played, each time games start, and that none is
    when the run stops early. The first failure of a game (or of ``on_game``) ends the
    games being played and is raised.
    """
    if concurrency < 1:
        raise ValueError("at least one game at once")
    waiting: deque[ScheduledGame] = deque(schedule.next_games(finished))
    running: dict[asyncio.Future[PlayedGame], ScheduledGame] = {}
    try:
        while waiting or running:
            while waiting and len(running) < concurrency:
                game = waiting.popleft()
                running[asyncio.ensure_future(play(game))] = game
            if prepare is not None:
                prepare(waiting)
            done, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            ended = sorted(done, key=lambda task: running[task].number)
            # Every failure is retrieved and the first game's raised: none goes unheard.
            failures = [error for task in ended if (error := task.exception()) is not None]
            if failures:
                raise failures[0]
            for task in ended:
                game = running.pop(task)
                finished[game.number] = task.result()
                waiting.extend(schedule.next_games(finished))
                if on_game is not None:
                    on_game(game, finished[game.number])
    finally:
        if running and prepare is not None:
            prepare(())  # stopped: the games ended now make room for no game to come
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)

"""The bots' processes of a ladder played here: a tournament's pool for the field of the moment.

A :class:`~croupier_server.tournament.pool.ProcessPool` knows its bots from the start, and a
ladder's change as versions come and go. So a ladder keeps a *generation* of pools: its
games borrow from the pool of the current field's command bots; when the field changes a
new pool is made for the new games, and the old one is closed (its processes ended, a
retired version's too) once the games that borrowed from it are over.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from croupier_server.db import BotKind, BotRecord
from croupier_server.recorded_games import bot_limits
from croupier_server.referee.game import ProcessSource, RefereeSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats import ScheduledGame
from croupier_server.tournament.pool import PooledBot, ProcessPool
from croupier_server.tournament.settings import ProcessMode

__all__ = ["LadderPools", "PoolGeneration"]


@dataclass(eq=False)
class PoolGeneration:
    """One pool of the ladder, for one field of command bots, and the games borrowing from it."""

    pool: ProcessPool
    bots: frozenset[PooledBot]
    games: int = 0
    retired: bool = False
    closing: asyncio.Task[None] | None = field(default=None, repr=False)

    def has_started(self, name: str) -> bool:
        """Whether a process of ``name`` said Hello in this pool."""
        return self.pool.has_started(name)


class LadderPools:
    """The pools of one ladder played here (see the module). Close them with :meth:`close`."""

    def __init__(
        self,
        server: RefereeServer,
        *,
        game: str,
        seats: int,
        mode: ProcessMode,
        concurrency: int,
        settings: RefereeSettings,
    ) -> None:
        self._server = server
        self._game = game
        self._seats = seats
        self._mode = mode
        self._concurrency = concurrency
        self._settings = settings
        self._current: PoolGeneration | None = None
        self._generations: set[PoolGeneration] = set()

    def for_field(self, bots: Iterable[BotRecord]) -> PoolGeneration:
        """The pool of the command bots among ``bots``, made anew if they changed."""
        pooled = frozenset(
            PooledBot(bot.name, bot.command, bot_limits(bot, self._settings))
            for bot in bots
            if bot.kind is BotKind.COMMAND and bot.command is not None
        )
        current = self._current
        if current is not None and current.bots == pooled:
            return current
        pool = ProcessPool(
            self._server,
            sorted(pooled, key=lambda bot: bot.name),
            mode=self._mode,
            game=self._game,
            seats=self._seats,
            concurrency=self._concurrency,
            connect_s=self._settings.time_control.connect_ms / 1000,
            sealed=self._settings.sealed,
        )
        self._current = PoolGeneration(pool, pooled)
        self._generations.add(self._current)
        if current is not None:
            current.retired = True
            current.pool.prepare(())  # its games are the new pool's now: it starts none ahead
            self._close_if_idle(current)
        return self._current

    @asynccontextmanager
    async def borrowing(
        self, generation: PoolGeneration, scheduled: ScheduledGame
    ) -> AsyncIterator[ProcessSource]:
        """What the game ``scheduled`` borrows its processes from while the block runs."""
        generation.games += 1
        try:
            async with generation.pool.for_game(scheduled) as processes:
                yield processes
        finally:
            generation.games -= 1
            self._close_if_idle(generation)

    def prepare(self, waiting: Iterable[ScheduledGame]) -> None:
        """Tell the current pool the games waiting, to start their processes ahead."""
        if self._current is not None:
            self._current.pool.prepare(waiting)

    def stop_starting(self) -> None:
        """Tell every pool that no game waits: processes that end now make room for none."""
        for generation in self._generations:
            generation.pool.prepare(())

    async def close(self) -> None:
        """End every process of every pool."""
        for generation in list(self._generations):
            generation.retired = True
            if generation.closing is None:
                generation.closing = asyncio.ensure_future(self._end(generation))
        closings = [g.closing for g in self._generations if g.closing is not None]
        await asyncio.gather(*closings, return_exceptions=True)
        self._generations.clear()
        self._current = None

    def _close_if_idle(self, generation: PoolGeneration) -> None:
        if generation.retired and generation.games == 0 and generation.closing is None:
            generation.closing = asyncio.ensure_future(self._end(generation))

    async def _end(self, generation: PoolGeneration) -> None:
        await generation.pool.__aexit__(None, None, None)
        self._generations.discard(generation)

"""Pools for a field of bots that changes: a generation of pools, the newest for new games.

A :class:`~.pool.ProcessPool` knows its bots from the start, and a field changes: a ladder's
as versions come and go, a worker's as it meets a tournament's entrants. So the games of a
field borrow from the pool of the current field's command bots; when the field changes a
new pool is made for the new games, and the old one is closed (its processes ended, a
retired version's too) once the games that borrowed from it are over.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from croupier_server.db import BotKind, BotRecord
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import Table
from croupier_server.processes.pool import PooledBot, ProcessPool
from croupier_server.recorded_games import bot_limits
from croupier_server.referee.game import ProcessSource, RefereeSettings
from croupier_server.referee.service import RefereeServer

__all__ = ["PoolGeneration", "PoolGenerations", "pooled_bots"]


@dataclass(eq=False)
class PoolGeneration:
    """One pool, for one field of command bots, and the games borrowing from it."""

    pool: ProcessPool
    bots: frozenset[PooledBot]
    games: int = 0
    retired: bool = False
    closing: asyncio.Task[None] | None = field(default=None, repr=False)

    def has_started(self, name: str) -> bool:
        """Whether a process of ``name`` said Hello in this pool."""
        return self.pool.has_started(name)


def pooled_bots(bots: Iterable[BotRecord], settings: RefereeSettings) -> frozenset[PooledBot]:
    """The command bots among ``bots``, as a pool starts them under ``settings``."""
    return frozenset(
        PooledBot(bot.name, bot.command, bot_limits(bot, settings))
        for bot in bots
        if bot.kind is BotKind.COMMAND and bot.command is not None
    )


class PoolGenerations:
    """The pools of one changing field (see the module). Close them with :meth:`close`."""

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
        self._started: set[str] = set()
        """The bots a process of which said Hello in a pool closed since."""
        self._ended_launches = 0

    def for_field(self, bots: Iterable[BotRecord]) -> PoolGeneration:
        """The pool of the command bots among ``bots``, made anew if their names changed.

        A bot already in the field stays as it joined (a game's bots join with their
        commands here: see :meth:`joined_by`); the others leave it, and new ones join.
        """
        field = pooled_bots(bots, self._settings)
        if self._current is not None:
            names = {bot.name for bot in field}
            kept = {bot for bot in self._current.bots if bot.name in names}
            known = {bot.name for bot in kept}
            field = frozenset(kept | {bot for bot in field if bot.name not in known})
        return self._pool_of(field)

    def joined_by(self, bots: Iterable[BotRecord]) -> PoolGeneration:
        """The pool of the current field joined by ``bots``.

        Bots new to the field join the current pool; a bot of the field whose command or
        limits are not those of ``bots``' bot of its name (a version unpacked again, say)
        is replaced by it, in a pool made anew.
        """
        joining = pooled_bots(bots, self._settings)
        current = self._current
        if current is None:
            return self._pool_of(joining)
        known = {bot.name: bot for bot in current.bots}
        if any(known.get(bot.name, bot) != bot for bot in joining):
            names = {bot.name for bot in joining}
            kept = frozenset(bot for bot in current.bots if bot.name not in names)
            return self._pool_of(kept | joining)
        current.pool.admit(joining)
        current.bots |= joining
        return current

    def has_started(self, name: str) -> bool:
        """Whether a process of ``name`` said Hello in one of these pools, closed ones too."""
        return name in self._started or any(
            generation.has_started(name) for generation in self._generations
        )

    @property
    def launches(self) -> int:
        """The processes these pools started, closed ones' too."""
        return self._ended_launches + sum(g.pool.launches for g in self._generations)

    @property
    def busy(self) -> bool:
        """Whether a game borrows from one of the pools."""
        return any(generation.games for generation in self._generations)

    def _pool_of(self, pooled: frozenset[PooledBot]) -> PoolGeneration:
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
        self, generation: PoolGeneration, scheduled: Table
    ) -> AsyncIterator[ProcessSource]:
        """What the game ``scheduled`` borrows its processes from while the block runs."""
        generation.games += 1
        try:
            async with generation.pool.for_game(scheduled) as processes:
                yield processes
        finally:
            generation.games -= 1
            self._close_if_idle(generation)

    def prepare(self, waiting: Iterable[Table]) -> None:
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
        self._started.update(
            bot.name for bot in generation.bots if generation.has_started(bot.name)
        )
        if generation in self._generations:
            self._ended_launches += generation.pool.launches
            self._generations.discard(generation)

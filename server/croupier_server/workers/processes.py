"""The bots' processes a worker keeps from attempt to attempt, per tournament it plays.

A worker plays attempts of any tournament in any order, so for each tournament it keeps
:class:`~croupier_server.processes.generations.PoolGenerations` in the tournament's process
mode (fair unless it says otherwise: no process plays two games of one deal), as many games
at once as the worker has slots. Its field is the command bots the worker met in that
tournament's attempts: a game's bots join its pool (a new generation only when one's
command or limits changed here), so a tournament's entrants, or a ladder's versions, share
one pool, which keeps at most its cap of processes alive.

A tournament's pools are closed once none of its attempts was played for
:data:`IDLE_SECONDS` (its tournament ended, or other workers play it now); once its games
being played are over, when one of them lost its lease (the worker was cut off or stalled:
it keeps no process it may not use); and all of them when the worker stops.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from croupier_server.db import BotRecord
from croupier_server.processes.generations import PoolGenerations
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import DealTable, Table
from croupier_server.referee.game import ProcessSource, RefereeSettings
from croupier_server.referee.service import RefereeServer

__all__ = ["IDLE_SECONDS", "WorkerPools"]

IDLE_SECONDS = 30.0
"""How long a tournament's pools are kept with none of its attempts played."""


@dataclass(eq=False)
class _Tournament:
    """A tournament's pools on this worker, and when an attempt of it last ended."""

    generations: PoolGenerations
    used_at: float
    forgotten: bool = False
    """Closed once its games being played are over; its next attempts take new pools."""


class WorkerPools:
    """The pools of the tournaments a worker plays (see the module); :meth:`close` ends all.

    Attributes:
        concurrency: The games a worker plays at once, which sizes each pool.
    """

    def __init__(self, server: RefereeServer, *, concurrency: int) -> None:
        self._server = server
        self.concurrency = concurrency
        self._tournaments: dict[int, _Tournament] = {}
        self._closings: set[asyncio.Task[None]] = set()

    @asynccontextmanager
    async def borrowing(
        self,
        tournament_id: int,
        *,
        game: str,
        seats: int,
        mode: ProcessMode,
        settings: RefereeSettings,
        bots: Sequence[BotRecord],
        deal: int,
        waiting: Sequence[Table] = (),
    ) -> AsyncIterator[ProcessSource]:
        """What a game of ``deal`` between ``bots`` borrows its processes from in the block.

        ``game``, ``seats``, ``mode`` and ``settings`` are the tournament's, the same for
        each of its attempts. ``waiting`` are the tournament's games queued after it, in
        order, whose processes are started ahead while it plays (this worker may well take
        them: a process started for a game another worker took plays a later one).
        """
        kept = self._tournaments.get(tournament_id)
        if kept is None:
            generations = PoolGenerations(
                self._server,
                game=game,
                seats=seats,
                mode=mode,
                concurrency=self.concurrency,
                settings=settings,
            )
            kept = self._tournaments[tournament_id] = _Tournament(generations, time.monotonic())
        generation = kept.generations.joined_by(bots)
        kept.generations.prepare(waiting)
        table = DealTable(deal, tuple(bot.name for bot in bots))
        try:
            async with kept.generations.borrowing(generation, table) as processes:
                yield processes
        finally:
            kept.used_at = time.monotonic()
            if kept.forgotten:
                self._close_if_idle(kept)

    def forget(self, tournament_id: int) -> None:
        """Close the tournament's pools once its games being played are over."""
        kept = self._tournaments.pop(tournament_id, None)
        if kept is not None:
            kept.forgotten = True
            self._close_if_idle(kept)

    def close_idle(self) -> None:
        """Close the pools of each tournament none of whose attempts ran for a while."""
        now = time.monotonic()
        idle = [
            tournament_id
            for tournament_id, kept in self._tournaments.items()
            if not kept.generations.busy and now - kept.used_at > IDLE_SECONDS
        ]
        for tournament_id in idle:
            self._close_if_idle(self._tournaments.pop(tournament_id))

    def _close_if_idle(self, kept: _Tournament) -> None:
        """Close ``kept``'s pools, unless a game borrows from them; :meth:`close` waits."""
        if not kept.generations.busy:
            closing = asyncio.ensure_future(kept.generations.close())
            self._closings.add(closing)
            closing.add_done_callback(self._closings.discard)

    async def close(self) -> None:
        """End every process of every pool (the worker stops: its games are over)."""
        closing = list(self._tournaments.values())
        self._tournaments.clear()
        await asyncio.gather(*self._closings, *(kept.generations.close() for kept in closing))

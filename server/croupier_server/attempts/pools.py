"""The bots' processes a runner keeps from attempt to attempt, per tournament it plays.

A runner (a worker, or a tournament or ladder played on one machine) plays attempts of
any tournament in any order, so for each tournament it keeps
:class:`~croupier_server.processes.generations.PoolGenerations` in the tournament's process
mode (fair unless it says otherwise: no process plays two games of one deal), as many games
at once as the runner plays. Its field is the command bots the runner met in that
tournament's attempts: a game's bots join its pool (a new generation only when one's
command or limits changed here), so a tournament's entrants, or a ladder's versions, share
one pool, which keeps at most its cap of processes alive. A run on one machine says its
field (:meth:`AttemptPools.field`: a tournament's entrants, the bots a ladder seats now),
so that the processes of any game waiting start ahead; a ladder's field that loses a bot
gets a pool made anew, the old one's processes ended once its games are over.

A tournament's pools are closed once none of its attempts was played for
:data:`IDLE_SECONDS` (its tournament ended, or other workers play it now); once its games
being played are over, when one of them lost its lease (the runner was cut off or stalled:
it keeps no process it may not use); and all of them when the runner stops.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

from croupier_server.db import BotRecord
from croupier_server.processes.generations import PoolGenerations
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import DealTable, Table
from croupier_server.referee.game import ProcessSource, RefereeSettings
from croupier_server.referee.service import RefereeServer

__all__ = ["IDLE_SECONDS", "AttemptPools"]

IDLE_SECONDS = 30.0
"""How long a tournament's pools are kept with none of its attempts played."""


@dataclass(eq=False)
class _Tournament:
    """A tournament's pools on this runner, and when an attempt of it last ended."""

    generations: PoolGenerations
    used_at: float
    forgotten: bool = False
    """Closed once its games being played are over; its next attempts take new pools."""


class AttemptPools:
    """The pools of the tournaments a runner plays (see the module); :meth:`close` ends all.

    Attributes:
        concurrency: The games the runner plays at once, which sizes each pool.
    """

    def __init__(self, server: RefereeServer, *, concurrency: int) -> None:
        self._server = server
        self.concurrency = concurrency
        self._tournaments: dict[int, _Tournament] = {}
        self._fields: dict[int, list[BotRecord]] = {}
        """The field of each tournament said before it had a pool here."""
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
        order, whose processes are started ahead while it plays (this runner may well take
        them: a process started for a game another runner took plays a later one).
        """
        kept = self._kept(tournament_id, game, seats, mode, settings)
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

    def has_started(self, tournament_id: int, name: str) -> bool:
        """Whether a process of ``name`` said Hello in one of the tournament's pools here."""
        kept = self._tournaments.get(tournament_id)
        return kept is not None and kept.generations.has_started(name)

    def launches(self, tournament_id: int) -> int:
        """The processes the tournament's pools here started."""
        kept = self._tournaments.get(tournament_id)
        return 0 if kept is None else kept.generations.launches

    def field(self, tournament_id: int, bots: Iterable[BotRecord]) -> None:
        """Make the tournament's field ``bots`` (its entrants, a ladder's seatable bots).

        Its pools start the processes of the games waiting among them, and end those of
        any other bot: a pool is made anew for the next games if the field changed, the old
        one closed once the games borrowing from it are over. A tournament with no pool
        here yet gets this field with its first.
        """
        kept = self._tournaments.get(tournament_id)
        if kept is None:
            self._fields[tournament_id] = list(bots)
        else:
            kept.generations.for_field(bots)

    def stop_starting(self) -> None:
        """Tell every pool that no game waits: processes that end now make room for none."""
        for kept in self._tournaments.values():
            kept.generations.stop_starting()

    def _kept(
        self,
        tournament_id: int,
        game: str,
        seats: int,
        mode: ProcessMode,
        settings: RefereeSettings,
    ) -> _Tournament:
        """The tournament's pools here, made if it has none."""
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
            field = self._fields.pop(tournament_id, None)
            if field is not None:
                generations.for_field(field)
        return kept

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
        """End every process of every pool (the runner stops: its games are over)."""
        closing = list(self._tournaments.values())
        self._tournaments.clear()
        await asyncio.gather(*self._closings, *(kept.generations.close() for kept in closing))

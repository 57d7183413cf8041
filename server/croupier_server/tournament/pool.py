"""Long-lived bot processes for a tournament that trades fairness for speed.

With ``reuse_processes``, a command bot is started a few times for the whole run rather
than once per seat of every game. Each of its processes connects with an ephemeral key, as a
remote bot does, and the games take its idle sessions from the registry. A process that dies
is started again for the next game; its fault is charged in the game where it died, as for
any bot. A process that lives on may remember the games it played, the deals of a duplicate
set included: use it for speed, not for results that must be fair. Its limits are those of
any started process, and its CPU time limit counts over its whole life, many games here.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import TracebackType

from croupier.protocol import ADDRESS_VARIABLE, TOKEN_VARIABLE
from croupier_server.db import BotKind, BotRecord
from croupier_server.recorded_games import bot_limits
from croupier_server.referee.containment.launcher import BotProcess, LaunchError
from croupier_server.referee.containment.limits import BotLimits
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tokens import hash_secret, new_secret
from croupier_server.tournament.formats import Schedule, ScheduledGame

__all__ = ["PooledBot", "ProcessPool", "pool_sizes", "pooled_bots"]

QUIET_LIFETIME_S = 2.0
"""A process that lived this long is restarted at once; one that died sooner, after a pause."""
MAX_RESTART_DELAY_S = 2.0
"""The longest pause before starting again a process that keeps dying."""


@dataclass(frozen=True, slots=True)
class PooledBot:
    """A command bot kept running: its command, their limits, how many processes to keep."""

    name: str
    command: str
    limits: BotLimits
    processes: int
    sealed: bool = False
    """Whether its processes must be sealed: unsealed, they are not started."""


def pool_sizes(tables: Iterable[Sequence[str]], *, games_at_once: int) -> dict[str, int]:
    """How many processes each bot may need at once: its seats at ``games_at_once`` tables.

    A bot that sits at fewer tables than are played at once needs fewer processes; a bot
    that takes two seats of a table needs two for each table. Fewer processes than this
    could leave two games each holding the session the other waits for.

    >>> pool_sizes([["a", "b"], ["a", "c"], ["b", "c"]], games_at_once=2)
    {'a': 2, 'b': 2, 'c': 2}
    >>> pool_sizes([["a", "a", "b"]], games_at_once=4)
    {'a': 2, 'b': 1}
    """
    tables_of: Counter[str] = Counter()
    most_seats: dict[str, int] = {}
    for table in tables:
        for name, seats in Counter(table).items():
            tables_of[name] += 1
            most_seats[name] = max(most_seats.get(name, 0), seats)
    return {name: min(games_at_once, tables_of[name]) * most_seats[name] for name in tables_of}


class ProcessPool:
    """The processes of pooled bots, kept running while the pool is open.

    Use it as ``async with ProcessPool(server, bots):``; every process is ended (its process
    group) when the block ends, by an error or a cancellation too.
    """

    def __init__(self, server: RefereeServer, bots: Sequence[PooledBot]) -> None:
        self._server = server
        self._bots = list(bots)
        self._keepers: list[asyncio.Task[None]] = []
        self._launches = 0

    @property
    def launches(self) -> int:
        """How many processes were started so far, restarts included."""
        return self._launches

    async def __aenter__(self) -> ProcessPool:
        """Start every process; games may take their sessions as soon as they connect."""
        for bot in self._bots:
            for number in range(bot.processes):
                self._keepers.append(asyncio.create_task(self._keep_running(bot, number)))
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """End every process."""
        for keeper in self._keepers:
            keeper.cancel()
        await asyncio.gather(*self._keepers, return_exceptions=True)
        self._keepers.clear()

    async def _keep_running(self, bot: PooledBot, number: int) -> None:
        """Run one process of ``bot`` and start it again whenever it dies, until cancelled."""
        key = new_secret()
        self._server.registry.allow_remote(hash_secret(key), bot.name)
        address = self._server.address_for(network=bot.limits.network)
        env = {ADDRESS_VARIABLE: address, TOKEN_VARIABLE: key}
        label = f"pooled process {number} of {bot.name}"
        quick_deaths = 0
        while True:
            started = time.monotonic()
            with contextlib.suppress(LaunchError):
                await self._run_once(label, bot, env)
            if time.monotonic() - started >= QUIET_LIFETIME_S:
                quick_deaths = 0
            else:
                quick_deaths += 1
                # A bot that cannot start is not retried in a tight loop.
                await asyncio.sleep(min(MAX_RESTART_DELAY_S, 0.05 * 2**quick_deaths))

    async def _run_once(self, label: str, bot: PooledBot, env: dict[str, str]) -> None:
        process = await BotProcess.start(
            label, bot.command, env=env, limits=bot.limits, sealed_only=bot.sealed
        )
        self._launches += 1
        try:
            await process.process.wait()
        finally:
            # Killed at once when the pool closes: no game is left to end its stream first.
            await asyncio.shield(process.stop(exit_wait=0))


def pooled_bots(
    entrants: dict[str, BotRecord],
    first: Sequence[ScheduledGame],
    schedule: Schedule,
    workers: int,
    settings: RefereeSettings,
) -> list[PooledBot]:
    """The command bots with the processes each may need at once.

    When the first games are every game left, a bot needs no more processes than it has
    seats at the tables played at once; a format that chooses as it goes may seat any bot
    at every table played at once.
    """
    if schedule.remaining() == len(first):
        tables: list[Sequence[str]] = [scheduled.bots for scheduled in first]
        sizes = pool_sizes(tables, games_at_once=max(1, min(workers, len(first))))
    else:
        sizes = dict.fromkeys(entrants, workers)
    return [
        PooledBot(name, bot.command, bot_limits(bot, settings), sizes[name], settings.sealed)
        for name, bot in entrants.items()
        if name in sizes and bot.kind is BotKind.COMMAND and bot.command is not None
    ]

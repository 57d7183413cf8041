"""Attempts played on this machine, in process: a tournament's or a ladder's, a few at once.

:class:`LocalAttempts` is the runner of ``croupier tournament run`` and of a ladder played by
``croupier serve``: the attempt of each game it is given (:func:`~.attempt.play_attempt`)
plays in a task of its own, with processes from the runner's pools, at most its
concurrency at once. Its attempts hold no worker: a run on one machine that stopped leaves
them ``playing``, and the next run on its tournament takes them back
(:func:`~croupier_server.tournament.scheduled.recover_attempts_here`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Engine

from croupier_server.attempts.attempt import AttemptOutcome, play_attempt
from croupier_server.attempts.claim import DEFAULT_LEASE_MARGIN_S, RunnerIdentity
from croupier_server.attempts.pools import AttemptPools
from croupier_server.referee.service import RefereeServer

__all__ = ["LocalAttempts"]


class LocalAttempts:
    """The attempts played here (see the module); end them with :meth:`close`.

    Args:
        engine: The database.
        server: The referee the games play through.
        name: How the lines it logs name it (``tournament 3``).
        concurrency: How many games it plays at once.
        sealed: Whether every seat must be sealed, whatever its tournament says.

    Attributes:
        pools: The processes of its tournaments' bots.
        playing: The scheduled games being played, by their tasks.
    """

    def __init__(
        self,
        engine: Engine,
        server: RefereeServer,
        *,
        name: str,
        concurrency: int,
        sealed: bool = False,
    ) -> None:
        self._engine = engine
        self._server = server
        self._runner = RunnerIdentity(
            None, name, DEFAULT_LEASE_MARGIN_S, seats_remote=True, sealed=sealed
        )
        self.concurrency = concurrency
        self.pools = AttemptPools(server, concurrency=concurrency)
        self.playing: dict[asyncio.Task[AttemptOutcome], int] = {}

    @property
    def free(self) -> int:
        """How many more games it may start now."""
        return max(0, self.concurrency - len(self.playing))

    def playing_ids(self) -> set[int]:
        """The scheduled games being played here."""
        return set(self.playing.values())

    def start(self, scheduled_ids: Iterable[int]) -> None:
        """Start an attempt at each of ``scheduled_ids`` not played here yet."""
        playing = self.playing_ids()
        for scheduled_id in scheduled_ids:
            if scheduled_id not in playing:
                attempt = play_attempt(
                    self._engine, self._server, self._runner, scheduled_id, pools=self.pools
                )
                self.playing[asyncio.ensure_future(attempt)] = scheduled_id

    async def ended(self) -> list[AttemptOutcome]:
        """Wait until an attempt ends (one at least is being played); those that ended.

        Raises:
            DatabaseFailure: the database failed before an attempt was claimed, or as its
                result was stored.
        """
        done, _ = await asyncio.wait(self.playing, return_when=asyncio.FIRST_COMPLETED)
        return self.outcomes(done)

    def outcomes(self, done: Iterable[asyncio.Future[Any]]) -> list[AttemptOutcome]:
        """Forget the attempts among ``done`` (those of other futures are let be); their ends.

        Raises:
            DatabaseFailure: the database failed before an attempt was claimed, or as its
                result was stored.
        """
        ended = [task for task in done if task in self.playing]
        for task in ended:
            del self.playing[task]
        # Every failure is retrieved, and the first raised: none goes unheard.
        failures = [error for task in ended if (error := task.exception()) is not None]
        if failures:
            raise failures[0]
        return sorted((task.result() for task in ended), key=lambda outcome: outcome.scheduled_id)

    async def close(self) -> None:
        """Hand back the games being played, and end every process."""
        self.pools.stop_starting()  # the games ended now make room for no game to come
        for task in self.playing:
            task.cancel()
        await asyncio.gather(*self.playing, return_exceptions=True)
        self.playing.clear()
        await self.pools.close()

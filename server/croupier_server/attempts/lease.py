"""A worker's lease on the game it plays: renewed while the game makes progress, and only then.

A worker's process may be alive and heartbeating while one of its games is stuck (a hung
referee): such a game must be lost, so the lease is tied to the game's own progress (a new
action or event), not to the worker. :class:`LeaseKeeper` renews the lease each time it
sees progress, and tells the game to stop (returns why) as soon as the lease is lost: taken
by a reaper while the worker was cut off or stuck, or run out by the worker's own clock
since its last renewal, whether or not the database can be reached to hear it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import Claim, renew_lease

__all__ = ["LeaseKeeper"]


class LeaseKeeper:
    """Keeps a worker's lease on one attempt while its game progresses.

    Args:
        engine: The database.
        claim: The attempt held.
        worker_id: The worker holding it.
        lease_s: How long the lease lasts from a renewal.
        progress: A count that grows while the game makes progress (actions and events).
    """

    def __init__(
        self,
        engine: Engine,
        claim: Claim,
        *,
        worker_id: int | None,
        lease_s: float,
        progress: Callable[[], int],
    ) -> None:
        self._engine = engine
        self._claim = claim
        self._worker_id = worker_id
        self._lease_s = lease_s
        self._progress = progress

    async def keep(self) -> str:
        """Renew the lease on progress until it is lost; returns why it was lost.

        Runs until cancelled while the lease holds (cancel it when the game ends).
        """
        renewed_at = asked_at = time.monotonic()
        seen = self._progress()
        interval = max(0.2, min(2.0, self._lease_s / 4))
        renewal: asyncio.Task[bool] | None = None
        try:
            while True:
                await asyncio.sleep(interval)
                if renewal is not None and renewal.done():
                    held, renewal = self._outcome(renewal), None
                    if held is False:
                        return "another worker took the game over"
                    if held:
                        renewed_at = asked_at
                now = time.monotonic()
                if now - renewed_at > self._lease_s:
                    return (
                        f"the lease ran out: no renewal for {now - renewed_at:.0f} s "
                        f"(lease {self._lease_s:.0f} s)"
                    )
                progress = self._progress()
                if progress != seen and renewal is None:
                    seen = progress
                    asked_at = now
                    renewal = asyncio.ensure_future(asyncio.to_thread(self._renew))
        finally:
            if renewal is not None:
                renewal.cancel()

    def _renew(self) -> bool:
        with translated_failures(self._engine), Session(self._engine) as session:
            return renew_lease(session, self._claim, worker_id=self._worker_id)

    @staticmethod
    def _outcome(renewal: asyncio.Task[bool]) -> bool | None:
        """Whether the renewal kept the lease; ``None`` if the database could not say."""
        if renewal.cancelled():
            return None
        error = renewal.exception()
        if isinstance(error, DatabaseFailure):
            return None
        if error is not None:
            raise error
        return renewal.result()

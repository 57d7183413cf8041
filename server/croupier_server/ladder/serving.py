"""``croupier serve``'s ladders: every open ladder played, a task each, until the serve stops.

:func:`play_open_ladders` looks for open ladders every few seconds and runs a
:class:`~.runner.LadderRun` for each one it is not running yet (one opened through the
dashboard or ``croupier ladder open`` while the serve runs starts within seconds); a run
ends when its ladder is closed. Any number of serves may share one database: a ladder is
played by the serve that holds its lease, and taken over by another once that one's lease
runs out (it died, or was cut off). A run stopped by a failure (its database, the referee) is
said in a line and started again after a pause: what it was playing is set right then.
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.ladder_games import list_ladders
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.ladder.runner import LADDER_POLL_SECONDS, LadderRun, ladder_label
from croupier_server.logs import bound_ids
from croupier_server.referee.service import RefereeServer

__all__ = ["LOOK_SECONDS", "RETRY_SECONDS", "play_open_ladders"]

LOOK_SECONDS = 2.0
"""How often the serve looks for ladders opened (or closed) meanwhile."""
RETRY_SECONDS = 10.0
"""How long a ladder stopped by a failure waits before it is played again."""

_LOG = logging.getLogger(__name__)


async def play_open_ladders(
    engine: Engine,
    server: RefereeServer,
    *,
    on_workers: bool,
    sealed: bool,
    look_seconds: float = LOOK_SECONDS,
    poll_seconds: float = LADDER_POLL_SECONDS,
) -> None:
    """Play every open ladder until cancelled (``on_workers``: hand their games to workers).

    With ``sealed``, every seat must be sealed. Each ladder's start, stop and close, and
    what it rejects, are logged (a line each, with the ladder's and its tournament's ids).
    """
    runs: dict[int, asyncio.Task[None]] = {}
    try:
        while True:
            for record in await _open_ladders(engine):
                assert record.id is not None
                if record.id not in runs or runs[record.id].done():
                    run = _keep_playing(
                        engine,
                        server,
                        record,
                        on_workers=on_workers,
                        sealed=sealed,
                        poll_seconds=poll_seconds,
                    )
                    # The task's lines carry the ids bound as it is made.
                    with bound_ids(ladder=record.id, tournament=record.tournament_id):
                        runs[record.id] = asyncio.create_task(run)
            await asyncio.sleep(look_seconds)
    finally:
        for task in runs.values():
            task.cancel()
        await asyncio.gather(*runs.values(), return_exceptions=True)


async def _open_ladders(engine: Engine) -> list[LadderRecord]:
    try:
        return await asyncio.to_thread(_read_open, engine)
    except DatabaseFailure as failure:
        _LOG.error("ladders: %s", failure)
        return []


def _read_open(engine: Engine) -> list[LadderRecord]:
    with translated_failures(engine), Session(engine) as session:
        return list_ladders(session, status=LadderStatus.OPEN)


async def _keep_playing(
    engine: Engine,
    server: RefereeServer,
    record: LadderRecord,
    *,
    on_workers: bool,
    sealed: bool,
    poll_seconds: float,
) -> None:
    """Play one ladder until it closes, again after a pause when a failure stops it.

    While another serve plays it (holds its lease), look again every few seconds: it is
    taken over once that serve's lease runs out.
    """
    elsewhere = False
    while True:
        try:
            run = LadderRun(
                engine,
                server,
                record,
                on_workers=on_workers,
                sealed=sealed,
                poll_s=poll_seconds,
            )
            if await run.run():
                return
            if not elsewhere:
                _LOG.info("%s: played by another serve for now", ladder_label(record))
            elsewhere = True
            await asyncio.sleep(poll_seconds)
            continue
        except Exception as error:  # the database, the referee: the ladder goes on later
            reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
            _LOG.error(
                "%s stopped: %s: %s; playing it again in %g s",
                ladder_label(record),
                type(error).__name__,
                reason,
                RETRY_SECONDS,
            )
        await asyncio.sleep(RETRY_SECONDS)

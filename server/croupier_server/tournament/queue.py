"""The queue of tournaments: those queued through the dashboard, played oldest first.

:func:`play_queued_tournaments` claims the oldest queued tournament, plays it as ``croupier
tournament resume`` plays a stored one, and looks for the next, for ever; one it is stopped
in the middle of (cancelled) is queued again, for the next server to finish.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import TournamentRecord, TournamentStatus
from croupier_server.errors import CroupierServerError
from croupier_server.logs import bound_ids
from croupier_server.recorded_games import GameSetupError
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.records import settings_of
from croupier_server.tournament.runner import run_tournament

__all__ = ["QUEUE_POLL_SECONDS", "play_queued_tournaments"]

QUEUE_POLL_SECONDS = 1.0
"""How often queued tournaments are looked for while none is played."""

_LOG = logging.getLogger(__name__)


async def play_queued_tournaments(
    engine: Engine,
    server: RefereeServer,
    *,
    sealed: bool,
    poll_seconds: float = QUEUE_POLL_SECONDS,
    hand_over: Callable[[int], int] | None = None,
) -> None:
    """Play the queued tournaments, oldest first, one at a time, until cancelled.

    Each tournament's start and end are logged (a line each); one stopped by
    its referee's failure is left for ``croupier tournament resume``. With ``sealed``,
    every seat must be sealed. With ``hand_over`` (which queues a tournament's games for
    the workers and returns how many), each tournament is handed over rather than played.
    """
    while True:
        record = await _claim_queued(engine)
        if record is None:
            await asyncio.sleep(poll_seconds)
            continue
        with bound_ids(tournament=record.id):  # on its lines, and on its games'
            if hand_over is None:
                await _play(engine, server, record, sealed=sealed)
            else:
                await _hand_over(record, hand_over)


async def _claim_queued(engine: Engine) -> TournamentRecord | None:
    """The oldest queued tournament, claimed; one claimed as the server stops is queued again."""
    claim = asyncio.ensure_future(asyncio.to_thread(_claim, engine))
    try:
        return await asyncio.shield(claim)
    except asyncio.CancelledError:
        # The claim ends in its thread whatever happens here: it must not be lost.
        record = await claim
        if record is not None and record.id is not None:
            _queue_again(engine, record.id)
        raise


def _claim(engine: Engine) -> TournamentRecord | None:
    with Session(engine) as session:
        return db.claim_queued_tournament(session)


async def _play(
    engine: Engine,
    server: RefereeServer,
    record: TournamentRecord,
    *,
    sealed: bool,
) -> None:
    """Play a claimed tournament; queue it again if the server stops in its middle."""
    assert record.id is not None
    label = f"tournament {record.id} ({record.game}: {', '.join(settings_of(record).bots)})"
    _LOG.info("%s: playing", label)
    try:
        progress = await run_tournament(engine, server, tournament_id=record.id, sealed=sealed)
    except GameSetupError as error:
        _LOG.error("%s stopped: %s", label, error)
        _LOG.info("resume it: croupier tournament resume %d", record.id)
        return
    except asyncio.CancelledError:
        _queue_again(engine, record.id)
        raise
    _LOG.info("%s: finished, %d games", label, progress.done)


async def _hand_over(record: TournamentRecord, hand_over: Callable[[int], int]) -> None:
    """Queue a claimed tournament's games for the workers."""
    assert record.id is not None
    label = f"tournament {record.id} ({record.game}: {', '.join(settings_of(record).bots)})"
    try:
        queued = await asyncio.to_thread(hand_over, record.id)
    except CroupierServerError as error:  # no queue here, a tournament it cannot take
        _LOG.error("%s stopped: %s", label, error)
        return
    _LOG.info("%s: %d games queued for the workers", label, queued)


def _queue_again(engine: Engine, tournament_id: int) -> None:
    with Session(engine) as session:
        db.set_tournament_status(
            session, tournament_id=tournament_id, status=TournamentStatus.QUEUED
        )

"""Storing a refereed game's log in the database: its actions as they come, the rest at its end.

The one bridge from the referee's record of a game (:mod:`croupier_server.referee.records`)
to the database (:mod:`croupier_server.db`), which know nothing of each other.

The end of a game (its events, the rest of its actions, its faults, forfeits, its bots'
output and its result) is stored in one transaction, so a game is either stored whole or
left running, to be aborted and played again by a resumed tournament; in that transaction
its actions and events are packed into one row (:mod:`croupier_server.db.packing`), and
its result comes last (it takes its board's tally, :mod:`croupier_server.db.board_tallies`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db, metrics
from croupier_server.db import EndedBy, outputs
from croupier_server.db.engine import translated_failures
from croupier_server.referee.records import ActionEntry, GameLog

__all__ = ["LIVE_FLUSH_SECONDS", "ActionWriter", "store_game_log"]

LIVE_FLUSH_SECONDS = 0.5
"""How often the actions of a running game reach the database, for those who watch it."""


class ActionWriter:
    """Stores the actions of a running game as they are made, so that it can be watched.

    With its seed, a game's actions are all it takes to rebuild what a spectator sees, so
    the dashboard (in this process or another) follows a running game from the database.
    """

    def __init__(self, engine: Engine, *, game_id: int, log: GameLog) -> None:
        self._engine = engine
        self._game_id = game_id
        self._log = log
        self.stored = 0
        """How many of the log's actions are in the database."""

    def flush(self) -> None:
        """Store the actions made since the last flush (blocking: call it from a thread).

        Raises:
            DatabaseFailure: the database failed; none of these actions is stored.
        """
        pending = self._log.actions[self.stored :]
        if not pending:
            return
        with (
            translated_failures(self._engine),
            Session(self._engine) as session,
            db.atomic(session),
        ):
            _store_actions(session, self._game_id, pending)
        self.stored += len(pending)

    async def follow(self, finished: asyncio.Event) -> None:
        """Flush every :data:`LIVE_FLUSH_SECONDS` until ``finished`` is set, then once more.

        Raises:
            DatabaseFailure: the database failed.
        """
        while not finished.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(finished.wait(), LIVE_FLUSH_SECONDS)
            await asyncio.to_thread(self.flush)


def store_game_log(
    session: Session, *, game_id: int, log: GameLog, stored_actions: int = 0
) -> None:
    """Store every event, action and fault of ``log``, the forfeits, outputs and the result.

    All in one transaction (see :func:`~croupier_server.db.atomic`), which packs the
    game's actions and events; the first ``stored_actions`` actions are already stored (by
    an :class:`ActionWriter`).
    """
    with db.atomic(session):
        _store_log(session, game_id, log, stored_actions)
        db.pack_game(session, game_id=game_id)
        # Last: a finished game takes its board's tally row until the commit.
        _store_end(session, game_id, log)
    _count(log)  # once stored: a game whose transaction failed is played again


def _count(log: GameLog) -> None:
    """Count a stored game in this process's metrics, unless it was aborted (to play again)."""
    if log.stopped is None and log.result is None:
        return
    ended_by = EndedBy.NOT_STARTED if log.stopped is not None else _finished_by(log)
    metrics.count_game(
        game=log.game.name,
        ended_by=ended_by.value,
        fault_kinds=[fault.kind.value for fault in log.faults],
        latencies_ms=[a.latency_ms for a in log.actions if a.latency_ms is not None],
    )


def _finished_by(log: GameLog) -> EndedBy:
    return EndedBy.FORFEIT if log.forfeited_at_event else EndedBy.NORMAL


def _store_log(session: Session, game_id: int, log: GameLog, stored_actions: int) -> None:
    db.record_events(
        session,
        game_id=game_id,
        events=[entry.event for entry in log.events],
        at=[entry.at for entry in log.events],
    )
    _store_actions(session, game_id, log.actions[stored_actions:])
    for fault in log.faults:
        db.record_fault(
            session,
            game_id=game_id,
            seat=fault.seat,
            kind=fault.kind,
            detail=fault.detail,
            at=fault.at,
            action_number=fault.action_number,
        )
    for seat, event_number in log.forfeited_at_event.items():
        db.mark_seat_forfeited(session, game_id=game_id, seat=seat, at_event=event_number)
    for seat, tail in log.outputs.items():
        outputs.record_output(
            session,
            game_id=game_id,
            seat=seat,
            lines=tail.lines,
            dropped_bytes=tail.dropped_bytes,
        )


def _store_end(session: Session, game_id: int, log: GameLog) -> None:
    if log.stopped is not None:
        db.abort_game(
            session, game_id=game_id, reason=str(log.stopped), ended_by=EndedBy.NOT_STARTED
        )
        return
    if log.result is None:
        db.abort_game(session, game_id=game_id, reason="the game did not finish")
        return
    db.finish_game(
        session,
        game_id=game_id,
        result=log.result,
        ended_by=_finished_by(log),
        finished_at=log.finished_at,
    )


def _store_actions(session: Session, game_id: int, entries: Sequence[ActionEntry]) -> None:
    actions = [
        db.NewAction(
            seat=entry.seat,
            action=entry.action,
            requested_at=entry.requested_at,
            decided_by=entry.decided_by,
            latency_ms=entry.latency_ms,
            comment=entry.comment,
        )
        for entry in entries
    ]
    db.record_actions(session, game_id=game_id, actions=actions)

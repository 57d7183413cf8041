"""Writing a refereed game's log to the database."""

from __future__ import annotations

from sqlmodel import Session

from croupier_server.db import EndedBy, repository
from croupier_server.referee.records import GameLog

__all__ = ["store_game_log"]


def store_game_log(session: Session, *, game_id: int, log: GameLog) -> None:
    """Store every event, action and fault of ``log``, the forfeits and the result."""
    repository.record_events(
        session,
        game_id=game_id,
        events=[entry.event for entry in log.events],
        at=[entry.at for entry in log.events],
    )
    for entry in log.actions:
        repository.record_action(
            session,
            game_id=game_id,
            seat=entry.seat,
            action=entry.action,
            requested_at=entry.requested_at,
            decided_by=entry.decided_by,
            latency_ms=entry.latency_ms,
        )
    for fault in log.faults:
        repository.record_fault(
            session,
            game_id=game_id,
            seat=fault.seat,
            kind=fault.kind,
            detail=fault.detail,
            at=fault.at,
            action_number=fault.action_number,
        )
    for seat, event_number in log.forfeited_at_event.items():
        repository.mark_seat_forfeited(session, game_id=game_id, seat=seat, at_event=event_number)
    if log.result is None:
        repository.abort_game(session, game_id=game_id, reason="the game did not finish")
        return
    repository.finish_game(
        session,
        game_id=game_id,
        result=log.result,
        ended_by=EndedBy.FORFEIT if log.forfeited_at_event else EndedBy.NORMAL,
        finished_at=log.finished_at,
    )

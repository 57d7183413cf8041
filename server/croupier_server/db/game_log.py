"""A game's log: its events, actions, faults and forfeits, written as it is played.

Events and actions are numbered from 0 within their game, in the order they are stored.
With its seed, a game's actions are its replay (see :mod:`croupier_server.db.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier.games import Event
from croupier_server.clock import utc_now
from croupier_server.db.models import ActionRecord, EventRecord, FaultRecord, SeatRecord
from croupier_server.db.serialize import event_data, event_visibility, storable_text
from croupier_server.db.transactions import insert, refreshed, require, transaction
from croupier_server.outcomes import DecidedBy, SeatStatus

__all__ = [
    "game_actions",
    "game_events",
    "game_faults",
    "mark_seat_forfeited",
    "record_action",
    "record_events",
    "record_fault",
]


def record_events(
    session: Session,
    *,
    game_id: int,
    events: Sequence[Event],
    seat: int | None = None,
    at: datetime | Sequence[datetime] | None = None,
) -> range:
    """Append ``events`` to a game, numbered on from the last stored one.

    Args:
        session: the writer's session.
        game_id: the game.
        events: engine events in order, private ones included.
        seat: the seat whose action led to these events (``None``: the deal, the start).
        at: when they happened: one time for the batch, one per event, or ``None`` for now.

    Returns:
        The numbers given to the events.

    Raises:
        ValueError: not one time per event, or an event hidden from spectators that is
            private to no single seat.
    """
    if at is None:
        at = utc_now()
    times = [at] * len(events) if isinstance(at, datetime) else list(at)
    if len(times) != len(events):
        raise ValueError(f"{len(times)} times for {len(events)} events")
    first = _next_number(session, EventRecord, game_id)
    with transaction(session):
        session.add_all(
            EventRecord(
                game_id=game_id,
                number=number,
                at=when,
                kind=type(event).__name__,
                visible_to=event_visibility(event),
                text=str(event),
                data=event_data(event),
                seat=seat,
            )
            for number, (event, when) in enumerate(zip(events, times, strict=True), start=first)
        )
    return range(first, first + len(events))


def record_action(
    session: Session,
    *,
    game_id: int,
    seat: int,
    action: object,
    requested_at: datetime,
    decided_by: str,
    latency_ms: float | None = None,
    comment: str | None = None,
) -> ActionRecord:
    """Append the action ``seat`` took (an action or its text, stored as ``str(action)``).

    ``decided_by`` is a :class:`DecidedBy` value; :attr:`DecidedBy.BOT` counts a decision
    of the seat. ``comment`` is the bot's explanation of it, if it gave one.

    Raises:
        RecordNotFound: no such seat in that game.
        ValueError: ``decided_by`` is no :class:`DecidedBy` value.
    """
    chooser = DecidedBy(decided_by)
    with transaction(session):
        seat_record = require(session, SeatRecord, (game_id, seat))
        record = ActionRecord(
            game_id=game_id,
            number=_next_number(session, ActionRecord, game_id),
            seat=seat,
            text=str(action),
            requested_at=requested_at,
            latency_ms=latency_ms,
            decided_by=chooser,
            comment=None if comment is None else storable_text(comment),
        )
        session.add(record)
        if chooser == DecidedBy.BOT:
            seat_record.decisions += 1
    return refreshed(session, record)


def record_fault(
    session: Session,
    *,
    game_id: int,
    seat: int,
    kind: str,
    detail: str = "",
    at: datetime | None = None,
    action_number: int | None = None,
) -> FaultRecord:
    """Record a fault of ``seat``'s bot; ``kind`` is usually a :class:`FaultKind`."""
    fault = FaultRecord(
        game_id=game_id,
        seat=seat,
        kind=str(kind),
        detail=storable_text(detail),
        at=at or utc_now(),
        action_number=action_number,
    )
    return insert(session, fault)


def mark_seat_forfeited(
    session: Session, *, game_id: int, seat: int, at_event: int | None = None
) -> SeatRecord:
    """Mark a seat forfeited from event ``at_event`` on (default: the next event to come).

    Raises:
        RecordNotFound: no such seat in that game.
    """
    with transaction(session):
        seat_record = require(session, SeatRecord, (game_id, seat))
        if at_event is None:
            at_event = _next_number(session, EventRecord, game_id)
        seat_record.status = SeatStatus.FORFEITED
        seat_record.forfeited_at_event = at_event
    return refreshed(session, seat_record)


def game_events(
    session: Session,
    *,
    game_id: int,
    visible_to: int | Literal["all"] | None = "all",
    since: int = 0,
) -> list[EventRecord]:
    """The events of a game in order, from number ``since`` on.

    Args:
        session: any session.
        game_id: the game.
        visible_to: ``"all"`` for every event; ``None`` for a spectator (public events
            only); a seat number for what that seat saw (public events and its own).
        since: the first event number wanted, to follow a game as it goes.
    """
    query = select(EventRecord).where(EventRecord.game_id == game_id, EventRecord.number >= since)
    if visible_to is None:
        query = query.where(col(EventRecord.visible_to).is_(None))
    elif visible_to != "all":
        query = query.where(
            sa.or_(col(EventRecord.visible_to).is_(None), col(EventRecord.visible_to) == visible_to)
        )
    return list(session.exec(query.order_by(col(EventRecord.number))))


def game_actions(session: Session, *, game_id: int) -> list[ActionRecord]:
    """The actions of a game in order: with its seed, the replay."""
    query = (
        select(ActionRecord)
        .where(ActionRecord.game_id == game_id)
        .order_by(col(ActionRecord.number))
    )
    return list(session.exec(query))


def game_faults(session: Session, *, game_id: int, seat: int | None = None) -> list[FaultRecord]:
    """The faults of a game (of ``seat`` only, when given), in the order they were recorded."""
    query = select(FaultRecord).where(FaultRecord.game_id == game_id)
    if seat is not None:
        query = query.where(FaultRecord.seat == seat)
    return list(session.exec(query.order_by(col(FaultRecord.id))))


def _next_number(
    session: Session, table: type[EventRecord] | type[ActionRecord], game_id: int
) -> int:
    query = select(sa.func.max(table.number)).where(table.game_id == game_id)
    last = session.exec(query).one()
    return 0 if last is None else last + 1

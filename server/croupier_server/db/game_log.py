"""A game's log: its events, actions, faults and forfeits, written as it is played.

Events and actions are numbered from 0 within their game, in the order they are stored.
With its seed, a game's actions are its replay (see :mod:`croupier_server.db.replay`).
The ``action`` and ``event`` rows are the journal of a game being played; an ended game's
are packed into one row (:mod:`croupier_server.db.packing`), and the readers here read
either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier.games import Event, Game, InvalidOptions, load_game
from croupier_server.clock import utc_now
from croupier_server.db.errors import RecordNotFound, ReplayMismatch
from croupier_server.db.games import get_game
from croupier_server.db.models import (
    ActionRecord,
    EventRecord,
    FaultRecord,
    GameRecord,
    PackedLogRecord,
    SeatRecord,
)
from croupier_server.db.packed_latencies import unpack_latencies
from croupier_server.db.packed_log import Unpacked, exact_latency_ms, unpack_log
from croupier_server.db.serialize import event_data, event_visibility, storable_text
from croupier_server.db.transactions import insert, refreshed, require, transaction
from croupier_server.outcomes import DecidedBy, SeatStatus

__all__ = [
    "NewAction",
    "SeatLatencies",
    "game_actions",
    "game_faults",
    "journal_events",
    "mark_seat_forfeited",
    "packed_log",
    "record_action",
    "record_actions",
    "record_events",
    "record_fault",
    "seat_latencies",
    "stored_game",
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
    rows = [
        {
            "game_id": game_id,
            "number": number,
            "at": when,
            "kind": type(event).__name__,
            "visible_to": event_visibility(event),
            "text": str(event),
            "data": event_data(event),
            "seat": seat,
        }
        for number, (event, when) in enumerate(zip(events, times, strict=True), start=first)
    ]
    with transaction(session):
        _insert_all(session, EventRecord, rows)
    return range(first, first + len(events))


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action to append to a game (see :func:`record_action` for its fields)."""

    seat: int
    action: object
    requested_at: datetime
    decided_by: str
    latency_ms: float | None = None
    comment: str | None = None


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
    of the seat. ``latency_ms`` is kept to the microsecond. ``comment`` is the bot's
    explanation of it, if it gave one.

    Raises:
        RecordNotFound: no such seat in that game.
        ValueError: ``decided_by`` is no :class:`DecidedBy` value.
    """
    new = NewAction(seat, action, requested_at, decided_by, latency_ms, comment)
    (number,) = record_actions(session, game_id=game_id, actions=[new])
    return refreshed(session, require(session, ActionRecord, (game_id, number)))


def record_actions(session: Session, *, game_id: int, actions: Sequence[NewAction]) -> range:
    """Append ``actions`` to a game in order, numbered on from the last stored one.

    As many calls of :func:`record_action`, in one statement.

    Returns:
        The numbers given to the actions.

    Raises:
        RecordNotFound: a seat not in that game.
        ValueError: a ``decided_by`` that is no :class:`DecidedBy` value.
    """
    choosers = [DecidedBy(new.decided_by) for new in actions]
    with transaction(session):
        seats = {
            seat: require(session, SeatRecord, (game_id, seat))
            for seat in {new.seat for new in actions}
        }
        first = _next_number(session, ActionRecord, game_id)
        rows = [
            {
                "game_id": game_id,
                "number": number,
                "seat": new.seat,
                "text": str(new.action),
                "requested_at": new.requested_at,
                "latency_ms": exact_latency_ms(new.latency_ms),
                "decided_by": chooser,
                "comment": None if new.comment is None else storable_text(new.comment),
            }
            for number, (new, chooser) in enumerate(
                zip(actions, choosers, strict=True), start=first
            )
        ]
        _insert_all(session, ActionRecord, rows)
        for new, chooser in zip(actions, choosers, strict=True):
            if chooser == DecidedBy.BOT:
                _count_decision(seats[new.seat], exact_latency_ms(new.latency_ms))
    return range(first, first + len(actions))


def _count_decision(seat: SeatRecord, latency_ms: float | None) -> None:
    """Count a decision of ``seat``'s bot, and keep its slowest."""
    seat.decisions += 1
    if latency_ms is not None and (
        seat.slowest_decision_ms is None or latency_ms > seat.slowest_decision_ms
    ):
        seat.slowest_decision_ms = latency_ms


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


def journal_events(
    session: Session,
    *,
    game_id: int,
    visible_to: int | Literal["all"] | None = "all",
    since: int = 0,
) -> list[EventRecord]:
    """The ``event`` rows of a game in order, from number ``since`` on.

    A packed game has none: :func:`croupier_server.db.replay.game_events` rebuilds them.

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
    """The actions of a game in order, packed or not: with its seed, the replay.

    Raises:
        ReplayMismatch: the game's packed log is unreadable.
    """
    packed = packed_log(session, game_id=game_id)
    if packed is None:
        query = (
            select(ActionRecord)
            .where(ActionRecord.game_id == game_id)
            .order_by(col(ActionRecord.number))
        )
        journal = list(session.exec(query))
        # None: the game may have been packed between the two reads (its journal deleted).
        if journal or (packed := packed_log(session, game_id=game_id)) is None:
            return journal
    return [
        ActionRecord(
            game_id=game_id,
            number=number,
            seat=action.seat,
            text=action.text,
            requested_at=action.requested_at,
            latency_ms=action.latency_ms,
            decided_by=action.decided_by,
            comment=action.comment,
        )
        for number, action in enumerate(packed.log.actions)
    ]


def stored_game(session: Session, *, game_id: int) -> tuple[GameRecord, Game[Any]]:
    """A stored game's record and the rules it was played with.

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: the engine refuses the stored options.
    """
    record = get_game(session, game_id=game_id)
    if record is None:
        raise RecordNotFound(f"no game {game_id}")
    try:
        return record, load_game(record.game, record.options)
    except InvalidOptions as error:
        raise ReplayMismatch(f"game {game_id}: stored options refused: {error}") from error


def packed_log(session: Session, *, game_id: int) -> Unpacked | None:
    """The packed log of a game, replayed; ``None`` for a game not packed (see its journal).

    Raises:
        RecordNotFound: no such game.
        ReplayMismatch: the stored options are refused, or the packed log is unreadable.
    """
    packed = session.get(PackedLogRecord, game_id)
    if packed is None:
        return None
    record, game = stored_game(session, game_id=game_id)
    try:
        return unpack_log(packed.log, game, record.seed)
    except ValueError as error:
        raise ReplayMismatch(f"game {game_id}: {error}") from error


@dataclass(frozen=True, slots=True)
class SeatLatencies:
    """How long a seat's bot took over each action it answered, in no particular order."""

    game_id: int
    seat: int
    latencies_ms: tuple[float, ...]


def seat_latencies(session: Session, seats: sa.Subquery) -> list[SeatLatencies]:
    """The latencies of the answered actions of each seat ``seats`` lists, packed or not.

    One entry a seat listed, with no latencies for one that answered nothing. A packed
    game's are read from its seat rows (:mod:`~croupier_server.db.packed_latencies`), the
    others' from their journal: in one statement, so a game packed meanwhile counts once.

    Args:
        session: any session.
        seats: a query of seats, with columns ``game_id`` and ``seat``.

    Raises:
        ReplayMismatch: a seat's packed latencies are unreadable.
    """
    query = (
        sa.select(
            seats.c.game_id, seats.c.seat, col(SeatRecord.latencies), col(ActionRecord.latency_ms)
        )
        .join(
            SeatRecord,
            sa.and_(
                col(SeatRecord.game_id) == seats.c.game_id, col(SeatRecord.seat) == seats.c.seat
            ),
        )
        .outerjoin(
            ActionRecord,
            sa.and_(
                col(SeatRecord.latencies).is_(None),
                col(ActionRecord.game_id) == seats.c.game_id,
                col(ActionRecord.seat) == seats.c.seat,
                col(ActionRecord.latency_ms).is_not(None),
            ),
        )
    )
    found: dict[tuple[int, int], list[float]] = {}
    for game_id, seat, packed, latency_ms in session.execute(query):
        latencies = found.setdefault((game_id, seat), [])
        if packed is not None:
            try:
                latencies += unpack_latencies(packed)
            except ValueError as error:
                raise ReplayMismatch(f"game {game_id}, seat {seat}: {error}") from error
        elif latency_ms is not None:
            latencies.append(latency_ms)
    return [
        SeatLatencies(game_id, seat, tuple(latencies))
        for (game_id, seat), latencies in found.items()
    ]


def game_faults(session: Session, *, game_id: int, seat: int | None = None) -> list[FaultRecord]:
    """The faults of a game (of ``seat`` only, when given), in the order they were recorded."""
    query = select(FaultRecord).where(FaultRecord.game_id == game_id)
    if seat is not None:
        query = query.where(FaultRecord.seat == seat)
    return list(session.exec(query.order_by(col(FaultRecord.id))))


def _insert_all(
    session: Session, table: type[EventRecord] | type[ActionRecord], rows: list[dict[str, Any]]
) -> None:
    """Insert ``rows`` into ``table`` in one call (an ORM bulk insert), if there are any."""
    if rows:
        session.execute(sa.insert(table), rows)


def _next_number(
    session: Session, table: type[EventRecord] | type[ActionRecord], game_id: int
) -> int:
    query = select(sa.func.max(table.number)).where(table.game_id == game_id)
    last = session.exec(query).one()
    return 0 if last is None else last + 1

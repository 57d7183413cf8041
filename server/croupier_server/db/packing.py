"""Packing an ended game: its journal's rows become one ``packed_log`` row.

A game being played writes an ``action`` row per action (its journal, which the live viewer
follows) and its ``event`` rows at its end. In the transaction that stores its end, the
journal is packed (:mod:`croupier_server.db.packed_log`) and its rows deleted; the events
are rebuilt by the engine from then on, and each seat keeps its latencies
(:mod:`croupier_server.db.packed_latencies`). A game is packed only if its replay rebuilds every
stored event exactly (kind, text, visibility and data): one that does not keeps its rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col

from croupier.games import InvalidOptions, load_game
from croupier_server.db.errors import RecordNotFound, ReplayMismatch
from croupier_server.db.game_log import game_actions, journal_events, packed_log
from croupier_server.db.games import game_seats, get_game
from croupier_server.db.models import ActionRecord, EventRecord, PackedLogRecord
from croupier_server.db.packed_latencies import pack_latencies
from croupier_server.db.packed_log import PackedAction, PackedEvent, PackedLog, pack_log
from croupier_server.db.replay import replayed
from croupier_server.db.serialize import event_data, event_visibility
from croupier_server.db.transactions import transaction
from croupier_server.outcomes import DecidedBy

__all__ = ["JournalEvent", "pack_game", "pack_journal"]


@dataclass(frozen=True, slots=True)
class JournalEvent:
    """One stored ``event`` row's fields, as packing compares them with the replay's."""

    number: int
    kind: str
    text: str
    visible_to: int | None
    data: Mapping[str, Any]
    at: datetime
    seat: int | None


def pack_game(session: Session, *, game_id: int) -> bool:
    """Pack a game's journal into its ``packed_log`` row and delete the journal's rows.

    Each seat keeps the latencies of the actions it answered (``SeatRecord.latencies``).

    Returns whether the game is packed (``False``: its replay does not rebuild its stored
    events exactly, and its rows are kept).

    Raises:
        RecordNotFound: no such game.
    """
    if packed_log(session, game_id=game_id) is not None:
        return True
    record = get_game(session, game_id=game_id)
    if record is None:
        raise RecordNotFound(f"no game {game_id}")
    events = [
        JournalEvent(e.number, e.kind, e.text, e.visible_to, e.data, e.at, e.seat)
        for e in journal_events(session, game_id=game_id)
    ]
    actions = game_actions(session, game_id=game_id)
    packed = pack_journal(record.game, record.options, record.seed, actions, events)
    if packed is None:
        return False
    with transaction(session):
        session.add(PackedLogRecord(game_id=game_id, log=packed))
        for seat in game_seats(session, game_id=game_id):
            seat.latencies = pack_latencies(
                action.latency_ms
                for action in actions
                if action.seat == seat.seat and action.latency_ms is not None
            )
        for table in (ActionRecord, EventRecord):
            session.execute(sa.delete(table).where(col(table.game_id) == game_id))
    return True


def pack_journal(
    game_name: str,
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[ActionRecord],
    events: Sequence[JournalEvent],
) -> bytes | None:
    """A game's journal packed, or ``None`` when its replay does not rebuild ``events``.

    Args:
        game_name: the game's rules, by name.
        options: its rule options.
        seed: its seed.
        actions: its ``action`` rows in order.
        events: its ``event`` rows in order.
    """
    try:
        game = load_game(game_name, options)
        *_, last = replayed(game, seed, actions, game_id=None)
    except (InvalidOptions, ReplayMismatch):
        return None
    rebuilt = last.state.events
    if len(rebuilt) != len(events):
        return None
    for number, (event, stored) in enumerate(zip(rebuilt, events, strict=True)):
        expected = (number, type(event).__name__, str(event), event_visibility(event))
        if (stored.number, stored.kind, stored.text, stored.visible_to) != expected:
            return None
        if event_data(event) != stored.data:
            return None
    log = PackedLog(
        actions=tuple(
            PackedAction(
                seat=action.seat,
                text=action.text,
                decided_by=DecidedBy(action.decided_by),
                requested_at=action.requested_at,
                latency_ms=action.latency_ms,
                comment=action.comment,
            )
            for action in actions
        ),
        events=tuple(PackedEvent(event.at, event.seat) for event in events),
    )
    return pack_log(log, game, seed)

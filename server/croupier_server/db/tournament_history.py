"""Read queries of a tournament's page: its faults and forfeits, and the pace of its games.

Each reads only what the page shows (the latest rows, two timestamps), whatever the number
of the tournament's games.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col

from croupier_server.db.models import BotRecord, FaultRecord, GameRecord, SeatRecord, fault_at_seat
from croupier_server.outcomes import GameStatus, SeatStatus

__all__ = ["FORFEIT", "TournamentFault", "TournamentPace", "tournament_faults", "tournament_pace"]

FORFEIT = "forfeit"
"""The kind of a :class:`TournamentFault` that is a seat forfeited, not a stored fault."""


@dataclass(frozen=True, slots=True)
class TournamentFault:
    """A fault or a forfeited seat in one of a tournament's games.

    Attributes:
        game_id: The game.
        seat: The seat at fault.
        bot: The bot in that seat.
        kind: The fault's kind, or :data:`FORFEIT` for a forfeited seat.
        detail: What the referee wrote of it (empty for a forfeit).
        action_number: The number of the action the fault concerns, when it concerns one.
    """

    game_id: int
    seat: int
    bot: str
    kind: str
    detail: str
    action_number: int | None


@dataclass(frozen=True, slots=True)
class TournamentPace:
    """When a tournament's finished games began and ended.

    Attributes:
        first_started: When the first of them began; ``None`` before any finished.
        last_finished: When the last of them finished.
    """

    first_started: datetime | None
    last_finished: datetime | None


def tournament_faults(session: Session, *, tournament_id: int, limit: int) -> list[TournamentFault]:
    """The ``limit`` latest faults and forfeited seats of the tournament's games, newest first.

    A seat that forfeited after a fault is listed twice: once for the fault, once for the
    forfeit.
    """
    in_tournament = col(GameRecord.tournament_id) == tournament_id
    faults = (
        sa.select(
            col(FaultRecord.game_id),
            col(FaultRecord.seat),
            col(BotRecord.name),
            col(FaultRecord.kind),
            col(FaultRecord.detail),
            col(FaultRecord.action_number),
        )
        .join(GameRecord, col(GameRecord.id) == col(FaultRecord.game_id))
        .join(SeatRecord, fault_at_seat())
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(in_tournament)
        .order_by(sa.desc(col(FaultRecord.id)))
        .limit(limit)
    )
    forfeits = (
        sa.select(col(SeatRecord.game_id), col(SeatRecord.seat), col(BotRecord.name))
        .join(GameRecord, col(GameRecord.id) == col(SeatRecord.game_id))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(in_tournament, col(SeatRecord.status) == SeatStatus.FORFEITED)
        .order_by(sa.desc(col(SeatRecord.game_id)), col(SeatRecord.seat))
        .limit(limit)
    )
    found = [TournamentFault(*row) for row in session.execute(faults)]
    found += [
        TournamentFault(game_id, seat, bot, FORFEIT, "", None)
        for game_id, seat, bot in session.execute(forfeits)
    ]
    # Stable: within a game, its faults (newest first) come before its forfeits.
    found.sort(key=lambda fault: -fault.game_id)
    return found[:limit]


def tournament_pace(session: Session, *, tournament_id: int) -> TournamentPace:
    """When the tournament's first finished game began and its last one finished."""
    query = sa.select(
        sa.func.min(col(GameRecord.started_at)), sa.func.max(col(GameRecord.finished_at))
    ).where(
        col(GameRecord.tournament_id) == tournament_id,
        col(GameRecord.status) == GameStatus.FINISHED,
    )
    first_started, last_finished = session.execute(query).one()
    return TournamentPace(first_started, last_finished)

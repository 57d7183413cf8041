"""Queries of croupier's database that only the tests make: what a test looks up to check.

Keyword-only over a :class:`Session`, like the storage layer's own (``croupier_server.db``).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db import BotRecord, GameRecord, GameStatus, SeatRecord
from croupier_server.tokens import hash_secret

__all__ = ["find_bot_by_key", "finished_games", "list_games"]


def find_bot_by_key(session: Session, *, key: str) -> BotRecord | None:
    """The remote bot whose key is ``key``, or ``None`` for a wrong key."""
    query = select(BotRecord).where(BotRecord.key_hash == hash_secret(key))
    return session.exec(query).first()


def list_games(
    session: Session,
    *,
    game: str | None = None,
    bot_id: int | None = None,
    status: GameStatus | None = None,
    tournament_id: int | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[GameRecord]:
    """Games, newest first, optionally only of ``game``, with ``bot_id``, in ``status``..."""
    query = select(GameRecord)
    if game is not None:
        query = query.where(GameRecord.game == game)
    if status is not None:
        query = query.where(GameRecord.status == status)
    if tournament_id is not None:
        query = query.where(GameRecord.tournament_id == tournament_id)
    if bot_id is not None:
        seats = select(SeatRecord.game_id).where(SeatRecord.bot_id == bot_id)
        query = query.where(col(GameRecord.id).in_(seats))
    query = query.order_by(sa.desc(col(GameRecord.started_at)), sa.desc(col(GameRecord.id)))
    return list(session.exec(query.offset(offset).limit(limit)))


def finished_games(
    session: Session, *, game: str, tournament_id: int | None = None
) -> list[tuple[GameRecord, list[tuple[str, SeatRecord]]]]:
    """The finished games of ``game`` (of one tournament, when given), oldest first.

    Each comes with its seats in order, each with its bot's name.
    """
    finished = select(GameRecord.id).where(
        GameRecord.game == game, GameRecord.status == GameStatus.FINISHED
    )
    if tournament_id is not None:
        finished = finished.where(GameRecord.tournament_id == tournament_id)
    query = select(GameRecord).where(col(GameRecord.id).in_(finished)).order_by(col(GameRecord.id))
    seats: dict[int, list[tuple[str, SeatRecord]]] = {}
    seat_query = (
        select(BotRecord.name, SeatRecord)
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(finished))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    for name, seat in session.exec(seat_query):
        seats.setdefault(seat.game_id, []).append((name, seat))
    return [(record, seats.get(record.id or 0, [])) for record in session.exec(query)]

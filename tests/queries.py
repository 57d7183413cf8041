"""Queries of croupier's database that only the tests make: what a test looks up to check.

Keyword-only over a :class:`Session`, like the storage layer's own (``croupier_server.db``).
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db import BotRecord, GameRecord, GameStatus, MatchRecord, SeatRecord
from croupier_server.tokens import hash_secret

__all__ = ["find_bot_by_key", "find_seat_by_token", "finished_games", "get_match", "list_games"]


def find_bot_by_key(session: Session, *, key: str) -> BotRecord | None:
    """The remote bot whose key is ``key``, or ``None`` for a wrong key."""
    query = select(BotRecord).where(BotRecord.key_hash == hash_secret(key))
    return session.exec(query).first()


def get_match(session: Session, *, match_id: int) -> MatchRecord | None:
    """The match with id ``match_id``, if any."""
    return session.get(MatchRecord, match_id)


def find_seat_by_token(session: Session, *, token: str) -> SeatRecord | None:
    """The seat whose token is ``token``, or ``None`` for a wrong token."""
    query = select(SeatRecord).where(SeatRecord.token_hash == hash_secret(token))
    return session.exec(query).first()


def list_games(
    session: Session,
    *,
    game: str | None = None,
    bot_id: int | None = None,
    status: GameStatus | None = None,
    match_id: int | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[GameRecord]:
    """Games, newest first, optionally only of ``game``, with ``bot_id``, in ``status``..."""
    query = select(GameRecord)
    if game is not None:
        query = query.where(GameRecord.game == game)
    if status is not None:
        query = query.where(GameRecord.status == status)
    if match_id is not None:
        query = query.where(GameRecord.match_id == match_id)
    if bot_id is not None:
        seats = select(SeatRecord.game_id).where(SeatRecord.bot_id == bot_id)
        query = query.where(col(GameRecord.id).in_(seats))
    query = query.order_by(sa.desc(col(GameRecord.started_at)), sa.desc(col(GameRecord.id)))
    return list(session.exec(query.offset(offset).limit(limit)))


def finished_games(
    session: Session, *, game: str, tournament_id: int | None = None
) -> list[tuple[MatchRecord, GameRecord, list[tuple[str, SeatRecord]]]]:
    """The finished games of ``game`` (of one tournament, when given), oldest first.

    Each comes with its match and its seats in order, each with its bot's name.
    """
    finished = (
        select(GameRecord.id)
        .join(MatchRecord, col(MatchRecord.id) == col(GameRecord.match_id))
        .where(GameRecord.game == game, GameRecord.status == GameStatus.FINISHED)
    )
    if tournament_id is not None:
        finished = finished.where(MatchRecord.tournament_id == tournament_id)
    query = (
        select(MatchRecord, GameRecord)
        .join(GameRecord, col(GameRecord.match_id) == col(MatchRecord.id))
        .where(col(GameRecord.id).in_(finished))
        .order_by(col(GameRecord.id))
    )
    seats: dict[int, list[tuple[str, SeatRecord]]] = {}
    seat_query = (
        select(BotRecord.name, SeatRecord)
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(finished))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    for name, seat in session.exec(seat_query):
        seats.setdefault(seat.game_id, []).append((name, seat))
    return [(match, record, seats.get(record.id or 0, [])) for match, record in session.exec(query)]

"""Read queries of the leaderboards: lean rows, aggregates in SQL.

A leaderboard covers the finished games of one game, optionally of one variant (see
:meth:`croupier.games.Game.variant_label`) and one tournament. Its games are read as plain
rows rather than records, since a board may hold a hundred thousand of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.models import ActionRecord, BotRecord, FaultRecord, GameRecord, SeatRecord
from croupier_server.outcomes import GameStatus, SeatStatus

__all__ = [
    "BoardVersion",
    "FinishedBoard",
    "FinishedGame",
    "board_version",
    "bot_fault_counts",
    "bot_latencies",
    "finished_boards",
    "finished_game_seats",
]


@dataclass(frozen=True, slots=True)
class BoardVersion:
    """What changes whenever a game of a board finishes: how many there are, the newest id.

    Games finish out of order when several run at once, so the count matters as well as
    the id.
    """

    games: int
    last_game_id: int | None


@dataclass(frozen=True, slots=True)
class FinishedBoard:
    """A game and variant that has finished games, with the version of its board."""

    game: str
    variant: str
    version: BoardVersion


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the ratings see it.

    Attributes:
        id: The game's id.
        tournament_id: Its tournament, if any.
        schedule_deal: The tournament's deal it played, if any.
        schedule_number: The number of the tournament's game it played, if any.
        bots: The bot in each seat, in seat order.
        scores: Each seat's final score.
        forfeited: The bots whose seat forfeited, in seat order (usually none).
    """

    id: int
    tournament_id: int | None
    schedule_deal: int | None
    schedule_number: int | None
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    forfeited: tuple[str, ...]


def finished_boards(session: Session, *, game: str | None = None) -> list[FinishedBoard]:
    """Every game and variant with finished games (of ``game`` only, when given), by name."""
    query = (
        sa.select(
            col(GameRecord.game),
            col(GameRecord.variant),
            sa.func.count(),
            sa.func.max(col(GameRecord.id)),
        )
        .where(col(GameRecord.status) == GameStatus.FINISHED)
        .group_by(col(GameRecord.game), col(GameRecord.variant))
        .order_by(col(GameRecord.game), col(GameRecord.variant))
    )
    if game is not None:
        query = query.where(col(GameRecord.game) == game)
    return [
        FinishedBoard(name, variant, BoardVersion(count, last))
        for name, variant, count, last in session.execute(query)
    ]


def board_version(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> BoardVersion:
    """The version of the board of ``game`` (of one variant, one tournament, when given).

    A tournament's board is counted through the index of its finished games, without
    reading a row.
    """
    if tournament_id is not None:
        # The status is written into the SQL: the index covers only finished games, and
        # SQLite uses such a partial index only when the query names its very condition.
        finished = sa.literal(GameStatus.FINISHED.value, literal_execute=True)
        scheduled = sa.select(sa.func.count(), sa.func.max(col(GameRecord.id))).where(
            col(GameRecord.tournament_id) == tournament_id, col(GameRecord.status) == finished
        )
        games, last = session.execute(scheduled).one()
        return BoardVersion(games, last)
    query = sa.select(sa.func.count(), sa.func.max(col(GameRecord.id))).where(
        col(GameRecord.status) == GameStatus.FINISHED, col(GameRecord.game) == game
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    games, last = session.execute(query).one()
    return BoardVersion(games, last)


def finished_game_seats(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> list[FinishedGame]:
    """The finished games of ``game`` (of one variant, one tournament, when given), by id."""
    query = (
        sa.select(
            col(GameRecord.id),
            col(GameRecord.tournament_id),
            col(GameRecord.schedule_deal),
            col(GameRecord.schedule_number),
            col(BotRecord.name),
            col(SeatRecord.score),
            col(SeatRecord.status),
        )
        .select_from(GameRecord)
        .join(SeatRecord, col(SeatRecord.game_id) == col(GameRecord.id))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(GameRecord.status) == GameStatus.FINISHED, col(GameRecord.game) == game)
        .order_by(col(GameRecord.id), col(SeatRecord.seat))
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(GameRecord.tournament_id) == tournament_id)
    games: list[FinishedGame] = []
    seats: list[Sequence[Any]] = []
    for row in session.execute(query):
        if seats and row[0] != seats[0][0]:
            games.append(_finished_game(seats))
            seats = []
        seats.append(row)
    if seats:
        games.append(_finished_game(seats))
    return games


def _finished_game(seats: Sequence[Sequence[Any]]) -> FinishedGame:
    game_id, tournament_id, schedule_deal, schedule_number = seats[0][:4]
    return FinishedGame(
        id=game_id,
        tournament_id=tournament_id,
        schedule_deal=schedule_deal,
        schedule_number=schedule_number,
        bots=tuple(seat[4] for seat in seats),
        scores=tuple(float(seat[5] or 0) for seat in seats),
        forfeited=tuple(seat[4] for seat in seats if seat[6] == SeatStatus.FORFEITED),
    )


def bot_fault_counts(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, dict[str, int]]:
    """How many faults of each kind each bot made in the finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    query = (
        select(BotRecord.name, FaultRecord.kind, sa.func.count())
        .join(
            SeatRecord,
            sa.and_(
                col(SeatRecord.game_id) == col(FaultRecord.game_id),
                col(SeatRecord.seat) == col(FaultRecord.seat),
            ),
        )
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(FaultRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)))
        .group_by(col(BotRecord.name), col(FaultRecord.kind))
    )
    counts: dict[str, dict[str, int]] = {}
    for name, kind, count in session.exec(query):
        counts.setdefault(name, {})[kind] = count
    return counts


def bot_latencies(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, list[float]]:
    """The decision latencies (ms) of each bot in the finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    query = (
        select(BotRecord.name, ActionRecord.latency_ms)
        .join(
            SeatRecord,
            sa.and_(
                col(SeatRecord.game_id) == col(ActionRecord.game_id),
                col(SeatRecord.seat) == col(ActionRecord.seat),
            ),
        )
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(
            col(ActionRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)),
            col(ActionRecord.latency_ms).is_not(None),
        )
    )
    latencies: dict[str, list[float]] = {}
    for name, latency in session.exec(query):
        if latency is not None:
            latencies.setdefault(name, []).append(latency)
    return latencies


def _finished_game_ids(game: str, variant: str | None, tournament_id: int | None) -> sa.Select[Any]:
    query = sa.select(col(GameRecord.id)).where(
        col(GameRecord.game) == game, col(GameRecord.status) == GameStatus.FINISHED
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(GameRecord.tournament_id) == tournament_id)
    return query

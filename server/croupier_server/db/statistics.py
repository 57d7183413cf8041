"""Read queries of the leaderboards and the bot pages: lean rows, aggregates in SQL, limits.

A leaderboard covers the finished games of one game, optionally of one variant (see
:func:`~croupier_server.db.variants.variant_label`) and one tournament. Its games are read as
plain rows rather than records, since a board may hold a hundred thousand of them; a bot's
page reads only what it shows (counts, the latest rows), whatever the number of its games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col

from croupier_server.db.models import (
    ActionRecord,
    BotRecord,
    FaultRecord,
    GameRecord,
    GameStatus,
    MatchRecord,
    MatchStatus,
    SeatRecord,
    SeatStatus,
)

__all__ = [
    "BoardVersion",
    "BotFault",
    "BotGame",
    "DecisionSample",
    "FinishedBoard",
    "FinishedGame",
    "board_version",
    "bot_fault_kinds",
    "bot_ids",
    "finished_boards",
    "finished_game_seats",
    "latest_bot_faults",
    "recent_bot_games",
    "recent_decision_latencies",
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


@dataclass(frozen=True, slots=True)
class BotFault:
    """A fault of a bot, where it happened."""

    game_id: int
    seat: int
    kind: str
    detail: str
    at: datetime
    action_number: int | None


@dataclass(frozen=True, slots=True)
class DecisionSample:
    """A bot's decision times (ms) in its latest ``games``, in no particular order."""

    games: int
    latencies: list[float]


@dataclass(frozen=True, slots=True)
class BotGame:
    """A game a bot sat in, from that bot's seat.

    Attributes:
        game_id: The game.
        variant: Its variant label.
        tournament_id: Its tournament, if any.
        started_at: When it began.
        status: A :class:`~croupier_server.db.models.GameStatus` value.
        ended_by: How it ended, if it did.
        seat: The bot's seat.
        seat_status: A :class:`~croupier_server.db.models.SeatStatus` value.
        score: The bot's final score, once finished.
        place: The bot's place (1 is first), once finished.
        players: The bot in each seat, in seat order, this bot included.
    """

    game_id: int
    variant: str
    tournament_id: int | None
    started_at: datetime
    status: str
    ended_by: str | None
    seat: int
    seat_status: str
    score: int | None
    place: int | None
    players: tuple[str, ...]


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

    A tournament's board counts its finished matches instead, with their newest id: each
    plays one game and is marked finished as soon as its game is stored, and the index of
    a tournament's finished matches counts them without reading a row, where a count of
    its games would read one game and one match per game.
    """
    if tournament_id is not None:
        # The status is written into the SQL: the index covers only finished matches, and
        # SQLite uses such a partial index only when the query names its very condition.
        finished = sa.literal(MatchStatus.FINISHED.value, literal_execute=True)
        matches = sa.select(sa.func.count(), sa.func.max(col(MatchRecord.id))).where(
            col(MatchRecord.tournament_id) == tournament_id, col(MatchRecord.status) == finished
        )
        games, last = session.execute(matches).one()
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
            col(MatchRecord.tournament_id),
            col(MatchRecord.schedule_deal),
            col(MatchRecord.schedule_number),
            col(BotRecord.name),
            col(SeatRecord.score),
            col(SeatRecord.status),
        )
        .select_from(GameRecord)
        .join(MatchRecord, col(MatchRecord.id) == col(GameRecord.match_id))
        .join(SeatRecord, col(SeatRecord.game_id) == col(GameRecord.id))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(GameRecord.status) == GameStatus.FINISHED, col(GameRecord.game) == game)
        .order_by(col(GameRecord.id), col(SeatRecord.seat))
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(MatchRecord.tournament_id) == tournament_id)
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


# A bot's page


def bot_ids(session: Session) -> dict[str, int]:
    """The id of every bot, by name."""
    query = sa.select(col(BotRecord.name), col(BotRecord.id))
    return dict(session.execute(query).all())


def bot_fault_kinds(session: Session, *, bot_id: int) -> dict[str, int]:
    """How many faults of each kind the bot made, in all its games."""
    query = (
        sa.select(col(FaultRecord.kind), sa.func.count())
        .join(SeatRecord, _fault_seat())
        .where(col(SeatRecord.bot_id) == bot_id)
        .group_by(col(FaultRecord.kind))
    )
    return dict(session.execute(query).all())


def latest_bot_faults(session: Session, *, bot_id: int, limit: int) -> list[BotFault]:
    """The bot's ``limit`` latest faults, newest first."""
    query = (
        sa.select(
            col(FaultRecord.game_id),
            col(FaultRecord.seat),
            col(FaultRecord.kind),
            col(FaultRecord.detail),
            col(FaultRecord.at),
            col(FaultRecord.action_number),
        )
        .join(SeatRecord, _fault_seat())
        .where(col(SeatRecord.bot_id) == bot_id)
        .order_by(sa.desc(col(FaultRecord.id)))
        .limit(limit)
    )
    return [BotFault(*row) for row in session.execute(query)]


def recent_bot_games(session: Session, *, bot_id: int, limit: int) -> list[BotGame]:
    """The ``limit`` latest games the bot sat in (whatever their status), newest first."""
    query = (
        sa.select(
            col(GameRecord.id),
            col(GameRecord.variant),
            col(MatchRecord.tournament_id),
            col(GameRecord.started_at),
            col(GameRecord.status),
            col(GameRecord.ended_by),
            col(SeatRecord.seat),
            col(SeatRecord.status),
            col(SeatRecord.score),
            col(SeatRecord.place),
        )
        .select_from(SeatRecord)
        .join(GameRecord, col(GameRecord.id) == col(SeatRecord.game_id))
        .join(MatchRecord, col(MatchRecord.id) == col(GameRecord.match_id))
        .where(col(SeatRecord.bot_id) == bot_id)
        .order_by(sa.desc(col(SeatRecord.game_id)), col(SeatRecord.seat))
        .limit(limit)
    )
    rows = session.execute(query).all()
    players = _players(session, [row[0] for row in rows])
    return [
        BotGame(
            game_id=game_id,
            variant=variant,
            tournament_id=tournament_id,
            started_at=started_at,
            status=str(status),
            ended_by=ended_by,
            seat=seat,
            seat_status=str(seat_status),
            score=score,
            place=place,
            players=players[game_id],
        )
        for (
            game_id,
            variant,
            tournament_id,
            started_at,
            status,
            ended_by,
            seat,
            seat_status,
            score,
            place,
        ) in rows
    ]


def recent_decision_latencies(session: Session, *, bot_id: int, games: int) -> DecisionSample:
    """The bot's decision times (ms) in its ``games`` latest games."""
    seats = (
        sa.select(col(SeatRecord.game_id), col(SeatRecord.seat))
        .where(col(SeatRecord.bot_id) == bot_id)
        .order_by(sa.desc(col(SeatRecord.game_id)))
        .limit(games)
        .subquery()
    )
    query = (
        sa.select(col(ActionRecord.latency_ms))
        .join(
            seats,
            sa.and_(
                col(ActionRecord.game_id) == seats.c.game_id,
                col(ActionRecord.seat) == seats.c.seat,
            ),
        )
        .where(col(ActionRecord.latency_ms).is_not(None))
    )
    measured: int = session.execute(sa.select(sa.func.count()).select_from(seats)).scalar_one()
    latencies = [latency for latency in session.execute(query).scalars() if latency is not None]
    return DecisionSample(games=measured, latencies=latencies)


def _players(session: Session, game_ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
    query = (
        sa.select(col(SeatRecord.game_id), col(BotRecord.name))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(set(game_ids)))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    players: dict[int, list[str]] = {game_id: [] for game_id in game_ids}
    for game_id, name in session.execute(query):
        players[game_id].append(name)
    return {game_id: tuple(names) for game_id, names in players.items()}


def _fault_seat() -> sa.ColumnElement[bool]:
    return sa.and_(
        col(SeatRecord.game_id) == col(FaultRecord.game_id),
        col(SeatRecord.seat) == col(FaultRecord.seat),
    )

"""Read queries of a bot's page: its games, faults and decision times, newest first.

Each reads only what the page shows (counts, the latest rows), whatever the number of the
bot's games, of the games its reader may see (a check game only its author and the admin:
:func:`~croupier_server.db.check_games.listed_for`); a game whose deal is still being
played is given without its result but to the admin
(:func:`~croupier_server.db.disclosure.results_held_back`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col

from croupier_server.db.check_games import ANYONE, Reader, listed_for
from croupier_server.db.disclosure import results_held_back
from croupier_server.db.game_log import seat_latencies
from croupier_server.db.models import (
    BotRecord,
    FaultRecord,
    GameRecord,
    SeatRecord,
    fault_at_seat,
)
from croupier_server.outcomes import GameStatus

__all__ = [
    "BotFault",
    "BotGame",
    "DecisionSample",
    "bot_fault_kinds",
    "latest_bot_faults",
    "recent_bot_games",
    "recent_decision_latencies",
]


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
        status: A :class:`~croupier_server.outcomes.GameStatus` value.
        ended_by: How it ended, if it did.
        seat: The bot's seat.
        seat_status: A :class:`~croupier_server.outcomes.SeatStatus` value.
        score: The bot's final score, once finished.
        place: The bot's place (1 is first), once finished.
        players: The bot in each seat, in seat order, this bot included.
        scores: Each seat's final score, in seat order (``None`` before the game ended).
        held_back: Why its result is not given (its deal is still being played), else empty.
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
    scores: tuple[int | None, ...]
    held_back: str = ""


def bot_fault_kinds(session: Session, *, bot_id: int, reader: Reader = ANYONE) -> dict[str, int]:
    """How many faults of each kind the bot made, in all its games ``reader`` may see."""
    query = (
        sa.select(col(FaultRecord.kind), sa.func.count())
        .join(SeatRecord, fault_at_seat())
        .join(GameRecord, col(GameRecord.id) == col(FaultRecord.game_id))
        .where(col(SeatRecord.bot_id) == bot_id, listed_for(reader))
        .group_by(col(FaultRecord.kind))
    )
    return dict(session.execute(query).all())


def latest_bot_faults(
    session: Session, *, bot_id: int, limit: int, reader: Reader = ANYONE
) -> list[BotFault]:
    """The bot's ``limit`` latest faults in games ``reader`` may see, newest first."""
    query = (
        sa.select(
            col(FaultRecord.game_id),
            col(FaultRecord.seat),
            col(FaultRecord.kind),
            col(FaultRecord.detail),
            col(FaultRecord.at),
            col(FaultRecord.action_number),
        )
        .join(SeatRecord, fault_at_seat())
        .join(GameRecord, col(GameRecord.id) == col(FaultRecord.game_id))
        .where(col(SeatRecord.bot_id) == bot_id, listed_for(reader))
        .order_by(sa.desc(col(FaultRecord.id)))
        .limit(limit)
    )
    return [BotFault(*row) for row in session.execute(query)]


def recent_bot_games(
    session: Session, *, bot_id: int, limit: int, reader: Reader = ANYONE
) -> list[BotGame]:
    """The ``limit`` latest games the bot sat in, whatever their status, newest first.

    Only those ``reader`` may see.
    """
    query = (
        sa.select(
            col(GameRecord.id),
            col(GameRecord.variant),
            col(GameRecord.tournament_id),
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
        .where(col(SeatRecord.bot_id) == bot_id, listed_for(reader))
        .order_by(sa.desc(col(SeatRecord.game_id)), col(SeatRecord.seat))
        .limit(limit)
    )
    rows = session.execute(query).all()
    seats = _seats(session, [row[0] for row in rows])
    finished = [row[0] for row in rows if row[4] == GameStatus.FINISHED]
    held = {} if reader.admin else results_held_back(session, finished)
    games = [
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
            players=tuple(name for name, _ in seats[game_id]),
            scores=tuple(score for _, score in seats[game_id]),
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
    return [
        _without_result(game, held[game.game_id]) if game.game_id in held else game
        for game in games
    ]


def _without_result(game: BotGame, reason: str) -> BotGame:
    """``game`` with no score or place: its result is held back for ``reason``."""
    scores = (None,) * len(game.scores)
    return dataclasses.replace(game, score=None, place=None, scores=scores, held_back=reason)


def recent_decision_latencies(
    session: Session, *, bot_id: int, games: int, reader: Reader = ANYONE
) -> DecisionSample:
    """The bot's decision times (ms) in its ``games`` latest games that ``reader`` may see."""
    seats = (
        sa.select(col(SeatRecord.game_id), col(SeatRecord.seat))
        .join(GameRecord, col(GameRecord.id) == col(SeatRecord.game_id))
        .where(col(SeatRecord.bot_id) == bot_id, listed_for(reader))
        .order_by(sa.desc(col(SeatRecord.game_id)))
        .limit(games)
        .subquery()
    )
    measured = seat_latencies(session, seats)
    latencies = [latency for found in measured for latency in found.latencies_ms]
    return DecisionSample(games=len(measured), latencies=latencies)


def _seats(session: Session, game_ids: Sequence[int]) -> dict[int, list[tuple[str, int | None]]]:
    """Each game's seats in seat order, as (bot, final score)."""
    query = (
        sa.select(col(SeatRecord.game_id), col(BotRecord.name), col(SeatRecord.score))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(set(game_ids)))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    seats: dict[int, list[tuple[str, int | None]]] = {game_id: [] for game_id in game_ids}
    for game_id, name, score in session.execute(query):
        seats[game_id].append((name, score))
    return seats

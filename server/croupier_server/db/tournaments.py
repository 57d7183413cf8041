"""The tournaments: played now or queued for ``croupier serve``, and their games by number.

A tournament's settings rebuild its schedule; each scheduled game has a number, and a
tournament is over when every number has a finished game (an aborted one is played again).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.games import abort_game, known_game
from croupier_server.db.models import (
    BotRecord,
    GameRecord,
    SeatRecord,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.transactions import insert, refreshed, require, transaction
from croupier_server.outcomes import EndedBy, GameStatus

__all__ = [
    "abort_unfinished_tournament_games",
    "bots_that_decided",
    "claim_queued_tournament",
    "create_tournament",
    "finished_schedule_numbers",
    "get_tournament",
    "list_tournaments",
    "set_tournament_status",
    "start_failure",
]


def create_tournament(
    session: Session,
    *,
    game: str,
    options: Mapping[str, Any],
    format: str,
    settings: Mapping[str, Any],
    status: TournamentStatus = TournamentStatus.RUNNING,
) -> TournamentRecord:
    """Record a new tournament of ``game``, running (played now) or queued.

    Raises:
        ValueError: an unknown game.
    """
    tournament = TournamentRecord(
        game=known_game(game),
        options=dict(options),
        format=format,
        settings=dict(settings),
        status=status,
    )
    return insert(session, tournament)


def get_tournament(session: Session, *, tournament_id: int) -> TournamentRecord | None:
    """The tournament with id ``tournament_id``, if any."""
    return session.get(TournamentRecord, tournament_id)


def list_tournaments(session: Session, *, game: str | None = None) -> list[TournamentRecord]:
    """Every tournament (of ``game`` only, when given), newest first."""
    query = select(TournamentRecord).order_by(sa.desc(col(TournamentRecord.id)))
    if game is not None:
        query = query.where(TournamentRecord.game == game)
    return list(session.exec(query))


def set_tournament_status(
    session: Session, *, tournament_id: int, status: TournamentStatus
) -> TournamentRecord:
    """Set the status of a tournament.

    Raises:
        RecordNotFound: no such tournament.
    """
    with transaction(session):
        tournament = require(session, TournamentRecord, tournament_id)
        tournament.status = status
    return refreshed(session, tournament)


def claim_queued_tournament(session: Session) -> TournamentRecord | None:
    """The oldest queued tournament, now running; ``None`` when none is queued.

    The status changes only where it is still ``queued``, so of the processes that try to
    claim a tournament at once, one gets it.
    """
    oldest_queued = (
        select(TournamentRecord.id)
        .where(TournamentRecord.status == TournamentStatus.QUEUED)
        .order_by(col(TournamentRecord.id))
        .limit(1)
    )
    while (tournament_id := session.exec(oldest_queued).first()) is not None:
        claim = (
            sa.update(TournamentRecord)
            .where(
                col(TournamentRecord.id) == tournament_id,
                col(TournamentRecord.status) == TournamentStatus.QUEUED,
            )
            .values(status=TournamentStatus.RUNNING)
        )
        with transaction(session):
            claimed = session.connection().execute(claim).rowcount == 1
        if claimed:
            return require(session, TournamentRecord, tournament_id)
    return None


def finished_schedule_numbers(session: Session, *, tournament_id: int) -> set[int]:
    """The schedule numbers of a tournament's games that finished."""
    query = select(GameRecord.schedule_number).where(
        GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.FINISHED
    )
    return {number for number in session.exec(query) if number is not None}


def abort_unfinished_tournament_games(session: Session, *, tournament_id: int, reason: str) -> int:
    """Abort the games a tournament left running (a killed run); returns how many."""
    running = select(GameRecord.id).where(
        GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.RUNNING
    )
    game_ids = [game_id for game_id in session.exec(running) if game_id is not None]
    for game_id in game_ids:
        abort_game(session, game_id=game_id, reason=reason)
    return len(game_ids)


def bots_that_decided(session: Session, *, tournament_id: int, names: Iterable[str]) -> set[str]:
    """Those of the bots ``names`` that chose an action in a finished game of the tournament.

    They are bots that have started, and played.
    """
    query = (
        select(BotRecord.name)
        .join(SeatRecord, col(SeatRecord.bot_id) == col(BotRecord.id))
        .join(GameRecord, col(GameRecord.id) == col(SeatRecord.game_id))
        .where(
            GameRecord.tournament_id == tournament_id,
            GameRecord.status == GameStatus.FINISHED,
            col(SeatRecord.decisions) > 0,
            col(BotRecord.name).in_(list(names)),
        )
        .distinct()
    )
    return set(session.exec(query))


def start_failure(session: Session, *, tournament_id: int) -> str:
    """Why the tournament last stopped on a bot that did not start; empty if it did not.

    That is the ``end_detail`` of its newest game stored ``not_started`` (the bot, why, its
    output), unless that game was played again since (a resume).
    """
    stopped = session.exec(
        select(GameRecord)
        .where(
            GameRecord.tournament_id == tournament_id, GameRecord.ended_by == EndedBy.NOT_STARTED
        )
        .order_by(col(GameRecord.id).desc())
        .limit(1)
    ).first()
    if stopped is None:
        return ""
    again = select(GameRecord.id).where(
        GameRecord.tournament_id == tournament_id,
        GameRecord.schedule_number == stopped.schedule_number,
        col(GameRecord.id) > stopped.id,
    )
    return "" if session.exec(again.limit(1)).first() is not None else stopped.end_detail

"""A tournament played on workers: its games stored and queued, the next ones as games end.

:func:`queue_tournament` stores the games its format chooses now, each with its job, in one
transaction. Each time a worker stores a game's result, :func:`after_game` (in that same
transaction, the tournament's row locked) stores and queues the format's next games, and
finishes the tournament once its format chooses no more and every game is played. A format
given the same finished games chooses the same games, so the games are those a run on one
machine plays, whatever order the workers finish them in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.db import BotKind, TournamentRecord, TournamentStatus
from croupier_server.db.engine import translated_failures
from croupier_server.db.schedule import (
    NewScheduledGame,
    add_scheduled_games,
    first_failure,
    queue_failed_again,
    schedule_counts,
)
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.queueing.jobs import defer_games, ensure_queue_schema
from croupier_server.tournament.attempts import TournamentError
from croupier_server.tournament.formats import Schedule, StaticFormat
from croupier_server.tournament.formats.ladder import LADDER_FORMAT
from croupier_server.tournament.records import finished_outcomes, settings_of

__all__ = [
    "LOST_ATTEMPTS",
    "QueuedProgress",
    "after_game",
    "is_on_workers",
    "queue_tournament",
    "queued_progress",
    "stop_tournament",
]

LOST_ATTEMPTS = 5
"""How many attempts at one game may be lost to the infrastructure before it fails."""


@dataclass(frozen=True, slots=True)
class QueuedProgress:
    """How far a tournament on workers has got.

    Attributes:
        done: Games finished.
        total: Games in all; ``None`` while its format cannot tell.
        playing: Games a worker holds now.
        status: The tournament's status.
        failure: Why a game failed, when one did (the tournament then stops).
    """

    done: int
    total: int | None
    playing: int
    status: TournamentStatus
    failure: str = ""


def queue_tournament(engine: Engine, tournament_id: int) -> int:
    """Queue a stored tournament's games for the workers; returns how many were queued now.

    A tournament stopped before (on workers, or on one machine) is resumed: its failed
    games are given more attempts, and the games its format still wants are queued.

    Raises:
        QueueUnavailable: the database is not PostgreSQL.
        RecordNotFound: no such tournament.
        TournamentError: its format cannot make it.
        DatabaseFailure: the database failed; nothing was queued.
    """
    ensure_queue_schema(engine)
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        record = _locked_tournament(session, tournament_id)
        _check_command_bots(session, record)
        if not is_on_workers(session, tournament_id):
            # Games a run on one machine left running end here: the workers play them again.
            db.abort_unfinished_tournament_games(
                session, tournament_id=tournament_id, reason="the tournament went to the workers"
            )
        again = queue_failed_again(session, tournament_id=tournament_id, attempts=LOST_ATTEMPTS)
        queued = _queue_next(session, record) + again
        defer_games(session, queued)
        record.status = TournamentStatus.RUNNING
        _finish_if_done(session, record)
        return len(queued)


def after_game(session: Session, tournament_id: int) -> None:
    """Queue the games a tournament's format chooses next, or finish it (flushed).

    Called in the transaction that stores a game of the tournament, whose row it locks:
    the workers that finish its games at once take turns here. A ladder's tournament is
    left as it is: its ladder chooses its games, and ends it when it closes.
    """
    record = _locked_tournament(session, tournament_id)
    if record.status is not TournamentStatus.RUNNING or record.format == LADDER_FORMAT:
        return
    if not isinstance(settings_of(record).kind, StaticFormat):
        defer_games(session, _queue_next(session, record))
    _finish_if_done(session, record)


def stop_tournament(session: Session, tournament_id: int) -> None:
    """Interrupt a tournament whose game failed every attempt (flushed).

    A ladder goes on without its failed game (its ladder reads why it failed).
    """
    record = _locked_tournament(session, tournament_id)
    if record.format != LADDER_FORMAT:
        record.status = TournamentStatus.INTERRUPTED


def is_on_workers(session: Session, tournament_id: int) -> bool:
    """Whether the tournament's games were queued for workers."""
    query = select(ScheduledGameRecord.id).where(ScheduledGameRecord.tournament_id == tournament_id)
    return session.exec(query.limit(1)).first() is not None


def queued_progress(engine: Engine, tournament_id: int) -> QueuedProgress:
    """How far a tournament on workers has got.

    Raises:
        RecordNotFound: no such tournament.
        DatabaseFailure: the database failed.
    """
    with translated_failures(engine), Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
        if record is None:
            raise db.RecordNotFound(f"no tournament {tournament_id}")
        counts = schedule_counts(session, tournament_id=tournament_id)
        failure = first_failure(session, tournament_id=tournament_id)
        total = settings_of(record).total_games
        # Games finished before the tournament went to the workers count too.
        done = len(db.finished_schedule_numbers(session, tournament_id=tournament_id))
        return QueuedProgress(
            done=done,
            total=total,
            playing=counts[ScheduleStatus.PLAYING],
            status=record.status,
            failure=failure,
        )


def _check_command_bots(session: Session, record: TournamentRecord) -> None:
    """Refuse a tournament of remote bots: a worker starts the bots it seats.

    Raises:
        TournamentError: a bot is remote.
    """
    for name in settings_of(record).bots:
        bot = db.get_bot_by_name(session, name=name)
        if bot is not None and bot.kind is not BotKind.COMMAND:
            raise TournamentError(
                f"bot {name!r} connects by itself, and workers start command bots only: "
                "play this tournament without --queue"
            )


def _queue_next(session: Session, record: TournamentRecord) -> list[int]:
    """Store the games the format wants now that are not stored yet; returns their ids."""
    assert record.id is not None
    chosen = _schedule(record).next_games(finished_outcomes(session, record))
    return add_scheduled_games(
        session,
        tournament_id=record.id,
        games=[NewScheduledGame(game.number, game.deal, game.bots, game.seed) for game in chosen],
        attempts=LOST_ATTEMPTS,
    )


def _finish_if_done(session: Session, record: TournamentRecord) -> None:
    """Finish the tournament if no game of it waits or plays, and its format wants none."""
    assert record.id is not None
    if _any_game(session, record.id, ScheduleStatus.QUEUED, ScheduleStatus.PLAYING):
        return
    if _any_game(session, record.id, ScheduleStatus.FAILED):
        record.status = TournamentStatus.INTERRUPTED
    elif not _schedule(record).next_games(finished_outcomes(session, record)):
        record.status = TournamentStatus.FINISHED
    session.flush()


def _any_game(session: Session, tournament_id: int, *statuses: ScheduleStatus) -> bool:
    """Whether a game of the tournament stands at one of ``statuses`` (one row read, not all)."""
    query = select(ScheduledGameRecord.id).where(
        ScheduledGameRecord.tournament_id == tournament_id,
        col(ScheduledGameRecord.status).in_(statuses),
    )
    return session.exec(query.limit(1)).first() is not None


def _schedule(record: TournamentRecord) -> Schedule:
    game: Game[Any] = load_game(record.game, record.options)
    settings = settings_of(record)
    try:
        return settings.kind.schedule(settings.entrants(game.num_players), settings.format_settings)
    except ValueError as error:
        raise TournamentError(str(error)) from None


def _locked_tournament(session: Session, tournament_id: int) -> TournamentRecord:
    """The tournament's row, locked against the other writers of its status and its games.

    ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: a transaction that stored a game of the
    tournament holds a key-share lock on its row (the game's foreign key), which ``FOR
    UPDATE`` would wait for; two claims that each lose a game's last attempt would then wait
    for each other (a deadlock).
    """
    record = session.exec(
        select(TournamentRecord)
        .where(col(TournamentRecord.id) == tournament_id)
        .with_for_update(key_share=True)
    ).first()
    if record is None:
        raise db.RecordNotFound(f"no tournament {tournament_id}")
    return record

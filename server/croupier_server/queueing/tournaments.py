"""A tournament played on workers: its games' jobs queued, and how far they have got.

:func:`queue_tournament` hands a stored tournament to the workers: it is marked as theirs,
the games its format chooses now are stored, and each queued game gets its job, in one
transaction. Its games then go on as every tournament's do
(:mod:`croupier_server.tournament.scheduled`), a job deferred for each game queued.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server import db
from croupier_server.db import BotKind, TournamentRecord, TournamentStatus
from croupier_server.db.engine import translated_failures
from croupier_server.db.schedule import first_failure, queue_failed_again, schedule_counts
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.queueing.jobs import (
    defer_games,
    ensure_queue_schema,
    plays_on_workers,
    set_on_workers,
)
from croupier_server.tournament.errors import TournamentError
from croupier_server.tournament.records import settings_of
from croupier_server.tournament.scheduled import (
    ATTEMPTS,
    finish_if_done,
    locked_tournament,
    queue_next_games,
    recover_attempts_here,
)

__all__ = [
    "QueuedProgress",
    "is_on_workers",
    "queue_tournament",
    "queued_progress",
]


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

    A tournament stopped before (on workers, or on one machine) is resumed: the games a
    run on one machine left being played are queued again, its failed games are given
    more attempts, and the games its format still wants are queued.

    Raises:
        QueueUnavailable: the database is not PostgreSQL.
        RecordNotFound: no such tournament.
        TournamentError: its format cannot make it.
        DatabaseFailure: the database failed; nothing was queued.
    """
    ensure_queue_schema(engine)
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        record = locked_tournament(session, tournament_id)
        _check_command_bots(session, record)
        waiting: list[int] = []
        if not plays_on_workers(record):
            # Games a run on one machine left running end here: the workers play them again.
            reason = "the tournament went to the workers"
            recover_attempts_here(session, tournament_id, reason=reason)
            db.abort_unfinished_tournament_games(
                session, tournament_id=tournament_id, reason=reason
            )
            waiting = _queued(session, tournament_id)  # a run on one machine's: no jobs yet
            set_on_workers(session, record, True)
        again = queue_failed_again(session, tournament_id=tournament_id, attempts=ATTEMPTS)
        defer_games(session, waiting + again)
        queued = queue_next_games(session, record)
        record.status = TournamentStatus.RUNNING
        finish_if_done(session, record)
        return len(waiting) + len(again) + len(queued)


def is_on_workers(session: Session, tournament_id: int) -> bool:
    """Whether the tournament's games are played by workers."""
    record = db.get_tournament(session, tournament_id=tournament_id)
    return record is not None and plays_on_workers(record)


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


def _queued(session: Session, tournament_id: int) -> list[int]:
    """The ids of the tournament's queued games."""
    query = select(ScheduledGameRecord.id).where(
        ScheduledGameRecord.tournament_id == tournament_id,
        ScheduledGameRecord.status == ScheduleStatus.QUEUED,
    )
    return [scheduled_id for scheduled_id in session.exec(query) if scheduled_id is not None]

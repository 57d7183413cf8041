"""Read queries of the dashboard about workers: the workers list and a game's attempts.

A worker's state is judged against the database's clock, the one its heartbeats are
written with (see :mod:`croupier_server.db.schedule`), so a dashboard whose own clock is
off still tells a running worker from a lost one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.models import GameRecord
from croupier_server.db.schedule import database_now
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus, WorkerRecord
from croupier_server.outcomes import GameStatus

__all__ = [
    "LOST_AFTER_SECONDS",
    "ListedWorker",
    "ScheduledAttempt",
    "WorkerListing",
    "WorkerState",
    "list_workers",
    "scheduled_attempts",
    "worker_name",
    "worker_state",
]

LOST_AFTER_SECONDS = 30
"""A worker not stopped whose last heartbeat is older than this is lost (it beats every 5 s)."""


class WorkerState(enum.StrEnum):
    """Whether a worker is alive, as its heartbeats and its clean stop tell."""

    RUNNING = "running"
    """It heartbeat within :data:`LOST_AFTER_SECONDS`."""
    STOPPED = "stopped"
    """It stopped cleanly."""
    LOST = "lost"
    """It stopped heartbeating without stopping: it died or was cut off from the database."""


def worker_state(
    *, heartbeat_at: datetime, stopped_at: datetime | None, now: datetime
) -> WorkerState:
    """The state of a worker last heard of at ``heartbeat_at``, at the time ``now``.

    >>> from datetime import UTC
    >>> beat = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    >>> str(worker_state(heartbeat_at=beat, stopped_at=None, now=beat + timedelta(seconds=29)))
    'running'
    >>> str(worker_state(heartbeat_at=beat, stopped_at=None, now=beat + timedelta(seconds=31)))
    'lost'
    >>> str(worker_state(heartbeat_at=beat, stopped_at=beat, now=beat + timedelta(hours=1)))
    'stopped'
    """
    if stopped_at is not None:
        return WorkerState.STOPPED
    if now - heartbeat_at > timedelta(seconds=LOST_AFTER_SECONDS):
        return WorkerState.LOST
    return WorkerState.RUNNING


@dataclass(frozen=True, slots=True)
class ListedWorker:
    """A line of the workers list.

    Attributes:
        games_now: The scheduled games it holds (status playing with it as holder).
        heartbeat_age_s: Seconds from its last heartbeat to the listing's ``now``.
    """

    id: int
    name: str
    host: str
    pid: int
    slots: int
    started_at: datetime
    heartbeat_at: datetime
    stopped_at: datetime | None
    games_now: int
    heartbeat_age_s: float
    state: WorkerState


@dataclass(frozen=True, slots=True)
class WorkerListing:
    """Every worker, newest first, and the database's time they were judged at."""

    now: datetime
    workers: tuple[ListedWorker, ...]


@dataclass(frozen=True, slots=True)
class ScheduledAttempt:
    """One attempt at a tournament's scheduled game: its own game row.

    Attributes:
        game_id: The game row of the attempt.
        attempt: Its attempt number (the fencing token); ``None`` for a game played
            without a worker.
        worker: The name of the worker that played it, if one did.
        ended_by: ``lost`` for an attempt lost to the infrastructure.
        end_detail: Why it ended so, such as why it was lost.
    """

    game_id: int
    attempt: int | None
    worker_id: int | None
    worker: str | None
    status: GameStatus
    ended_by: str | None
    end_detail: str


def list_workers(session: Session) -> WorkerListing:
    """Every worker that ever registered, newest first, with the games it holds now."""
    now = database_now(session)
    playing = (
        select(
            col(ScheduledGameRecord.worker_id).label("worker_id"),
            sa.func.count().label("games"),
        )
        .where(ScheduledGameRecord.status == ScheduleStatus.PLAYING)
        .group_by(col(ScheduledGameRecord.worker_id))
        .subquery()
    )
    query = (
        select(WorkerRecord, sa.func.coalesce(playing.c.games, 0))
        .outerjoin(playing, playing.c.worker_id == col(WorkerRecord.id))
        .order_by(col(WorkerRecord.id).desc())
    )
    workers = []
    for worker, games in session.exec(query):
        assert worker.id is not None
        workers.append(
            ListedWorker(
                id=worker.id,
                name=worker.name,
                host=worker.host,
                pid=worker.pid,
                slots=worker.slots,
                started_at=worker.started_at,
                heartbeat_at=worker.heartbeat_at,
                stopped_at=worker.stopped_at,
                games_now=int(games),
                heartbeat_age_s=max((now - worker.heartbeat_at).total_seconds(), 0.0),
                state=worker_state(
                    heartbeat_at=worker.heartbeat_at, stopped_at=worker.stopped_at, now=now
                ),
            )
        )
    return WorkerListing(now=now, workers=tuple(workers))


def scheduled_attempts(
    session: Session, *, tournament_id: int, schedule_number: int
) -> list[ScheduledAttempt]:
    """Every game row of a tournament's scheduled game, oldest attempt first (by id)."""
    query = (
        select(GameRecord, WorkerRecord.name)
        .outerjoin(WorkerRecord, col(WorkerRecord.id) == col(GameRecord.worker_id))
        .where(
            GameRecord.tournament_id == tournament_id,
            GameRecord.schedule_number == schedule_number,
        )
        .order_by(col(GameRecord.id))
    )
    attempts = []
    for game, worker in session.exec(query):
        assert game.id is not None
        attempts.append(
            ScheduledAttempt(
                game_id=game.id,
                attempt=game.attempt,
                worker_id=game.worker_id,
                worker=worker,
                status=game.status,
                ended_by=game.ended_by,
                end_detail=game.end_detail,
            )
        )
    return attempts


def worker_name(session: Session, *, worker_id: int | None) -> str | None:
    """The name of worker ``worker_id``; ``None`` if there is none (or no id)."""
    worker = None if worker_id is None else session.get(WorkerRecord, worker_id)
    return None if worker is None else worker.name

"""The tables of games played on workers: the workers, and each scheduled game's attempts.

A tournament played on a job queue stores each game its format chose as a
:class:`ScheduledGameRecord` before any worker sees it. Its ``attempt`` is the fencing
token: a worker that starts the game takes the next attempt number and a lease, renews the
lease only while the game makes progress, and may store the result only while the attempt
it holds is still the current one (see :mod:`croupier_server.db.schedule`).
"""

from __future__ import annotations

import enum
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from croupier_server.clock import utc_now
from croupier_server.db.models import UTCDateTime, string_enum

__all__ = ["ScheduleStatus", "ScheduledGameRecord", "WorkerRecord"]


class ScheduleStatus(enum.StrEnum):
    """Where a scheduled game stands."""

    QUEUED = "queued"
    """Waiting for a worker (a job for it is in the queue)."""
    PLAYING = "playing"
    """A worker holds its current attempt and a lease."""
    FINISHED = "finished"
    """Its result is stored, once."""
    FAILED = "failed"
    """Every attempt the queue allows was lost; the tournament stopped on it."""


class WorkerRecord(SQLModel, table=True):
    """A ``croupier worker`` process: where it runs, its slots and its last heartbeat."""

    __tablename__ = "worker"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=128, index=True)
    """The name it was given (``--name``), by default ``host:pid``."""
    host: str = Field(max_length=255)
    pid: int
    slots: int
    """How many games it plays at once."""
    started_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    heartbeat_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    """When it last told the database it was alive."""
    stopped_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When it stopped cleanly; ``None`` while it runs, or if it died."""


class ScheduledGameRecord(SQLModel, table=True):
    """A game a tournament's format chose, to be played once by some worker."""

    __tablename__ = "scheduled_game"
    __table_args__ = (
        sa.UniqueConstraint("tournament_id", "number", name="uq_scheduled_game_number"),
        # What a reaper looks for: games whose lease ran out.
        sa.Index("ix_scheduled_game_status_lease", "status", "lease_expires_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    number: int
    """Its schedule number in the tournament."""
    deal: int
    """The deal it plays: the games of one deal are a duplicate set."""
    bots: list[str] = Field(default_factory=list, sa_type=sa.JSON)
    """The bots' names, in seat order."""
    seed: int = Field(sa_type=sa.BigInteger)
    status: ScheduleStatus = Field(
        default=ScheduleStatus.QUEUED, sa_type=string_enum(ScheduleStatus)
    )
    attempt: int = 0
    """The current attempt (the fencing token); 0 before any worker started it."""
    last_attempt: int
    """The last attempt allowed: once it is lost too, the game fails (a resume allows more)."""
    worker_id: int | None = Field(default=None, foreign_key="worker.id")
    """The worker holding the current attempt, while it is played."""
    game_id: int | None = Field(default=None, foreign_key="game.id")
    """The game row of the current attempt."""
    lease_expires_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When the holder loses the attempt unless the game makes progress."""
    lease_s: float = 60.0
    """How long a lease lasts from the last progress: what the game's time control allows
    a decision, and a margin."""
    detail: str = ""
    """Why it failed, when it did."""
    queued_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)

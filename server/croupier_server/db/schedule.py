"""Scheduled games and the workers that play them: claims, leases, fences and lost attempts.

Each function takes the caller's session and writes nothing it does not say. Those that
decide who holds a game (:func:`claim_scheduled_game`, :func:`holds_attempt`,
:func:`expired_leases`) lock its row, so that of two workers racing for a game, or a
holder's commit racing the reaper that takes its game away, one wins and the other sees it.
Times compare against the database's clock (``now()``), never a worker's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.games import abort_game
from croupier_server.db.models import GameRecord, UTCDateTime
from croupier_server.db.transactions import insert, require, transaction
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus, WorkerRecord
from croupier_server.outcomes import EndedBy, GameStatus

__all__ = [
    "Claim",
    "NewScheduledGame",
    "add_scheduled_games",
    "claim_scheduled_game",
    "database_now",
    "expired_leases",
    "fail_attempt",
    "first_failure",
    "heartbeat_worker",
    "held_here",
    "holds_attempt",
    "lose_attempt",
    "queue_failed_again",
    "register_worker",
    "renew_lease",
    "schedule_counts",
    "scheduled_games",
    "stop_worker",
]


@dataclass(frozen=True, slots=True)
class NewScheduledGame:
    """A game a tournament's format chose: its number, deal, bots in seat order, seed."""

    number: int
    deal: int
    bots: tuple[str, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A worker's hold on a scheduled game: the attempt it plays, the fencing token."""

    scheduled_id: int
    attempt: int


def database_now(session: Session) -> datetime:
    """The database's clock, which every lease is measured by."""
    now: datetime = (
        session.connection().execute(sa.select(sa.func.now(type_=UTCDateTime()))).scalar_one()
    )
    return now


def add_scheduled_games(
    session: Session,
    *,
    tournament_id: int,
    games: Sequence[NewScheduledGame],
    attempts: int,
) -> list[int]:
    """Store ``games`` of a tournament, queued; returns their ids (flushed, not committed).

    Each may lose ``attempts`` attempts to the infrastructure before it fails. A game whose
    number is already stored is skipped, so that storing the format's next games twice
    stores them once.
    """
    known = set(
        session.exec(
            select(ScheduledGameRecord.number).where(
                ScheduledGameRecord.tournament_id == tournament_id
            )
        )
    )
    now = database_now(session)
    records = [
        ScheduledGameRecord(
            tournament_id=tournament_id,
            number=game.number,
            deal=game.deal,
            bots=list(game.bots),
            seed=game.seed,
            last_attempt=attempts,
            queued_at=now,
        )
        for game in games
        if game.number not in known
    ]
    session.add_all(records)
    session.flush()
    return [record.id for record in records if record.id is not None]


def scheduled_games(session: Session, *, tournament_id: int) -> list[ScheduledGameRecord]:
    """The scheduled games of a tournament, by number."""
    query = (
        select(ScheduledGameRecord)
        .where(ScheduledGameRecord.tournament_id == tournament_id)
        .order_by(col(ScheduledGameRecord.number))
    )
    return list(session.exec(query))


def claim_scheduled_game(
    session: Session, *, scheduled_id: int, worker_id: int | None, lease_s: float
) -> Claim | None:
    """Take the next attempt at a queued game, with a lease of ``lease_s`` (flushed).

    ``None`` when the game is not queued (finished, failed, or another worker holds it):
    the job that asked is a duplicate, and is dropped.
    """
    record = session.exec(
        select(ScheduledGameRecord)
        .where(col(ScheduledGameRecord.id) == scheduled_id)
        .with_for_update()
    ).first()
    if record is None or record.status is not ScheduleStatus.QUEUED:
        return None
    record.attempt += 1
    record.status = ScheduleStatus.PLAYING
    record.worker_id = worker_id
    record.lease_s = lease_s
    record.lease_expires_at = _lease_end(session, lease_s)
    session.flush()
    return Claim(scheduled_id, record.attempt)


def holds_attempt(
    session: Session, claim: Claim, *, worker_id: int | None
) -> ScheduledGameRecord | None:
    """The scheduled game, locked, if ``claim`` is still its current attempt; else ``None``.

    Called first in the transaction that stores the attempt's result: a late commit from
    an attempt that was lost finds ``None`` and must store nothing.
    """
    record = session.exec(
        select(ScheduledGameRecord)
        .where(col(ScheduledGameRecord.id) == claim.scheduled_id)
        .with_for_update()
    ).first()
    if (
        record is None
        or record.status is not ScheduleStatus.PLAYING
        or record.attempt != claim.attempt
        or record.worker_id != worker_id
    ):
        return None
    return record


def renew_lease(session: Session, claim: Claim, *, worker_id: int | None) -> bool:
    """Extend the lease of ``claim`` by its length from now; ``False`` if it was lost.

    Commits.
    """
    with transaction(session):
        record = holds_attempt(session, claim, worker_id=worker_id)
        if record is None:
            return False
        record.lease_expires_at = _lease_end(session, record.lease_s)
    return True


def held_here(session: Session, *, tournament_id: int) -> list[ScheduledGameRecord]:
    """The tournament's games being played by a run on one machine (no worker), locked."""
    query = (
        select(ScheduledGameRecord)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == ScheduleStatus.PLAYING,
            col(ScheduledGameRecord.worker_id).is_(None),
        )
        .order_by(col(ScheduledGameRecord.number))
        .with_for_update()
    )
    return list(session.exec(query))


def expired_leases(session: Session, *, limit: int = 100) -> list[ScheduledGameRecord]:
    """Played games whose lease ran out, locked (skipping those another reaper holds)."""
    query = (
        select(ScheduledGameRecord)
        .where(
            ScheduledGameRecord.status == ScheduleStatus.PLAYING,
            col(ScheduledGameRecord.lease_expires_at) < sa.func.now(),
        )
        .order_by(col(ScheduledGameRecord.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list(session.exec(query))


def lose_attempt(session: Session, record: ScheduledGameRecord, *, reason: str) -> ScheduleStatus:
    """Record the current attempt at ``record`` as lost to the infrastructure.

    Call it inside :func:`~croupier_server.db.atomic`, whose transaction it joins.

    Its game row (if it has one) is aborted, ``ended_by`` lost, with ``reason``; the
    scheduled game is queued again, or failed once its last allowed attempt is lost.
    Returns its new status.
    """
    if record.game_id is not None:
        game = require(session, GameRecord, record.game_id)
        if game.status is GameStatus.RUNNING:
            abort_game(session, game_id=record.game_id, reason=reason)
            game.ended_by = EndedBy.LOST
    record.worker_id = None
    record.lease_expires_at = None
    record.game_id = None
    if record.attempt >= record.last_attempt:
        record.status = ScheduleStatus.FAILED
        record.detail = f"attempt {record.attempt} lost too: {reason}"
    else:
        record.status = ScheduleStatus.QUEUED
    session.flush()
    return record.status


def fail_attempt(session: Session, record: ScheduledGameRecord, *, reason: str) -> None:
    """Record that the current attempt at ``record`` failed the game, whatever attempts are left.

    Call it inside :func:`~croupier_server.db.atomic`, whose transaction it joins, once the
    attempt's game is stored: a game that playing again would spoil the same way (a bot
    that does not start) fails at once, ``reason`` saying why; a resume queues it again.
    """
    record.status = ScheduleStatus.FAILED
    record.detail = reason
    record.worker_id = None
    record.lease_expires_at = None
    record.game_id = None
    session.flush()


def register_worker(session: Session, *, name: str, host: str, pid: int, slots: int) -> int:
    """Record a worker that starts now; returns its id. Commits."""
    now = database_now(session)
    worker = insert(
        session,
        WorkerRecord(name=name, host=host, pid=pid, slots=slots, started_at=now, heartbeat_at=now),
    )
    assert worker.id is not None
    return worker.id


def heartbeat_worker(session: Session, *, worker_id: int) -> None:
    """Tell the database the worker is alive. Commits."""
    with transaction(session):
        require(session, WorkerRecord, worker_id).heartbeat_at = database_now(session)


def stop_worker(session: Session, *, worker_id: int) -> None:
    """Record that the worker stopped cleanly. Commits."""
    with transaction(session):
        require(session, WorkerRecord, worker_id).stopped_at = database_now(session)


def _lease_end(session: Session, lease_s: float) -> datetime:
    """``lease_s`` from now by the database's clock."""
    return database_now(session) + timedelta(seconds=lease_s)


def queue_failed_again(session: Session, *, tournament_id: int, attempts: int) -> list[int]:
    """Queue again a tournament's failed games, each allowed ``attempts`` more (flushed).

    Returns their ids.
    """
    query = select(ScheduledGameRecord).where(
        ScheduledGameRecord.tournament_id == tournament_id,
        ScheduledGameRecord.status == ScheduleStatus.FAILED,
    )
    records = list(session.exec(query))
    for record in records:
        record.status = ScheduleStatus.QUEUED
        record.last_attempt = record.attempt + attempts
        record.detail = ""
    session.flush()
    return [record.id for record in records if record.id is not None]


def schedule_counts(session: Session, *, tournament_id: int) -> dict[ScheduleStatus, int]:
    """How many of a tournament's scheduled games stand at each status."""
    query = (
        select(ScheduledGameRecord.status, sa.func.count())
        .where(ScheduledGameRecord.tournament_id == tournament_id)
        .group_by(col(ScheduledGameRecord.status))
    )
    counts = dict.fromkeys(ScheduleStatus, 0)
    counts.update({ScheduleStatus(status): count for status, count in session.exec(query)})
    return counts


def first_failure(session: Session, *, tournament_id: int) -> str:
    """Why the tournament's first failed game failed; empty if none did."""
    query = (
        select(ScheduledGameRecord.detail)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == ScheduleStatus.FAILED,
        )
        .order_by(col(ScheduledGameRecord.number))
    )
    return session.exec(query).first() or ""

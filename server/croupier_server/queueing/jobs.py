"""The job queue: procrastinate on the PostgreSQL that holds the games.

A job names one scheduled game (``{"scheduled_game": id}``) and nothing else: the game's
truth (its attempt, its lease, its result) is in croupier's own tables, and the job is only
the news that the game wants a worker. A job is deferred in the same transaction that
stores or re-queues its game (:func:`defer_games`), so that a game is never queued without
its job, nor a job left for a game that was not stored. Jobs are delivered at least once; a
worker that claims a game no longer queued drops the job.
"""

from __future__ import annotations

from collections.abc import Sequence

import procrastinate
import sqlalchemy as sa
from procrastinate.schema import SchemaManager
from procrastinate.types import JSONValue
from psycopg.conninfo import make_conninfo
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db.models import TournamentRecord
from croupier_server.errors import CroupierServerError

__all__ = [
    "GAMES_QUEUE",
    "PLAY_GAME_TASK",
    "QueueUnavailable",
    "conninfo",
    "defer_games",
    "ensure_queue_schema",
    "plays_on_workers",
    "queue_jobs",
    "require_queue",
    "set_on_workers",
]

ON_WORKERS = "on_workers"
"""The key of a tournament's settings that says its games are played by workers."""

PLAY_GAME_TASK = "croupier.play_game"
"""The task a worker runs for a job: play the scheduled game it names."""

GAMES_QUEUE = "croupier.games"
"""The queue the games' jobs wait in."""

_SCHEMA_LOCK = 0x63726F7570696572
"""The advisory lock held while procrastinate's schema is made ("croupier" in ASCII)."""

_DEFERRING_APP = procrastinate.App(connector=procrastinate.SyncPsycopgConnector())
"""Defers jobs on the caller's own connection: it never opens a pool of its own."""


class QueueUnavailable(CroupierServerError):
    """The database cannot hold a job queue (SQLite), or its queue cannot be set up."""


def require_queue(engine: Engine) -> None:
    """Check that ``engine``'s database can hold the queue.

    Raises:
        QueueUnavailable: it is not PostgreSQL.
    """
    if engine.dialect.name != "postgresql":
        raise QueueUnavailable(
            f"the job queue needs PostgreSQL (--db postgresql://...), not {engine.dialect.name}; "
            "on one machine, play without --queue"
        )


def conninfo(engine: Engine) -> str:
    """The libpq connection string of ``engine``'s database, for procrastinate's pool.

    Built from the URL's parts rather than written as a URL, whose query (``options``,
    with its spaces) libpq reads otherwise than SQLAlchemy writes it.
    """
    url = engine.url
    parts = url.translate_connect_args(username="user", database="dbname")
    query = {
        name: value if isinstance(value, str) else value[-1] for name, value in url.query.items()
    }
    return make_conninfo("", **parts, **query)


def ensure_queue_schema(engine: Engine) -> None:
    """Create procrastinate's tables in the database unless they are there.

    Workers that start at once take turns (an advisory lock); the schema is made in one
    transaction, or not at all.

    Raises:
        QueueUnavailable: the database is not PostgreSQL.
    """
    require_queue(engine)
    with engine.begin() as connection:
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        exists = connection.execute(sa.text("SELECT to_regclass('procrastinate_jobs')")).scalar()
        if exists is None:
            driver = connection.connection.driver_connection
            assert driver is not None
            # procrastinate's own schema, which SQLAlchemy must not parse for parameters.
            driver.execute(SchemaManager.get_schema())


def defer_games(session: Session, scheduled_ids: Sequence[int], *, delay_s: float = 0) -> None:
    """Defer a job for each scheduled game, in the session's current transaction.

    The jobs exist once the transaction commits, and not if it rolls back. ``delay_s``
    holds them back (a game lost to a worker's fault waits before it is tried again).
    """
    if not scheduled_ids:
        return
    driver = session.connection().connection.driver_connection
    deferrer = _DEFERRING_APP.configure_task(
        PLAY_GAME_TASK,
        queue=GAMES_QUEUE,
        connection=driver,
        schedule_in={"seconds": delay_s} if delay_s > 0 else None,
    )
    jobs: list[dict[str, JSONValue]] = [{"scheduled_game": game_id} for game_id in scheduled_ids]
    deferrer.batch_defer(*jobs)


def plays_on_workers(record: TournamentRecord) -> bool:
    """Whether the tournament's games are played by workers (each queued game has a job)."""
    return bool(record.settings.get(ON_WORKERS, False))


def set_on_workers(session: Session, record: TournamentRecord, on_workers: bool) -> None:
    """Say whether the tournament's games are played by workers from now on (flushed)."""
    if plays_on_workers(record) != on_workers:
        record.settings = {**record.settings, ON_WORKERS: on_workers}
        session.flush()


def queue_jobs(
    session: Session, tournament_id: int, scheduled_ids: Sequence[int], *, delay_s: float = 0
) -> None:
    """Defer the jobs of the tournament's games ``scheduled_ids`` if workers play it.

    A tournament played on one machine has no jobs: its runner reads its queued games.
    """
    record = session.get(TournamentRecord, tournament_id)
    if record is not None and plays_on_workers(record):
        defer_games(session, scheduled_ids, delay_s=delay_s)

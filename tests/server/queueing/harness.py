"""What the tests of games on workers share: a queue database, bots, tournaments, jobs.

:func:`queue_engine` is a fixture: the server tests' shared PostgreSQL database (see
``tests/server/conftest.py``) with croupier's tables and procrastinate's, emptied of every
row after the test. The helpers make tournaments of the example bots, and read the
scheduled games and their jobs as a test checks them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.db import GameRecord, TournamentRecord, create_database_engine, init_database
from croupier_server.db.schedule import register_worker
from croupier_server.db.work import ScheduledGameRecord
from croupier_server.queueing.jobs import ensure_queue_schema
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats import FormatSettings
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament
from tests.server.conftest import _empty_postgres_database
from tests.server.referee.harness import GENEROUS, example_command

__all__ = [
    "LEXIO",
    "LEXIO_BOTS",
    "add_example_bots",
    "attempts_of",
    "expire_lease",
    "jobs_of",
    "lexio_tournament",
    "new_tournament",
    "new_worker",
    "queue_engine",
    "scheduled",
    "scheduled_of",
    "tournament_of",
]

LEXIO = {"players": 3, "rounds": 1}
"""Lexio of one round: a game of a second or two."""
LEXIO_BOTS = ("lexio_random", "lexio_greedy", "lexio_cautious")


def lexio_tournament(engine: Engine, *, deals: int = 1, seed: int = 1) -> int:
    """Store a round robin of the Lexio example bots, three games a deal; returns its id."""
    add_example_bots(engine, "lexio", LEXIO_BOTS)
    return new_tournament(
        engine, load_game("lexio", LEXIO), LEXIO_BOTS, RoundRobinSettings(deals=deals), seed=seed
    )


@pytest.fixture
def queue_engine(postgres_database_url: str) -> Iterator[Engine]:
    """An engine on PostgreSQL with every table and the queue's; all emptied after the test."""
    engine = create_database_engine(postgres_database_url)
    init_database(engine)
    ensure_queue_schema(engine)
    try:
        yield engine
    finally:
        engine.dispose()
        _empty_postgres_database(postgres_database_url)  # closes what a test left connected
        cleaner = sa.create_engine(postgres_database_url)
        try:
            with cleaner.begin() as connection:
                connection.execute(sa.text("DELETE FROM procrastinate_jobs"))
                connection.execute(sa.text("DELETE FROM procrastinate_workers"))
        finally:
            cleaner.dispose()


def add_example_bots(engine: Engine, game: str, names: Sequence[str]) -> None:
    """Register each example bot of ``names`` under its own name, unless it is."""
    with Session(engine) as session:
        for name in names:
            if db.get_bot_by_name(session, name=name) is None:
                db.add_bot(session, name=name, game=game, command=example_command(name))


def new_tournament(
    engine: Engine,
    game: Game[Any],
    bots: Sequence[str],
    format_settings: FormatSettings,
    *,
    seed: int = 1,
    settings: RefereeSettings = GENEROUS,
) -> int:
    """Store a tournament of registered ``bots`` (running, nothing queued); returns its id."""
    record = create_tournament(
        engine,
        game=game,
        bots=bots,
        seed=seed,
        format_settings=format_settings,
        settings=settings,
    )
    assert record.id is not None
    return record.id


def new_worker(engine: Engine, name: str) -> int:
    """Register a worker (of this process) named ``name``; returns its id."""
    with Session(engine) as session:
        return register_worker(session, name=name, host="test", pid=1, slots=1)


def scheduled_of(engine: Engine, tournament_id: int) -> list[ScheduledGameRecord]:
    """The tournament's scheduled games, by number, as the database holds them now."""
    with Session(engine) as session:
        query = (
            select(ScheduledGameRecord)
            .where(ScheduledGameRecord.tournament_id == tournament_id)
            .order_by(col(ScheduledGameRecord.number))
        )
        return list(session.exec(query))


def scheduled(engine: Engine, scheduled_id: int) -> ScheduledGameRecord:
    """One scheduled game as the database holds it now."""
    with Session(engine) as session:
        record = session.get(ScheduledGameRecord, scheduled_id)
        assert record is not None
        return record


def attempts_of(engine: Engine, tournament_id: int, number: int) -> list[GameRecord]:
    """The game rows of every attempt at game ``number`` of a tournament, by attempt."""
    with Session(engine) as session:
        query = (
            select(GameRecord)
            .where(GameRecord.tournament_id == tournament_id, GameRecord.schedule_number == number)
            .order_by(col(GameRecord.attempt))
        )
        return list(session.exec(query))


def tournament_of(engine: Engine, tournament_id: int) -> TournamentRecord:
    """The tournament as the database holds it now."""
    with Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
        assert record is not None
        return record


def jobs_of(engine: Engine, scheduled_id: int) -> list[dict[str, Any]]:
    """The procrastinate jobs naming a scheduled game, oldest first."""
    query = sa.text(
        "SELECT id, queue_name, task_name, status::text AS status, args, scheduled_at "
        "FROM procrastinate_jobs WHERE args->>'scheduled_game' = :id ORDER BY id"
    )
    with engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query, {"id": str(scheduled_id)})]


def expire_lease(engine: Engine, scheduled_id: int) -> None:
    """Make a played game's lease run out, as a holder that stopped renewing it would."""
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "UPDATE scheduled_game SET lease_expires_at = now() - interval '1 second' "
                "WHERE id = :id"
            ),
            {"id": scheduled_id},
        )

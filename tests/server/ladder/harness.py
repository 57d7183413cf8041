"""What the ladder's tests share: ladders of example versions, a run of one, its games read back.

A ladder's run plays through a real referee (gRPC on loopback) with real bot processes, as
``croupier serve`` runs it; :func:`running` keeps one going while a block runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from typing import TypeVar

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import load_game
from croupier_server.control import TimeControl
from croupier_server.db import GameRecord, GameStatus
from croupier_server.db.ladders import LadderRecord
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.ladder.opening import open_ladder
from croupier_server.ladder.runner import LadderRun
from croupier_server.recorded_games import allow_remote_bots
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from tests import waiting
from tests.server.ladder.versions import add_version
from tests.server.referee.harness import example_command

__all__ = [
    "LEXIO",
    "NOT_STARTING",
    "add_versions",
    "finished_games",
    "lexio_ladder",
    "running",
    "scheduled_games",
    "wait_until",
]

Value = TypeVar("Value")

LEXIO = {"players": 3, "rounds": 1}
"""Lexio of three seats and one round: games of a fraction of a second."""
NOT_STARTING = shlex.join(
    [sys.executable, "-c", "import sys; print('No module named croupier'); sys.exit(1)"]
)
"""A version that fails at once, as one run by the wrong Python does."""


def add_versions(engine: Engine, game: str, examples: Mapping[str, str]) -> list[str]:
    """Make version 1 of a submitted bot per example (``{"rnd": "lexio_random"}``); their names."""
    with Session(engine) as session:
        return [
            add_version(session, name, game=game, command=command_of(example)).name
            for name, example in examples.items()
        ]


def command_of(example: str) -> str:
    """The command of the example bot ``example``, or ``example`` itself if it is a command."""
    return example if " " in example else example_command(example)


def lexio_ladder(
    engine: Engine,
    *,
    concurrency: int = 2,
    rating_deals: int = 2,
    with_bots: Iterable[str] = (),
    seed: int = 5,
    connect_ms: int = 20_000,
) -> LadderRecord:
    """Open a ladder of three-seat Lexio of one round."""
    return open_ladder(
        engine,
        game=load_game("lexio", LEXIO),
        seed=seed,
        concurrency=concurrency,
        with_bots=list(with_bots),
        rules=MatchRules(rating_deals=rating_deals),
        referee=RefereeSettings(time_control=TimeControl(connect_ms=connect_ms, decision_ms=5_000)),
    )


@contextlib.asynccontextmanager
async def running(
    engine: Engine, ladder: LadderRecord, *, on_workers: bool = False
) -> AsyncIterator[RefereeServer]:
    """A run of ``ladder`` on a referee of its own (admitting the remote bots registered)
    while the block runs; cancelled after it. Yields the referee."""
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry)
    await server.start()
    run = LadderRun(
        engine,
        server,
        ladder,
        on_workers=on_workers,
        sealed=False,
        poll_s=0.2,
    )
    task = asyncio.create_task(run.run())
    try:
        yield server
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await server.stop()


async def wait_until(condition: Callable[[], Value | None], what: str) -> Value:
    """The first true value of ``condition()``, run in a thread (it may block on the database)."""
    return await waiting.wait_until(lambda: asyncio.to_thread(condition), what)


def scheduled_games(engine: Engine, tournament_id: int) -> list[ScheduledGameRecord]:
    """The tournament's scheduled games, by number."""
    with Session(engine) as session:
        query = (
            select(ScheduledGameRecord)
            .where(ScheduledGameRecord.tournament_id == tournament_id)
            .order_by(col(ScheduledGameRecord.number))
        )
        return list(session.exec(query))


def finished_games(engine: Engine, tournament_id: int) -> list[GameRecord]:
    """The tournament's finished games, by id."""
    with Session(engine) as session:
        query = (
            select(GameRecord)
            .where(
                GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.FINISHED
            )
            .order_by(col(GameRecord.id))
        )
        return list(session.exec(query))


def count_by_status(engine: Engine, tournament_id: int) -> dict[ScheduleStatus, int]:
    """How many of the tournament's scheduled games stand at each status."""
    counts = dict.fromkeys(ScheduleStatus, 0)
    for record in scheduled_games(engine, tournament_id):
        counts[record.status] += 1
    return counts

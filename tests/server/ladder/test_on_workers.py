"""A ladder of ``croupier serve --queue``: its games go to the workers, on PostgreSQL.

The ladder stores each game it chooses with its job, in one transaction, and plays none
itself; a worker plays them (:func:`~croupier_server.attempts.attempt.play_attempt`, as
``croupier worker`` runs it), finishes none of the ladder's tournament, and a version that
does not start on a worker fails its game without stopping the ladder, which rejects it.
"""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import Engine

from croupier_server.attempts.attempt import play_attempt
from croupier_server.attempts.claim import RunnerIdentity
from croupier_server.db import TournamentStatus
from croupier_server.db.submissions import VersionStatus
from croupier_server.db.work import ScheduleStatus
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from tests.server.conftest import Said
from tests.server.ladder.harness import (
    NOT_STARTING,
    add_versions,
    finished_games,
    lexio_ladder,
    running,
    scheduled_games,
    wait_until,
)
from tests.server.ladder.test_runner import EXAMPLES, assert_each_number_finished_once, version_of
from tests.server.queueing.harness import jobs_of, new_worker, queue_engine, tournament_of

__all__ = ["queue_engine"]

pytestmark = pytest.mark.slow


def test_the_workers_play_a_ladders_games_and_a_version_that_does_not_start_is_rejected(
    queue_engine: Engine,
    said: Said,
) -> None:
    engine = queue_engine
    add_versions(engine, "lexio", {**EXAMPLES, "broken": NOT_STARTING})
    ladder = lexio_ladder(engine, concurrency=3, rating_deals=1)

    async def play() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        worker = RunnerIdentity(new_worker(engine, "w1"), "w1", 3.0)
        try:
            async with running(engine, ladder, on_workers=True):
                rows = await wait_until(
                    lambda: scheduled_games(engine, ladder.tournament_id), "games chosen"
                )
                await asyncio.sleep(1)
                assert finished_games(engine, ladder.tournament_id) == []  # none played here
                assert len(rows) <= 3 + 2  # a deal is chosen while fewer than 3 wait
                for row in rows:
                    [job] = jobs_of(engine, row.id or 0)
                    assert (job["status"], job["args"]) == ("todo", {"scheduled_game": row.id})
                while version_of(engine, "broken@1").status is not VersionStatus.REJECTED or (
                    len(finished_games(engine, ladder.tournament_id)) < 12
                ):
                    queued = [
                        row
                        for row in scheduled_games(engine, ladder.tournament_id)
                        if row.status is ScheduleStatus.QUEUED
                    ]
                    for row in queued:
                        await play_attempt(engine, server, worker, row.id or 0)
                    await asyncio.sleep(0.3)  # the ladder looks and chooses more
        finally:
            await server.stop()

    asyncio.run(play())
    assert tournament_of(engine, ladder.tournament_id).status is TournamentStatus.RUNNING
    worked = said("croupier_server.attempts")
    assert any("bot broken@1 did not start" in line for line in worked), worked
    assert any("rejected broken@1: bot broken@1 did not start" in line for line in said())
    assert "No module named croupier" in version_of(engine, "broken@1").check_log
    rows = scheduled_games(engine, ladder.tournament_id)
    failed = [row for row in rows if row.status is ScheduleStatus.FAILED]
    assert failed
    assert all("broken@1" in row.bots for row in failed)
    assert_each_number_finished_once(engine, ladder.tournament_id)

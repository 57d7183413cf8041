"""A worker's job queue, restarted when the database lost track of it, on PostgreSQL.

A job whose end the queue could not record (the database failed just then) is said in one
line, never as an error that went unheard; the queue starts afresh, and the job, left in
progress, is tried again. A worker back from a silence long enough for the others to take
its queue for dead (they retry its jobs and forget its registration) registers a new one.
A queue ends when told to, though its sweep's library swallows the cancellation.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import psycopg
import pytest
import sqlalchemy as sa
from procrastinate import exceptions as queue_errors
from procrastinate.manager import JobManager
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.attempts.claim import RunnerIdentity
from croupier_server.attempts.pools import AttemptPools
from croupier_server.queueing.jobs import defer_games
from croupier_server.referee.service import RefereeServer
from croupier_server.workers import worker as worker_module
from croupier_server.workers.worker import Worker, WorkerOptions
from tests.waiting import wait_until

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

SCHEDULED_GAME = 42
"""What the jobs name: no game is played (the attempt is a fake that counts its calls)."""


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The scheduled games the worker's attempts were for, in order (none is played)."""
    calls: list[int] = []

    async def play_attempt(
        _engine: Engine,
        _server: RefereeServer,
        _worker: RunnerIdentity,
        scheduled_id: int,
        *,
        pools: AttemptPools,
    ) -> None:
        calls.append(scheduled_id)

    monkeypatch.setattr(worker_module, "play_attempt", play_attempt)
    return calls


def defer_job(engine: Engine) -> None:
    with Session(engine) as session, db.atomic(session):
        defer_games(session, [SCHEDULED_GAME])


def queue_registrations(engine: Engine) -> set[int]:
    """The ids of the job queues registered now (procrastinate's workers)."""
    with engine.connect() as connection:
        return set(connection.execute(sa.text("SELECT id FROM procrastinate_workers")).scalars())


async def working(engine: Engine, until: Any) -> None:
    """Run a worker of one slot until ``await until()`` is true, then stop it."""
    worker = Worker(engine, cast(RefereeServer, None), WorkerOptions(name="w", slots=1))
    running = asyncio.ensure_future(worker.run())
    try:
        await wait_until(until, "the worker to get there")
    finally:
        worker.stop()
        await running


def test_a_job_whose_end_went_unrecorded_is_said_and_tried_again(
    queue_engine: Engine,
    played: list[int],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    record_end = JobManager.finish_job
    failures = [psycopg.OperationalError("server closed the connection unexpectedly")]

    async def finish_job(self: JobManager, **arguments: Any) -> None:
        if failures:
            raise queue_errors.ConnectorException() from failures.pop()
        await record_end(self, **arguments)

    monkeypatch.setattr(JobManager, "finish_job", finish_job)
    defer_job(queue_engine)

    async def played_twice() -> bool:
        return played.count(SCHEDULED_GAME) >= 2

    with caplog.at_level(logging.INFO):
        asyncio.run(working(queue_engine, played_twice))

    lines = [record.getMessage() for record in caplog.records]
    assert (
        f"worker w: could not record the end of the job for scheduled game {SCHEDULED_GAME} "
        "(server closed the connection unexpectedly): it will be tried again, and dropped "
        "unless its game is queued"
    ) in lines
    assert "worker w: restarting the job queue: a job's end went unrecorded" in lines
    assert not [line for line in lines if "never retrieved" in line], lines


def test_a_worker_back_from_a_long_silence_starts_its_queue_afresh(
    queue_engine: Engine,
    played: list[int],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Every silence counts as long: the heartbeats after the queue started find one.
    monkeypatch.setattr(worker_module, "_TAKEN_FOR_DEAD_S", 0.0)
    first: set[int] = set()

    async def plays_on_a_new_registration() -> bool:
        registrations = queue_registrations(queue_engine)
        if not first:
            first.update(registrations)
            return False
        if registrations and not registrations & first and not played:
            defer_job(queue_engine)
        return bool(played) and not queue_registrations(queue_engine) & first

    with caplog.at_level(logging.INFO):
        asyncio.run(working(queue_engine, plays_on_a_new_registration))

    restarts = [
        record.getMessage()
        for record in caplog.records
        if record.getMessage().startswith("worker w: restarting the job queue: silent for ")
    ]
    assert restarts, [record.getMessage() for record in caplog.records]
    assert restarts[0].endswith(" s, its job queue may have been taken for dead")


def test_a_queue_ends_though_its_sweep_swallows_the_cancellation(
    queue_engine: Engine, played: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    sweeping = asyncio.Event()

    async def sweep(_worker: Worker, _app: object) -> None:
        sweeping.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:  # as a pool that fails its waiting clients does
            raise queue_errors.ConnectorException() from None

    monkeypatch.setattr(Worker, "_sweep", sweep)

    async def swept() -> bool:
        return sweeping.is_set()

    asyncio.run(working(queue_engine, swept))  # returns: the worker stopped

"""A worker's lease keeper, on PostgreSQL: it renews on progress only, and says why it lost.

A game that makes no progress loses its lease by the worker's own clock, renewed never; one
that progresses keeps it, its expiry moving on; one another worker took over is dropped at
its next renewal; and one whose database cannot be reached loses it by the clock too.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from datetime import datetime

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.attempts.lease import LeaseKeeper
from croupier_server.db.schedule import Claim, claim_scheduled_game, holds_attempt
from croupier_server.queueing.tournaments import queue_tournament
from croupier_server.tournament.scheduled import lose_and_queue_again
from croupier_server.workers.reaper import reap_expired_leases
from tests.server.queueing.harness import (
    lexio_tournament,
    new_worker,
    scheduled,
    scheduled_of,
)


def claimed(engine: Engine, lease_s: float) -> tuple[Claim, int]:
    """The first attempt at a queued game, claimed by a new worker; the claim and the worker."""
    tournament_id = lexio_tournament(engine)
    queue_tournament(engine, tournament_id)
    scheduled_id = scheduled_of(engine, tournament_id)[0].id
    assert scheduled_id is not None
    worker_id = new_worker(engine, "w1")
    with Session(engine) as session:
        claim = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=worker_id, lease_s=lease_s
        )
        session.commit()
    assert claim is not None
    return claim, worker_id


def expiry(engine: Engine, claim: Claim) -> datetime:
    """When the claim's lease runs out, as the database holds it."""
    lease_expires_at = scheduled(engine, claim.scheduled_id).lease_expires_at
    assert lease_expires_at is not None
    return lease_expires_at


def test_a_game_without_progress_loses_its_lease_by_the_clock_never_renewed(
    queue_engine: Engine,
) -> None:
    claim, worker_id = claimed(queue_engine, lease_s=0.6)
    expires = expiry(queue_engine, claim)
    keeper = LeaseKeeper(queue_engine, claim, worker_id=worker_id, lease_s=0.6, progress=lambda: 7)
    started = time.monotonic()
    reason = asyncio.run(asyncio.wait_for(keeper.keep(), timeout=10))
    elapsed = time.monotonic() - started
    assert reason.startswith("the lease ran out: no renewal for ")
    assert reason.endswith(" s (lease 1 s)")
    assert 0.6 < elapsed < 3
    assert expiry(queue_engine, claim) == expires


def test_a_game_that_progresses_keeps_its_lease_renewed(queue_engine: Engine) -> None:
    claim, worker_id = claimed(queue_engine, lease_s=0.8)
    expires = expiry(queue_engine, claim)
    actions = itertools.count()
    keeper = LeaseKeeper(
        queue_engine, claim, worker_id=worker_id, lease_s=0.8, progress=lambda: next(actions)
    )

    async def keep_for(seconds: float) -> None:
        with pytest.raises(TimeoutError):  # it kept the lease: it did not return
            await asyncio.wait_for(keeper.keep(), timeout=seconds)

    asyncio.run(keep_for(2.5))  # three times the lease
    renewed = expiry(queue_engine, claim)
    assert (renewed - expires).total_seconds() > 1.2
    assert reap_expired_leases(queue_engine) == []


def test_a_game_another_worker_took_over_is_dropped_at_its_next_renewal(
    queue_engine: Engine,
) -> None:
    claim, worker_id = claimed(queue_engine, lease_s=4)
    actions = itertools.count()
    keeper = LeaseKeeper(
        queue_engine, claim, worker_id=worker_id, lease_s=4, progress=lambda: next(actions)
    )
    other = new_worker(queue_engine, "w2")

    def take_over() -> None:
        """The worker was cut off long enough to lose the game, which another then took."""
        with Session(queue_engine) as session, db.atomic(session):
            record = holds_attempt(session, claim, worker_id=worker_id)  # locked, as a reaper does
            assert record is not None
            lose_and_queue_again(session, record, "the lease of worker w1 ran out")
        with Session(queue_engine) as session:
            assert claim_scheduled_game(
                session, scheduled_id=claim.scheduled_id, worker_id=other, lease_s=60
            ) == Claim(claim.scheduled_id, 2)
            session.commit()

    async def keep_while_taken_over() -> tuple[str, float]:
        keeping = asyncio.ensure_future(keeper.keep())
        await asyncio.sleep(0.5)
        await asyncio.to_thread(take_over)
        taken = time.monotonic()
        reason = await asyncio.wait_for(keeping, timeout=10)
        return reason, time.monotonic() - taken

    reason, after_s = asyncio.run(keep_while_taken_over())
    assert reason == "another worker took the game over"
    assert after_s < 3.5  # at its next renewal, before its own lease would have run out


def test_a_worker_cut_off_from_its_database_loses_its_lease_by_its_own_clock(
    queue_engine: Engine,
) -> None:
    claim, worker_id = claimed(queue_engine, lease_s=1)
    unreachable = sa.create_engine(
        "postgresql+psycopg://postgres@127.0.0.1:1/nowhere", connect_args={"connect_timeout": 1}
    )
    actions = itertools.count()
    keeper = LeaseKeeper(
        unreachable, claim, worker_id=worker_id, lease_s=1, progress=lambda: next(actions)
    )
    try:
        reason = asyncio.run(asyncio.wait_for(keeper.keep(), timeout=10))
    finally:
        unreachable.dispose()
    assert reason.startswith("the lease ran out: no renewal for ")

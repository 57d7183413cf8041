"""The fencing of a scheduled game's attempts, on PostgreSQL: claims, leases, reaping, late results.

A claim takes the next attempt (the fencing token) and a lease; a second claim of a game held
is a duplicate job, dropped. A lease that runs out is reaped: the attempt's game is recorded
as lost, the game queued again with a new job, in one transaction. The old holder can then
neither renew its lease nor store its result, which changes nothing. A game that loses its
last allowed attempt fails and interrupts its tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
import time
from concurrent import futures
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.attempts.attempt import _store
from croupier_server.attempts.claim import RETRY_DELAY_S, Attempt, RunnerIdentity, claim_attempt
from croupier_server.db import GameStatus, TournamentStatus
from croupier_server.db.schedule import (
    Claim,
    claim_scheduled_game,
    database_now,
    expired_leases,
    holds_attempt,
    renew_lease,
)
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.outcomes import EndedBy
from croupier_server.queueing.jobs import GAMES_QUEUE, PLAY_GAME_TASK
from croupier_server.queueing.tournaments import queue_tournament, queued_progress
from croupier_server.recorded_games import referee_recorded_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.scheduled import ATTEMPTS, lose_and_queue_again
from croupier_server.workers.reaper import reap_expired_leases
from tests.server.queueing.harness import (
    LEXIO_BOTS,
    attempts_of,
    expire_lease,
    jobs_of,
    lexio_tournament,
    new_worker,
    scheduled,
    scheduled_of,
    tournament_of,
)

LEASE_MARGIN_S = 3.0
GENEROUS_LEASE_S = LEASE_MARGIN_S + 30 + 5 + 30
"""A worker's lease under the tests' generous time control: its margin, connect, decision, bank."""


class RolledBack(Exception):
    """Rolls a transaction back."""


def queued_lexio(engine: Engine) -> tuple[int, list[int]]:
    """A queued tournament of three Lexio games; its id and its scheduled games' ids."""
    tournament_id = lexio_tournament(engine)
    assert queue_tournament(engine, tournament_id) == 3
    return tournament_id, [record.id or 0 for record in scheduled_of(engine, tournament_id)]


def identity(engine: Engine, name: str) -> RunnerIdentity:
    """A worker registered as ``name``, as its attempts name it."""
    return RunnerIdentity(new_worker(engine, name), name, LEASE_MARGIN_S)


def test_a_claim_takes_the_next_attempt_and_a_lease_and_a_second_claim_is_dropped(
    queue_engine: Engine,
) -> None:
    _, [scheduled_id, *_] = queued_lexio(queue_engine)
    first, second = identity(queue_engine, "w1"), identity(queue_engine, "w2")
    with Session(queue_engine) as session:
        claim = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=first.id, lease_s=40
        )
        now = database_now(session)  # the transaction's clock, the lease's start
        session.commit()
    assert claim == Claim(scheduled_id, 1)
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id) == (
        ScheduleStatus.PLAYING,
        1,
        first.id,
    )
    assert record.lease_s == 40
    assert record.lease_expires_at is not None
    assert record.lease_expires_at - now == timedelta(seconds=40)

    with Session(queue_engine) as session:
        again = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=second.id, lease_s=40
        )
        session.commit()
    assert again is None
    assert claim_attempt(queue_engine, second, scheduled_id) is None  # a worker drops the job
    unchanged = scheduled(queue_engine, scheduled_id)
    assert (unchanged.attempt, unchanged.worker_id, unchanged.lease_expires_at) == (
        1,
        first.id,
        record.lease_expires_at,
    )


def test_a_workers_claim_makes_the_attempts_game_row_with_a_lease_its_time_control_allows(
    queue_engine: Engine,
) -> None:
    tournament_id, [scheduled_id, *_] = queued_lexio(queue_engine)
    worker = identity(queue_engine, "w1")
    attempt = claim_attempt(queue_engine, worker, scheduled_id)
    assert attempt is not None
    assert (attempt.claim, attempt.problem) == (Claim(scheduled_id, 1), "")
    assert attempt.lease_s == GENEROUS_LEASE_S
    record = scheduled(queue_engine, scheduled_id)
    assert record.game_id == attempt.game_id
    assert record.lease_s == GENEROUS_LEASE_S
    [game] = attempts_of(queue_engine, tournament_id, record.number)
    assert (game.id, game.status, game.attempt, game.worker_id) == (
        attempt.game_id,
        GameStatus.RUNNING,
        1,
        worker.id,
    )


def test_a_bot_whose_files_are_missing_loses_the_attempt_to_the_worker_and_waits_to_retry(
    queue_engine: Engine, tmp_path: Path
) -> None:
    tournament_id, [scheduled_id, *_] = queued_lexio(queue_engine)
    missing = tmp_path / "gone.py"
    with queue_engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE bot SET command = :command WHERE name = :name"),
            {"command": shlex.join([sys.executable, str(missing)]), "name": LEXIO_BOTS[1]},
        )
    worker = identity(queue_engine, "w1")
    attempt = claim_attempt(queue_engine, worker, scheduled_id)
    assert attempt is not None
    reason = f"bot {LEXIO_BOTS[1]!r} needs {missing}, missing on worker w1"
    assert attempt.problem == reason
    [lost] = attempts_of(queue_engine, tournament_id, 0)
    assert (lost.status, lost.ended_by, lost.end_detail, lost.worker_id) == (
        GameStatus.ABORTED,
        EndedBy.LOST,
        reason,
        worker.id,
    )
    with Session(queue_engine) as session:
        assert db.game_faults(session, game_id=lost.id or 0) == []  # not charged to the bot
        now = database_now(session)
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id) == (ScheduleStatus.QUEUED, 1, None)
    _, retry = jobs_of(queue_engine, scheduled_id)
    assert retry["status"] == "todo"
    assert timedelta(0) < retry["scheduled_at"] - now <= timedelta(seconds=RETRY_DELAY_S)


def test_a_reaped_lease_loses_its_attempt_and_queues_the_game_again_in_one_transaction(
    queue_engine: Engine,
) -> None:
    tournament_id, [scheduled_id, *_] = queued_lexio(queue_engine)
    worker = identity(queue_engine, "w1")
    attempt = claim_attempt(queue_engine, worker, scheduled_id)
    assert attempt is not None
    [queued_job] = jobs_of(queue_engine, scheduled_id)
    assert (queued_job["queue_name"], queued_job["task_name"], queued_job["status"]) == (
        GAMES_QUEUE,
        PLAY_GAME_TASK,
        "todo",
    )
    assert queued_job["args"] == {"scheduled_game": scheduled_id}
    assert reap_expired_leases(queue_engine) == []  # the lease holds
    expire_lease(queue_engine, scheduled_id)

    def reap_then_roll_back() -> None:
        with Session(queue_engine) as session, db.atomic(session):
            [expired] = expired_leases(session)
            lose_and_queue_again(session, expired, "rolled back")
            raise RolledBack

    # The loss and its job are one transaction (the reaper's): rolled back, neither is there.
    with pytest.raises(RolledBack):
        reap_then_roll_back()
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id, record.game_id) == (
        ScheduleStatus.PLAYING,
        1,
        worker.id,
        attempt.game_id,
    )
    assert [game.status for game in attempts_of(queue_engine, tournament_id, 0)] == ["running"]
    assert jobs_of(queue_engine, scheduled_id) == [queued_job]

    [line] = reap_expired_leases(queue_engine)
    assert line.startswith(f"took back game 0 of tournament {tournament_id} (attempt 1): ")
    assert "the lease of worker w1 ran out" in line
    [lost] = attempts_of(queue_engine, tournament_id, 0)
    assert (lost.status, lost.ended_by, lost.attempt, lost.worker_id) == (
        GameStatus.ABORTED,
        EndedBy.LOST,
        1,
        worker.id,
    )
    assert "the lease of worker w1 ran out" in lost.end_detail
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id, record.game_id) == (
        ScheduleStatus.QUEUED,
        1,
        None,
        None,
    )
    assert record.lease_expires_at is None
    first, new = jobs_of(queue_engine, scheduled_id)
    assert first == queued_job
    assert (new["status"], new["args"], new["scheduled_at"]) == (
        "todo",
        {"scheduled_game": scheduled_id},
        None,
    )
    assert reap_expired_leases(queue_engine) == []  # taken back once


def test_a_late_result_from_a_lost_attempt_is_refused_and_changes_nothing(
    queue_engine: Engine,
) -> None:
    tournament_id, [scheduled_id, *_] = queued_lexio(queue_engine)
    old, new = identity(queue_engine, "w1"), identity(queue_engine, "w2")

    async def play(attempt: Attempt) -> tuple[GameLog, int]:
        """Referee the attempt to its end, storing its actions, but not its result."""
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            log = GameLog(game_id=str(attempt.game_id), game=attempt.game, seed=attempt.seed)
            stored = await referee_recorded_game(
                queue_engine, server, log, bots=attempt.bots, settings=attempt.settings
            )
        finally:
            await server.stop()
        assert log.result is not None
        return log, stored

    def finished_games() -> list[int]:
        return [
            game.attempt or 0
            for game in attempts_of(queue_engine, tournament_id, 0)
            if game.status is GameStatus.FINISHED
        ]

    late = claim_attempt(queue_engine, old, scheduled_id)
    assert late is not None
    late_log, late_stored = asyncio.run(play(late))
    # The game ended, but its worker was cut off before it could store the result.
    expire_lease(queue_engine, scheduled_id)
    assert len(reap_expired_leases(queue_engine)) == 1
    with Session(queue_engine) as session:
        assert holds_attempt(session, late.claim, worker_id=old.id) is None
        assert not renew_lease(session, late.claim, worker_id=old.id)
    assert not _store(queue_engine, old, late, late_log, late_stored)
    assert finished_games() == []
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt) == (ScheduleStatus.QUEUED, 1)
    [lost] = attempts_of(queue_engine, tournament_id, 0)
    assert (lost.status, lost.ended_by, lost.result) == (GameStatus.ABORTED, EndedBy.LOST, None)

    current = claim_attempt(queue_engine, new, scheduled_id)
    assert current is not None
    assert current.claim == Claim(scheduled_id, 2)
    assert not _store(queue_engine, old, late, late_log, late_stored)  # held by attempt 2
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id, record.game_id) == (
        ScheduleStatus.PLAYING,
        2,
        new.id,
        current.game_id,
    )
    assert finished_games() == []

    log, stored = asyncio.run(play(current))
    assert _store(queue_engine, new, current, log, stored)
    assert not _store(queue_engine, old, late, late_log, late_stored)  # and once it finished
    assert finished_games() == [2]
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.game_id) == (
        ScheduleStatus.FINISHED,
        2,
        current.game_id,
    )
    lost_again, won = attempts_of(queue_engine, tournament_id, 0)
    assert (lost_again.id, lost_again.status, lost_again.worker_id) == (
        late.game_id,
        GameStatus.ABORTED,
        old.id,
    )
    assert (won.id, won.worker_id) == (current.game_id, new.id)
    assert log.result is not None
    assert won.result is not None
    assert won.result["scores"] == list(log.result.scores)


def test_a_game_that_loses_its_last_attempt_fails_and_interrupts_its_tournament(
    queue_engine: Engine,
) -> None:
    tournament_id, [scheduled_id, *_] = queued_lexio(queue_engine)
    worker = identity(queue_engine, "w1")
    for attempt in range(1, ATTEMPTS + 1):
        with Session(queue_engine) as session:
            claim = claim_scheduled_game(
                session, scheduled_id=scheduled_id, worker_id=worker.id, lease_s=0.05
            )
            session.commit()
        assert claim == Claim(scheduled_id, attempt)
        time.sleep(0.1)  # the database's clock runs the lease out
        assert len(reap_expired_leases(queue_engine)) == 1
        assert tournament_of(queue_engine, tournament_id).status is (
            TournamentStatus.RUNNING if attempt < ATTEMPTS else TournamentStatus.INTERRUPTED
        )
    record = scheduled(queue_engine, scheduled_id)
    assert (record.status, record.attempt, record.worker_id) == (
        ScheduleStatus.FAILED,
        ATTEMPTS,
        None,
    )
    assert record.detail.startswith(f"attempt {ATTEMPTS} lost too: the lease of worker w1 ran out")
    # The job of the first attempt, and one for each attempt lost before the last.
    assert len(jobs_of(queue_engine, scheduled_id)) == ATTEMPTS
    progress = queued_progress(queue_engine, tournament_id)
    assert (progress.status, progress.failure) == (TournamentStatus.INTERRUPTED, record.detail)
    with Session(queue_engine) as session:
        assert (
            claim_scheduled_game(session, scheduled_id=scheduled_id, worker_id=worker.id, lease_s=1)
            is None
        )


def test_games_losing_their_last_attempts_at_once_both_fail(queue_engine: Engine) -> None:
    """Two workers that each lose a game's last attempt in their claim stop the tournament
    together: neither waits for the other's hold on the tournament's row (a deadlock)."""
    tournament_id, scheduled_ids = queued_lexio(queue_engine)
    worker = identity(queue_engine, "w1")
    with queue_engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE scheduled_game SET last_attempt = 1 WHERE tournament_id = :id"),
            {"id": tournament_id},
        )
    with contextlib.ExitStack() as stack:
        claims = []
        for scheduled_id in scheduled_ids[:2]:
            # A worker's claim (attempts.claim.claim_attempt), its transaction still open: the
            # attempt and its game row, then the loss, as when a bot's files are missing.
            session = stack.enter_context(Session(queue_engine))
            block = contextlib.ExitStack()
            block.enter_context(db.atomic(session))
            claim = claim_scheduled_game(
                session, scheduled_id=scheduled_id, worker_id=worker.id, lease_s=30
            )
            assert claim is not None
            record = session.get(ScheduledGameRecord, scheduled_id)
            assert record is not None
            game = db.create_game(
                session,
                game="lexio",
                options={"players": 3, "rounds": 1},
                seed=record.seed,
                bot_ids=list(db.bot_ids(session, names=record.bots).values()),
                tournament_id=tournament_id,
                schedule_number=record.number,
                attempt=claim.attempt,
                worker_id=worker.id,
            )
            record.game_id = game.id
            claims.append((session, record, block))

        def lose(
            session: Session, record: ScheduledGameRecord, block: contextlib.ExitStack
        ) -> None:
            with block:  # commits the claim and its loss together
                lose_and_queue_again(session, record, "bot files missing on worker w1")

        with futures.ThreadPoolExecutor(max_workers=2) as pool:
            losses = [pool.submit(lose, *claim) for claim in claims]
            for loss in losses:
                loss.result(timeout=30)
    assert [record.status for record in scheduled_of(queue_engine, tournament_id)] == [
        ScheduleStatus.FAILED,
        ScheduleStatus.FAILED,
        ScheduleStatus.QUEUED,
    ]
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.INTERRUPTED

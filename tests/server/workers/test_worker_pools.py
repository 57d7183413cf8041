"""A worker's bots' processes, kept from attempt to attempt, on PostgreSQL.

A worker plays a tournament's games in the processes of its pools, fairly: a process plays
a game of each deal, never two. A game whose lease is lost ends at once, its processes with
it, and the worker keeps none of the tournament's: its next game starts its own. Each bot's
command carries a tag of the test, so the test finds in /proc every process started.
"""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, func, select

from croupier.games import load_game
from croupier_server import db
from croupier_server.attempts.attempt import play_attempt
from croupier_server.attempts.claim import RunnerIdentity
from croupier_server.attempts.pools import AttemptPools
from croupier_server.db import ActionRecord, TournamentStatus
from croupier_server.db.schedule import Claim, claim_scheduled_game, holds_attempt
from croupier_server.db.work import ScheduleStatus
from croupier_server.queueing.tournaments import queue_tournament
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.scheduled import lose_and_queue_again
from tests.server.queueing.harness import (
    LEXIO,
    attempts_of,
    new_tournament,
    new_worker,
    scheduled,
    scheduled_of,
    tournament_of,
)
from tests.server.referee.harness import (
    ProcessWatch,
    example_command,
    new_tag,
    scripted_command,
    tagged,
    tagged_processes,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


def add_bots(engine: Engine, commands: dict[str, str]) -> None:
    with Session(engine) as session:
        for name, command in commands.items():
            db.add_bot(session, name=name, game="lexio", command=command)


def lexio_example(name: str, tag: str) -> str:
    return tagged(example_command(name), tag)


def test_a_workers_games_reuse_the_processes_of_its_earlier_deals(queue_engine: Engine) -> None:
    tag = new_tag()
    names = ["lexio_random", "lexio_greedy", "lexio_cautious"]
    add_bots(queue_engine, {name: lexio_example(name, tag) for name in names})
    game = load_game("lexio", LEXIO)
    tournament_id = new_tournament(queue_engine, game, names, RoundRobinSettings(deals=2))
    queue_tournament(queue_engine, tournament_id)
    worker = RunnerIdentity(new_worker(queue_engine, "w1"), "w1", 3.0)

    async def play_all() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        pools = AttemptPools(server, concurrency=1)
        try:
            while queued := [
                row
                for row in scheduled_of(queue_engine, tournament_id)
                if row.status is ScheduleStatus.QUEUED
            ]:
                for row in queued:
                    await play_attempt(queue_engine, server, worker, row.id or 0, pools=pools)
            assert tagged_processes(tag)  # kept for the tournament's next games
            await pools.close()
        finally:
            await server.stop()

    with ProcessWatch(tag) as watch:
        asyncio.run(play_all())
    rows = scheduled_of(queue_engine, tournament_id)
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.FINISHED
    assert len(rows) == 6
    assert [len(attempts_of(queue_engine, tournament_id, row.number)) for row in rows] == [1] * 6
    # The three games of the first deal each need a process of their own for each bot (fair);
    # those of the second deal play in them: 9 processes, not the 18 of fresh ones.
    assert len(watch.bots()) == 9
    assert tagged_processes(tag) == {}


def test_a_game_whose_lease_is_lost_ends_its_processes_and_none_is_reused(
    queue_engine: Engine,
) -> None:
    tag = new_tag()
    commands = {
        "lexio_random": lexio_example("lexio_random", tag),
        "lexio_greedy": lexio_example("lexio_greedy", tag),
        "slow": scripted_command("slow", "--delay-ms", "1000", tag=tag),
    }
    add_bots(queue_engine, commands)
    game = load_game("lexio", LEXIO)
    tournament_id = new_tournament(queue_engine, game, list(commands), RoundRobinSettings(deals=2))
    queue_tournament(queue_engine, tournament_id)
    first, *_, last = scheduled_of(queue_engine, tournament_id)
    assert first.deal != last.deal
    worker = RunnerIdentity(new_worker(queue_engine, "w1"), "w1", 3.0)
    other = new_worker(queue_engine, "w2")

    def actions_stored() -> int:
        game_ids = [row.id for row in attempts_of(queue_engine, tournament_id, first.number)]
        with Session(queue_engine) as session:
            query = select(func.count()).where(col(ActionRecord.game_id).in_(game_ids))
            return session.exec(query).one()

    def take_over() -> None:
        """The worker lost the game (cut off, say), which another then took."""
        claim = Claim(first.id or 0, 1)
        with Session(queue_engine) as session, db.atomic(session):
            record = holds_attempt(session, claim, worker_id=worker.id)
            assert record is not None
            lose_and_queue_again(session, record, "the lease of worker w1 ran out")
        with Session(queue_engine) as session:
            assert claim_scheduled_game(
                session, scheduled_id=claim.scheduled_id, worker_id=other, lease_s=60
            ) == Claim(claim.scheduled_id, 2)
            session.commit()

    async def lose_one_then_play_another() -> tuple[set[int], set[int]]:
        server = RefereeServer(SessionRegistry())
        await server.start()
        pools = AttemptPools(server, concurrency=1)
        try:
            with ProcessWatch(tag) as watch:
                playing = asyncio.ensure_future(
                    play_attempt(queue_engine, server, worker, first.id or 0, pools=pools)
                )

                async def under_way() -> bool:
                    return await asyncio.to_thread(actions_stored) > 0

                await wait_until(under_way, "the first game under way")
                await asyncio.to_thread(take_over)
                await playing

                async def all_ended() -> bool:
                    return not await asyncio.to_thread(tagged_processes, tag)

                await wait_until(all_ended, "the lost game's processes, and those kept, to end")
                lost = {process.pid for process in watch.bots()}
                await play_attempt(queue_engine, server, worker, last.id or 0, pools=pools)
                played = {process.pid for process in watch.bots()} - lost
            await pools.close()
        finally:
            await server.stop()
        return lost, played

    lost, played = asyncio.run(lose_one_then_play_another())
    assert len(lost) >= 3
    assert len(played) >= 3  # the next game started its own: none of the lost game's
    assert scheduled(queue_engine, last.id or 0).status is ScheduleStatus.FINISHED
    [lost_attempt] = attempts_of(queue_engine, tournament_id, first.number)
    assert lost_attempt.status is not db.GameStatus.FINISHED
    assert tagged_processes(tag) == {}

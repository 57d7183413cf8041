"""Queuing a tournament for the workers: its games stored with a job each, once, the next ones
as games finish; refused on SQLite and for remote bots; resumed with more attempts."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import GameStatus, TournamentStatus
from croupier_server.db.schedule import claim_scheduled_game
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.queueing.jobs import GAMES_QUEUE, PLAY_GAME_TASK, QueueUnavailable
from croupier_server.queueing.tournaments import queue_tournament, queued_progress
from croupier_server.tournament.errors import TournamentError
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.formats.swiss import SwissSettings
from croupier_server.tournament.records import tournament_schedule
from croupier_server.tournament.scheduled import ATTEMPTS, after_game
from croupier_server.workers.reaper import reap_expired_leases
from tests.server.queueing.harness import (
    LEXIO,
    LEXIO_BOTS,
    add_example_bots,
    attempts_of,
    expire_lease,
    jobs_of,
    lexio_tournament,
    new_tournament,
    new_worker,
    scheduled,
    scheduled_of,
    tournament_of,
)

CRIBBAGE_BOTS = ("cribbage_strong", "cribbage_greedy", "cribbage_discard", "cribbage_random")


def all_jobs(engine: Engine) -> int:
    """How many jobs the queue holds."""
    with engine.connect() as connection:
        count: int = connection.execute(sa.text("SELECT count(*) FROM procrastinate_jobs")).one()[0]
        return count


def finish(engine: Engine, scheduled_id: int, worker_id: int, scores: tuple[int, ...]) -> None:
    """Play a scheduled game to ``scores`` as a worker stores one: claimed, its game row
    finished, the game marked finished and the tournament's next games queued, in one
    transaction."""
    with Session(engine) as session, db.atomic(session):
        claim = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=worker_id, lease_s=60
        )
        assert claim is not None
        record = session.get(ScheduledGameRecord, scheduled_id)
        assert record is not None
        tournament = db.get_tournament(session, tournament_id=record.tournament_id)
        assert tournament is not None
        bots = [db.get_bot_by_name(session, name=name) for name in record.bots]
        game = db.create_game(
            session,
            game=tournament.game,
            options=tournament.options,
            seed=record.seed,
            bot_ids=[bot.id for bot in bots if bot is not None and bot.id is not None],
            tournament_id=record.tournament_id,
            schedule_number=record.number,
            schedule_deal=record.deal,
            attempt=claim.attempt,
            worker_id=worker_id,
        )
        assert game.id is not None
        db.finish_game(session, game_id=game.id, result=Result(scores=scores))
        record.game_id = game.id
        record.status = ScheduleStatus.FINISHED
        session.flush()
        after_game(session, record.tournament_id)


def test_a_tournament_is_queued_once_each_game_with_one_job(queue_engine: Engine) -> None:
    tournament_id = lexio_tournament(queue_engine, deals=2)
    assert queue_tournament(queue_engine, tournament_id) == 6
    _, planned = tournament_schedule(tournament_of(queue_engine, tournament_id))
    stored = scheduled_of(queue_engine, tournament_id)
    assert [(record.number, record.deal, tuple(record.bots), record.seed) for record in stored] == [
        (game.number, game.deal, game.bots, game.seed) for game in planned
    ]
    for record in stored:
        assert (record.status, record.attempt, record.last_attempt, record.worker_id) == (
            ScheduleStatus.QUEUED,
            0,
            ATTEMPTS,
            None,
        )
        [job] = jobs_of(queue_engine, record.id or 0)
        assert (job["queue_name"], job["task_name"], job["status"], job["args"]) == (
            GAMES_QUEUE,
            PLAY_GAME_TASK,
            "todo",
            {"scheduled_game": record.id},
        )
    assert all_jobs(queue_engine) == 6
    progress = queued_progress(queue_engine, tournament_id)
    assert (progress.done, progress.total, progress.playing, progress.status) == (
        0,
        6,
        0,
        TournamentStatus.RUNNING,
    )

    assert queue_tournament(queue_engine, tournament_id) == 0  # queued twice: nothing new
    assert [record.id for record in scheduled_of(queue_engine, tournament_id)] == [
        record.id for record in stored
    ]
    assert all_jobs(queue_engine) == 6


def test_the_games_a_run_on_one_machine_left_running_end_when_it_goes_to_the_workers(
    queue_engine: Engine,
) -> None:
    tournament_id = lexio_tournament(queue_engine)
    with Session(queue_engine) as session:
        left = db.create_game(
            session,
            game="lexio",
            options=LEXIO,
            seed=1,
            bot_ids=list(db.bot_ids(session, names=LEXIO_BOTS).values()),
            tournament_id=tournament_id,
            schedule_number=0,
            schedule_deal=0,
        )
    assert queue_tournament(queue_engine, tournament_id) == 3
    [aborted] = attempts_of(queue_engine, tournament_id, 0)
    assert (aborted.id, aborted.status, aborted.end_detail) == (
        left.id,
        GameStatus.ABORTED,
        "the tournament went to the workers",
    )


def test_the_queue_needs_postgresql(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'croupier.db'}"
    engine = db.create_database_engine(url)
    db.init_database(engine)
    try:
        tournament_id = lexio_tournament(engine)
        with pytest.raises(QueueUnavailable) as refused:
            queue_tournament(engine, tournament_id)
    finally:
        engine.dispose()
    message = (
        "the job queue needs PostgreSQL (--db postgresql://...), not sqlite; "
        "on one machine, play without --queue"
    )
    assert str(refused.value) == message
    run = ["tournament", "run", "--game", "lexio", "--players", "3", "--rounds", "1"]
    capsys.readouterr()
    assert main([*run, "--bots", ",".join(LEXIO_BOTS), "--queue", "--db", url]) == 1
    assert capsys.readouterr().err == f"croupier: error: {message}\n"


def test_a_tournament_of_a_remote_bot_is_not_queued(queue_engine: Engine) -> None:
    add_example_bots(queue_engine, "lexio", LEXIO_BOTS[:2])
    with Session(queue_engine) as session:
        db.create_remote_bot(session, name="far", game="lexio")
    tournament_id = new_tournament(
        queue_engine,
        load_game("lexio", LEXIO),
        [*LEXIO_BOTS[:2], "far"],
        RoundRobinSettings(deals=1),
    )
    with pytest.raises(TournamentError) as refused:
        queue_tournament(queue_engine, tournament_id)
    assert str(refused.value) == (
        "bot 'far' connects by itself, and workers start command bots only: "
        "play this tournament without --queue"
    )
    assert scheduled_of(queue_engine, tournament_id) == []
    assert all_jobs(queue_engine) == 0


def test_a_swiss_tournament_queues_each_round_once_the_last_one_finished(
    queue_engine: Engine,
) -> None:
    add_example_bots(queue_engine, "cribbage", CRIBBAGE_BOTS)
    cribbage = load_game("cribbage", {"match_points": 1})
    tournament_id = new_tournament(queue_engine, cribbage, CRIBBAGE_BOTS, SwissSettings(rounds=2))
    worker_id = new_worker(queue_engine, "w1")
    assert queue_tournament(queue_engine, tournament_id) == 4  # two pairings, seats swapped
    first_round = scheduled_of(queue_engine, tournament_id)
    assert [record.number for record in first_round] == [0, 1, 2, 3]

    # The first seat wins every game: each pairing is drawn, one game each.
    for record in first_round[:3]:
        finish(queue_engine, record.id or 0, worker_id, (1, 0))
        assert len(scheduled_of(queue_engine, tournament_id)) == 4  # the round goes on
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.RUNNING
    finish(queue_engine, first_round[3].id or 0, worker_id, (1, 0))
    second_round = scheduled_of(queue_engine, tournament_id)[4:]
    assert [record.number for record in second_round] == [4, 5, 6, 7]
    for record in second_round:
        assert record.status is ScheduleStatus.QUEUED
        assert len(jobs_of(queue_engine, record.id or 0)) == 1
    assert all_jobs(queue_engine) == 8
    met = {frozenset(record.bots) for record in first_round}
    assert not met & {frozenset(record.bots) for record in second_round}  # no rematch
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.RUNNING

    for record in second_round[:3]:
        finish(queue_engine, record.id or 0, worker_id, (0, 1))
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.RUNNING
    finish(queue_engine, second_round[3].id or 0, worker_id, (0, 1))
    assert len(scheduled_of(queue_engine, tournament_id)) == 8  # the format is done
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.FINISHED
    progress = queued_progress(queue_engine, tournament_id)
    assert (progress.done, progress.playing, progress.failure) == (8, 0, "")
    assert queue_tournament(queue_engine, tournament_id) == 0
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.FINISHED


def test_a_tournament_on_workers_resumes_on_workers_only(
    queue_engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id = lexio_tournament(queue_engine)
    queue_tournament(queue_engine, tournament_id)
    url = queue_engine.url.render_as_string(hide_password=False)
    capsys.readouterr()
    assert main(["tournament", "resume", str(tournament_id), "--db", url]) == 1
    assert capsys.readouterr().err == (
        f"croupier: error: tournament {tournament_id} is played by workers: resume it there "
        f"with croupier tournament resume {tournament_id} --queue\n"
    )
    assert [record.status for record in scheduled_of(queue_engine, tournament_id)] == [
        ScheduleStatus.QUEUED
    ] * 3


def test_resuming_an_interrupted_tournament_on_workers_gives_its_failed_games_more_attempts(
    queue_engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id = lexio_tournament(queue_engine)
    queue_tournament(queue_engine, tournament_id)
    failing = scheduled_of(queue_engine, tournament_id)[1]
    assert failing.id is not None
    worker_id = new_worker(queue_engine, "w1")
    for _ in range(ATTEMPTS):
        with Session(queue_engine) as session:
            assert claim_scheduled_game(
                session, scheduled_id=failing.id, worker_id=worker_id, lease_s=60
            )
            session.commit()
        expire_lease(queue_engine, failing.id)
        reap_expired_leases(queue_engine)
    assert scheduled(queue_engine, failing.id).status is ScheduleStatus.FAILED
    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.INTERRUPTED
    jobs = len(jobs_of(queue_engine, failing.id))

    url = queue_engine.url.render_as_string(hide_password=False)
    capsys.readouterr()
    resume = ["tournament", "resume", str(tournament_id), "--queue", "--detach", "--db", url]
    assert main(resume) == 0
    assert capsys.readouterr().err == (
        f"tournament {tournament_id}: 1 games queued for the workers\n"
        f"follow it: croupier tournament show {tournament_id}\n"
    )
    again = scheduled(queue_engine, failing.id)
    assert (again.status, again.attempt, again.last_attempt, again.detail) == (
        ScheduleStatus.QUEUED,
        ATTEMPTS,
        2 * ATTEMPTS,
        "",
    )
    assert len(jobs_of(queue_engine, failing.id)) == jobs + 1
    progress = queued_progress(queue_engine, tournament_id)
    assert (progress.status, progress.failure) == (TournamentStatus.RUNNING, "")
    with Session(queue_engine) as session:
        claim = claim_scheduled_game(
            session, scheduled_id=failing.id, worker_id=worker_id, lease_s=60
        )
    assert claim is not None
    assert claim.attempt == ATTEMPTS + 1

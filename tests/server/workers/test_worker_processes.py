"""Real ``croupier worker`` processes on PostgreSQL playing tournaments of the example bots.

Workers play each queued game once, and say so in one line a game. One told to stop
(SIGTERM) exits cleanly, handing back the games it could not finish, which another worker
then plays. A bot whose files are missing on a worker is that worker's fault: its attempts
are lost, never charged to the bot, and once the allowed attempts are lost the tournament
stops with the reason, to be resumed on the workers once the cause is gone. A worker that
cannot reach its database says so once and keeps trying; one given SQLite stops at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import ActionRecord, GameStatus, TournamentStatus
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus, WorkerRecord
from croupier_server.outcomes import EndedBy
from tests.logged import messages
from tests.server.queueing.harness import (
    LEXIO_BOTS,
    add_example_bots,
    attempts_of,
    scheduled_of,
    tournament_of,
)
from tests.server.referee.harness import EXAMPLES, scripted_command
from tests.waiting import ended, exit_status, wait_for

pytestmark = pytest.mark.slow

CROUPIER = Path(sys.executable).with_name("croupier")
LEASE_MARGIN = "3"
FINISHED = re.compile(
    r"worker (?P<worker>\S+): game (?P<number>\d+) of tournament (?P<tournament>\d+) "
    r"\(attempt (?P<attempt>\d+)\): finished in \d+\.\d s \(game (?P<game>\d+)\)"
)


class WorkerProcess:
    """A ``croupier worker`` process, its standard output and error in one file."""

    def __init__(self, url: str, name: str, log: Path, *options: str) -> None:
        self.name = name
        self._log = log
        argv = [str(CROUPIER), "worker", "--db", url, "--name", name, *options]
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
                env={**os.environ, "CROUPIER_BOT_SEED": "7"},
            )

    def lines(self) -> list[str]:
        """What it said so far, line by line: its log lines' messages."""
        return messages(self._log.read_text())

    def stop(self) -> int:
        """Send SIGTERM; its exit status once it exited."""
        self.process.send_signal(signal.SIGTERM)
        return exit_status(self.process)

    def kill(self) -> None:
        """Kill it if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@contextlib.contextmanager
def workers(url: str, tmp_path: Path, *specs: tuple[str, ...]) -> Iterator[list[WorkerProcess]]:
    """Workers named by each spec's first item, the rest its options; all gone at the end."""
    started = [
        WorkerProcess(url, name, tmp_path / f"{name}.log", "--lease-margin", LEASE_MARGIN, *options)
        for name, *options in specs
    ]
    try:
        yield started
    finally:
        for worker in started:
            worker.kill()


def url_of(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def worker_id(engine: Engine, name: str) -> int | None:
    with Session(engine) as session:
        record = session.exec(select(WorkerRecord).where(WorkerRecord.name == name)).first()
        return None if record is None else record.id


def registered(engine: Engine, name: str) -> int:
    """The id of the worker named ``name``, once it registered."""
    found: int = wait_for(lambda: worker_id(engine, name), f"worker {name} to start")
    return found


def db_tournament_ids(engine: Engine) -> list[int]:
    """The ids of the tournaments whose games are stored for the workers."""
    with Session(engine) as session:
        return sorted(
            {record.tournament_id for record in session.exec(select(ScheduledGameRecord))}
        )


def finished_lines(worker: WorkerProcess) -> list[dict[str, str]]:
    """The worker's lines for the games it finished, parsed."""
    return [match.groupdict() for line in worker.lines() if (match := FINISHED.fullmatch(line))]


def test_workers_play_each_game_once_and_a_stopped_one_hands_its_games_back(
    queue_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = url_of(queue_engine)
    # A bot that takes its time makes every game last long enough for w1 to be told to
    # stop in the middle of one, however loaded the machine.
    bots = (*LEXIO_BOTS[:2], "lexio_slow")
    add_example_bots(queue_engine, "lexio", bots[:2])
    with Session(queue_engine) as session:
        slow = scripted_command("slow", "--delay-ms", "100")
        db.add_bot(session, name="lexio_slow", game="lexio", command=slow)
    w1, w2 = ("w1", "--slots", "2", "--grace", "0"), ("w2", "--slots", "2")
    with workers(url, tmp_path, w1, w2) as (first, second):
        ids = {worker.name: registered(queue_engine, worker.name) for worker in (first, second)}
        run = ["tournament", "run", "--game", "lexio", "--players", "3", "--rounds", "2"]
        tournament = ["--bots", ",".join(bots), "--deals", "2", "--seed", "1"]
        capsys.readouterr()
        assert main([*run, *tournament, "--queue", "--detach", "--db", url]) == 0
        queued = re.fullmatch(
            r"tournament (\d+): 6 games queued for the workers",
            capsys.readouterr().err.splitlines()[0],
        )
        assert queued is not None
        tournament_id = int(queued[1])

        def held_in_play() -> list[int]:
            """The games w1 holds that are under way (an action stored)."""
            with Session(queue_engine) as session:
                return [
                    record.number
                    for record in scheduled_of(queue_engine, tournament_id)
                    if record.status is ScheduleStatus.PLAYING
                    and record.worker_id == ids["w1"]
                    and session.exec(
                        select(ActionRecord.number).where(ActionRecord.game_id == record.game_id)
                    ).first()
                    is not None
                ]

        # w1 is told to stop while it plays: it has no grace, and hands its games back.
        held = wait_for(held_in_play, "w1 to play a game")
        assert first.stop() == 0
        assert first.lines()[-1] == "worker w1: stopped"

        def finished() -> bool:
            return tournament_of(queue_engine, tournament_id).status is not TournamentStatus.RUNNING

        wait_for(finished, "the tournament to finish")
        assert second.stop() == 0

    assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.FINISHED
    records = scheduled_of(queue_engine, tournament_id)
    assert [record.status for record in records] == [ScheduleStatus.FINISHED] * 6
    handed_back = []
    for record in records:
        *lost, won = attempts_of(queue_engine, tournament_id, record.number)
        assert (won.id, won.status, won.attempt) == (
            record.game_id,
            GameStatus.FINISHED,
            1 + len(lost),
        )
        # The only attempts lost are those w1 handed back as it stopped; w2 played them again.
        assert [(game.status, game.ended_by, game.worker_id, game.end_detail) for game in lost] in (
            [],
            [(GameStatus.ABORTED, EndedBy.LOST, ids["w1"], "worker w1 stopped")],
        )
        if lost:
            assert won.worker_id == ids["w2"]
            handed_back.append(record.number)
    assert handed_back  # w1 stopped in the middle of a game
    for number in held:  # the games w1 played when told to stop: finished, or handed back
        first_attempt = attempts_of(queue_engine, tournament_id, number)[0]
        assert first_attempt.worker_id == ids["w1"]
        assert (
            first_attempt.status is GameStatus.FINISHED
            or first_attempt.end_detail == "worker w1 stopped"
        )

    # A line for each game w1 played when told to stop too, whether it finished or not.
    for number in held:
        attempt = f"game {number} of tournament {tournament_id} (attempt 1)"
        assert [line for line in first.lines()[1:-1] if attempt in line], first.lines()
    said = finished_lines(first) + finished_lines(second)
    assert sorted(int(line["number"]) for line in said) == list(range(6))  # each once
    for line in said:
        won = attempts_of(queue_engine, tournament_id, int(line["number"]))[-1]
        assert (won.id, won.attempt, won.worker_id, line["tournament"]) == (
            int(line["game"]),
            int(line["attempt"]),
            ids[line["worker"]],
            str(tournament_id),
        )
    for worker in (first, second):
        assert worker.lines()[0] == f"worker {worker.name}: started, 2 slots"
        assert worker.lines()[-1] == f"worker {worker.name}: stopped"
    assert len(second.lines()) == 2 + len(finished_lines(second))  # a line a game, no more
    with Session(queue_engine) as session:
        assert all(record.stopped_at is not None for record in session.exec(select(WorkerRecord)))


def test_a_bot_missing_on_a_worker_is_the_workers_fault_until_it_is_there(
    queue_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = url_of(queue_engine)
    add_example_bots(queue_engine, "cribbage", ["cribbage_random"])
    missing = tmp_path / "later" / "bot.py"
    with Session(queue_engine) as session:
        db.add_bot(
            session,
            name="later",
            game="cribbage",
            command=shlex.join([sys.executable, str(missing)]),
        )
    bots = ["--bots", "later,cribbage_random", "--deals", "1", "--seed", "1"]
    run = ["tournament", "run", "--game", "cribbage", "--match-points", "1", *bots]
    with workers(url, tmp_path, ("w3", "--slots", "2")) as [worker]:
        capsys.readouterr()
        with futures.ThreadPoolExecutor(max_workers=1) as pool:
            following = pool.submit(main, [*run, "--queue", "--db", url])  # not detached
            tournament_id = wait_for(
                lambda: next(iter(db_tournament_ids(queue_engine)), None), "the tournament"
            )
            # Two attempts allowed rather than five: the test waits less for the retries.
            with queue_engine.begin() as connection:
                connection.execute(
                    sa.text("UPDATE scheduled_game SET last_attempt = 2 WHERE tournament_id = :id"),
                    {"id": tournament_id},
                )
            wait_for(following.done, "the tournament run to stop")
            assert following.result() == 1
        out, err = capsys.readouterr()
        reason = f"bot 'later' needs {missing}, missing on worker w3"
        assert err.splitlines()[-1] == (
            f"croupier: error: tournament {tournament_id} stopped: attempt 2 lost too: {reason}; "
            f"once the cause is gone: croupier tournament resume {tournament_id} --queue"
        )
        assert "interrupted, 0/2 games" in out  # the standings so far

        def settled() -> bool:
            return all(
                record.status is ScheduleStatus.FAILED
                for record in scheduled_of(queue_engine, tournament_id)
            )

        wait_for(settled, "both games to fail")
        assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.INTERRUPTED
        worker_w3 = worker_id(queue_engine, "w3")
        for number in (0, 1):
            lost = attempts_of(queue_engine, tournament_id, number)
            assert [
                (game.attempt, game.status, game.ended_by, game.worker_id) for game in lost
            ] == [(attempt, GameStatus.ABORTED, EndedBy.LOST, worker_w3) for attempt in (1, 2)]
            assert {game.end_detail for game in lost} == {reason}
            with Session(queue_engine) as session:
                for game in lost:
                    assert db.game_faults(session, game_id=game.id or 0) == []  # not the bot's
            for attempt in (1, 2):
                line = f"worker w3: lost game {number} of tournament {tournament_id} "
                assert worker.lines().count(f"{line}(attempt {attempt}): {reason}") == 1

        # The bot's files are there now: the games get more attempts, and are played.
        missing.parent.mkdir()
        shutil.copy(EXAMPLES / "cribbage_random.py", missing)
        capsys.readouterr()
        resume = ["tournament", "resume", str(tournament_id), "--queue", "--json", "--db", url]
        assert main(resume) == 0
        summary = json.loads(capsys.readouterr().out)
        assert (summary["status"], summary["finished"], summary["games"]) == ("finished", 2, 2)
        assert worker.stop() == 0
    for number in (0, 1):
        *lost, won = attempts_of(queue_engine, tournament_id, number)
        assert [game.status for game in lost] == [GameStatus.ABORTED] * 2
        assert (won.status, won.attempt, won.worker_id) == (GameStatus.FINISHED, 3, worker_w3)
    said = finished_lines(worker)
    assert sorted((line["number"], line["attempt"]) for line in said) == [("0", "3"), ("1", "3")]


def test_a_bot_that_does_not_start_on_the_workers_stops_its_tournament_until_it_is_fixed(
    queue_engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = url_of(queue_engine)
    add_example_bots(queue_engine, "cribbage", ["cribbage_random"])
    script = tmp_path / "fixable.py"
    script.write_text("import no_such_module\n")
    with Session(queue_engine) as session:
        db.add_bot(
            session,
            name="fixable",
            game="cribbage",
            command=shlex.join([sys.executable, str(script)]),
        )
    bots = ["--bots", "fixable,cribbage_random", "--deals", "1", "--seed", "1"]
    run = ["tournament", "run", "--game", "cribbage", "--match-points", "1", *bots]
    with workers(url, tmp_path, ("w4", "--slots", "1")) as [worker]:
        capsys.readouterr()
        assert main([*run, "--queue", "--db", url]) == 1  # followed to its stop
        out, err = capsys.readouterr()
        [tournament_id] = db_tournament_ids(queue_engine)
        reason = "bot fixable did not start: exited with status 1 before connecting"
        lines = err.splitlines()
        at = lines.index(reason)  # after the progress lines: the bot's output, then the error
        assert lines[at + 1] == "    Traceback (most recent call last):"
        assert lines[-2] == "    ModuleNotFoundError: No module named 'no_such_module'"
        assert lines[-1] == (
            f"croupier: error: tournament {tournament_id} stopped: {reason}; once the cause "
            f"is gone: croupier tournament resume {tournament_id} --queue"
        )
        assert "interrupted, 0/2 games" in out
        assert tournament_of(queue_engine, tournament_id).status is TournamentStatus.INTERRUPTED

        # The game queued beside it meets the same bot, and fails the same way.
        def settled() -> bool:
            return all(
                record.status is ScheduleStatus.FAILED
                for record in scheduled_of(queue_engine, tournament_id)
            )

        wait_for(settled, "both games to fail")
        for failed in scheduled_of(queue_engine, tournament_id):
            assert failed.detail == "\n".join(lines[at:-1])
            [stopped] = attempts_of(queue_engine, tournament_id, failed.number)
            assert (stopped.status, stopped.ended_by, stopped.attempt) == (
                GameStatus.ABORTED,
                EndedBy.NOT_STARTED,
                1,
            )
            line = f"worker w4: game {failed.number} of tournament {tournament_id} (attempt 1)"
            assert f"{line} stopped its tournament: {reason}" in worker.lines()

        # Fixed, it plays: the failed game is given more attempts, and every game is played.
        script.write_text(
            f"import runpy\nrunpy.run_path({str(EXAMPLES / 'cribbage_random.py')!r}, "
            "run_name='__main__')\n"
        )
        resume = ["tournament", "resume", str(tournament_id), "--queue", "--json", "--db", url]
        assert main(resume) == 0
        summary = json.loads(capsys.readouterr().out)
        assert (summary["status"], summary["finished"], summary["games"]) == ("finished", 2, 2)
        assert {line["bot"] for line in summary["standings"]} == {"fixable", "cribbage_random"}
        assert worker.stop() == 0


def test_a_worker_that_cannot_reach_its_database_says_so_once_and_keeps_trying(
    tmp_path: Path,
) -> None:
    unreachable = WorkerProcess(
        "postgresql://postgres@127.0.0.1:1/nowhere", "wx", tmp_path / "wx.log"
    )
    on_sqlite = subprocess.Popen(
        [str(CROUPIER), "worker", "--db", f"sqlite:///{tmp_path / 'croupier.db'}"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = ended(on_sqlite)
        assert (on_sqlite.returncode, out) == (1, "")
        assert err == (
            "croupier: error: a worker needs the job queue's PostgreSQL "
            "(--db postgresql://...), not sqlite\n"
        )
        [line] = wait_for(unreachable.lines, "the worker to say it cannot reach the database")
        time.sleep(3)  # tried again, said no more
        assert unreachable.process.poll() is None
        assert unreachable.lines() == [line]
        assert line.startswith("worker wx: ")
        assert "127.0.0.1" in line
        assert "Connection refused" in line
        assert line.endswith("; retrying every 2 s")
        assert unreachable.stop() == 0
    finally:
        unreachable.kill()
        if on_sqlite.poll() is None:
            on_sqlite.kill()

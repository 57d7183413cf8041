"""Durability: a croupier killed, or stopped by its database, loses no finished game.

Each test plays a real tournament with ``croupier tournament run`` as a process of its own
(two-player cribbage, three example bots, 6 games, two at a time), breaks it: SIGKILL, a
full disk, a database locked past the busy timeout, a lost PostgreSQL connection; then
finishes it with ``croupier tournament resume``. Every scheduled game must then have
finished exactly once and replay from the store, the games that had finished must be the
very ones kept, no bot process may outlive its croupier, and the results and ratings must be
those of an uninterrupted run with the same seeds (the example bots are deterministic: the
random one draws from ``CROUPIER_BOT_SEED``).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server import db
from croupier_server.cli import main
from croupier_server.cli._ratings import standings_data
from croupier_server.db import (
    GameRecord,
    GameStatus,
    check_stored_game,
    create_database_engine,
    init_database,
)
from croupier_server.standings import standings
from tests.server.referee.harness import example_command
from tests.waiting import exit_status, wait_for

CROUPIER = Path(sys.executable).with_name("croupier")
BOTS = ("cribbage_random", "cribbage_greedy", "cribbage_strong")
GAMES = 6
"""Three bots, every pair on one deal, played with the seats both ways round."""
TOURNAMENT = [
    *("--game", "cribbage", "--match-points", "1", "--bots", ",".join(BOTS)),
    *("--deals", "1", "--seed", "5", "--concurrency", "2"),
    # Time enough on a loaded machine: a timeout would be a fault, and change the results.
    *("--decision-ms", "5000", "--bank-ms", "30000", "--connect-ms", "30000"),
]
MARKER_VARIABLE = "CROUPIER_BOT_DURABILITY_RUN"
"""Passed to the bots (the ``CROUPIER_BOT_`` prefix), so a test finds its own bot processes."""
BUSY_TIMEOUT_S = 3
LOCK_HELD_S = 5
"""Longer than the busy timeout, so that the writes made in the first 2 s wait in vain, but
shorter than twice as long, so that the writes made after that failure (aborting the games,
marking the tournament interrupted) wait less than the busy timeout for the lock to go."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a tournament left in the database, and the ratings it gives."""

    games: dict[int, int]
    """Each finished scheduled game's number, and the id of its stored game."""
    results: dict[int, Any]
    """Each finished scheduled game's number, and its stored result."""
    ratings: list[dict[str, Any]]
    """``croupier ratings --json`` without the decision times, which vary from run to run."""
    aborted: int
    """Games stored aborted: those a stopped run left running, then played again."""


@dataclass(frozen=True, slots=True)
class Command:
    """A ``croupier`` command running as a process of its own, its output going to files."""

    process: subprocess.Popen[bytes]
    stdout: Path
    stderr: Path

    def finish(self) -> tuple[int, str, str]:
        """Wait for the command to end; its exit status, standard output and error."""
        return exit_status(self.process), self.stdout.read_text(), self.stderr.read_text()

    def kill(self) -> None:
        """End it with SIGKILL, as a crash or the OOM killer would, and reap it."""
        self.process.kill()
        self.process.wait()


class Croupier:
    """``croupier`` commands on one database, each run as a process as a user runs them."""

    def __init__(self, url: str, directory: Path) -> None:
        self.url = url
        self.marker = secrets.token_hex(8)
        self.engine = create_database_engine(url)
        self._directory = directory
        self._commands: list[Command] = []

    def register_bots(self) -> None:
        """Create the tables and register the example bots of the tournament."""
        init_database(self.engine)
        with Session(self.engine) as session:
            for name in BOTS:
                db.add_bot(session, name=name, game="cribbage", command=example_command(name))

    def start(self, *argv: str) -> Command:
        """Start ``croupier ARGV --db URL``; its bots will choose reproducibly."""
        output = self._directory / f"croupier-{len(self._commands)}"
        stdout, stderr = output.with_suffix(".out"), output.with_suffix(".err")
        environment = {**os.environ, "CROUPIER_BOT_SEED": "7", MARKER_VARIABLE: self.marker}
        with open(stdout, "wb") as out, open(stderr, "wb") as err:
            process = subprocess.Popen(
                [str(CROUPIER), *argv, "--db", self.url], env=environment, stdout=out, stderr=err
            )
        self._commands.append(Command(process, stdout, stderr))
        return self._commands[-1]

    def close(self) -> None:
        """Kill the commands still running (a test that failed), close the database."""
        for command in self._commands:
            if command.process.poll() is None:
                command.kill()
        self.engine.dispose()

    def tournament_id(self) -> int:
        """The id of the one tournament of the database, once a run has created it."""

        def created() -> int | None:
            with Session(self.engine) as session:
                tournaments = db.list_tournaments(session)
            return tournaments[0].id if tournaments else None

        found: int = wait_for(created, "the tournament to be created")
        return found

    def wait_for_games(self, command: Command, tournament_id: int, count: int) -> None:
        """Wait until ``count`` games have finished and the command's bots play another."""

        def playing() -> bool:
            assert command.process.poll() is None, command.stderr.read_text()
            with Session(self.engine) as session:
                done = db.finished_schedule_numbers(session, tournament_id=tournament_id)
            return len(done) >= count and bool(bot_processes(self.marker) - {command.process.pid})

        wait_for(playing, f"{count} games finished and another in play")

    def bots_end(self) -> None:
        """Check that every bot process of the test ends (none outlives its croupier)."""
        wait_for(lambda: not bot_processes(self.marker), "the bot processes to end")

    def status(self, tournament_id: int) -> str:
        """The stored status of the tournament."""
        with Session(self.engine) as session:
            record = db.get_tournament(session, tournament_id=tournament_id)
        assert record is not None
        return str(record.status)


def bot_processes(marker: str) -> set[int]:
    """The running processes whose environment holds ``marker``: one test's croupier and bots.

    A zombie's environment cannot be read: a dead bot not yet reaped does not count.
    """
    needle = f"{MARKER_VARIABLE}={marker}".encode()
    found = set()
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and needle in (entry / "environ").read_bytes().split(b"\0"):
                found.add(int(entry.name))
    return found


def stored_outcome(engine: Engine, tournament_id: int) -> Outcome:
    """The tournament's games as stored, checked: each finished once, whole, and replays.

    A game that did not finish has no result: nothing is half-stored.
    """
    query = select(GameRecord).where(GameRecord.tournament_id == tournament_id)
    games: dict[int, int] = {}
    results: dict[int, Any] = {}
    aborted = 0
    with Session(engine) as session:
        for game in session.exec(query).all():
            assert game.id is not None
            assert game.schedule_number is not None
            finished = game.status == GameStatus.FINISHED
            aborted += game.status == GameStatus.ABORTED
            if not finished:
                assert game.result is None
                continue
            assert game.schedule_number not in games, f"game {game.schedule_number} twice"
            check_stored_game(session, game_id=game.id)
            games[game.schedule_number] = game.id
            results[game.schedule_number] = game.result
        table = standings(session, game="cribbage", tournament_id=tournament_id)
    ratings = [{**row, "latency_ms": None} for row in standings_data(table)]
    return Outcome(games, results, ratings, aborted)


def error_line(stderr: str) -> str:
    """The one error line a failed command printed last, without a traceback."""
    assert "Traceback" not in stderr, stderr
    lines = stderr.strip().splitlines()
    errors = [line for line in lines if line.startswith("croupier: error: ")]
    assert errors == lines[-1:], stderr
    return errors[0]


@pytest.fixture
def croupier_on(tmp_path: Path) -> Iterator[Callable[[str], Croupier]]:
    """Makes the test's :class:`Croupier` on a database URL; closes each at teardown."""
    made: list[Croupier] = []

    def make(url: str) -> Croupier:
        made.append(Croupier(url, tmp_path))
        return made[-1]

    yield make
    for croupier in made:
        croupier.close()


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The outcome of the tournament played in one run, on SQLite."""
    directory = tmp_path_factory.mktemp("uninterrupted")
    croupier = Croupier(f"sqlite:///{directory / 'croupier.db'}", directory)
    try:
        croupier.register_bots()
        status, _, err = croupier.start("tournament", "run", *TOURNAMENT).finish()
        assert status == 0, err
        outcome = stored_outcome(croupier.engine, croupier.tournament_id())
    finally:
        croupier.close()
    assert sorted(outcome.games) == list(range(GAMES))
    return outcome


def resume_to_the_end(
    croupier: Croupier, tournament_id: int, *, kept: Outcome, uninterrupted: Outcome
) -> Outcome:
    """Resume the tournament to its end; check what it left and kept, and its ratings.

    The games of ``kept`` must be the very games finished; the results and the ratings must
    be those of ``uninterrupted``.
    """
    resume = croupier.start("tournament", "resume", str(tournament_id), "--json")
    status, out, err = resume.finish()
    assert status == 0, err
    summary = json.loads(out)
    assert (summary["status"], summary["finished"], summary["games"]) == ("finished", GAMES, GAMES)
    croupier.bots_end()
    outcome = stored_outcome(croupier.engine, tournament_id)
    assert sorted(outcome.games) == list(range(GAMES))
    assert kept.games.items() <= outcome.games.items()
    assert outcome.results == uninterrupted.results
    assert outcome.ratings == uninterrupted.ratings
    return outcome


def stopped_by(croupier: Croupier, command: Command, tournament_id: int, cause: str) -> Outcome:
    """Check that the command stopped on a failure of the database; what it left, checked."""
    status, _, err = command.finish()
    assert status == 1
    assert error_line(err).endswith(
        f" failed: {cause}; tournament {tournament_id} stopped, resume it once the cause is "
        f"gone: croupier tournament resume {tournament_id}"
    )
    croupier.bots_end()
    stopped = stored_outcome(croupier.engine, tournament_id)
    assert len(stopped.games) >= 2
    return stopped


def kill_after(croupier: Croupier, command: Command, tournament_id: int, count: int) -> Outcome:
    """Kill the command once ``count`` games have finished; what it left, checked."""
    croupier.wait_for_games(command, tournament_id, count)
    command.kill()
    croupier.bots_end()
    assert croupier.status(tournament_id) == "running"  # nobody was left to say otherwise
    stopped = stored_outcome(croupier.engine, tournament_id)
    assert len(stopped.games) >= count
    return stopped


@pytest.mark.slow
def test_a_killed_tournament_resumes_to_the_results_of_an_uninterrupted_one(
    database_url: str, croupier_on: Callable[[str], Croupier], uninterrupted: Outcome
) -> None:
    croupier = croupier_on(database_url)
    croupier.register_bots()
    run = croupier.start("tournament", "run", *TOURNAMENT)
    tournament_id = croupier.tournament_id()
    first = kill_after(croupier, run, tournament_id, 1)
    resume = croupier.start("tournament", "resume", str(tournament_id))
    second = kill_after(croupier, resume, tournament_id, 3)
    assert first.games.items() <= second.games.items()
    outcome = resume_to_the_end(croupier, tournament_id, kept=second, uninterrupted=uninterrupted)
    assert outcome.aborted >= 1  # each kill came in the middle of a game


def fill(directory: Path) -> Path:
    """Fill the file system of ``directory`` to the last byte; returns the file that does."""
    filler = directory / "filler"
    with open(filler, "wb", buffering=0) as file:
        for size in (1 << 20, 1 << 12, 1):
            with contextlib.suppress(OSError):
                while True:
                    file.write(b"\0" * size)
    return filler


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A file system of its own, a tmpfs of 64 MiB, for the test's database (needs root)."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=64m", "croupier-test", str(mount_point)]
    mounted = subprocess.run(mount, capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=True)


@pytest.mark.slow
def test_a_full_disk_stops_the_tournament_until_there_is_room_again(
    small_disk: Path, croupier_on: Callable[[str], Croupier], uninterrupted: Outcome
) -> None:
    croupier = croupier_on(f"sqlite:///{small_disk / 'croupier.db'}")
    croupier.register_bots()
    run = croupier.start("tournament", "run", *TOURNAMENT)
    tournament_id = croupier.tournament_id()
    croupier.wait_for_games(run, tournament_id, 2)
    filler = fill(small_disk)
    kept = stopped_by(croupier, run, tournament_id, "database or disk is full")
    assert croupier.status(tournament_id) == "running"  # a full disk cannot even record that
    filler.unlink()
    resume_to_the_end(croupier, tournament_id, kept=kept, uninterrupted=uninterrupted)


@pytest.mark.slow
def test_a_database_locked_too_long_stops_the_tournament(
    tmp_path: Path, croupier_on: Callable[[str], Croupier], uninterrupted: Outcome
) -> None:
    path = tmp_path / "croupier.db"
    croupier = croupier_on(f"sqlite:///{path}?timeout={BUSY_TIMEOUT_S}")
    croupier.register_bots()
    run = croupier.start("tournament", "run", *TOURNAMENT)
    tournament_id = croupier.tournament_id()
    croupier.wait_for_games(run, tournament_id, 2)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as locker:
        locker.execute("BEGIN EXCLUSIVE")  # in WAL mode: no other writer, readers still read
        time.sleep(LOCK_HELD_S)
        locker.execute("ROLLBACK")
    kept = stopped_by(croupier, run, tournament_id, "database is locked")
    assert croupier.status(tournament_id) == "interrupted"
    resume_to_the_end(croupier, tournament_id, kept=kept, uninterrupted=uninterrupted)


def terminate_waiting_writers(url: str) -> int:
    """Terminate croupier's connections in the middle of storing a game; returns how many.

    A lock on the table of games makes the next writes wait: those that store a game's end,
    its actions as they come, or a new game. Their connections are then surely in use, and
    terminating them is a connection lost in the middle of a transaction.
    """
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    waiting = sa.text(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid() "
        "AND wait_event_type = 'Lock'"
    )
    try:
        with engine.connect() as locker, engine.connect() as terminator:
            locker.exec_driver_sql("BEGIN")
            locker.exec_driver_sql("LOCK TABLE game IN EXCLUSIVE MODE")  # reads go on
            terminated: int = wait_for(
                lambda: len(terminator.execute(waiting).all()), "a write to wait for the lock"
            )
            locker.exec_driver_sql("ROLLBACK")
            return terminated
    finally:
        engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_lost_postgresql_connection_stops_the_tournament(
    database_url: str, croupier_on: Callable[[str], Croupier], uninterrupted: Outcome
) -> None:
    croupier = croupier_on(database_url)
    croupier.register_bots()
    run = croupier.start("tournament", "run", *TOURNAMENT)
    tournament_id = croupier.tournament_id()
    croupier.wait_for_games(run, tournament_id, 2)
    assert terminate_waiting_writers(database_url) >= 1
    cause = "terminating connection due to administrator command"
    kept = stopped_by(croupier, run, tournament_id, cause)
    assert croupier.status(tournament_id) == "interrupted"
    resume_to_the_end(croupier, tournament_id, kept=kept, uninterrupted=uninterrupted)


def test_a_command_meets_a_failing_database_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "croupier.db"
    url = f"sqlite:///{path}?timeout=0.1"
    add = ["bot", "add", "greedy", "--game", "cribbage", "--command", "true", "--no-check"]
    add += ["--db", url]
    assert main(["bot", "list", "--db", url]) == 0  # creates the database
    capsys.readouterr()
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as locker:
        locker.execute("BEGIN EXCLUSIVE")
        assert main(add) == 1
        locker.execute("ROLLBACK")
    assert capsys.readouterr().err == (
        f"croupier: error: the database {url} failed: database is locked\n"
    )
    assert main(add) == 0

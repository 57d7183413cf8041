"""Games on workers: three machines play a tournament while one is killed and one cut off.

Three ``croupier worker`` processes, each in a network namespace of its own that reaches
PostgreSQL over a veth pair as a separate machine would (:mod:`tests.netns`), play a
tournament of 60 cribbage games that ``croupier tournament run --queue --detach`` queued.
During it one worker is SIGKILLed in the middle of its games, and another is cut off from
the database for longer than its lease; the killed one, started again, takes back the games
of both, then the cut one is plugged back in and plays again, and the others play on. At
the end every scheduled game has finished exactly once and replays from the store,
the attempts lost to the kill and the cut are recorded as such, no bot process is left, and
the results and ratings are those of the same tournament played on one machine (the example
bots are deterministic: the random one draws from ``CROUPIER_BOT_SEED``, afresh each game).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.cli import main
from croupier_server.db import GameRecord, GameStatus, check_stored_game, create_database_engine
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus, WorkerRecord
from croupier_server.outcomes import EndedBy
from tests import netns
from tests.server.referee.harness import example_command, is_running
from tests.waiting import exit_status, wait_for

pytestmark = pytest.mark.slow

CROUPIER = Path(sys.executable).with_name("croupier")
BOTS = ("cribbage_random", "cribbage_greedy", "cribbage_strong")
GAMES = 60
"""Three bots, every pair on ten deals, played with the seats both ways round."""
CONNECT_MS, DECISION_MS, BANK_MS = 15_000, 1_000, 4_000
TOURNAMENT = [
    *("--game", "cribbage", "--match-points", "1", "--bots", ",".join(BOTS)),
    *("--deals", "10", "--seed", "5"),
    # Time enough for no timeout, which would be a fault and change the results, though eight
    # games start their bots at once on a loaded machine (the strong bot works out its crib
    # table first: a second alone); short enough for a lease the test can wait out.
    *("--connect-ms", str(CONNECT_MS), "--decision-ms", str(DECISION_MS)),
    *("--bank-ms", str(BANK_MS)),
]
LEASE_MARGIN_S = 3.0
LEASE_S = LEASE_MARGIN_S + (CONNECT_MS + DECISION_MS + BANK_MS) / 1000
"""A worker's lease on a game: the margin, and the longest wait for one decision."""
MARKER_VARIABLE = "CROUPIER_BOT_WORKERS_RUN"
"""Passed to the bots (the ``CROUPIER_BOT_`` prefix), so the test finds its own bot processes."""


def marked_processes(marker: str) -> set[int]:
    """The running processes whose environment holds ``marker`` (a zombie's cannot be read)."""
    needle = f"{MARKER_VARIABLE}={marker}".encode()
    found = set()
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdigit() and needle in (entry / "environ").read_bytes().split(b"\0"):
                found.add(int(entry.name))
    return found


@dataclass
class Worker:
    """``croupier worker`` in a host of its own, its log in a file; started again on demand."""

    name: str
    host: netns.Host
    url: str
    directory: Path
    marker: str
    process: subprocess.Popen[bytes] | None = None
    logs: list[Path] = field(default_factory=list)

    def start(self) -> None:
        """Start the worker (again)."""
        log = self.directory / f"{self.name}-{len(self.logs)}.log"
        self.logs.append(log)
        environment = {**os.environ, "CROUPIER_BOT_SEED": "7", MARKER_VARIABLE: self.marker}
        argv = [str(CROUPIER), "worker", "--db", self.url, "--slots", "2", "--name", self.name]
        with open(log, "wb") as err:
            self.process = self.host.run(
                [*argv, "--lease-margin", str(LEASE_MARGIN_S)],
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )

    @property
    def pid(self) -> int:
        """The process id of the running worker."""
        assert self.process is not None
        return self.process.pid

    def children(self) -> set[int]:
        """The processes the running worker started (its bots), and theirs."""
        return netns.descendants([self.pid]) - {self.pid}

    def log(self) -> str:
        """What the worker's processes said, one after the other."""
        return "".join(log.read_text() for log in self.logs)

    def check_running(self) -> None:
        """Fail if the worker ended."""
        assert self.process is not None
        status = self.process.poll()
        assert status is None, f"worker {self.name} ended ({status}):\n{self.log()}"

    def kill(self) -> None:
        """SIGKILL, as the OOM killer or a power cut would."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> int:
        """SIGTERM, then wait; the exit status."""
        assert self.process is not None
        self.process.terminate()
        return exit_status(self.process)


class Queue:
    """The database a tournament is queued on, as the test (in the root namespace) sees it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = create_database_engine(url)

    def worker_id(self, worker: Worker) -> int:
        """The id the running process of ``worker`` registered under."""

        def registered() -> int | None:
            worker.check_running()
            query = select(WorkerRecord.id).where(
                WorkerRecord.name == worker.name, WorkerRecord.pid == worker.pid
            )
            with Session(self.engine) as session:
                return session.exec(query).first()

        found: int = wait_for(registered, f"worker {worker.name} to register")
        return found

    def tournament_id(self) -> int:
        """The id of the one tournament queued."""
        with Session(self.engine) as session:
            ids = list(session.exec(select(ScheduledGameRecord.tournament_id).distinct()))
        assert len(ids) == 1, ids
        return ids[0]

    def held(self, worker_id: int) -> dict[int, int]:
        """The scheduled games the worker plays now, and the attempt it holds of each."""
        query = select(ScheduledGameRecord).where(
            ScheduledGameRecord.status == ScheduleStatus.PLAYING,
            ScheduledGameRecord.worker_id == worker_id,
        )
        with Session(self.engine) as session:
            return {record.number: record.attempt for record in session.exec(query)}

    def leases_ran_out(self, held: dict[int, int]) -> bool:
        """Whether the lease of every one of the ``held`` attempts still played ran out, by
        the database's clock: a reaper would take them back now."""
        query = select(ScheduledGameRecord).where(
            col(ScheduledGameRecord.number).in_(held),
            ScheduledGameRecord.status == ScheduleStatus.PLAYING,
            col(ScheduledGameRecord.lease_expires_at) >= sa.func.now(),
        )
        with Session(self.engine) as session:
            records = list(session.exec(query))
        return not any(record.attempt == held[record.number] for record in records)

    def queued(self) -> int:
        """How many scheduled games wait for a worker."""
        query = select(sa.func.count()).where(ScheduledGameRecord.status == ScheduleStatus.QUEUED)
        with Session(self.engine) as session:
            return int(session.exec(query).one())

    def taken_back(self, held: dict[int, int]) -> bool:
        """Whether every one of the ``held`` attempts is over (lost, or finished)."""
        query = select(ScheduledGameRecord).where(col(ScheduledGameRecord.number).in_(held))
        with Session(self.engine) as session:
            records = list(session.exec(query))
        return all(
            record.status is not ScheduleStatus.PLAYING or record.attempt != held[record.number]
            for record in records
        )

    def long_transactions(self) -> str:
        """The database's sessions in a transaction for longer than a lease, and what they
        wait for: what may keep a game from being taken back."""
        query = sa.text(
            "SELECT pid, state, now() - xact_start, pg_blocking_pids(pid), left(query, 80) "
            "FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' "
            "AND now() - xact_start > make_interval(secs => :lease) ORDER BY xact_start"
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query, {"lease": LEASE_S}).all()
        lines = [
            f"session {pid} {state} for {age}, blocked by {blockers}: {text}"
            for pid, state, age, blockers, text in rows
        ]
        return "sessions in a transaction longer than a lease:\n" + "\n".join(lines)

    def finished_by(self, worker_id: int) -> int:
        """How many games the worker has stored."""
        query = select(sa.func.count()).where(
            GameRecord.worker_id == worker_id, GameRecord.status == GameStatus.FINISHED
        )
        with Session(self.engine) as session:
            return int(session.exec(query).one())

    def schedule(self) -> dict[int, tuple[ScheduleStatus, int | None]]:
        """Each scheduled game's number, its status and the id of its current game."""
        with Session(self.engine) as session:
            records = session.exec(select(ScheduledGameRecord))
            return {record.number: (record.status, record.game_id) for record in records}

    def status(self, tournament_id: int) -> str:
        """The stored status of the tournament."""
        query = sa.text("SELECT status FROM tournament WHERE id = :id")
        with self.engine.connect() as connection:
            return str(connection.execute(query, {"id": tournament_id}).scalar_one())


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a tournament left in its database: its finished games, lost attempts, ratings."""

    games: dict[int, int]
    """Each scheduled game's number, and the id of its one finished game."""
    results: dict[int, Any]
    """Each scheduled game's number, and the stored result of its one finished game."""
    played: dict[int, str]
    """Each scheduled game's number, and how its finished game was played (to tell apart)."""
    lost: list[GameRecord]
    """The attempts lost to the infrastructure."""
    ratings: list[dict[str, Any]]
    """``croupier ratings --json`` without the decision times, which vary from run to run."""


def stored_outcome(url: str, tournament_id: int, capsys: pytest.CaptureFixture[str]) -> Outcome:
    """The tournament's games as stored, checked: each number finished once, whole, replaying.

    Every other game of the tournament is an attempt lost to the infrastructure.
    """
    engine = create_database_engine(url)
    games: dict[int, int] = {}
    results: dict[int, Any] = {}
    lost: list[GameRecord] = []
    played: dict[int, str] = {}
    try:
        with Session(engine) as session:
            query = select(GameRecord).where(GameRecord.tournament_id == tournament_id)
            for game in session.exec(query.order_by(col(GameRecord.id))):
                assert game.id is not None
                assert game.schedule_number is not None
                if game.status != GameStatus.FINISHED:
                    assert (game.status, game.ended_by) == (GameStatus.ABORTED, EndedBy.LOST)
                    assert game.result is None
                    lost.append(game)
                    continue
                assert game.schedule_number not in games, f"game {game.schedule_number} twice"
                check_stored_game(session, game_id=game.id)
                games[game.schedule_number] = game.id
                results[game.schedule_number] = game.result
                played[game.schedule_number] = (
                    f"seed {game.seed}, ended by {game.ended_by} {game.end_detail!r}, "
                    f"worker {game.worker_id}, attempt {game.attempt}"
                )
    finally:
        engine.dispose()
    capsys.readouterr()
    ratings = ["ratings", "--game", "cribbage", "--tournament", str(tournament_id), "--json"]
    assert main([*ratings, "--db", url]) == 0
    table = json.loads(capsys.readouterr().out)
    return Outcome(games, results, played, lost, [{**row, "latency_ms": None} for row in table])


def register_bots(url: str) -> None:
    """Register the example bots of the tournament in the database at ``url``."""
    for name in BOTS:
        add = ["bot", "add", name, "--game", "cribbage", "--command", example_command(name)]
        assert main([*add, "--db", url]) == 0


@pytest.fixture
def queue_url(postgres_database_url: str) -> Iterator[str]:
    """A PostgreSQL database of this test's own, beside the session's (dropped at the end).

    Its own: the job queue's tables are not the ones emptied between tests.
    """
    server = sa.make_url(postgres_database_url)
    name = f"{server.database}_workers"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            )
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        admin.dispose()


@pytest.fixture
def machines() -> Iterator[list[netns.Host]]:
    """Three separate hosts."""
    netns.require()
    with netns.hosts(3) as made:
        yield made


@dataclass(frozen=True, slots=True)
class LocalRun:
    """The same tournament played by ``croupier tournament run`` alone, on SQLite."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    marker: str
    """In the environment of the run and of every process it starts (:func:`marked_processes`)."""

    def outcome(self, capsys: pytest.CaptureFixture[str]) -> Outcome:
        """What it left, once it has finished."""
        assert exit_status(self.process) == 0, self.log.read_text()
        return stored_outcome(self.url, 1, capsys)


@pytest.fixture
def local_run(tmp_path: Path) -> Iterator[LocalRun]:
    """:class:`LocalRun`, started (killed at the end if it still runs)."""
    url = f"sqlite:///{tmp_path / 'local.db'}"
    register_bots(url)
    marker = secrets.token_hex(8)
    environment = {**os.environ, "CROUPIER_BOT_SEED": "7", MARKER_VARIABLE: marker}
    log = tmp_path / "local.log"
    with open(log, "wb") as err:
        process = subprocess.Popen(
            [str(CROUPIER), "tournament", "run", *TOURNAMENT, "--concurrency", "2", "--db", url],
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        yield LocalRun(url, process, log, marker)
    finally:
        process.kill()
        process.wait()


class Cluster:
    """Three workers, each in a host of its own, and the database they reach through a relay."""

    def __init__(
        self, queue: Queue, relay: netns.DatabaseRelay, machines: list[netns.Host], directory: Path
    ) -> None:
        self.queue = queue
        self.marker = secrets.token_hex(8)
        database = str(sa.make_url(queue.url).database)
        self.workers = [
            Worker(f"w{n}", host, relay.url_for(host, database), directory, self.marker)
            for n, host in enumerate(machines, start=1)
        ]
        self.ids: dict[str, int] = {}

    def start(self) -> int:
        """Start the workers and queue the tournament; returns its id."""
        for worker in self.workers:
            worker.start()
        queue = [str(CROUPIER), "tournament", "run", *TOURNAMENT, "--queue", "--detach"]
        queued = subprocess.run(
            [*queue, "--db", self.queue.url], capture_output=True, text=True, check=False
        )
        assert queued.returncode == 0, queued.stderr
        self.ids = {worker.name: self.queue.worker_id(worker) for worker in self.workers}
        return self.queue.tournament_id()

    def kill_mid_game(self, worker: Worker) -> dict[int, int]:
        """SIGKILL ``worker`` while it plays; its bots must die with it. The attempts it held."""
        held: dict[int, int] = wait_for(
            lambda: self.queue.held(self.ids[worker.name]), f"{worker.name} to play"
        )
        bots = wait_for(worker.children, f"{worker.name}'s bots")
        worker.kill()
        wait_for(lambda: not any(map(is_running, bots)), "the killed worker's bots to end")
        return held

    def cut_past_the_lease(self, worker: Worker, killed: Worker, also: dict[int, int]) -> int:
        """Cut ``worker`` off while it plays, until its lease ran out and ``killed``, started
        again, took back its games (and the attempts ``also`` that ``killed`` held), then
        reconnect it while no other worker plays and games wait: it must play again.

        The others are held back by a clean stop (SIGTERM: the games they play end as they
        would have), never paused mid-game; else they could play the whole queue before the
        cut worker is back. By the reconnection the bots of its lost games must have ended.
        Returns how many games it had stored when it was reconnected.
        """
        held = wait_for(lambda: self.queue.held(self.ids[worker.name]), f"{worker.name} to play")
        bots = worker.children()
        worker.host.cut()
        others = [other for other in self.workers if other not in (worker, killed)]
        for other in others:
            assert other.stop() == 0, other.log()
        # A lease runs from the last progress, which may have come before the cut.
        wait_for(lambda: self.queue.leases_ran_out({**also, **held}), "the leases to run out")
        killed.start()
        for attempts, whose in [(also, "the killed worker's"), (held, "the cut worker's")]:
            wait_for(
                functools.partial(self.queue.taken_back, attempts),
                f"{whose} games to be taken back",
                explain=self.queue.long_transactions,
            )
        assert killed.stop() == 0, killed.log()
        wait_for(lambda: not any(map(is_running, bots)), "the cut worker's bots to end")
        stored = self.queue.finished_by(self.ids[worker.name])
        assert self.queue.queued(), "no game left for the cut worker to play"
        worker.host.reconnect()
        wait_for(
            lambda: self.queue.finished_by(self.ids[worker.name]) > stored,
            f"{worker.name} to play again once reconnected",
            explain=worker.log,
        )
        for other in [killed, *others]:
            other.start()
        return stored

    def finish(self, tournament_id: int) -> None:
        """Wait for the tournament to finish, then stop the workers with SIGTERM."""

        def finished() -> bool:
            for worker in self.workers:
                worker.check_running()
            status = self.queue.status(tournament_id)
            assert status in {"running", "finished"}, status
            return status == "finished"

        wait_for(finished, "the tournament to finish", explain=self.queue.long_transactions)
        for worker in self.workers:
            assert worker.stop() == 0

    def logs(self) -> str:
        """What every worker said."""
        return "\n".join(f"--- {worker.name}\n{worker.log()}" for worker in self.workers)


def test_workers_play_every_game_once_whatever_dies(
    machines: list[netns.Host],
    queue_url: str,
    local_run: LocalRun,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    register_bots(queue_url)
    queue = Queue(queue_url)
    with netns.DatabaseRelay(machines) as relay:
        cluster = Cluster(queue, relay, machines, tmp_path)
        killed, cut, _ = cluster.workers
        try:
            tournament_id = cluster.start()
            killed_held = cluster.kill_mid_game(killed)
            stored_by_cut = cluster.cut_past_the_lease(cut, killed, killed_held)
            cluster.finish(tournament_id)
        finally:
            print(cluster.logs())  # shown if the test fails

    assert queue.finished_by(cluster.ids[cut.name]) > stored_by_cut, "the cut worker played again"
    assert "unreachable" in cut.log()
    wait_for(lambda: not marked_processes(cluster.marker), "every bot process to end")
    outcome = stored_outcome(queue_url, tournament_id, capsys)
    assert sorted(outcome.games) == list(range(GAMES))
    finished = {n: (ScheduleStatus.FINISHED, game_id) for n, game_id in outcome.games.items()}
    assert queue.schedule() == finished
    queue.engine.dispose()
    lost_by = {game.worker_id for game in outcome.lost}
    assert {cluster.ids[killed.name], cluster.ids[cut.name]} <= lost_by, [
        game.end_detail for game in outcome.lost
    ]

    local = local_run.outcome(capsys)
    assert not marked_processes(local_run.marker)  # its bots ended with it
    assert not local.lost
    differing = [n for n in range(GAMES) if outcome.results[n] != local.results[n]]
    assert not differing, [(n, outcome.played[n], local.played[n]) for n in differing]
    assert outcome.ratings == local.ratings
    assert all(not any(row["faults"].values()) for row in outcome.ratings)

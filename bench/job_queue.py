"""What the job queue costs: games on a worker against games played here, and the queue's rate.

    ./dev bench bench/job_queue.py                  (about 3 minutes, 4 on a loaded machine)
    ./dev run python bench/job_queue.py --quick     (about 2 minutes)

On a throwaway database ``croupier_bench_<hex>`` of the PostgreSQL at ``--postgres`` (whose
user may create databases), dropped at the end; without one it says so and measures
nothing. The games are round robins of Lexio (4 seats, one round a game) between the
example bots ``lexio_random`` and ``lexio_greedy``, each registered twice under two names
with the absolute command of this interpreter, with one seed: every tournament plays the
same games. The bots choose reproducibly (``CROUPIER_BOT_SEED``), with time enough that a
loaded machine charges no fault.

1. **The queue's cost per game.** The tournament played here (``create_tournament`` and
   ``run_tournament`` on a loopback ``RefereeServer``, as ``croupier tournament run`` does,
   as many games at once as CPUs), in the default fair mode and with fresh processes; then
   queued (``queue_tournament``, as ``--queue`` does) for one ``croupier worker`` process
   of as many slots, started beforehand. A worker keeps its bots' processes from game to
   game, fairly, as the fair mode does: queued against fair is the queue's own cost (games
   a minute a core, side by side; the aim is within 10%), and fresh says what starting
   every seat afresh would cost. *Enqueue to start*: from the moment the
   jobs were committed to the start of the first games in their rows (the worker idle).
   Then the queue's own steps, timed here one game after another on one connection, over
   games without bots as in 3: fetch (procrastinate's), claim (in one transaction the
   attempt, its lease and its game row, as a worker's claim), commit (the fenced
   transaction: the attempt still held, the result stored without a game log, the
   scheduled game finished, the format's next games) and the job's end.
2. **Workers side by side.** A smaller tournament, the same for 1, 2 and 3 ``croupier
   worker`` processes of one slot each, started beforehand: games a minute, the cores the
   workers and their bots kept busy (their CPU time over the wall time), and enqueue to
   start.
3. **The queue alone.** 100 simulated workers of 10 slots and no bots, in a few processes:
   croupier's worker rows and procrastinate's, and a tournament of thousands of games
   queued with their jobs (timed; then the tables analyzed, as autovacuum would soon).
   Every slot fetches a job, claims its game and commits it as in 1, over and over, while
   each worker heartbeats and reaps as a real one does; claims and commits are counted
   for a few seconds once the slots have fetched their first jobs. Then a slot of each
   worker holds a game and renews its lease over and over. The simulated workers' Python
   runs on the cores PostgreSQL has, so their rate is a floor. The CPU a game of the
   simulated workers (``time.process_time()``) and of PostgreSQL (its backends for this
   database, from ``/proc``, when it runs here) say what PostgreSQL alone could carry, and
   what the queue takes against the bots' CPU in 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import logging
import multiprocessing
import os
import secrets
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import datetime
from multiprocessing.process import BaseProcess
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path
from queue import Empty
from typing import Any, TypeVar

import procrastinate
import sqlalchemy as sa
from procrastinate.jobs import Status
from procrastinate.manager import JobManager
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier.games import Result, load_game
from croupier_server import db
from croupier_server.attempts.claim import RunnerIdentity, claim_attempt
from croupier_server.cli import main as croupier_main
from croupier_server.clock import utc_now
from croupier_server.control import TimeControl
from croupier_server.db import GameRecord, GameStatus, TournamentRecord, TournamentStatus
from croupier_server.db.schedule import (
    Claim,
    heartbeat_worker,
    holds_attempt,
    register_worker,
    renew_lease,
)
from croupier_server.db.work import ScheduleStatus
from croupier_server.outcomes import EndedBy
from croupier_server.queueing.jobs import GAMES_QUEUE, conninfo
from croupier_server.queueing.tournaments import queue_tournament
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament, run_tournament
from croupier_server.tournament.scheduled import after_game
from croupier_server.tournament.settings import ProcessMode
from croupier_server.workers.reaper import REAP_SECONDS, reap_expired_leases
from croupier_server.workers.worker import DEFAULT_LEASE_MARGIN_S, HEARTBEAT_SECONDS

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@localhost:5432/postgres"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CROUPIER = Path(sys.executable).with_name("croupier")
GAME = load_game("lexio", {"players": 4, "rounds": 1})
BOTS = {
    f"lexio_{kind}_{copy}": f"lexio_{kind}" for kind in ("random", "greedy") for copy in ("a", "b")
}
SEED = 1
SETTINGS = RefereeSettings(
    time_control=TimeControl(connect_ms=30_000, decision_ms=5_000, bank_ms=30_000)
)
"""Time enough that a loaded machine charges no fault: this measures cost, not the clock."""
CORES = os.cpu_count() or 1
SIMULATED_WORKERS, SIMULATED_SLOTS = 100, 10
SIMULATING_PROCESSES, SIMULATING_THREADS, CHORE_THREADS = 2, 4, 2
"""The processes the simulated workers are spread over, and each one's threads for claims,
as many for commits, and for its workers' chores: with two connections a claim (its bots
are read on another), one a commit, one a chore and five for procrastinate, 2 x 19
connections leave more than half of PostgreSQL's default 100 to others."""
WARMUP_S = 3.0
"""How long the simulated slots may take to fetch their first jobs, all at once, before the
claims and commits are counted."""
T = TypeVar("T")
RENEWAL_INTERVAL_S = 2.0
"""How often a game in play renews its lease (a default lease, of more than 8 s)."""


@dataclass(frozen=True, slots=True)
class Size:
    """How much a run plays.

    Attributes:
        tables: Of the tournaments with bots in 1: tables, each played in its 4 rotations.
        worker_tables: Of those in 2.
        steps_tables: Tables of the games without bots whose steps are timed (in 1).
        simulated_games: Games queued for the simulated workers (in 3).
        flat_out_s: How long the simulated workers claim and commit games.
        hold_s: How long they renew the leases of games held.
    """

    tables: int
    worker_tables: int
    steps_tables: int
    simulated_games: int
    flat_out_s: float
    hold_s: float


SIZES = {
    "quick": Size(3, 3, 10, 2_000, 5.0, 3.0),
    "full": Size(6, 4, 25, 4_000, 10.0, 5.0),
}


def bot_command(example: str) -> str:
    return shlex.join([sys.executable, str(EXAMPLES / f"{example}.py")])


@contextlib.contextmanager
def throwaway_database(server: str) -> Iterator[str]:
    """The URL of a new database ``croupier_bench_<hex>`` on ``server``, dropped at the end.

    Raises:
        SQLAlchemyError: the server cannot be reached, or refused to create it.
    """
    url = sa.make_url(server)
    if url.drivername in {"postgresql", "postgres"}:
        url = url.set(drivername="postgresql+psycopg")
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    name = f"croupier_bench_{secrets.token_hex(6)}"
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield url.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.execute(
                    sa.text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": name},
                )
                connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
    finally:
        admin.dispose()


def register_bots(url: str) -> None:
    for name, example in BOTS.items():
        argv = ["bot", "add", name, "--game", GAME.name, "--command", bot_command(example)]
        with contextlib.redirect_stdout(io.StringIO()):
            status = croupier_main([*argv, "--db", url])
        assert status == 0, f"cannot register {name}"


def new_tournament(engine: Engine, tables: int, mode: ProcessMode = ProcessMode.FAIR) -> int:
    """A new round robin of ``tables`` tables, each in its 4 rotations; its id."""
    record = create_tournament(
        engine,
        game=GAME,
        bots=list(BOTS),
        seed=SEED,
        format_settings=RoundRobinSettings(deals=tables),
        settings=SETTINGS,
        processes=mode,
    )
    assert record.id is not None
    return record.id


# 1 and 2: games with bots, played here or by worker processes


@dataclass(frozen=True, slots=True)
class Run:
    """A tournament played: its wall time from its creation to its last game stored."""

    label: str
    wall_s: float
    opened: datetime
    """When its first games could start: its jobs committed, or its run begun."""
    games: list[tuple[datetime, datetime]]
    """Each finished game's start and end, from its row."""
    lost: int
    """Attempts lost (``ended_by`` lost): none, unless something went wrong."""

    @property
    def per_game_ms(self) -> float:
        """Wall-clock milliseconds a game."""
        return 1000 * self.wall_s / max(len(self.games), 1)

    @property
    def rate(self) -> float:
        """Games a minute."""
        return 60 * len(self.games) / self.wall_s

    def to_start_ms(self, slots: int) -> float:
        """Milliseconds from ``opened`` to the start of the first ``slots`` games, on average.

        The first games are those the idle slots take at once: on a worker, the time from
        their jobs' commit until the worker claimed them.
        """
        starts = sorted(start for start, _ in self.games)[:slots]
        return statistics.mean(1000 * (start - self.opened).total_seconds() for start in starts)


def stored_run(
    engine: Engine, label: str, tournament_id: int, wall_s: float, opened: datetime
) -> Run:
    with Session(engine) as session:
        rows = session.exec(
            select(GameRecord).where(GameRecord.tournament_id == tournament_id)
        ).all()
    games = [
        (row.started_at, row.finished_at)
        for row in rows
        if row.status is GameStatus.FINISHED and row.finished_at is not None
    ]
    lost = sum(row.ended_by == EndedBy.LOST for row in rows)
    return Run(label, wall_s, opened, games, lost)


def play_here(engine: Engine, tables: int, mode: ProcessMode) -> Run:
    """Play a tournament in this process, as ``croupier tournament run`` does."""
    started, opened = time.monotonic(), utc_now()
    tournament_id = new_tournament(engine, tables, mode)

    async def play() -> None:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            await run_tournament(engine, server, tournament_id=tournament_id)
        finally:
            await server.stop()

    asyncio.run(play())
    return stored_run(engine, f"here, {mode}", tournament_id, time.monotonic() - started, opened)


def play_queued(engine: Engine, tables: int, label: str) -> Run:
    """Queue a tournament for the workers running, and wait until it is over."""
    started = time.monotonic()
    tournament_id = new_tournament(engine, tables)
    queue_tournament(engine, tournament_id)
    opened = utc_now()
    while True:
        with Session(engine) as session:
            record = session.get(TournamentRecord, tournament_id)
            assert record is not None
            if record.status is not TournamentStatus.RUNNING:
                break
        time.sleep(0.02)
    wall_s = time.monotonic() - started
    assert record.status is TournamentStatus.FINISHED, f"{label}: {record.status}"
    return stored_run(engine, label, tournament_id, wall_s, opened)


def process_cpu(pid: int, *, named: str | None = None) -> float | None:
    """CPU seconds of process ``pid`` and of the children it reaped; ``None`` if none runs.

    ``named``: ``None`` too if the process is not that program.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat.rsplit(")", 1)[1].split()
    if named is not None and name != named:
        return None
    # utime, stime, cutime, cstime, in clock ticks
    return sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and of its descendants, running or reaped.

    A worker keeps its bots' processes from game to game: their time counts while they run.
    """
    total = process_cpu(pid) or 0.0
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            total += sum(tree_cpu(int(child)) for child in children.read_text().split())
    return total


class Workers:
    """``croupier worker`` processes: started and listening for jobs, then stopped.

    Those still running when the block ends are killed.
    """

    def __init__(self, url: str, engine: Engine, directory: Path, *, count: int, slots: int):
        self._engine = engine
        self._argv = [str(CROUPIER), "worker", "--db", url, "--slots", str(slots)]
        self._names = [f"bench-{count}x{slots}-{index}" for index in range(count)]
        self.logs = [directory / f"{name}.log" for name in self._names]
        self._processes: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Workers:
        listening = self._listening()
        try:
            for name, log in zip(self._names, self.logs, strict=True):
                with open(log, "wb") as err:
                    argv = [*self._argv, "--name", name]
                    self._processes.append(
                        subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
                    )
            deadline = time.monotonic() + 60
            while self._listening() < listening + len(self._names):
                for process, log in zip(self._processes, self.logs, strict=True):
                    assert process.poll() is None, f"a worker ended:\n{log.read_text()}"
                assert time.monotonic() < deadline, "the workers did not start within 60 s"
                time.sleep(0.05)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        for process in self._processes:
            if process.poll() is None:
                process.kill()
                process.wait()

    def _listening(self) -> int:
        """Connections to this database waiting for procrastinate's notifications."""
        query = sa.text(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND query ILIKE 'LISTEN %'"
        )
        with self._engine.connect() as connection:
            return int(connection.execute(query).scalar_one())

    def cpu(self) -> float:
        """CPU seconds so far of the workers and of the bots' processes, kept or reaped."""
        return sum(tree_cpu(process.pid) for process in self._processes)

    def stop(self) -> None:
        """Stop them (SIGTERM), and check that they stopped cleanly."""
        for process in self._processes:
            process.terminate()
        for process, log in zip(self._processes, self.logs, strict=True):
            status = process.wait(timeout=90)
            assert status == 0, f"a worker stopped with {status}:\n{log.read_text()}"


def bench_cost(url: str, engine: Engine, directory: Path, size: Size) -> None:
    print(
        f"\n1. The queue's cost per game: {4 * size.tables} Lexio games (4 seats, one round), "
        f"{CORES} at once, on PostgreSQL"
    )
    fair = play_here(engine, size.tables, ProcessMode.FAIR)
    fresh = play_here(engine, size.tables, ProcessMode.FRESH)
    with Workers(url, engine, directory, count=1, slots=CORES) as workers:
        queued = play_queued(engine, size.tables, f"1 worker, {CORES} slots")
        workers.stop()
    header = (
        f"{'played':24} {'games':>5} {'wall s':>6} {'ms/game':>7} {'games/min':>9} {'a core':>6}"
    )
    print(header + "\n" + "-" * len(header))
    for run in (fair, fresh, queued):
        print(
            f"{run.label:24} {len(run.games):>5} {run.wall_s:>6.1f} {run.per_game_ms:>7.0f} "
            f"{run.rate:>9.1f} {run.rate / CORES:>6.1f}"
        )
    print(
        f"queued / here fair: {queued.rate / fair.rate:.2f} of the games a minute a core "
        f"({queued.per_game_ms - fair.per_game_ms:+.0f} ms a game; the aim: 0.90 or more, a "
        f"worker keeps its processes fairly); queued / here fresh: "
        f"{queued.rate / fresh.rate:.2f}"
    )
    print(
        f"enqueue to start (jobs committed -> games claimed, the worker idle): "
        f"{queued.to_start_ms(CORES):.0f} ms, the first {CORES} games"
        + (f"  !! {queued.lost} attempts lost: see {workers.logs[0]}" if queued.lost else "")
    )
    steps = simulate_here(url, engine, tables=size.steps_tables)
    print(
        f"the queue's steps, one game at a time on one connection ({steps.commits} games without "
        f"bots): fetch {steps.ms(steps.fetch_s):.1f} ms, claim {steps.ms(steps.claim_s):.1f} ms, "
        f"commit {steps.ms(steps.commit_s):.1f} ms, job done {steps.ms(steps.done_s):.1f} ms: "
        f"{steps.ms(steps.fetch_s + steps.claim_s + steps.commit_s + steps.done_s):.1f} ms a game"
    )


@dataclass(frozen=True, slots=True)
class BotsBound:
    """What games with bots take on this machine (from 2)."""

    per_hour: float
    """Games an hour, the most that 1 to 3 workers played."""
    cpu_s: float
    """CPU seconds of the workers, their bots and referees, a game."""
    slot_s: float
    """Seconds a game holds a slot (one worker of one slot)."""


def bench_workers(url: str, engine: Engine, directory: Path, size: Size) -> BotsBound:
    """Print games a minute with 1, 2, 3 workers of one slot each."""
    print(f"\n2. Workers side by side: {4 * size.worker_tables} Lexio games each, {CORES} CPUs")
    header = (
        f"{'workers':7} {'slots':>5} {'games':>5} {'wall s':>6} {'games/min':>9} {'x 1':>5} "
        f"{'cores busy':>10} {'to start ms':>11}"
    )
    print(header + "\n" + "-" * len(header))
    runs, cpu = [], []
    for count in (1, 2, 3):
        with Workers(url, engine, directory, count=count, slots=1) as workers:
            idle = workers.cpu()
            run = play_queued(engine, size.worker_tables, f"{count} workers")
            cpu.append(workers.cpu() - idle)
            workers.stop()
        runs.append(run)
        print(
            f"{count:>7} {1:>5} {len(run.games):>5} {run.wall_s:>6.1f} {run.rate:>9.1f} "
            f"{run.rate / runs[0].rate:>5.2f} {cpu[-1] / run.wall_s:>10.2f} "
            f"{run.to_start_ms(count):>11.0f}"
            + (f"  !! {run.lost} attempts lost" if run.lost else "")
        )
    bound = BotsBound(
        per_hour=60 * max(run.rate for run in runs),
        cpu_s=sum(cpu) / sum(len(run.games) for run in runs),
        slot_s=runs[0].wall_s / len(runs[0].games),
    )
    print(
        f"{CORES} CPUs: the bots and the referee are CPU-bound, so more slots than cores cannot "
        f"add throughput (one slot keeps {cpu[0] / runs[0].wall_s:.1f} cores busy: a game's "
        f"four bots play in turn, the first games' start at once); {CORES} cores play about "
        f"{bound.per_hour:,.0f} of these "
        f"games an hour, {bound.cpu_s:.1f} s of CPU each"
    )
    print("(to start: from the jobs' commit to the first games' claims, the workers idle)")
    return bound


# 3: the queue alone, with simulated workers and no bots


@dataclass(frozen=True, slots=True)
class SimulatedWorker:
    """A simulated worker: its row in croupier's table, and in procrastinate's."""

    id: int
    queue_id: int


@dataclass(frozen=True, slots=True)
class Share:
    """What one simulating process plays: its workers, their slots, its threads, how long.

    Each slot fetches, claims and commits games until no job is left; or, ``window_s``, the
    tally is of that long after ``warmup_s`` (all the slots fetching their first job at
    once), the slots left at work. Or, ``hold_s``, each slot claims a game first, then
    renews its lease for that long, over and over.
    """

    url: str
    workers: tuple[SimulatedWorker, ...]
    slots: int
    threads: int
    warmup_s: float = 0.0
    window_s: float | None = None
    hold_s: float = 0.0


@dataclass
class Tally:
    """What simulated slots did, and the seconds they spent at each step."""

    claims: int = 0
    commits: int = 0
    fetch_s: float = 0.0
    claim_s: float = 0.0
    commit_s: float = 0.0
    done_s: float = 0.0
    renewals: int = 0
    chores: int = 0
    cpu_s: float = 0.0
    elapsed_s: float = 0.0

    @property
    def games(self) -> float:
        """Games' worth of work: a claim and a commit make one."""
        return (self.claims + self.commits) / 2

    def ms(self, seconds: float) -> float:
        """Milliseconds a game."""
        return 1000 * seconds / max(self.games, 1)

    def since(self, earlier: Tally) -> Tally:
        """What was done from ``earlier`` to this."""
        mine, theirs = asdict(self), asdict(earlier)
        return Tally(**{name: mine[name] - theirs[name] for name in mine})

    def add(self, other: Tally) -> None:
        """Count ``other``'s too, played at the same time."""
        elapsed_s = max(self.elapsed_s, other.elapsed_s)
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)
        self.elapsed_s = elapsed_s


@dataclass(frozen=True, slots=True)
class Held:
    """A claimed attempt, with what its commit needs."""

    claim: Claim
    game_id: int
    tournament_id: int
    seats: int


def claim_game(engine: Engine, worker_id: int, scheduled_id: int) -> Held | None:
    """Claim the next attempt at a scheduled game with its game row, as a worker does."""
    runner = RunnerIdentity(worker_id, f"bench-{worker_id}", DEFAULT_LEASE_MARGIN_S)
    attempt = claim_attempt(engine, runner, scheduled_id)
    if attempt is None:
        return None
    assert not attempt.problem, attempt.problem
    return Held(attempt.claim, attempt.game_id, attempt.tournament_id, attempt.game.num_players)


def commit_game(engine: Engine, worker_id: int, held: Held) -> bool:
    """Store a result if the attempt still holds, as a worker does, without a game log."""
    with Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, held.claim, worker_id=worker_id)
        if scheduled is None:
            return False
        db.finish_game(session, game_id=held.game_id, result=Result(tuple(range(held.seats))))
        scheduled.status = ScheduleStatus.FINISHED
        scheduled.lease_expires_at = None
        session.flush()
        after_game(session, held.tournament_id)
        return True


def renew(engine: Engine, worker_id: int, held: Held) -> bool:
    with Session(engine) as session:
        return renew_lease(session, held.claim, worker_id=worker_id)


def heartbeat(engine: Engine, worker_id: int) -> None:
    with Session(engine) as session:
        heartbeat_worker(session, worker_id=worker_id)


@dataclass(frozen=True, slots=True)
class Hands:
    """What simulated slots work with: the database, procrastinate, and threads.

    Claims and commits have threads of their own, as they would on many machines: one
    waits behind the other only for the database.
    """

    engine: Engine
    manager: JobManager
    claims: ThreadPoolExecutor
    commits: ThreadPoolExecutor


@dataclass(frozen=True, slots=True)
class ChoreHands:
    """What the workers' chores run on, apart from the slots: threads and a connection."""

    executor: ThreadPoolExecutor
    manager: JobManager


async def simulate(hands: Hands, share: Share, chores: ChoreHands | None = None) -> Tally:
    """Run the share's slots, and their workers' chores on ``chores``; the tally (see Share)."""
    tally = Tally()
    cpu, began = time.process_time(), time.perf_counter()
    doing = [
        asyncio.ensure_future(
            _chores(hands.engine, chores, worker, index / len(share.workers), tally)
        )
        for index, worker in enumerate(share.workers)
        if chores is not None
    ]
    slots = asyncio.gather(
        *(_slot(hands, worker, tally) for worker in share.workers for _ in range(share.slots))
    )

    def taken() -> Tally:
        copy = Tally(**asdict(tally))
        copy.cpu_s, copy.elapsed_s = time.process_time() - cpu, time.perf_counter() - began
        return copy

    if share.window_s is None:
        await slots
        return taken()
    await asyncio.wait({slots}, timeout=share.warmup_s)
    warm = taken()
    await asyncio.wait({slots}, timeout=share.window_s)
    if slots.done():
        slots.result()  # a slot's failure, if any
    for chore in doing:
        chore.cancel()  # not awaited: the slots are left at work
    return taken().since(warm)


async def _slot(hands: Hands, worker: SimulatedWorker, tally: Tally) -> None:
    """Fetch, claim, commit, end the job; again until no job is left."""
    loop = asyncio.get_running_loop()
    while True:
        began = time.perf_counter()
        job = await hands.manager.fetch_job(queues=[GAMES_QUEUE], worker_id=worker.queue_id)
        fetched = time.perf_counter()
        if job is None:
            return
        tally.fetch_s += fetched - began
        scheduled_id = job.task_kwargs["scheduled_game"]
        assert isinstance(scheduled_id, int)
        held = await loop.run_in_executor(
            hands.claims, claim_game, hands.engine, worker.id, scheduled_id
        )
        claimed = time.perf_counter()
        assert held is not None, "a queued game could not be claimed"
        tally.claims += 1
        tally.claim_s += claimed - fetched
        stored = loop.run_in_executor(hands.commits, commit_game, hands.engine, worker.id, held)
        assert await stored
        committed = time.perf_counter()
        tally.commits += 1
        tally.commit_s += committed - claimed
        await hands.manager.finish_job(job, status=Status.SUCCEEDED, delete_job=True)
        tally.done_s += time.perf_counter() - committed


async def hold_games(hands: Hands, share: Share) -> list[tuple[SimulatedWorker, Held]]:
    """Claim a game for each slot of the share: the attempts held, with their workers."""
    loop = asyncio.get_running_loop()

    async def hold(worker: SimulatedWorker) -> tuple[SimulatedWorker, Held]:
        job = await hands.manager.fetch_job(queues=[GAMES_QUEUE], worker_id=worker.queue_id)
        assert job is not None, "no game left to hold"
        scheduled_id = job.task_kwargs["scheduled_game"]
        assert isinstance(scheduled_id, int)
        held = await loop.run_in_executor(
            hands.claims, claim_game, hands.engine, worker.id, scheduled_id
        )
        assert held is not None, "a queued game could not be claimed"
        return worker, held

    return await asyncio.gather(
        *(hold(worker) for worker in share.workers for _ in range(share.slots))
    )


async def renew_leases(
    hands: Hands, held: Sequence[tuple[SimulatedWorker, Held]], seconds: float
) -> Tally:
    """Renew the leases of the games held, each over and over, for ``seconds``."""
    loop = asyncio.get_running_loop()
    tally = Tally()
    cpu, deadline = time.process_time(), time.perf_counter() + seconds

    async def keep(worker: SimulatedWorker, game: Held) -> None:
        while time.perf_counter() < deadline:
            renewed = loop.run_in_executor(hands.commits, renew, hands.engine, worker.id, game)
            assert await renewed
            tally.renewals += 1

    await asyncio.gather(*(keep(worker, game) for worker, game in held))
    tally.cpu_s = time.process_time() - cpu
    return tally


async def _chores(
    engine: Engine, hands: ChoreHands, worker: SimulatedWorker, phase: float, tally: Tally
) -> None:
    """Heartbeat and reap as a worker does, for ever, counting each transaction.

    Each starts ``phase`` of the way into its period, so that the workers' chores spread.
    """
    loop = asyncio.get_running_loop()
    now = time.monotonic()
    next_beat, next_reap = now + phase * HEARTBEAT_SECONDS, now + phase * REAP_SECONDS
    while True:
        await asyncio.sleep(max(0.0, min(next_beat, next_reap) - time.monotonic()))
        if time.monotonic() >= next_reap:
            await loop.run_in_executor(hands.executor, reap_expired_leases, engine)
            tally.chores += 1
            next_reap += REAP_SECONDS
        if time.monotonic() >= next_beat:
            await loop.run_in_executor(hands.executor, heartbeat, engine, worker.id)
            await hands.manager.update_heartbeat(worker.queue_id)
            tally.chores += 2
            next_beat += HEARTBEAT_SECONDS


def analyze(engine: Engine) -> None:
    """Update the planner's statistics of the queue's tables, as autovacuum does within a minute.

    Until then, procrastinate's fetch, planned for the table as it was before thousands of
    jobs came, sorts every job waiting: 8 ms a fetch with 4,000, rather than 1.
    """
    with engine.begin() as connection:
        connection.exec_driver_sql("ANALYZE procrastinate_jobs, scheduled_game")


def simulation_engine(url: str, connections: int) -> Engine:
    """An engine as a worker's, with a pool of ``connections``, all kept."""
    engine = sa.create_engine(url, pool_size=connections, max_overflow=0, pool_pre_ping=True)
    engine.dialect.use_insertmanyvalues_wo_returning = True
    return engine


def quiet_queue() -> None:
    """Keep procrastinate's warnings, such as of an app made in a ``__main__``, unsaid."""
    logging.getLogger("procrastinate").setLevel(logging.ERROR)


def queue_app(engine: Engine, connections: int) -> procrastinate.App:
    return procrastinate.App(
        connector=procrastinate.PsycopgConnector(
            conninfo=conninfo(engine), min_size=connections, max_size=connections
        )
    )


def simulate_here(url: str, engine: Engine, *, tables: int) -> Tally:
    """One simulated worker of one slot, on one connection, over every game of ``tables``."""
    queue_tournament(engine, new_tournament(engine, tables))
    analyze(engine)
    with Session(engine) as session:
        worker_id = register_worker(session, name="steps", host="bench", pid=0, slots=1)

    async def run() -> Tally:
        app = queue_app(engine, 1)
        async with app.open_async():
            queue_id = await app.job_manager.register_worker()
            worker = SimulatedWorker(worker_id, queue_id)
            share = Share(url, (worker,), slots=1, threads=1)
            simulated = simulation_engine(url, 2)
            thread = ThreadPoolExecutor(1)
            try:
                return await simulate(Hands(simulated, app.job_manager, thread, thread), share)
            finally:
                thread.shutdown()
                simulated.dispose()

    return asyncio.run(run())


def simulating_process(
    share: Share, ready: Queue[bool], start: Event, results: Queue[dict[str, Any]]
) -> None:
    """A process of simulated workers: ready, then on ``start`` its slots, its tally out.

    Holding, its slots claim their games before it is ready. Once its tally is out it waits
    to be ended, its connections open so that their backends' CPU can be read.
    """
    quiet_queue()

    async def run() -> None:
        # A claim's connection and its bots'; a commit's; a chore's.
        connections = 3 * share.threads + CHORE_THREADS
        engine = simulation_engine(share.url, connections)
        app, chores_app = queue_app(engine, share.threads), queue_app(engine, 1)
        async with app.open_async(), chores_app.open_async():
            # Open every connection first: their start is not the queue's work.
            sessions = [Session(engine) for _ in range(connections)]
            for session in sessions:
                session.connection()
            for session in sessions:
                session.close()
            threads = [ThreadPoolExecutor(share.threads) for _ in range(2)]
            hands = Hands(engine, app.job_manager, *threads)
            held = await hold_games(hands, share) if share.hold_s else []
            ready.put(True)
            await asyncio.to_thread(start.wait)
            if share.hold_s:
                tally = await renew_leases(hands, held, share.hold_s)
            else:
                chores = ChoreHands(ThreadPoolExecutor(CHORE_THREADS), chores_app.job_manager)
                tally = await simulate(hands, share, chores)
            results.put(asdict(tally))
            await asyncio.Event().wait()

    asyncio.run(run())


def next_from(queue: Queue[T], processes: Sequence[BaseProcess]) -> T:
    """The next item of ``queue``, which the processes fill, unless one of them failed."""
    while True:
        with contextlib.suppress(Empty):
            return queue.get(timeout=0.5)
        failed = [process.exitcode for process in processes if process.exitcode]
        assert not failed, f"a simulating process failed (exit status {failed[0]})"


def backend_cpu(engine: Engine) -> dict[int, float] | None:
    """CPU seconds of each PostgreSQL backend on this database; ``None`` if not on this machine."""
    query = sa.text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
    with engine.connect() as connection:
        pids = [int(pid) for pid in connection.execute(query).scalars()]
    cpu = {pid: process_cpu(pid, named="postgres") for pid in pids}
    found = {pid: seconds for pid, seconds in cpu.items() if seconds is not None}
    return found or None


def simulate_workers(engine: Engine, shares: Sequence[Share]) -> tuple[Tally, float | None]:
    """Play the shares, a process each; their tally, and PostgreSQL's CPU seconds meanwhile.

    The shares have one warm-up.
    """
    context = multiprocessing.get_context("spawn")
    ready, results = context.Queue(), context.Queue()
    start = context.Event()
    processes = [
        context.Process(target=simulating_process, args=(share, ready, start, results))
        for share in shares
    ]
    for process in processes:
        process.start()
    try:
        for _ in processes:
            next_from(ready, processes)
        start.set()
        time.sleep(shares[0].warmup_s)
        before = backend_cpu(engine)
        tally = Tally()
        for _ in processes:
            tally.add(Tally(**next_from(results, processes)))
        after = backend_cpu(engine)
    finally:
        for process in processes:
            process.terminate()
            process.join()
    pg_s = None
    if before is not None and after is not None:
        pg_s = sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())
    return tally, pg_s


def register_simulated_workers(engine: Engine, count: int, slots: int) -> list[SimulatedWorker]:
    """Register ``count`` workers of ``slots`` slots, in croupier's table and procrastinate's."""

    async def register_queue_workers() -> list[int]:
        app = queue_app(engine, 1)
        async with app.open_async():
            return [await app.job_manager.register_worker() for _ in range(count)]

    with Session(engine) as session:
        ids = [
            register_worker(session, name=f"sim-{index}", host="bench", pid=0, slots=slots)
            for index in range(count)
        ]
    queue_ids = asyncio.run(register_queue_workers())
    return [SimulatedWorker(*pair) for pair in zip(ids, queue_ids, strict=True)]


def bench_queue(url: str, engine: Engine, size: Size, bots: BotsBound) -> None:
    count, slots = SIMULATED_WORKERS, SIMULATED_SLOTS
    print(
        f"\n3. The queue alone: {count} simulated workers of {slots} slots, no bots, in "
        f"{SIMULATING_PROCESSES} processes ({SIMULATING_THREADS} threads for claims, as many for "
        f"commits, {CHORE_THREADS} for chores) on the cores PostgreSQL has"
    )
    tournament_id = new_tournament(engine, size.simulated_games // 4)
    began = time.perf_counter()
    queued = queue_tournament(engine, tournament_id)
    took = time.perf_counter() - began
    print(
        f"queued {queued:,} games with their jobs in one transaction: {took:.1f} s, "
        f"{queued / took:,.0f} games a second"
    )
    analyze(engine)

    workers = register_simulated_workers(engine, count, slots)

    def shares(slots: int, **how: float) -> list[Share]:
        return [
            Share(
                url, tuple(workers[index::SIMULATING_PROCESSES]), slots, SIMULATING_THREADS, **how
            )
            for index in range(SIMULATING_PROCESSES)
        ]

    tally, pg_s = simulate_workers(
        engine, shares(slots, warmup_s=WARMUP_S, window_s=size.flat_out_s)
    )
    rate = tally.games / tally.elapsed_s
    chores = count * (1 / REAP_SECONDS + 2 / HEARTBEAT_SECONDS)
    print(
        f"claims and commits: {tally.claims:,} and {tally.commits:,} in {tally.elapsed_s:.1f} s, "
        f"{rate:,.0f} games a second, {3600 * rate:,.0f} an hour (a game: fetch, claim, commit, "
        f"job done); with {tally.chores / tally.elapsed_s:.0f} heartbeats and reaps a second "
        f"({count} workers' own rate: {chores:.0f})"
    )
    pg_game_s = None if pg_s is None else pg_s / tally.games
    pg_line = "PostgreSQL's: not on this machine"
    if pg_game_s is not None:
        ceiling = CORES / pg_game_s
        pg_line = (
            f"PostgreSQL's {1000 * pg_game_s:.1f} ms, chores included: its {CORES} cores alone "
            f"would carry {ceiling:,.0f} games a second, {3600 * ceiling:,.0f} an hour"
        )
    print(f"  CPU a game: the simulated workers' {tally.ms(tally.cpu_s):.0f} ms, {pg_line}")
    queue_tournament(engine, new_tournament(engine, count // 4))
    held, held_pg_s = simulate_workers(engine, shares(1, hold_s=size.hold_s))
    need = count * slots / RENEWAL_INTERVAL_S
    pg_renewal = ""
    if held_pg_s is not None:
        pg_renewal = (
            f", PostgreSQL's CPU {1000 * held_pg_s / held.renewals:.1f} ms each; "
            f"{count * slots} games in play renew {need:.0f} a second, "
            f"{need * held_pg_s / held.renewals:.1f} of PostgreSQL's cores"
        )
    print(
        f"lease renewals: {held.renewals / size.hold_s:,.0f} a second, {count} games held "
        f"renewing as fast as they can{pg_renewal}"
    )
    print(
        f"against the bots: the queue here, its workers on PostgreSQL's cores, carries "
        f"{3600 * rate / bots.per_hour:,.0f} x the {bots.per_hour:,.0f} games an hour that "
        f"{CORES} cores of bots play (part 2)"
    )
    if pg_game_s is not None and held_pg_s is not None:
        renewals = bots.slot_s / RENEWAL_INTERVAL_S
        queue_s = pg_game_s + renewals * held_pg_s / held.renewals
        print(
            f"  a game of these takes {bots.cpu_s:.1f} s of CPU for its bots and referee, and "
            f"{1000 * queue_s:.1f} ms of PostgreSQL's (its claim and commit, and "
            f"{renewals:.1f} renewals in the {bots.slot_s:.1f} s it holds a slot): one core of "
            f"PostgreSQL serves {bots.cpu_s / queue_s:,.0f} cores of bots, more for bots that "
            f"think longer"
        )


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (about 2 minutes)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("CROUPIER_TEST_POSTGRES_URL") or DEFAULT_POSTGRES,
        metavar="URL",
        help="a PostgreSQL server whose user may create databases (default: %(default)s)",
    )
    args = parser.parse_args()
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)  # each figure as it comes, even piped
    os.environ.setdefault("CROUPIER_BOT_SEED", "7")
    quiet_queue()
    clock = time.perf_counter()
    run = "quick" if args.quick else "full"
    size = SIZES[run]
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(throwaway_database(args.postgres))
        except sa.exc.SQLAlchemyError as error:
            reason = str(getattr(error, "orig", error)).strip().splitlines()[0]
            print(f"no PostgreSQL to measure the queue on ({reason}): give one with --postgres")
            return 0
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="croupier-")))
        print(f"{CORES} CPUs, load average {os.getloadavg()[0]:.1f} at the start; {run} run")
        engine = db.create_database_engine(url)
        stack.callback(engine.dispose)
        db.init_database(engine)
        register_bots(url)
        bench_cost(url, engine, directory, size)
        bots = bench_workers(url, engine, directory, size)
        bench_queue(url, engine, size, bots)
    elapsed = time.perf_counter() - clock
    print(f"\n({elapsed:.0f} s; load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

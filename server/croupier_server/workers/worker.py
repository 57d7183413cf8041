"""``croupier worker``: a process that plays queued games, a few at once, until told to stop.

A worker registers itself (:class:`~croupier_server.db.work.WorkerRecord`), heartbeats,
and runs a procrastinate worker whose one task plays an attempt at a scheduled game
(:func:`~.attempt.play_attempt`) through this worker's own referee. Beside it, every
worker:

- takes back the games whose lease ran out (:mod:`.reaper`);
- retries the jobs procrastinate's dead workers left in progress (a job fetched by a worker
  that died before it claimed its game would otherwise wait for ever);
- when the database cannot be reached, says so in one line, and tries again until it can.

Stopping (:meth:`Worker.stop`, on SIGTERM or Ctrl-C) takes no new game, lets the games
being played finish within the grace, then hands back those left, which other workers
play again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import procrastinate
from procrastinate import exceptions as queue_errors
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import heartbeat_worker, register_worker, stop_worker
from croupier_server.db.worker_listing import LOST_AFTER_SECONDS
from croupier_server.queueing.jobs import GAMES_QUEUE, PLAY_GAME_TASK, conninfo, ensure_queue_schema
from croupier_server.referee.service import RefereeServer
from croupier_server.workers.attempt import RETRY_DELAY_S, WorkerIdentity, play_attempt
from croupier_server.workers.reaper import REAP_SECONDS, reap_expired_leases

__all__ = [
    "DEFAULT_GRACE_S",
    "DEFAULT_LEASE_MARGIN_S",
    "HEARTBEAT_SECONDS",
    "RECONNECT_SECONDS",
    "STALLED_SECONDS",
    "Worker",
    "WorkerOptions",
    "default_worker_name",
]

HEARTBEAT_SECONDS = 5.0
"""How often a worker tells the database it is alive."""

STALLED_SECONDS = float(LOST_AFTER_SECONDS)
"""A worker silent this long is taken for dead (shown lost): the jobs it held are tried again."""

RECONNECT_SECONDS = 2.0
"""How long a worker waits before it tries an unreachable database again."""

DEFAULT_LEASE_MARGIN_S = 30.0
"""What a lease adds, by default, to the longest decision a game's time control allows."""

DEFAULT_GRACE_S = 60.0
"""How long, by default, the games being played may go on once a worker is told to stop."""

_SWEEP_SECONDS = 10.0
"""How often a worker looks for jobs that dead workers left in progress."""


@dataclass(frozen=True, slots=True)
class WorkerOptions:
    """How a worker works.

    Attributes:
        name: Its name on the dashboard and in its log lines.
        slots: Games it plays at once.
        lease_margin_s: What a lease adds to the longest decision the time control allows.
        grace_s: How long games may go on once the worker is told to stop.
    """

    name: str
    slots: int
    lease_margin_s: float = DEFAULT_LEASE_MARGIN_S
    grace_s: float = DEFAULT_GRACE_S


def default_worker_name() -> str:
    """``host-pid``: unique among the workers running at one time."""
    return f"{socket.gethostname()}-{os.getpid()}"


class Worker:
    """A worker over ``engine``'s database, playing through ``server``.

    Its lines (one per game, and what goes wrong) go to ``report``.
    """

    def __init__(
        self,
        engine: Engine,
        server: RefereeServer,
        options: WorkerOptions,
        report: Callable[[str], object],
    ) -> None:
        self._engine = engine
        self._server = server
        self._options = options
        self._report = report
        self._stopping = asyncio.Event()
        self._queue_task: asyncio.Task[None] | None = None
        self._unreachable = False

    def stop(self) -> None:
        """Take no new game; finish or hand back those being played, then return."""
        self._stopping.set()
        if self._queue_task is not None:
            self._queue_task.cancel()

    async def run(self) -> None:
        """Work until :meth:`stop`; returns once every game is finished or handed back."""
        worker_id = await self._until_reachable(self._register)
        if worker_id is None:
            return
        identity = WorkerIdentity(worker_id, self._options.name, self._options.lease_margin_s)
        loop = asyncio.get_running_loop()
        previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._unretrieved)
        self._say(f"started, {self._options.slots} slots")
        chores = [
            asyncio.ensure_future(self._every(HEARTBEAT_SECONDS, self._heartbeat, worker_id)),
            asyncio.ensure_future(self._every(REAP_SECONDS, self._reap)),
        ]
        try:
            while not self._stopping.is_set():
                self._queue_task = asyncio.ensure_future(self._run_queue(identity))
                with contextlib.suppress(asyncio.CancelledError):
                    await self._queue_task
                if not self._stopping.is_set():
                    await self._wait(RECONNECT_SECONDS)
        finally:
            for chore in chores:
                chore.cancel()
            await asyncio.gather(*chores, return_exceptions=True)
        with contextlib.suppress(DatabaseFailure):
            await asyncio.to_thread(self._record_stop, worker_id)
        loop.set_exception_handler(previous_handler)
        self._say("stopped")

    async def _run_queue(self, identity: WorkerIdentity) -> None:
        """Run a procrastinate worker until stopped, or until its database connection fails."""
        app = procrastinate.App(
            connector=procrastinate.PsycopgConnector(
                conninfo=conninfo(self._engine),
                min_size=1,
                max_size=self._options.slots + 4,
            )
        )

        # A database that fails before the game is claimed leaves it queued: try again.
        retry = procrastinate.RetryStrategy(
            wait=int(RECONNECT_SECONDS), retry_exceptions={DatabaseFailure}
        )

        @app.task(name=PLAY_GAME_TASK, queue=GAMES_QUEUE, retry=retry)
        async def play_game(scheduled_game: int) -> None:
            """Play an attempt at the scheduled game; its line goes to the worker's report."""
            try:
                await play_attempt(self._engine, self._server, identity, scheduled_game, self._say)
            except DatabaseFailure as failure:
                self._database_failed(failure)
                raise

        try:
            async with app.open_async():
                sweeping = asyncio.ensure_future(self._every(_SWEEP_SECONDS, self._sweep, app))
                try:
                    await app.run_worker_async(
                        queues=[GAMES_QUEUE],
                        name=self._options.name,
                        concurrency=self._options.slots,
                        install_signal_handlers=False,
                        shutdown_graceful_timeout=self._options.grace_s,
                        update_heartbeat_interval=HEARTBEAT_SECONDS,
                        stalled_worker_timeout=STALLED_SECONDS,
                        delete_jobs="successful",
                        # A game lost to a worker's fault waits RETRY_DELAY_S, not 5 s more.
                        fetch_job_polling_interval=RETRY_DELAY_S / 2,
                    )
                finally:
                    sweeping.cancel()
                    await asyncio.gather(sweeping, return_exceptions=True)
        except (OSError, queue_errors.ProcrastinateException, DatabaseFailure) as error:
            self._database_failed(error)
            return
        except Exception as error:  # whatever stops the queue's worker, this one goes on
            self._say(f"the job queue stopped: {_one_line(error)}")
            return
        if not self._stopping.is_set():
            self._database_failed(ConnectionError("the job queue stopped"))

    async def _sweep(self, app: procrastinate.App) -> None:
        """Try again the jobs that workers taken for dead left in progress."""
        stalled = await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=STALLED_SECONDS)
        for job in stalled:
            # Another worker may have retried it first.
            with contextlib.suppress(queue_errors.ProcrastinateException):
                await app.job_manager.retry_job(job)

    async def _every(self, seconds: float, chore: Callable[..., object], *args: object) -> None:
        """Run ``chore`` every ``seconds`` for ever; a database that fails is said once."""
        while True:
            try:
                result = chore(*args)
                if asyncio.iscoroutine(result):
                    await result
            except (DatabaseFailure, OSError, queue_errors.ProcrastinateException) as error:
                self._database_failed(error)
            except Exception as error:  # a chore that fails once is tried again
                self._say(f"{getattr(chore, '__name__', 'a chore')} failed: {_one_line(error)}")
            await asyncio.sleep(seconds)

    async def _heartbeat(self, worker_id: int) -> None:
        await asyncio.to_thread(self._beat, worker_id)
        if self._unreachable:
            self._unreachable = False
            self._say("the database is reachable again")

    async def _reap(self) -> None:
        for line in await asyncio.to_thread(reap_expired_leases, self._engine):
            self._say(line)

    def _register(self) -> int:
        with translated_failures(self._engine), Session(self._engine) as session:
            ensure_queue_schema(self._engine)
            return register_worker(
                session,
                name=self._options.name,
                host=socket.gethostname(),
                pid=os.getpid(),
                slots=self._options.slots,
            )

    def _beat(self, worker_id: int) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            heartbeat_worker(session, worker_id=worker_id)

    def _record_stop(self, worker_id: int) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            stop_worker(session, worker_id=worker_id)

    async def _until_reachable(self, step: Callable[[], int]) -> int | None:
        """``step()`` once the database lets it; ``None`` if stopped first."""
        while not self._stopping.is_set():
            try:
                return await asyncio.to_thread(step)
            except DatabaseFailure as failure:
                self._database_failed(failure)
            await self._wait(RECONNECT_SECONDS)
        return None

    async def _wait(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), seconds)

    def _database_failed(self, error: BaseException) -> None:
        """Say once that the database cannot be reached, until it can again."""
        if self._unreachable:
            return
        self._unreachable = True
        reason = _one_line(error)
        self._say(
            f"the database is unreachable ({reason}); retrying every {RECONNECT_SECONDS:.0f} s"
        )

    def _unretrieved(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Say in one line what went unheard, such as a job the queue could not record.

        (A job whose game was taken back while its worker was cut off ends so.)
        """
        error = context.get("exception")
        message = str(context.get("message", "an error went unheard"))
        self._say(message if error is None else f"{message}: {_one_line(error)}")

    def _say(self, line: str) -> None:
        self._report(f"worker {self._options.name}: {line}")


def _one_line(error: BaseException) -> str:
    """The first line of ``error``'s message, or its type's name if it has none."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__

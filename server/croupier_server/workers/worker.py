"""``croupier worker``: a process that plays queued games, a few at once, until told to stop.

A worker registers itself (:class:`~croupier_server.db.work.WorkerRecord`), heartbeats,
and runs a procrastinate worker whose one task plays an attempt at a scheduled game
(:func:`~.attempt.play_attempt`) through this worker's own referee, its bots in the
processes the worker keeps for each tournament it plays (:mod:`.processes`: fair reuse, as a
tournament played on one machine). Beside it, every worker:

- takes back the games whose lease ran out (:mod:`.reaper`);
- retries the jobs procrastinate's dead workers left in progress (a job fetched by a worker
  that died before it claimed its game would otherwise wait for ever);
- when the database cannot be reached, says so in one line, and tries again until it can;
  back after a silence long enough for the others to take its job queue for dead (they
  retry the jobs it held, and forget its queue's registration), it starts its queue afresh.

Stopping (:meth:`Worker.stop`, on SIGTERM or Ctrl-C) takes no new game, lets the games
being played finish within the grace, then hands back those left, which other workers
play again, and ends every process it kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import procrastinate
from procrastinate import exceptions as queue_errors
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.attempts.attempt import play_attempt
from croupier_server.attempts.claim import DEFAULT_LEASE_MARGIN_S, RETRY_DELAY_S, RunnerIdentity
from croupier_server.attempts.pools import IDLE_SECONDS, AttemptPools
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import heartbeat_worker, register_worker, stop_worker
from croupier_server.db.worker_listing import LOST_AFTER_SECONDS
from croupier_server.logs import bound_ids
from croupier_server.queueing.jobs import GAMES_QUEUE, PLAY_GAME_TASK, conninfo, ensure_queue_schema
from croupier_server.referee.service import RefereeServer
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

_LOG = logging.getLogger(__name__)


DEFAULT_GRACE_S = 60.0
"""How long, by default, the games being played may go on once a worker is told to stop."""

_SWEEP_SECONDS = 10.0
"""How often a worker looks for jobs that dead workers left in progress."""

_TAKEN_FOR_DEAD_S = STALLED_SECONDS - HEARTBEAT_SECONDS
"""A silence after which the others may have taken a worker's job queue for dead: its queue
beats on its own clock, up to a heartbeat before this worker's last beat."""

T = TypeVar("T")


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

    It logs a line per game and what goes wrong, each with the worker's name as an id.
    """

    def __init__(self, engine: Engine, server: RefereeServer, options: WorkerOptions) -> None:
        self._engine = engine
        self._server = server
        self._options = options
        self._stopping = asyncio.Event()
        self._queue_task: asyncio.Task[None] | None = None
        self._queue_started = 0.0
        self._restarted: asyncio.Task[None] | None = None
        self._last_beat = time.monotonic()
        self._unreachable = False
        self._pools = AttemptPools(server, concurrency=options.slots)

    def stop(self) -> None:
        """Take no new game; finish or hand back those being played, then return."""
        self._stopping.set()
        if self._queue_task is not None:
            self._queue_task.cancel()

    async def run(self) -> None:
        """Work until :meth:`stop`; returns once every game is finished or handed back."""
        with bound_ids(worker=self._options.name):  # the tasks started within inherit it
            await self._run()

    async def _run(self) -> None:
        worker_id = await self._until_reachable(self._register)
        if worker_id is None:
            return
        identity = RunnerIdentity(worker_id, self._options.name, self._options.lease_margin_s)
        loop = asyncio.get_running_loop()
        previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._unretrieved)
        self._say(f"started, {self._options.slots} slots")
        chores = [
            asyncio.ensure_future(self._every(HEARTBEAT_SECONDS, self._heartbeat, worker_id)),
            asyncio.ensure_future(self._every(REAP_SECONDS, self._reap)),
            asyncio.ensure_future(self._every(IDLE_SECONDS / 2, self._pools.close_idle)),
        ]
        try:
            while not self._stopping.is_set():
                self._queue_task = asyncio.ensure_future(self._run_queue(identity))
                self._queue_started = time.monotonic()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._queue_task
                if not self._stopping.is_set():
                    await self._wait(RECONNECT_SECONDS)
                    # The queue's pool, opened on a database still unreachable, would try again
                    # ever more slowly (psycopg_pool backs off): open it once the database
                    # answers, so that a worker plugged back in plays again at once.
                    await self._until_reachable(partial(self._beat, worker_id))
        finally:
            for chore in chores:
                chore.cancel()
            await asyncio.gather(*chores, return_exceptions=True)
            await self._pools.close()  # the games are over: finished, or handed back
        with contextlib.suppress(DatabaseFailure):
            await asyncio.to_thread(self._record_stop, worker_id)
        loop.set_exception_handler(previous_handler)
        self._say("stopped")

    async def _run_queue(self, identity: RunnerIdentity) -> None:
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

        queue = asyncio.current_task()

        @app.task(name=PLAY_GAME_TASK, queue=GAMES_QUEUE, retry=retry)
        async def play_game(scheduled_game: int) -> None:
            """Play an attempt at the scheduled game; it logs its line."""
            # procrastinate records the job's end in the task running this, once it returns;
            # nothing awaits that task, so its failure to record is heard here.
            job = asyncio.current_task()
            if job is not None:
                job.add_done_callback(partial(self._job_ended, scheduled_game, queue))
            try:
                await play_attempt(
                    self._engine, self._server, identity, scheduled_game, pools=self._pools
                )
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
            self._say(f"the job queue stopped: {_one_line(error)}", logging.ERROR)
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
                name = getattr(chore, "__name__", "a chore")
                self._say(f"{name} failed: {_one_line(error)}", logging.ERROR)
            # Honour a cancellation the chore's library swallowed: a sweep cancelled while the
            # queue's pool waited on a database cut off went on sweeping, and its queue never
            # ended, nor did the worker play again.
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise asyncio.CancelledError
            await asyncio.sleep(seconds)

    async def _heartbeat(self, worker_id: int) -> None:
        silent_since = self._last_beat
        await asyncio.to_thread(self._beat, worker_id)
        if self._unreachable:
            self._unreachable = False
            self._say("the database is reachable again")
        silence_s = self._last_beat - silent_since
        if silence_s > _TAKEN_FOR_DEAD_S and self._queue_started < silent_since:
            self._restart_queue(
                f"silent for {silence_s:.0f} s, its job queue may have been taken for dead"
            )

    def _job_ended(
        self, scheduled_game: int, queue: asyncio.Task[Any] | None, job: asyncio.Task[Any]
    ) -> None:
        """Say what becomes of a job whose end the queue could not record.

        Its queue is restarted: the job, left in progress under the queue's old registration,
        is then tried again by a sweep, and plays its game if it is still queued.
        """
        if job.cancelled() or (error := job.exception()) is None:
            return
        reason = _one_line(error.__cause__ or error)
        self._say(
            f"could not record the end of the job for scheduled game {scheduled_game} "
            f"({reason}): it will be tried again, and dropped unless its game is queued",
            logging.WARNING,
        )
        if queue is not None and queue is self._queue_task:
            self._restart_queue("a job's end went unrecorded")

    def _restart_queue(self, why: str) -> None:
        """Stop the job queue, to start a fresh one, registered anew.

        Its games end, or are handed back, as on a stop.
        """
        queue = self._queue_task
        # Once is enough: cancelled again, the queue would cut short the games it lets end.
        if queue is None or queue.done() or queue is self._restarted or self._stopping.is_set():
            return
        self._restarted = queue
        self._say(f"restarting the job queue: {why}", logging.WARNING)
        queue.cancel()

    async def _reap(self) -> None:
        for line in await asyncio.to_thread(reap_expired_leases, self._engine):
            self._say(line, logging.WARNING)  # a worker was lost, or cut off

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
        self._last_beat = time.monotonic()

    def _record_stop(self, worker_id: int) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            stop_worker(session, worker_id=worker_id)

    async def _until_reachable(self, step: Callable[[], T]) -> T | None:
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
            f"the database is unreachable ({reason}); retrying every {RECONNECT_SECONDS:.0f} s",
            logging.WARNING,
        )

    def _unretrieved(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """Say in one line what went unheard: an error in a task that nothing awaited."""
        error = context.get("exception")
        message = str(context.get("message", "an error went unheard"))
        self._say(message if error is None else f"{message}: {_one_line(error)}", logging.ERROR)

    def _say(self, line: str, level: int = logging.INFO) -> None:
        _LOG.log(level, "worker %s: %s", self._options.name, line)


def _one_line(error: BaseException) -> str:
    """The first line of ``error``'s message, or its type's name if it has none."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__

"""``croupier worker``: play the games queued on a PostgreSQL database, on this machine."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import time

import sqlalchemy as sa
from sqlalchemy import Engine

from croupier_server.cli._metrics import watch_backlog
from croupier_server.cli._options import (
    add_database_option,
    add_log_options,
    add_metrics_option,
    logging_from_args,
    metrics_from_args,
    positive_number,
)
from croupier_server.cli._output import CliError
from croupier_server.cli._serving import referee_serving
from croupier_server.db import create_database_engine, database_url, init_database
from croupier_server.db.errors import DatabaseUnavailable
from croupier_server.logs import ids
from croupier_server.settings import ServerSettings
from croupier_server.workers.worker import (
    DEFAULT_GRACE_S,
    DEFAULT_LEASE_MARGIN_S,
    RECONNECT_SECONDS,
    Worker,
    WorkerOptions,
    default_worker_name,
)

__all__ = ["register"]

_LOG = logging.getLogger(__name__)

_SLOT_CORES = 1
"""Cores a slot counts on by default: a game's bots think in turn, one at a time."""

_CUT_OFF_MS = 10_000
"""How long either end of a connection waits on a silent network before it counts as lost."""

_SERVER_SETTINGS = (
    # A worker cut off mid-transaction leaves its session holding row locks (a scheduled
    # game's, which no reaper could then take back): the server rolls it back.
    f"-c idle_in_transaction_session_timeout={_CUT_OFF_MS}",
    # The server's end of a connection to a machine that went silent closes, too.
    f"-c tcp_user_timeout={_CUT_OFF_MS}",
    "-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=2",
)
"""The session settings of every connection of a worker to PostgreSQL."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``worker`` command."""
    parser = commands.add_parser(
        "worker",
        help="play queued games on this machine (PostgreSQL)",
        description="Play the games that `croupier tournament run --queue` queued, a few at a "
        "time, with this machine's referee and sealed bots; stop cleanly on SIGTERM or Ctrl-C.",
    )
    add_database_option(parser)
    parser.add_argument(
        "--slots",
        type=positive_number,
        help="games at once (default: one per core)",
    )
    parser.add_argument("--name", help="the worker's name (default: HOST-PID)")
    parser.add_argument(
        "--lease-margin",
        type=float,
        default=DEFAULT_LEASE_MARGIN_S,
        metavar="SECONDS",
        help="what a game's lease adds to the longest decision its time control allows: a game "
        "that makes no progress for that long is taken back (default: %(default)s)",
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE_S,
        metavar="SECONDS",
        help="how long the games being played may go on after SIGTERM before they are handed "
        "back (default: %(default)s)",
    )
    parser.add_argument("--listen", default="127.0.0.1:0", metavar="ADDRESS")
    add_log_options(parser)
    add_metrics_option(parser)
    parser.set_defaults(run=run_worker)


def run_worker(args: argparse.Namespace) -> int:
    """Play queued games until SIGTERM or Ctrl-C."""
    if args.lease_margin <= 0 or args.grace < 0:
        raise CliError("--lease-margin must be positive and --grace not negative")
    logging_from_args(args)
    options = WorkerOptions(
        name=args.name or default_worker_name(),
        slots=args.slots or max(1, (os.cpu_count() or 1) // _SLOT_CORES),
        lease_margin_s=args.lease_margin,
        grace_s=args.grace,
    )
    engine = _open_until_reachable(args, options.name)
    if engine is None:
        return 0
    watch_backlog(engine)
    if (url := metrics_from_args(args)) is not None:
        print(f"metrics: {url}", flush=True)
    asyncio.run(_work(engine, args.listen, options))
    return 0


async def _work(engine: Engine, listen: str, options: WorkerOptions) -> None:
    async with referee_serving(engine, listen) as server:
        worker = Worker(engine, server, options)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, worker.stop)
        try:
            await worker.run()
        finally:
            loop.remove_signal_handler(signal.SIGINT)


def _open_until_reachable(args: argparse.Namespace, name: str) -> Engine | None:
    """The database's engine, once it can be reached; ``None`` on Ctrl-C or SIGTERM first.

    Raises:
        CliError: the URL is malformed or not PostgreSQL's.
    """
    url = _cut_off_detecting(
        database_url(args.db or ServerSettings.from_environment().database_url)
    )
    said = False
    # Until the worker starts, SIGTERM stops it as Ctrl-C does: it holds no game yet.
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        while True:
            try:
                engine = create_database_engine(url)
                break
            except DatabaseUnavailable as error:
                if not said:
                    _LOG.warning(
                        "worker %s: %s; retrying every %.0f s",
                        name,
                        error,
                        RECONNECT_SECONDS,
                        extra=ids(worker=name),
                    )
                    said = True
                time.sleep(RECONNECT_SECONDS)
    except KeyboardInterrupt:
        return None
    finally:
        signal.signal(signal.SIGTERM, previous)
    args.engine = engine
    init_database(engine)
    return engine


def _cut_off_detecting(url: str) -> str:
    """``url`` with timeouts at both ends, so that a cut network fails queries, not hangs them.

    On the worker's side a query waits at most :data:`_CUT_OFF_MS` for the network; on the
    server's, a transaction the worker abandoned is rolled back after as long (its locks
    freed for the reapers), and a silent connection closed. Settings the URL gives win.

    Raises:
        CliError: ``url`` is malformed or not PostgreSQL's: the job queue lives there.
    """
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        raise CliError(f"malformed database URL {url!r}") from None
    if parsed.get_backend_name() != "postgresql":
        raise CliError(
            f"a worker needs the job queue's PostgreSQL (--db postgresql://...), "
            f"not {parsed.get_backend_name()}"
        )
    given = parsed.query.get("options") or ()
    options = [*_SERVER_SETTINGS, *([given] if isinstance(given, str) else given)]
    query = {"tcp_user_timeout": str(_CUT_OFF_MS), "options": " ".join(options)}
    if "tcp_user_timeout" in parsed.query:
        del query["tcp_user_timeout"]
    return parsed.update_query_dict(query).render_as_string(hide_password=False)

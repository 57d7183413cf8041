"""``croupier worker``: play the games queued on a PostgreSQL database, on this machine."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import time

import sqlalchemy as sa
from sqlalchemy import Engine

from croupier_server.cli._options import add_database_option, positive_number
from croupier_server.cli._output import CliError
from croupier_server.cli._serving import referee_serving
from croupier_server.db import create_database_engine, database_url, init_database
from croupier_server.db.errors import DatabaseUnavailable
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

_SLOT_CORES = 1
"""Cores a slot counts on by default: a game's bots think in turn, one at a time."""

_CUT_OFF_MS = 10_000
"""How long a query may wait on a silent network before its connection counts as lost."""


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
    parser.add_argument("--verbose", action="store_true", help="show the job queue's own log")
    parser.set_defaults(run=run_worker)


def run_worker(args: argparse.Namespace) -> int:
    """Play queued games until SIGTERM or Ctrl-C."""
    if args.lease_margin <= 0 or args.grace < 0:
        raise CliError("--lease-margin must be positive and --grace not negative")
    logging.basicConfig(format="%(name)s: %(message)s")
    logging.getLogger("procrastinate").setLevel(logging.INFO if args.verbose else logging.CRITICAL)
    options = WorkerOptions(
        name=args.name or default_worker_name(),
        slots=args.slots or max(1, (os.cpu_count() or 1) // _SLOT_CORES),
        lease_margin_s=args.lease_margin,
        grace_s=args.grace,
    )
    engine = _open_until_reachable(args, options.name)
    if engine is None:
        return 0
    asyncio.run(_work(engine, args.listen, options))
    return 0


async def _work(engine: Engine, listen: str, options: WorkerOptions) -> None:
    async with referee_serving(engine, listen) as server:
        worker = Worker(engine, server, options, report=_say)
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
                    _say(f"worker {name}: {error}; retrying every {RECONNECT_SECONDS:.0f} s")
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
    """``url`` with a TCP user timeout, so a query on a cut network fails rather than hangs.

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
    if "tcp_user_timeout" in parsed.query:
        return url
    query = {"tcp_user_timeout": str(_CUT_OFF_MS)}
    return parsed.update_query_dict(query).render_as_string(hide_password=False)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)

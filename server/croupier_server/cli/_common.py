"""What the commands share: the database option, game rules from arguments, JSON output."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import Engine

from croupier.games import Game, load_game
from croupier.games.cribbage import VARIANTS
from croupier_server.db import create_database_engine, database_url, init_database
from croupier_server.matches import allow_remote_bots
from croupier_server.referee.limits import DEFAULT_LIMITS, LimitSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry
from croupier_server.web import DashboardServer, create_app

__all__ = [
    "CliError",
    "add_dashboard_options",
    "add_database_option",
    "add_limit_options",
    "add_rules_options",
    "dashboard_serving",
    "limits_from_args",
    "open_database",
    "positive_number",
    "print_json",
    "referee_serving",
    "rules_from_args",
]

DEFAULT_DASHBOARD_ADDRESS = "127.0.0.1:8000"

_PLAYERS_VARIANT = {3: "three-player", 4: "four-player", 1: "solitaire"}


class CliError(Exception):
    """A command that cannot do what it was asked; its message is the one-line error."""


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--db URL``: the database (default: $CROUPIER_DATABASE_URL, else ./croupier.db)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db)",
    )


def open_database(args: argparse.Namespace) -> Engine:
    """The database engine of ``--db``, its tables created if missing.

    The engine is kept on ``args`` so that :func:`croupier_server.cli.main` closes its
    connections when the command ends.
    """
    engine = create_database_engine(database_url(args.db))
    args.engine = engine
    init_database(engine)
    return engine


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose a game and its rules."""
    parser.add_argument("--game", required=True, choices=("lexio", "cribbage"))
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--variant", choices=VARIANTS, help="cribbage variant")
    parser.add_argument("--rounds", type=int, help="Lexio: rounds in the match")
    parser.add_argument("--match-points", type=int, help="cribbage: game points to win")


def rules_from_args(args: argparse.Namespace) -> Game[Any]:
    """The rule set the rules options describe."""
    if args.game == "lexio":
        if args.variant or args.match_points is not None:
            raise CliError("--variant and --match-points are cribbage options")
        options: dict[str, Any] = {"players": 4 if args.players is None else args.players}
        if args.rounds is not None:
            options["rounds"] = args.rounds
        return load_game("lexio", options)
    if args.rounds is not None:
        raise CliError("--rounds is a Lexio option")
    variant = args.variant or _PLAYERS_VARIANT.get(args.players or 2, "six-card")
    options = {"variant": variant}
    if args.match_points is not None:
        options["match_points"] = args.match_points
    game = load_game("cribbage", options)
    if args.players is not None and args.players != game.num_players:
        raise CliError(f"cribbage {variant} is for {game.num_players} players, not {args.players}")
    return game


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """The options that limit the bots' processes (docs/referee.md, "Containment").

    Where a bot's registration and a match or tournament both set a limit, the stricter
    applies; where neither does, the default.
    """
    limits = parser.add_argument_group(
        "limits of the bot processes (the stricter of the bot's and the match's applies)"
    )
    numbers = (
        ("--memory-mb", "memory_mb", "memory in MB"),
        ("--cpu-seconds", "cpu_seconds", "CPU seconds of each process"),
        ("--max-processes", "processes", "processes and threads at once"),
        ("--open-files", "open_files", "open files of each process"),
        ("--file-size-mb", "file_size_mb", "the largest file written, in MB"),
    )
    for flag, name, text in numbers:
        default = getattr(DEFAULT_LIMITS, name)
        limits.add_argument(
            flag, dest=name, type=positive_number, metavar="N", help=f"{text} (default {default})"
        )
    network = limits.add_mutually_exclusive_group()
    network.add_argument(
        "--network", dest="network", action="store_true", default=None, help="allow the network"
    )
    network.add_argument(
        "--no-network",
        dest="network",
        action="store_false",
        help="cut the network: the bots reach the referee only (the default)",
    )


def limits_from_args(args: argparse.Namespace) -> LimitSettings:
    """The limits the options of :func:`add_limit_options` set."""
    return LimitSettings(
        memory_mb=args.memory_mb,
        cpu_seconds=args.cpu_seconds,
        processes=args.processes,
        open_files=args.open_files,
        file_size_mb=args.file_size_mb,
        network=args.network,
    )


def positive_number(text: str) -> int:
    """An option's value that must be a whole number above zero (an argparse ``type``)."""
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value


def print_json(value: Any) -> None:
    """Print ``value`` as indented JSON."""
    print(json.dumps(value, indent=2, default=str))


@contextlib.asynccontextmanager
async def referee_serving(engine: Engine, listen: str) -> AsyncIterator[RefereeServer]:
    """The referee listening on ``listen`` while the block runs, admitting remote bots.

    SIGTERM ends the block as Ctrl-C does (``KeyboardInterrupt`` once it has unwound), so
    that the bots it started are ended with it rather than left running.

    Raises:
        CliError: the address cannot be listened on.
    """
    registry = SessionRegistry()
    allow_remote_bots(engine, registry)
    server = RefereeServer(registry, listen)
    try:
        await server.start()
    except RuntimeError as error:
        raise CliError(f"cannot listen on {listen}: {error}") from None
    loop = asyncio.get_running_loop()
    block = asyncio.current_task()
    terminated = False

    def terminate() -> None:
        nonlocal terminated
        terminated = True
        if block is not None:
            block.cancel()

    loop.add_signal_handler(signal.SIGTERM, terminate)
    try:
        yield server
    except asyncio.CancelledError:
        if terminated:
            raise KeyboardInterrupt from None
        raise
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        await server.stop()


def add_dashboard_options(parser: argparse.ArgumentParser, *, optional: bool) -> None:
    """``--http ADDRESS`` of the dashboard, and ``--no-dashboard`` if it is ``optional``."""
    parser.add_argument(
        "--http",
        default=DEFAULT_DASHBOARD_ADDRESS,
        metavar="ADDRESS",
        help=f"where the dashboard listens (default: {DEFAULT_DASHBOARD_ADDRESS}; port 0: any)",
    )
    if optional:
        parser.add_argument(
            "--no-dashboard", action="store_true", help="do not serve the dashboard"
        )


@contextlib.asynccontextmanager
async def dashboard_serving(engine: Engine, address: str) -> AsyncIterator[DashboardServer]:
    """The dashboard over ``engine`` serving on ``address`` while the block runs.

    Raises:
        CliError: the address is malformed or cannot be listened on.
    """
    try:
        server = DashboardServer(create_app(engine), address)
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None
    serving = asyncio.create_task(server.serve())
    try:
        yield server
    finally:
        server.stop()
        await serving

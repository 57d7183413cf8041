"""What the commands share: the database option, game rules from arguments, JSON output."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from croupier.games import Game, load_game
from croupier.games.cribbage import VARIANTS
from croupier_server.administration import Administration
from croupier_server.control import (
    LIMIT_SETTINGS,
    TIME_CONTROL_SETTINGS,
    LimitSettings,
    Setting,
    TimeControl,
)
from croupier_server.db import (
    INTEGER_MAX,
    create_database_engine,
    database_url,
    init_database,
)
from croupier_server.matches import allow_remote_bots
from croupier_server.referee.sandbox import SealingUnavailable, require_sealing
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry
from croupier_server.tokens import new_secret
from croupier_server.web import DashboardServer, create_app
from croupier_server.web.access import AccessTokens

__all__ = [
    "ADMIN_TOKEN_VARIABLE",
    "NUMBER_MAX",
    "READ_TOKEN_VARIABLE",
    "CliError",
    "DashboardTokens",
    "add_access_options",
    "add_dashboard_options",
    "add_database_option",
    "add_limit_options",
    "add_rules_options",
    "add_sealing_option",
    "add_time_options",
    "dashboard_serving",
    "dashboard_tokens",
    "limits_from_args",
    "open_database",
    "positive_number",
    "print_json",
    "referee_serving",
    "require_sealed_seats",
    "rules_from_args",
    "sealing_from_args",
    "seed_number",
    "time_control_from_args",
    "whole_number",
]

DEFAULT_DASHBOARD_ADDRESS = "127.0.0.1:8000"
ADMIN_TOKEN_VARIABLE = "CROUPIER_ADMIN_TOKEN"
"""The dashboard's admin token (else one is made up at start and shown once)."""
READ_TOKEN_VARIABLE = "CROUPIER_READ_TOKEN"
"""The dashboard's read token; when set, reading the dashboard needs a token."""

NUMBER_MAX = INTEGER_MAX
"""The largest number an option takes: what the wire (uint32) and the database's ids and
counts hold. A larger one would fail deep in a command."""

_PLAYERS_VARIANT = {3: "three-player", 4: "four-player", 1: "solitaire"}


class CliError(Exception):
    """A command that cannot do what it was asked; its message is the one-line error."""


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--db URL``: the database (default: $CROUPIER_DATABASE_URL, else ./croupier.db)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        type=_database_url_text,
        help="database URL (default: $CROUPIER_DATABASE_URL, else sqlite:///croupier.db)",
    )


def _database_url_text(text: str) -> str:
    # An empty --db would fall back to the default database rather than fail.
    if not text.strip() or "\x00" in text:
        raise argparse.ArgumentTypeError(f"expected a database URL, got {text!r}")
    return text


def open_database(args: argparse.Namespace) -> Engine:
    """The database engine of ``--db``, its tables created if missing.

    The engine is kept on ``args`` so that :func:`croupier_server.cli.main` closes its
    connections when the command ends.
    """
    engine = create_database_engine(database_url(args.db))
    args.engine = engine
    init_database(engine)
    return engine


def add_rules_options(parser: argparse.ArgumentParser, *, required: bool = True) -> None:
    """The options that choose a game and its rules; ``--game`` only if ``required``."""
    parser.add_argument("--game", required=required, choices=("lexio", "cribbage"))
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--variant", choices=VARIANTS, help="cribbage variant")
    parser.add_argument("--rounds", type=whole_number, help="Lexio: rounds in the match")
    parser.add_argument("--match-points", type=whole_number, help="cribbage: game points to win")


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


def add_time_options(parser: argparse.ArgumentParser) -> None:
    """The options of the bots' time control, one per time of :class:`TimeControl`."""
    time = parser.add_argument_group("the bots' time control")
    for setting in TIME_CONTROL_SETTINGS:
        time.add_argument(
            setting.flag,
            dest=setting.name,
            type=_setting_number(setting),
            default=setting.default,
            metavar="MS",
            help=f"{setting.help} (default {setting.default})",
        )


def time_control_from_args(args: argparse.Namespace) -> TimeControl:
    """The time control the options of :func:`add_time_options` set."""
    return TimeControl(
        **{setting.name: getattr(args, setting.name) for setting in TIME_CONTROL_SETTINGS}
    )


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """The options that limit the bots' processes (docs/referee.md, "Containment").

    Where a bot's registration and a match or tournament both set a limit, the stricter
    applies; where neither does, the default.
    """
    limits = parser.add_argument_group(
        "limits of the bot processes (the stricter of the bot's and the match's applies)"
    )
    for setting in LIMIT_SETTINGS:
        if setting.kind is bool:
            _add_switch(limits, setting)
            continue
        limits.add_argument(
            setting.flag,
            dest=setting.name,
            type=_setting_number(setting),
            metavar="N",
            help=f"{setting.help} (default {setting.default})",
        )


def _add_switch(group: argparse._ArgumentGroup, setting: Setting) -> None:
    """``--NAME`` and ``--no-NAME`` of a yes-or-no limit; neither: not set."""
    switch = group.add_mutually_exclusive_group()
    switch.add_argument(
        setting.flag, dest=setting.name, action="store_true", default=None, help=setting.help
    )
    switch.add_argument(
        f"--no-{setting.flag[2:]}",
        dest=setting.name,
        action="store_false",
        help=f"the opposite of {setting.flag}{'' if setting.default else ' (the default)'}",
    )


def _setting_number(setting: Setting) -> Callable[[str], int]:
    """The argparse ``type`` of a numeric setting: a whole number within its bounds."""

    def number(text: str) -> int:
        value = int(text)
        if setting.maximum is not None and value > setting.maximum:
            raise argparse.ArgumentTypeError(
                f"expected a number of at most {setting.maximum}, got {text}"
            )
        if setting.minimum is not None and value < setting.minimum:
            raise argparse.ArgumentTypeError(
                f"expected a number of at least {setting.minimum}, got {text}"
            )
        return value

    number.__name__ = setting.name  # argparse names the type in "invalid int value"
    return number


def add_sealing_option(parser: argparse.ArgumentParser) -> None:
    """``--sealed``: play only if every started bot's seat is sealed (docs/referee.md)."""
    parser.add_argument(
        "--sealed",
        action="store_true",
        help="refuse to play unless every bot started is sealed from every other (no "
        "channel between them, nothing left behind); cuts their network",
    )


def sealing_from_args(args: argparse.Namespace) -> bool:
    """Whether ``--sealed`` was given, once the machine is found able to seal the seats.

    Raises:
        CliError: it was, and the seats cannot be sealed here, or ``--network`` asks for
            what a sealed seat cannot have.
    """
    if not args.sealed:
        return False
    if getattr(args, "network", None):
        raise CliError("--sealed cuts the bots' network: it cannot go with --network")
    require_sealed_seats()
    return True


def require_sealed_seats() -> None:
    """Make sure the seats can be sealed here.

    Raises:
        CliError: they cannot; the message says why.
    """
    try:
        require_sealing()
    except SealingUnavailable as error:
        raise CliError(f"{error} (docs/referee.md, Sealed seats)") from None


def limits_from_args(args: argparse.Namespace) -> LimitSettings:
    """The limits the options of :func:`add_limit_options` set."""
    return LimitSettings(
        **{setting.name: getattr(args, setting.name) for setting in LIMIT_SETTINGS}
    )


def whole_number(text: str) -> int:
    """A whole number of either sign up to :data:`NUMBER_MAX` (an argparse ``type``)."""
    value = int(text)
    if abs(value) > NUMBER_MAX:
        raise argparse.ArgumentTypeError(f"expected a number of at most {NUMBER_MAX}, got {text}")
    return value


def positive_number(text: str) -> int:
    """An option's whole number from 1 to :data:`NUMBER_MAX`, an id too (an argparse ``type``)."""
    value = whole_number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value


def seed_number(text: str) -> int:
    """A seed: a whole number a signed 64-bit column holds (an argparse ``type``)."""
    value = int(text)
    if not -(2**63) <= value < 2**63:
        raise argparse.ArgumentTypeError(f"expected a seed of 64 bits at most, got {text}")
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
    except (OSError, RuntimeError, ValueError) as error:
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


def add_access_options(parser: argparse.ArgumentParser) -> None:
    """``--read-token``: reading the dashboard needs a token too (docs/dashboard.md, "Access")."""
    parser.add_argument(
        "--read-token",
        action="store_true",
        help=f"reading the dashboard needs a token too: ${READ_TOKEN_VARIABLE}, else one made "
        f"up and shown once (on whenever ${READ_TOKEN_VARIABLE} is set); changing anything "
        f"needs the admin token: ${ADMIN_TOKEN_VARIABLE}, else one made up and shown once",
    )


@dataclass(frozen=True, slots=True)
class DashboardTokens:
    """The dashboard's tokens, and the lines that show those made up here (once, at start)."""

    tokens: AccessTokens
    shown_once: tuple[str, ...]


def dashboard_tokens(*, read_protected: bool) -> DashboardTokens:
    """The tokens of the environment; those it does not set are made up.

    The admin token is always set; the read token only when ``read_protected`` or when
    the environment sets one.

    Raises:
        CliError: a token of the environment is too short or has characters a token
            cannot have.
    """
    shown: list[str] = []

    def token(variable: str, role: str) -> str:
        given = os.environ.get(variable)
        if given:
            return given
        made_up = new_secret()
        shown.append(
            f"dashboard {role} token (shown once; set ${variable} to choose it): {made_up}"
        )
        return made_up

    admin = token(ADMIN_TOKEN_VARIABLE, "admin")
    protected = read_protected or bool(os.environ.get(READ_TOKEN_VARIABLE))
    read = token(READ_TOKEN_VARIABLE, "read") if protected else None
    try:
        return DashboardTokens(AccessTokens(admin=admin, read=read), tuple(shown))
    except ValueError as error:
        raise CliError(str(error)) from None


@contextlib.asynccontextmanager
async def dashboard_serving(
    engine: Engine,
    address: str,
    tokens: DashboardTokens,
    *,
    note: str = "",
    referee: RefereeServer | None = None,
) -> AsyncIterator[DashboardServer]:
    """The dashboard over ``engine`` serving on ``address`` while the block runs.

    Its address is printed (followed by ``note``), then the tokens made up for it. Bots
    registered through it have the files their commands name taken from the working
    directory; the remote ones may connect to ``referee`` at once.

    Raises:
        CliError: the address is malformed or cannot be listened on.
    """
    actions = Administration(
        engine,
        directory=os.getcwd(),
        admit_remote=None if referee is None else _admitter(referee.registry),
    )
    app = create_app(engine, tokens=tokens.tokens, admin_actions=actions)
    try:
        server = DashboardServer(app, address)
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None
    serving = asyncio.create_task(server.serve())
    print(f"dashboard: {server.url}{note}", *tokens.shown_once, sep="\n", flush=True)
    try:
        yield server
    finally:
        server.stop()
        await serving


def _admitter(registry: SessionRegistry) -> Callable[[str, str], None]:
    """Admit a remote bot (key digest, name) to ``registry`` from any thread."""
    loop = asyncio.get_running_loop()

    def admit(key_hash: str, name: str) -> None:
        # The dashboard registers bots in its threads; the registry lives in the loop's.
        loop.call_soon_threadsafe(registry.allow_remote, key_hash, name)

    return admit

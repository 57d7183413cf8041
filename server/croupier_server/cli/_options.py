"""The options the commands share, each defined once (the rules' are in :mod:`._rules`).

Numbers, the database, the bots' time control and limits, sealing, the dashboard's address
and access. Each ``add_*`` function adds options to a command's parser; its ``*_from_args`` partner
reads them back as the value a command uses.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from sqlalchemy import Engine

from croupier_server.cli._output import CliError
from croupier_server.control import (
    LIMIT_SETTINGS,
    TIME_CONTROL_SETTINGS,
    LimitSettings,
    Setting,
    TimeControl,
)
from croupier_server.db import INTEGER_MAX, create_database_engine, database_url, init_database
from croupier_server.referee.containment.sandbox import SealingUnavailable, require_sealing
from croupier_server.settings import (
    ADMIN_TOKEN_VARIABLE,
    DATABASE_URL_VARIABLE,
    READ_TOKEN_VARIABLE,
    ServerSettings,
)

__all__ = [
    "DEFAULT_DASHBOARD_ADDRESS",
    "NUMBER_MAX",
    "add_access_options",
    "add_connect_option",
    "add_dashboard_options",
    "add_database_option",
    "add_limit_options",
    "add_sealing_option",
    "add_time_options",
    "limits_from_args",
    "open_database",
    "positive_number",
    "require_sealed_seats",
    "sealing_from_args",
    "seed_number",
    "time_control_from_args",
    "whole_number",
]

NUMBER_MAX = INTEGER_MAX
"""The largest number an option takes: what the wire (uint32) and the database's ids and
counts hold. A larger one would fail deep in a command."""
DEFAULT_DASHBOARD_ADDRESS = "127.0.0.1:8000"


# Numbers


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


# The database


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--db URL``: the database (default: $CROUPIER_DATABASE_URL, else ./croupier.db)."""
    parser.add_argument(
        "--db",
        metavar="URL",
        type=_database_url_text,
        help=f"database URL (default: ${DATABASE_URL_VARIABLE}, else sqlite:///croupier.db)",
    )


def _database_url_text(text: str) -> str:
    # An empty --db would fall back to the default database rather than fail.
    if not text.strip() or "\x00" in text:
        raise argparse.ArgumentTypeError(f"expected a database URL, got {text!r}")
    return text


def open_database(args: argparse.Namespace) -> Engine:
    """The database engine of ``--db`` (else of the environment), its tables created if missing.

    The engine is kept on ``args`` so that :func:`croupier_server.cli.main` closes its
    connections when the command ends.
    """
    given = args.db or ServerSettings.from_environment().database_url
    engine = create_database_engine(database_url(given))
    args.engine = engine
    init_database(engine)
    return engine


# The bots' time control and limits


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


def add_connect_option(parser: argparse.ArgumentParser) -> None:
    """``--connect-ms``: how long a bot started to check it has to say Hello."""
    setting = next(setting for setting in TIME_CONTROL_SETTINGS if setting.name == "connect_ms")
    parser.add_argument(
        setting.flag,
        dest=setting.name,
        type=_setting_number(setting),
        default=setting.default,
        metavar="MS",
        help=f"{setting.help}, when it is checked (default {setting.default})",
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


def limits_from_args(args: argparse.Namespace) -> LimitSettings:
    """The limits the options of :func:`add_limit_options` set."""
    return LimitSettings(
        **{setting.name: getattr(args, setting.name) for setting in LIMIT_SETTINGS}
    )


# Sealed seats


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


# The dashboard


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

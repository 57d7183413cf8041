"""``croupier bot add|list|people``: register bots, list them, open them to people or not.

A bot the referee starts runs in an empty directory of its own, so the arguments of its
command that name files or directories from here are made absolute when it is registered.
Its command is then started as for a game (:func:`~croupier_server.referee.start_check.
check_start`): a bot that does not say Hello is not registered, and what it printed is
shown; ``--no-check`` registers a bot whose program is not on this machine.

People may play against the organiser's bots at the dashboard's tables unless the bot is
registered ``--closed-to-people`` or closed later (``croupier bot people NAME closed``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.bot_commands import absolute_command
from croupier_server.cli._options import (
    add_connect_option,
    add_database_option,
    add_limit_options,
    limits_from_args,
    open_database,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._rules import add_game_option
from croupier_server.db import BotKind, BotRecord
from croupier_server.db.bots import checked_bot_name, is_open_to_people, set_open_to_people
from croupier_server.referee.containment.limits import LimitSettings, effective_limits
from croupier_server.referee.start_check import check_start

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``bot`` command and its subcommands."""
    bot = commands.add_parser("bot", help="register and list bots")
    actions = bot.add_subparsers(dest="bot_command", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="register a bot")
    add.add_argument("name")
    add_game_option(add)
    how = add.add_mutually_exclusive_group(required=True)
    how.add_argument(
        "--command",
        help="the command that starts the bot; its arguments that name files here are made "
        "absolute (it runs in an empty directory)",
    )
    how.add_argument(
        "--remote", action="store_true", help="a bot that connects by itself with a key"
    )
    add.add_argument("--description", default="")
    add.add_argument(
        "--closed-to-people",
        dest="open_to_people",
        action="store_false",
        help="people may not play against it at the dashboard's tables (by default they may)",
    )
    add.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="register the bot without starting it here first (its program is on the "
        "workers only); by default a bot that does not say Hello is not registered",
    )
    add_connect_option(add)
    add_limit_options(add)
    add_database_option(add)
    add.set_defaults(run=add_bot)
    listing = actions.add_parser("list", help="list the registered bots")
    add_game_option(listing, required=False)
    listing.add_argument("--json", action="store_true", help="print JSON")
    add_database_option(listing)
    listing.set_defaults(run=list_bots)
    people = actions.add_parser(
        "people", help="let people play against a bot at the dashboard's tables, or not"
    )
    people.add_argument("name", help="the bot (a submitted bot's versions follow it)")
    people.add_argument("access", choices=["open", "closed"])
    add_database_option(people)
    people.set_defaults(run=set_people_access)


def add_bot(args: argparse.Namespace) -> int:
    """Register a bot; a command bot once it said Hello, a remote bot's key printed once."""
    if args.command is not None and not args.command.strip():
        raise CliError("--command is empty")
    limits = limits_from_args(args).items()
    if args.remote and limits:
        raise CliError("limits are for the bots the referee starts, not remote bots")
    engine = open_database(args)
    if args.remote:
        with Session(engine) as session, _refused_as_error():
            bot, key = db.create_remote_bot(
                session,
                name=args.name,
                game=args.game,
                description=args.description,
                open_to_people=args.open_to_people,
            )
        print(f"registered remote bot {bot.name} ({bot.game})")
        print(f"its key (shown once; give it to the bot as CROUPIER_TOKEN): {key}")
        return 0
    command = _absolute_command(args.command)
    if args.check:
        _require_new_name(engine, args.name)  # said at once, not after the bot's start
        _check_start(args.name, command, game=args.game, limits=limits, connect_ms=args.connect_ms)
    with Session(engine) as session, _refused_as_error():
        bot = db.add_bot(
            session,
            name=args.name,
            game=args.game,
            command=command,
            limits=limits,
            description=args.description,
            open_to_people=args.open_to_people,
        )
    print(f"registered bot {bot.name} ({bot.game}): {bot.command}")
    return 0


def _require_new_name(engine: Engine, name: str) -> None:
    """Refuse a name a bot may not have, or one a bot has.

    Raises:
        CliError: it is refused, or taken.
    """
    with Session(engine) as session, _refused_as_error():
        checked_bot_name(name)
        if db.get_bot_by_name(session, name=name) is not None:
            raise CliError(f"a bot named {name!r} already exists")


@contextlib.contextmanager
def _refused_as_error() -> Iterator[None]:
    """The repository's refusal of a bot (its name, its game) as a one-line error."""
    try:
        yield
    except ValueError as error:
        raise CliError(str(error)) from None


def _check_start(
    name: str, command: str, *, game: str, limits: dict[str, int | bool], connect_ms: int
) -> None:
    """Start ``command`` as for a game; refuse the bot if it does not say Hello.

    Why it did not, then its last output lines, indented, are printed first.

    Raises:
        CliError: it did not.
    """
    check = asyncio.run(
        check_start(
            command,
            game=game,
            limits=effective_limits(LimitSettings.from_data(limits)),
            connect_s=connect_ms / 1000,
            name=name,
        )
    )
    if check.failure is not None:
        print(check.failure, file=sys.stderr)
        raise CliError(
            f"bot {name} not registered: it did not start; fix its command (a bot whose "
            "program is not on this machine is registered with --no-check)"
        )


def _absolute_command(command: str) -> str:
    try:
        return absolute_command(command, os.getcwd())
    except ValueError as error:
        raise CliError(str(error)) from None


def list_bots(args: argparse.Namespace) -> int:
    """Print the registered bots."""
    engine = open_database(args)
    with Session(engine) as session:
        bots = [
            (bot, is_open_to_people(session, bot)) for bot in db.list_bots(session, game=args.game)
        ]
    if args.json:
        print_json([_bot_data(bot, open_to_people) for bot, open_to_people in bots])
        return 0
    if not bots:
        print("no bots registered (add one: croupier bot add NAME --game GAME --command ...)")
    for bot, open_to_people in bots:
        how = bot.command if bot.command is not None else "remote (connects with its key)"
        closed = "" if open_to_people else "  (closed to people)"
        print(f"{bot.name:20} {bot.game:9} {how}{closed}")
    return 0


def set_people_access(args: argparse.Namespace) -> int:
    """Let people play against a bot, or no longer; say so."""
    engine = open_database(args)
    open_to_people = args.access == "open"
    with Session(engine) as session, _refused_as_error():
        bot = db.get_bot_by_name(session, name=args.name)
        if bot is None or bot.kind is BotKind.PERSON:
            raise CliError(f"no bot named {args.name!r} (see: croupier bot list)")
        set_open_to_people(session, bot=bot, open_to_people=open_to_people)
        followers = " and its versions" if bot.kind is BotKind.SUBMITTED else ""
    verb = "may now" if open_to_people else "may no longer"
    print(f"people {verb} play against {args.name}{followers} at the dashboard's tables")
    return 0


def _bot_data(bot: BotRecord, open_to_people: bool) -> dict[str, Any]:
    return {
        "name": bot.name,
        "game": bot.game,
        "kind": bot.kind,
        "command": bot.command,
        "limits": bot.limits,
        "description": bot.description,
        "created_at": bot.created_at.isoformat(),
        "open_to_people": open_to_people,
    }

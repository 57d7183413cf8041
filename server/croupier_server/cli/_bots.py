"""``croupier bot add|list``: register bots and list them.

A bot the referee starts runs in an empty directory of its own, so the arguments of its
command that name files or directories from here are made absolute when it is registered.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from typing import Any

from sqlmodel import Session

from croupier_server import db
from croupier_server.bot_commands import absolute_command
from croupier_server.cli._options import (
    add_database_option,
    add_limit_options,
    limits_from_args,
    open_database,
)
from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._rules import add_game_option
from croupier_server.db import BotRecord

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
    add_limit_options(add)
    add_database_option(add)
    add.set_defaults(run=add_bot)
    listing = actions.add_parser("list", help="list the registered bots")
    add_game_option(listing, required=False)
    listing.add_argument("--json", action="store_true", help="print JSON")
    add_database_option(listing)
    listing.set_defaults(run=list_bots)


def add_bot(args: argparse.Namespace) -> int:
    """Register a bot; a remote bot's key is printed once."""
    if args.command is not None and not args.command.strip():
        raise CliError("--command is empty")
    limits = limits_from_args(args).items()
    if args.remote and limits:
        raise CliError("limits are for the bots the referee starts, not remote bots")
    engine = open_database(args)
    with Session(engine) as session, _refused_as_error():
        if args.remote:
            bot, key = db.create_remote_bot(
                session, name=args.name, game=args.game, description=args.description
            )
            print(f"registered remote bot {bot.name} ({bot.game})")
            print(f"its key (shown once; give it to the bot as CROUPIER_TOKEN): {key}")
            return 0
        bot = db.add_bot(
            session,
            name=args.name,
            game=args.game,
            command=_absolute_command(args.command),
            limits=limits,
            description=args.description,
        )
    print(f"registered bot {bot.name} ({bot.game}): {bot.command}")
    return 0


@contextlib.contextmanager
def _refused_as_error() -> Iterator[None]:
    """The repository's refusal of a bot (its name, its game) as a one-line error."""
    try:
        yield
    except ValueError as error:
        raise CliError(str(error)) from None


def _absolute_command(command: str) -> str:
    try:
        return absolute_command(command, os.getcwd())
    except ValueError as error:
        raise CliError(str(error)) from None


def list_bots(args: argparse.Namespace) -> int:
    """Print the registered bots."""
    engine = open_database(args)
    with Session(engine) as session:
        bots = db.list_bots(session, game=args.game)
    if args.json:
        print_json([_bot_data(bot) for bot in bots])
        return 0
    if not bots:
        print("no bots registered (add one: croupier bot add NAME --game GAME --command ...)")
    for bot in bots:
        how = bot.command if bot.command is not None else "remote (connects with its key)"
        print(f"{bot.name:20} {bot.game:9} {how}")
    return 0


def _bot_data(bot: BotRecord) -> dict[str, Any]:
    return {
        "name": bot.name,
        "game": bot.game,
        "kind": bot.kind,
        "command": bot.command,
        "limits": bot.limits,
        "description": bot.description,
        "created_at": bot.created_at.isoformat(),
    }

"""``croupier-bot people NAME open|closed``: whether people may play against your bot."""

from __future__ import annotations

import argparse

from croupier.bot_cli._http import add_server_options, api_of, quoted

__all__ = ["add_people"]


def add_people(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``people`` command."""
    parser = commands.add_parser(
        "people",
        help="let people play against your bot at the server's tables, or not",
        description="Open your bot NAME to people (they may then play against its versions "
        "at the tables of the server's dashboard) or close it. A submitted bot is closed "
        "until you open it.",
    )
    parser.add_argument("name", metavar="NAME", help="your submitted bot's name")
    parser.add_argument("access", choices=["open", "closed"])
    add_server_options(parser)
    parser.set_defaults(run=run_people)


def run_people(args: argparse.Namespace) -> int:
    """Open the bot to people or close it; say which it is now."""
    api = api_of(args, token_required=True)
    changed = api.put(f"/api/bots/{quoted(args.name)}/people", {"open": args.access == "open"})
    verb = "may now" if changed["open"] else "may no longer"
    print(f"people {verb} play against {changed['bot']} at the server's tables")
    return 0

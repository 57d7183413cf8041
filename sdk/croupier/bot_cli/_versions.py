"""``croupier-bot versions NAME`` and ``croupier-bot retire NAME@N``."""

from __future__ import annotations

import argparse
from typing import Any

from croupier.bot_cli._errors import UsageError
from croupier.bot_cli._http import add_server_options, api_of, quoted
from croupier.bot_cli._output import printable

__all__ = ["add_retire", "add_versions", "version_row"]

_HEADER = f"{'#':>4}  {'status':<9} {'rating [95%]':<18} {'games':>6}  {'received':<16}  detail"


def add_versions(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``versions`` command."""
    parser = commands.add_parser(
        "versions",
        help="list a bot's versions with their status and rating",
        description="List the versions of the submitted bot NAME: number, status, rating "
        "(Elo) with its 95% interval, games rated, when received, and why (a rejected "
        "version's reason). Public: no token needed.",
    )
    parser.add_argument("name", metavar="NAME", help="the submitted bot's name")
    add_server_options(parser)
    parser.set_defaults(run=run_versions)


def add_retire(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``retire`` command."""
    parser = commands.add_parser(
        "retire",
        help="retire one of your bot's versions",
        description="Retire version N of your bot NAME: it plays no more games, and keeps "
        "those it played and its rating.",
    )
    parser.add_argument("version", metavar="NAME@N", help="the version, e.g. my-bot@3")
    add_server_options(parser)
    parser.set_defaults(run=run_retire)


def run_versions(args: argparse.Namespace) -> int:
    """Print the table of the bot's versions."""
    api = api_of(args, token_required=False)
    listed = api.get(f"/api/bots/{quoted(args.name)}/versions")
    page = api.page(f"/bots/{quoted(args.name)}")
    print(f"{listed['bot']} ({listed['game']}), by {listed['author']}: {page}")
    print(_HEADER)
    for version in listed["versions"]:
        print(version_row(version))
    return 0


def run_retire(args: argparse.Namespace) -> int:
    """Retire the version; say so."""
    name, number = _version_name(args.version)
    api = api_of(args, token_required=True)
    retired = api.post(f"/api/bots/{quoted(name)}/versions/{number}/retire")
    print(f"retired {retired['name']}: it plays no more, and keeps its games and rating")
    return 0


def version_row(version: dict[str, Any]) -> str:
    """One version as a row of the table (rating ``-`` until it has one)."""
    rating = version.get("rating")
    shown, games = "-", 0
    if rating:
        games = rating.get("games") or 0
        shown = f"{rating['elo']:.0f} [{rating['low']:.0f}, {rating['high']:.0f}]"
    received = (version.get("received_at") or "")[:16].replace("T", " ")
    detail = printable(version.get("detail") or "")
    row = f"{version['number']:>4}  {version['status']:<9} {shown:<18} {games:>6}  {received:<16}"
    return f"{row}  {detail}".rstrip()


def _version_name(text: str) -> tuple[str, int]:
    """``("my-bot", 3)`` from ``"my-bot@3"``.

    Raises:
        UsageError: not NAME@N with N a whole number from 1.
    """
    name, separator, number = text.rpartition("@")
    if not separator or not name or not number.isdigit() or int(number) < 1:
        raise UsageError(f"{text!r} is no version: write NAME@N, e.g. my-bot@3")
    return name, int(number)

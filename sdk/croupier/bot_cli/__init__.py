"""``croupier-bot``: submit a bot to a croupier server, follow its versions, try it locally.

Commands: ``submit DIR``, ``versions NAME``, ``retire NAME@N``, ``people NAME open|closed``
(over the server's HTTP API, with ``--server``/``CROUPIER_SERVER`` and
``--token``/``CROUPIER_AUTHOR_TOKEN``) and ``play DIR`` (a local arena against the SDK's
opponents). Errors are one line: exit status 2
for arguments that say nothing doable, 1 for an operation refused or failed.
"""

from __future__ import annotations

import argparse
import sys

from croupier._version import __version__
from croupier.bot_cli._errors import CliError
from croupier.bot_cli._people import add_people
from croupier.bot_cli._play import add_play
from croupier.bot_cli._submit import add_submit
from croupier.bot_cli._versions import add_retire, add_versions

__all__ = ["main"]

PROG = "croupier-bot"


def parser() -> argparse.ArgumentParser:
    """The command line's parser, every command in it."""
    made = argparse.ArgumentParser(
        prog=PROG,
        description="Submit bots to a croupier server and try them locally. A bot is a "
        "directory with a croupier.toml (name, game, command; see the SDK's README).",
    )
    made.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = made.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for add in (add_submit, add_versions, add_retire, add_people, add_play):
        add(commands)
    return made


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` says (default: the process's arguments); its exit status."""
    args = parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except CliError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return error.status
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    return status

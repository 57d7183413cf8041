"""The ``croupier`` command line.

Every command ends with a one-line error and a non-zero exit status on bad input (an
unknown bot, a bad option, an unreachable database) and when its database fails (a full
disk, a lock held too long, a lost connection), never with a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from croupier.games import IllegalAction, InvalidOptions, game_class, game_names
from croupier_server import __version__
from croupier_server.cli import (
    _authors,
    _bots,
    _dashboard,
    _db,
    _demo,
    _ladder,
    _match,
    _ratings,
    _replay,
    _serve,
    _sprt,
    _tournament,
    _worker,
)
from croupier_server.db.engine import DATABASE_FAILURES, database_failure
from croupier_server.errors import CroupierServerError

__all__ = ["build_parser", "main"]

_COMMANDS = (
    _bots,
    _authors,
    _match,
    _tournament,
    _sprt,
    _ladder,
    _ratings,
    _replay,
    _serve,
    _dashboard,
    _demo,
    _worker,
    _db,
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every ``croupier`` command."""
    titles = [game_class(name).title for name in game_names()]
    games = titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"
    parser = argparse.ArgumentParser(
        prog="croupier", description=f"Referee and tournament server for {games} bots."
    )
    parser.add_argument("--version", action="version", version=f"croupier {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in _COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    finally:
        engine = getattr(args, "engine", None)
        if engine is not None:
            engine.dispose()


def _run(args: argparse.Namespace) -> int:
    """Run the chosen command, turning every expected failure into a one-line error."""
    try:
        status: int = args.run(args)
    except (CroupierServerError, InvalidOptions, IllegalAction) as error:
        print(f"croupier: error: {error}", file=sys.stderr)
        return 1
    except DATABASE_FAILURES as error:  # one met outside the blocks that translate them
        engine = getattr(args, "engine", None)
        failure = database_failure(error, url=None if engine is None else engine.url)
        print(f"croupier: error: {failure}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("croupier: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (stdout lives until exit)
        return 0
    return status

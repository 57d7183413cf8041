"""The ``croupier`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from croupier_server import __version__
from croupier_server.demo import run_demo


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every ``croupier`` command."""
    parser = argparse.ArgumentParser(
        prog="croupier", description="Referee and tournament server for Lexio and Cribbage bots."
    )
    parser.add_argument("--version", action="version", version=f"croupier {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser("demo", help="play random games of every game and print them")
    demo.add_argument("--games", type=_positive_int, default=3, help="games per rule set")
    demo.add_argument("--seed", type=int, default=1, help="seed of the first game")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "demo":
        run_demo(sys.stdout, games=args.games, seed=args.seed)
    return 0


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value

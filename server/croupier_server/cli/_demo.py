"""``croupier demo``: random games of every game and variant, printed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from croupier_server.demo import run_demo

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``demo`` command."""
    demo = commands.add_parser("demo", help="play random games of every game and print them")
    demo.add_argument("--games", type=_positive_int, default=3, help="games per rule set")
    demo.add_argument("--seed", type=int, default=1, help="seed of the first game")
    demo.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play and print the demo games."""
    run_demo(sys.stdout, games=args.games, seed=args.seed)
    return 0


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text}")
    return value

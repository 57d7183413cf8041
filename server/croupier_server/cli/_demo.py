"""``croupier demo``: the main job in miniature, a short tournament of each game.

It registers the example bots (``examples/`` of a croupier checkout) in the database if
they are not there yet, then plays a short round robin of Lexio (4 seats, the four example
bots, duplicate deals) and one of two-player cribbage (six cards, the three example bots)
through the referee, with real bot processes, a progress bar and the standings with their
intervals at the end; then it serves the dashboard over the database until Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.addresses import listening_socket
from croupier_server.cli._common import (
    CliError,
    add_dashboard_options,
    add_database_option,
    open_database,
    positive_number,
    seed_number,
)
from croupier_server.cli._dashboard import serve_until_interrupted
from croupier_server.cli._tournament import play_tournament
from croupier_server.db import repository
from croupier_server.tournament.runner import create_tournament

__all__ = ["register"]


@dataclass(frozen=True, slots=True)
class DemoTournament:
    """One tournament of the demo: the game, its options, the example bots, the deals."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    deals: int


DEMO_TOURNAMENTS = (
    DemoTournament(
        "lexio",
        {"players": 4, "rounds": 3},
        ("lexio_strong", "lexio_greedy", "lexio_cautious", "lexio_random"),
        deals=3,
    ),
    DemoTournament(
        "cribbage",
        {"variant": "six-card", "match_points": 1},
        ("cribbage_strong", "cribbage_greedy", "cribbage_random"),
        deals=4,
    ),
)
"""Lexio: 3 tables x 4 rotations = 12 games; cribbage: 3 pairs x 4 deals x 2 = 24 games."""


def register(commands: Any) -> None:
    """Add the ``demo`` command."""
    demo = commands.add_parser("demo", help="a short tournament of each game, example bots")
    demo.add_argument(
        "--examples",
        type=Path,
        default=Path("examples"),
        help="the folder of the example bots (default: ./examples)",
    )
    demo.add_argument("--seed", type=seed_number, help="seed of the tournaments (default: random)")
    demo.add_argument("--concurrency", type=positive_number, help="games at once (default: CPUs)")
    add_dashboard_options(demo, optional=True)
    add_database_option(demo)
    demo.set_defaults(run=run, listen="127.0.0.1:0", json=False)


def run(args: argparse.Namespace) -> int:
    """Play the demo tournaments, print the standings, then serve the dashboard."""
    examples = _examples_folder(args.examples)
    if not args.no_dashboard:
        _check_dashboard_address(args.http)
    engine = open_database(args)
    _register_examples(engine, examples, {bot for demo in DEMO_TOURNAMENTS for bot in demo.bots})
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    for offset, demo in enumerate(DEMO_TOURNAMENTS):
        record = create_tournament(
            engine,
            game=load_game(demo.game, demo.options),
            bots=demo.bots,
            deals=demo.deals,
            seed=seed + offset,
            concurrency=args.concurrency,
        )
        assert record.id is not None
        play_tournament(args, engine, record.id)
        print()
    print("replay any game: croupier replay GAME_ID; all games: croupier ratings --game GAME")
    if not args.no_dashboard:
        asyncio.run(serve_until_interrupted(engine, args.http))
    return 0


def _examples_folder(given: Path) -> Path:
    """The folder of the example bots, resolved.

    Raises:
        CliError: there is no such folder (or no such name could be a folder at all).
    """
    try:
        folder = given.resolve()
        if folder.is_dir():
            return folder
    except (OSError, ValueError):  # a NUL in it, a name too long: no folder either
        pass
    raise CliError(f"no example bots in {str(given)!r} (run the demo from a croupier checkout)")


def _check_dashboard_address(address: str) -> None:
    """Fail before the tournaments rather than after them if the dashboard cannot listen."""
    try:
        listening_socket(address).close()
    except (OSError, ValueError) as error:
        raise CliError(f"cannot serve the dashboard on {address}: {error}") from None


def _register_examples(engine: Engine, examples: Path, names: set[str]) -> None:
    with Session(engine) as session:
        for name in sorted(names):
            if repository.get_bot_by_name(session, name=name) is not None:
                continue
            script = examples / f"{name}.py"
            if not script.is_file():
                raise CliError(
                    f"no example bot {str(script)!r} (run the demo from a croupier checkout)"
                )
            repository.add_bot(
                session,
                name=name,
                game=name.split("_")[0],
                command=f"{sys.executable} {script}",
                description="an example bot of croupier",
            )

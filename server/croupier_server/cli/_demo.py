"""``croupier demo``: the example bots play recorded games through the referee.

It registers the example bots (``examples/`` of a croupier checkout) in the database if
they are not there yet, plays a Lexio match (4 seats) and a cribbage game (two players,
six cards) between them with every move judged by the referee, and prints the results and
how to replay them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server.cli._common import CliError, add_database_option, open_database
from croupier_server.cli._match import print_match
from croupier_server.db import repository
from croupier_server.matches import load_bots, play_match
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry

__all__ = ["register"]

DEMO_GAMES: tuple[tuple[str, dict[str, Any], tuple[str, ...]], ...] = (
    ("lexio", {"players": 4}, ("lexio_strong", "lexio_greedy", "lexio_random", "lexio_greedy")),
    (
        "cribbage",
        {"variant": "six-card", "match_points": 1},
        ("cribbage_strong", "cribbage_greedy"),
    ),
)
"""Each demo game: the game, its options and the example bots in seat order."""


def register(commands: Any) -> None:
    """Add the ``demo`` command."""
    demo = commands.add_parser("demo", help="the example bots play recorded games")
    demo.add_argument(
        "--examples",
        type=Path,
        default=Path("examples"),
        help="the folder of the example bots (default: ./examples)",
    )
    demo.add_argument("--seed", type=int, help="seed of the first deal (default: random)")
    add_database_option(demo)
    demo.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Register the example bots if needed, play the demo games and print them."""
    examples = args.examples.resolve()
    engine = open_database(args)
    names = {name for _, _, seats in DEMO_GAMES for name in seats}
    _register_examples(engine, examples, names)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    asyncio.run(_play_demo(engine, seed))
    return 0


def _register_examples(engine: Engine, examples: Path, names: set[str]) -> None:
    with Session(engine) as session:
        for name in sorted(names):
            if repository.get_bot_by_name(session, name=name) is not None:
                continue
            script = examples / f"{name}.py"
            if not script.is_file():
                raise CliError(f"no example bot {script} (run the demo from a croupier checkout)")
            repository.add_bot(
                session,
                name=name,
                game=name.split("_")[0],
                command=f"{sys.executable} {script}",
                working_directory=str(examples.parent),
                description="an example bot of croupier",
            )


async def _play_demo(engine: Engine, seed: int) -> None:
    server = RefereeServer(SessionRegistry())
    await server.start()
    try:
        for offset, (name, options, seats) in enumerate(DEMO_GAMES):
            game: Game[Any] = load_game(name, options)
            bots = load_bots(engine, names=seats, game=game)
            game_id, log = await play_match(
                engine, server, game=game, bots=bots, seed=seed + offset, settings=MatchSettings()
            )
            print_match(game_id, game, bots, log)
            print()
    finally:
        await server.stop()

"""``croupier demo``: the main job in miniature, a short tournament of each game.

The tournaments are those the examples folder (``examples/`` of a croupier checkout) lists
in its ``demo.toml``: a short round robin of each game between its example bots. The demo
registers the bots in the database if they are not there yet, plays the tournaments
through the referee, with real bot processes, a progress bar and the standings with their
intervals at the end; then it serves the dashboard over the database until Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.addresses import listening_socket
from croupier_server.cli._dashboard import serve_until_interrupted
from croupier_server.cli._options import (
    add_dashboard_options,
    add_database_option,
    open_database,
    positive_number,
    seed_number,
)
from croupier_server.cli._output import CliError
from croupier_server.cli._tournament import play_tournament
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.runner import create_tournament

__all__ = ["register"]


DEMO_FILE = "demo.toml"
"""The file of the examples folder that lists the demo's tournaments."""


@dataclass(frozen=True, slots=True)
class DemoTournament:
    """One tournament of the demo: the game, its options, the example bots, the deals."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    deals: int


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
    tournaments = _demo_tournaments(examples / DEMO_FILE)
    engine = open_database(args)
    _register_examples(
        engine, examples, {bot: demo.game for demo in tournaments for bot in demo.bots}
    )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    for offset, demo in enumerate(tournaments):
        record = create_tournament(
            engine,
            game=load_game(demo.game, demo.options),
            bots=demo.bots,
            seed=seed + offset,
            format_settings=RoundRobinSettings(deals=demo.deals),
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


def _demo_tournaments(path: Path) -> list[DemoTournament]:
    """The tournaments of the demo file ``path``.

    Raises:
        CliError: the file is missing, or not a list of tournaments.
    """
    try:
        with path.open("rb") as file:
            listed = tomllib.load(file)["tournament"]
        return [
            DemoTournament(
                game=str(each["game"]),
                options=dict(each.get("options", {})),
                bots=tuple(str(bot) for bot in each["bots"]),
                deals=int(each["deals"]),
            )
            for each in listed
        ]
    except OSError as error:
        reason = error.strerror or str(error)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as error:
        reason = f"not a list of tournaments ({error})"
    raise CliError(
        f"no demo tournaments in {str(path)!r}: {reason} (run the demo from a croupier checkout)"
    )


def _register_examples(engine: Engine, examples: Path, games: dict[str, str]) -> None:
    """Register each example bot of ``games`` (its name: its game) that is not yet."""
    with Session(engine) as session:
        for name, game in sorted(games.items()):
            if db.get_bot_by_name(session, name=name) is not None:
                continue
            script = examples / f"{name}.py"
            if not script.is_file():
                raise CliError(
                    f"no example bot {str(script)!r} (run the demo from a croupier checkout)"
                )
            db.add_bot(
                session,
                name=name,
                game=game,
                command=f"{sys.executable} {script}",
                description="an example bot of croupier",
            )

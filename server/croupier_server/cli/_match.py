"""``croupier match``: one recorded game between registered bots."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from typing import Any

from croupier.games import Game
from croupier_server.cli._options import (
    add_database_option,
    add_limit_options,
    add_sealing_option,
    add_time_options,
    add_tls_options,
    limits_from_args,
    open_database,
    sealing_from_args,
    seed_number,
    time_control_from_args,
    tls_from_args,
    tls_trust_line,
)
from croupier_server.cli._output import print_json
from croupier_server.cli._rules import add_rules_options, rules_from_args
from croupier_server.cli._serving import referee_serving
from croupier_server.db import BotRecord
from croupier_server.recorded_games import load_bots, play_recorded_game
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.seat import FaultPolicy

__all__ = ["print_match", "register"]


def register(commands: Any) -> None:
    """Add the ``match`` command."""
    match = commands.add_parser("match", help="play one recorded game between registered bots")
    add_rules_options(match)
    match.add_argument(
        "--bot", action="append", required=True, metavar="NAME", help="a bot per seat, in order"
    )
    match.add_argument("--seed", type=seed_number, help="the seed of the deal (default: random)")
    match.add_argument(
        "--listen",
        default="127.0.0.1:0",
        metavar="ADDRESS",
        help="where the referee listens (host:port or unix:/path; remote bots connect here)",
    )
    add_tls_options(match)
    add_time_options(match)
    match.add_argument("--json", action="store_true", help="print the result as JSON")
    add_limit_options(match)
    add_sealing_option(match)
    add_database_option(match)
    match.set_defaults(run=run_match)


def run_match(args: argparse.Namespace) -> int:
    """Play the game, print its result and id."""
    game = rules_from_args(args)
    tls = tls_from_args(args)
    engine = open_database(args)
    bots = load_bots(engine, names=args.bot, game=game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    settings = RefereeSettings(
        time_control=time_control_from_args(args),
        policy=FaultPolicy(),
        limits=limits_from_args(args),
        sealed=sealing_from_args(args),
    )

    async def play() -> tuple[int, GameLog]:
        async with referee_serving(engine, args.listen, tls=tls) as server:
            if (trust := tls_trust_line(tls)) is not None:
                print(trust, file=sys.stderr, flush=True)
            return await play_recorded_game(
                engine, server, game=game, bots=bots, seed=seed, settings=settings
            )

    game_id, log = asyncio.run(play())
    if args.json:
        print_json(_match_data(game_id, game, bots, log))
    else:
        print_match(game_id, game, bots, log)
    return 0


def _match_data(
    game_id: int, game: Game[Any], bots: list[BotRecord], log: GameLog
) -> dict[str, Any]:
    result = log.result
    return {
        "game_id": game_id,
        "game": game.name,
        "options": game.options(),
        "seed": log.seed,
        "seats": [
            {
                "seat": seat,
                "bot": bot.name,
                "score": result.scores[seat] if result else None,
                "place": result.places[seat] if result else None,
                "status": log.seat_status[seat] if log.seat_status else None,
                "faults": [
                    f"{fault.kind}: {fault.detail}" for fault in log.faults if fault.seat == seat
                ],
            }
            for seat, bot in enumerate(bots)
        ],
    }


def print_match(game_id: int, game: Game[Any], bots: list[BotRecord], log: GameLog) -> None:
    """Print a played game: each seat's bot, place, score, status and faults."""
    data = _match_data(game_id, game, bots, log)
    print(f"game {game_id}: {game.name} {game.options()} seed {log.seed}")
    for seat in data["seats"]:
        faults = f", {len(seat['faults'])} fault(s)" if seat["faults"] else ""
        print(
            f"  seat {seat['seat']} {seat['bot']:20} place {seat['place']}  "
            f"score {seat['score']:>5}  {seat['status']}{faults}"
        )
        for fault in seat["faults"][:5]:
            print(f"      {fault}")
    print(f"replay it: croupier replay {game_id}")

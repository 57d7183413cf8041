"""``croupier serve``: the referee for remote bots and the dashboard, on one database.

Remote bots (``croupier bot add NAME --remote``) connect with their key; whenever enough
distinct bots of the game are connected and idle, a game between a random choice of them
is played and recorded, lichess-style. Bots registered after the server started are
admitted after a restart. The dashboard serves the same database meanwhile (``--http``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server.cli._common import (
    CliError,
    add_dashboard_options,
    add_database_option,
    add_rules_options,
    dashboard_serving,
    open_database,
    referee_serving,
    rules_from_args,
)
from croupier_server.db import BotKind, BotRecord, repository
from croupier_server.matches import play_match
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.service import RefereeServer

__all__ = ["register"]

POLL_SECONDS = 0.2


def register(commands: Any) -> None:
    """Add the ``serve`` command."""
    serve = commands.add_parser("serve", help="run the referee for remote bots and the dashboard")
    add_rules_options(serve)
    serve.add_argument("--listen", default="127.0.0.1:50051", metavar="ADDRESS")
    serve.add_argument("--games", type=int, help="stop after this many games (default: never)")
    serve.add_argument("--seed", type=int, help="seed of the pairing and deals")
    add_dashboard_options(serve, optional=True)
    add_database_option(serve)
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted (or until ``--games`` games are played)."""
    game = rules_from_args(args)
    engine = open_database(args)
    bots = _remote_bots(engine, game)
    if len(bots) < game.num_players:
        raise CliError(
            f"{game.num_players} remote {game.name} bots are needed, {len(bots)} registered "
            "(croupier bot add NAME --game GAME --remote)"
        )
    asyncio.run(_serve(engine, game, bots, args))
    return 0


def _remote_bots(engine: Engine, game: Game[Any]) -> dict[str, BotRecord]:
    with Session(engine) as session:
        return {
            bot.name: bot
            for bot in repository.list_bots(session, game=game.name)
            if bot.kind is BotKind.REMOTE
        }


async def _serve(
    engine: Engine, game: Game[Any], bots: dict[str, BotRecord], args: argparse.Namespace
) -> None:
    async with contextlib.AsyncExitStack() as stack:
        server = await stack.enter_async_context(referee_serving(engine, args.listen))
        print(
            f"referee listening on {server.address} for remote {game.name} bots: {', '.join(bots)}",
            flush=True,
        )
        if not args.no_dashboard:
            dashboard = await stack.enter_async_context(dashboard_serving(engine, args.http))
            print(f"dashboard: {dashboard.url}", flush=True)
        rng = random.Random(args.seed)
        busy: set[str] = set()
        games: set[asyncio.Task[None]] = set()
        played = 0
        while args.games is None or played < args.games:
            idle = [
                name
                for name in server.registry.idle_remote_bots()
                if name in bots and name not in busy
            ]
            if len(idle) < game.num_players:
                await asyncio.sleep(POLL_SECONDS)
                continue
            chosen = rng.sample(idle, game.num_players)
            busy.update(chosen)
            played += 1
            seated = [bots[name] for name in chosen]
            seed = rng.randrange(2**63)
            task = asyncio.create_task(_play(engine, server, game, seated, seed=seed, busy=busy))
            games.add(task)
            task.add_done_callback(games.discard)
        await asyncio.gather(*games)


async def _play(
    engine: Engine,
    server: RefereeServer,
    game: Game[Any],
    seated: list[BotRecord],
    *,
    seed: int,
    busy: set[str],
) -> None:
    try:
        game_id, log = await play_match(
            engine, server, game=game, bots=seated, seed=seed, settings=MatchSettings()
        )
        scores = log.result.scores if log.result else ()
        names = ", ".join(f"{bot.name} {score}" for bot, score in zip(seated, scores, strict=False))
        print(f"game {game_id}: {names}", flush=True)
    finally:
        busy.difference_update(bot.name for bot in seated)

"""``croupier serve``: the referee and the dashboard on one database, playing what is asked.

The server plays the tournaments queued through the dashboard (``POST /api/tournaments``
or its form), oldest first, one at a time, as ``croupier tournament resume`` plays a
stored tournament; one it is stopped in the middle of is queued again, for the next
``serve`` to finish.

Remote bots (``croupier bot add NAME --remote``) connect with their key; those registered
through this server's dashboard are admitted at once, others after a restart. With
``--game``, the server also pairs them: whenever enough distinct remote bots of the game
(registered when it started) are connected and idle, a game between a random choice of
them is played and recorded, lichess-style.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server.cli._common import (
    CliError,
    DashboardTokens,
    add_access_options,
    add_dashboard_options,
    add_database_option,
    add_rules_options,
    add_sealing_option,
    dashboard_serving,
    dashboard_tokens,
    open_database,
    positive_number,
    referee_serving,
    rules_from_args,
    sealing_from_args,
    seed_number,
)
from croupier_server.db import BotKind, BotRecord, TournamentRecord, TournamentStatus, repository
from croupier_server.matches import MatchError, play_match
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.runner import run_tournament

__all__ = ["register"]

POLL_SECONDS = 0.2
"""How often idle remote bots are looked for."""
QUEUE_POLL_SECONDS = 1.0
"""How often queued tournaments are looked for while none is played."""

_RULES_OPTIONS = ("players", "variant", "rounds", "match_points", "games", "seed")


def register(commands: Any) -> None:
    """Add the ``serve`` command."""
    serve = commands.add_parser(
        "serve",
        help="run the referee and the dashboard: play queued tournaments, pair remote bots",
        description="Run the referee and the dashboard. Plays the tournaments queued through "
        "the dashboard; with --game, also plays games among the remote bots connected.",
    )
    serve.add_argument(
        "--listen",
        default="127.0.0.1:50051",
        metavar="ADDRESS",
        help="where bots connect (default: 127.0.0.1:50051)",
    )
    add_rules_options(serve, required=False)
    serve.add_argument(
        "--games", type=positive_number, help="stop after this many games of remote bots"
    )
    serve.add_argument(
        "--seed", type=seed_number, help="seed of the remote bots' pairing and deals"
    )
    add_sealing_option(serve)
    add_dashboard_options(serve, optional=True)
    add_access_options(serve)
    add_database_option(serve)
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted (or until ``--games`` games of remote bots are played)."""
    game = _pairing_rules(args)
    sealing_from_args(args)
    tokens = None if args.no_dashboard else dashboard_tokens(read_protected=args.read_token)
    engine = open_database(args)
    bots: dict[str, BotRecord] = {}
    if game is not None:
        bots = _remote_bots(engine, game)
        if len(bots) < game.num_players:
            raise CliError(
                f"{game.num_players} remote {game.name} bots are needed, {len(bots)} registered "
                "(croupier bot add NAME --game GAME --remote)"
            )
    asyncio.run(_serve(engine, args, tokens, game, bots))
    return 0


def _pairing_rules(args: argparse.Namespace) -> Game[Any] | None:
    """The rules of the remote bots' games, if ``--game`` asks for them."""
    if args.game is not None:
        return rules_from_args(args)
    stray = [name for name in _RULES_OPTIONS if getattr(args, name) is not None]
    if stray:
        flags = ", ".join(f"--{name.replace('_', '-')}" for name in stray)
        raise CliError(f"{flags}: options of the remote bots' games, which need --game")
    return None


def _remote_bots(engine: Engine, game: Game[Any]) -> dict[str, BotRecord]:
    with Session(engine) as session:
        return {
            bot.name: bot
            for bot in repository.list_bots(session, game=game.name)
            if bot.kind is BotKind.REMOTE
        }


async def _serve(
    engine: Engine,
    args: argparse.Namespace,
    tokens: DashboardTokens | None,
    game: Game[Any] | None,
    bots: dict[str, BotRecord],
) -> None:
    async with contextlib.AsyncExitStack() as stack:
        server = await stack.enter_async_context(referee_serving(engine, args.listen))
        pairing = f" for remote {game.name} bots: {', '.join(bots)}" if game is not None else ""
        print(f"referee listening on {server.address}{pairing}", flush=True)
        if tokens is not None:
            await stack.enter_async_context(
                dashboard_serving(engine, args.http, tokens, referee=server)
            )
        queue = asyncio.create_task(_play_queued_tournaments(engine, server, args.sealed))
        try:
            if game is None:
                await queue
            else:
                await _pair_remote_bots(engine, server, game, bots, args)
        finally:
            queue.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await queue


async def _play_queued_tournaments(engine: Engine, server: RefereeServer, sealed: bool) -> None:
    """Play the queued tournaments, oldest first, one at a time, for ever (``sealed``: so)."""
    while True:
        record = await _claim_queued(engine)
        if record is None:
            await asyncio.sleep(QUEUE_POLL_SECONDS)
            continue
        await _play_tournament(engine, server, record, sealed)


async def _claim_queued(engine: Engine) -> TournamentRecord | None:
    """The oldest queued tournament, claimed; one claimed as the server stops is queued again."""
    claim = asyncio.ensure_future(asyncio.to_thread(_claim, engine))
    try:
        return await asyncio.shield(claim)
    except asyncio.CancelledError:
        # The claim ends in its thread whatever happens here: it must not be lost.
        record = await claim
        if record is not None and record.id is not None:
            _set_status(engine, record.id, TournamentStatus.QUEUED)
        raise


def _claim(engine: Engine) -> TournamentRecord | None:
    with Session(engine) as session:
        return repository.claim_queued_tournament(session)


async def _play_tournament(
    engine: Engine, server: RefereeServer, record: TournamentRecord, sealed: bool
) -> None:
    """Play a claimed tournament; queue it again if the server stops in its middle."""
    assert record.id is not None
    label = f"tournament {record.id} ({record.game}: {', '.join(record.settings['bots'])})"
    print(f"{label}: playing", flush=True)
    try:
        progress = await run_tournament(engine, server, tournament_id=record.id, sealed=sealed)
    except MatchError as error:
        print(f"{label} stopped: {error}", flush=True)
        print(f"resume it: croupier tournament resume {record.id}", flush=True)
        return
    except asyncio.CancelledError:
        _set_status(engine, record.id, TournamentStatus.QUEUED)
        raise
    print(f"{label}: finished, {progress.done}/{progress.total} games", flush=True)


def _set_status(engine: Engine, tournament_id: int, status: TournamentStatus) -> None:
    with Session(engine) as session:
        repository.set_tournament_status(session, tournament_id=tournament_id, status=status)


async def _pair_remote_bots(
    engine: Engine,
    server: RefereeServer,
    game: Game[Any],
    bots: dict[str, BotRecord],
    args: argparse.Namespace,
) -> None:
    """Play games among idle remote bots until ``--games`` are played (or for ever)."""
    rng = random.Random(args.seed)
    busy: set[str] = set()
    games: set[asyncio.Task[None]] = set()
    played = 0
    while args.games is None or played < args.games:
        idle = [
            name for name in server.registry.idle_remote_bots() if name in bots and name not in busy
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
    seated: Sequence[BotRecord],
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

"""Games among the remote bots connected to a referee, lichess-style.

Whenever enough distinct remote bots of the game are connected and idle, a game between a
random choice of them is played and recorded; several games may run at once, each bot in
one at a time.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Engine

from croupier.games import Game
from croupier_server.db import BotRecord
from croupier_server.logs import ids
from croupier_server.recorded_games import play_recorded_game
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.service import RefereeServer

__all__ = ["POLL_SECONDS", "pair_remote_bots"]

POLL_SECONDS = 0.2
"""How often idle remote bots are looked for."""

_LOG = logging.getLogger(__name__)


async def pair_remote_bots(
    engine: Engine,
    server: RefereeServer,
    game: Game[Any],
    bots: Mapping[str, BotRecord],
    *,
    games: int | None,
    seed: int | None,
) -> None:
    """Play games of ``game`` among the idle ones of ``bots`` until ``games`` are played.

    ``games`` ``None``: for ever. ``seed`` fixes the pairing and the deals (``None``:
    random). Each game's id and scores are logged as it ends.
    """
    rng = random.Random(seed)
    busy: set[str] = set()
    playing: set[asyncio.Task[None]] = set()
    played = 0
    while games is None or played < games:
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
        task = asyncio.create_task(
            _play(
                engine,
                server,
                game,
                seated,
                seed=rng.randrange(2**63),
                busy=busy,
            )
        )
        playing.add(task)
        task.add_done_callback(playing.discard)
    await asyncio.gather(*playing)


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
        game_id, log = await play_recorded_game(
            engine, server, game=game, bots=seated, seed=seed, settings=RefereeSettings()
        )
        scores = log.result.scores if log.result else ()
        names = ", ".join(f"{bot.name} {score}" for bot, score in zip(seated, scores, strict=False))
        _LOG.info("game %d: %s", game_id, names, extra=ids(game=game_id))
    finally:
        busy.difference_update(bot.name for bot in seated)

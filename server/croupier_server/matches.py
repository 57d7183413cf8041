"""Recorded matches: registered bots play a game through the referee, and it is stored."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server.db import BotKind, BotRecord, MatchStatus, repository
from croupier_server.referee.match import Entrant, MatchSettings, referee_game
from croupier_server.referee.records import GameLog
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import SessionRegistry
from croupier_server.referee.store import store_game_log

__all__ = ["MatchError", "allow_remote_bots", "load_bots", "play_match"]


class MatchError(Exception):
    """A match that cannot be played as asked (unknown bots, the wrong game, ...)."""


def load_bots(engine: Engine, *, names: Sequence[str], game: Game[Any]) -> list[BotRecord]:
    """The registered bots named ``names``, one per seat of ``game``.

    Raises:
        MatchError: a name is unknown, a bot plays another game, or the count is wrong.
    """
    if len(names) != game.num_players:
        raise MatchError(
            f"{game.name} with these rules needs {game.num_players} bots, not {len(names)}"
        )
    with Session(engine) as session:
        bots = []
        for name in names:
            bot = repository.get_bot_by_name(session, name=name)
            if bot is None:
                raise MatchError(f"no bot named {name!r} (see: croupier bot list)")
            if bot.game != game.name:
                raise MatchError(f"bot {name!r} plays {bot.game}, not {game.name}")
            bots.append(bot)
    return bots


def allow_remote_bots(engine: Engine, registry: SessionRegistry) -> None:
    """Let every registered remote bot connect to ``registry`` with its key."""
    with Session(engine) as session:
        for bot in repository.list_bots(session):
            if bot.kind is BotKind.REMOTE and bot.key_hash is not None:
                registry.allow_remote(bot.key_hash, bot.name)


async def play_match(
    engine: Engine,
    server: RefereeServer,
    *,
    game: Game[Any],
    bots: Sequence[BotRecord],
    seed: int,
    settings: MatchSettings,
) -> tuple[int, GameLog]:
    """Play one recorded game between ``bots`` (in seat order); returns its id and log."""
    match_id, game_id, tokens = await asyncio.to_thread(_create, engine, game, bots, seed, settings)
    entrants = [
        Entrant(
            bot.name, bot.command if bot.kind is BotKind.COMMAND else None, bot.working_directory
        )
        for bot in bots
    ]
    try:
        log = await referee_game(
            server,
            game_id=str(game_id),
            game=game,
            seed=seed,
            entrants=entrants,
            tokens=tokens,
            settings=settings,
        )
    except BaseException:
        await asyncio.to_thread(_abort, engine, match_id, game_id)
        raise
    await asyncio.to_thread(_store, engine, match_id, game_id, log)
    return game_id, log


def _create(
    engine: Engine, game: Game[Any], bots: Sequence[BotRecord], seed: int, settings: MatchSettings
) -> tuple[int, int, list[str]]:
    with Session(engine) as session:
        match = repository.create_match(
            session, game=game.name, options=game.options(), settings=_settings_data(settings)
        )
        assert match.id is not None
        record, tokens = repository.create_game(
            session, match_id=match.id, seed=seed, bot_ids=[bot.id for bot in bots if bot.id]
        )
        assert record.id is not None
        return match.id, record.id, list(tokens)


def _store(engine: Engine, match_id: int, game_id: int, log: GameLog) -> None:
    with Session(engine) as session:
        store_game_log(session, game_id=game_id, log=log)
        repository.set_match_status(session, match_id=match_id, status=MatchStatus.FINISHED)


def _abort(engine: Engine, match_id: int, game_id: int) -> None:
    with Session(engine) as session:
        repository.abort_game(session, game_id=game_id, reason="the referee stopped")
        repository.set_match_status(session, match_id=match_id, status=MatchStatus.ABORTED)


def _settings_data(settings: MatchSettings) -> dict[str, Any]:
    return {
        "time_control": dataclasses.asdict(settings.time_control),
        "fault_policy": dataclasses.asdict(settings.policy),
    }

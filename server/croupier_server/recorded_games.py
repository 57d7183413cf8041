"""Recorded games: registered bots play a game through the referee, and it is stored.

The one place a game is created in the database, refereed and stored, for a game alone
(``croupier match``) and for the games of a tournament alike.

A game is stored whole when it ends, in one transaction, or not at all: a game that was
running when croupier died, or when its database failed, stays ``running`` there until a
resumed tournament aborts it and plays it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, Seat
from croupier_server import db
from croupier_server.control import TimeControl
from croupier_server.db import BotKind, BotRecord
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.errors import CroupierServerError
from croupier_server.game_store import ActionWriter, store_game_log
from croupier_server.referee.containment.limits import BotLimits, LimitSettings, effective_limits
from croupier_server.referee.game import (
    Entrant,
    MustStart,
    ProcessSource,
    RefereeSettings,
    referee_game,
)
from croupier_server.referee.records import GameLog
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.seat import FaultPolicy
from croupier_server.referee.service import RefereeServer
from croupier_server.threads import to_thread_to_the_end
from croupier_server.tokens import new_secret

__all__ = [
    "Fork",
    "GameSetupError",
    "ScheduleLink",
    "allow_remote_bots",
    "bot_limits",
    "load_bots",
    "play_recorded_game",
    "referee_recorded_game",
    "settings_data",
    "settings_from_data",
]


class GameSetupError(CroupierServerError):
    """A game that cannot be played as asked (unknown bots, bots of another game, ...)."""


@dataclass(frozen=True, slots=True)
class Fork:
    """Where a game forked from another begins: that game and its first actions."""

    game_id: int
    opening: Sequence[tuple[Seat, Any]]
    """The (seat, action) of each of its first steps, played again before anyone is asked."""


@dataclass(frozen=True, slots=True)
class ScheduleLink:
    """Where a game stands in a tournament: its schedule number and its deal."""

    tournament_id: int
    number: int
    deal: int


def load_bots(engine: Engine, *, names: Sequence[str], game: Game[Any]) -> list[BotRecord]:
    """The registered bots named ``names``, in that order.

    Raises:
        GameSetupError: a name is unknown, or a bot plays another game.
        DatabaseFailure: the database failed.
    """
    with translated_failures(engine), Session(engine) as session:
        bots = []
        for name in names:
            bot = db.get_bot_by_name(session, name=name)
            if bot is None:
                raise GameSetupError(f"no bot named {name!r} (see: croupier bot list)")
            if bot.game != game.name:
                raise GameSetupError(f"bot {name!r} plays {bot.game}, not {game.name}")
            bots.append(bot)
    return bots


def allow_remote_bots(engine: Engine, registry: SessionRegistry) -> None:
    """Let every registered remote bot connect to ``registry`` with its key."""
    with Session(engine) as session:
        for bot in db.list_bots(session):
            if bot.kind is BotKind.REMOTE and bot.key_hash is not None:
                registry.allow_remote(bot.key_hash, bot.name, game=bot.game)


async def play_recorded_game(
    engine: Engine,
    server: RefereeServer,
    *,
    game: Game[Any],
    bots: Sequence[BotRecord],
    seed: int,
    settings: RefereeSettings,
    link: ScheduleLink | None = None,
    processes: ProcessSource | None = None,
    must_start: MustStart | None = None,
    rated: bool = True,
    seated: Mapping[Seat, Entrant] | None = None,
    fork: Fork | None = None,
    on_start: Callable[[GameLog], None] | None = None,
) -> tuple[int, GameLog]:
    """Play one recorded game between ``bots`` (in seat order); returns its id and log.

    A game not ``rated`` (a submitted version's check, a person's table) is stored so, and
    counts in no rating. ``seated`` gives the entrants of some seats (a person's session),
    in place of those made from their bots. A ``fork`` game begins with the first actions
    of another game, and says so in its stored settings. ``on_start`` is given the game's
    log once the game is stored as running; the log fills as the game is played.

    The command bots' processes are started for this game, or borrowed from
    ``processes`` (a tournament's pool) and given back when it is over.

    A game the referee could not finish is stored aborted (its log has no result); so is
    one stopped before it was played because a bot that ``must_start`` never said Hello
    (``ended_by`` ``not_started``, :attr:`GameLog.stopped` saying why). An exception of
    the referee, or a cancellation, aborts it and is raised again.

    Raises:
        GameSetupError: not one bot per seat.
        DatabaseFailure: the database failed; the game is ended, its bots too.
    """
    if len(bots) != game.num_players:
        raise GameSetupError(
            f"{game.name} with these rules needs {game.num_players} bots, not {len(bots)}"
        )
    stored_settings = settings_data(settings)
    if fork is not None:
        stored_settings["forked_from"] = {"game_id": fork.game_id, "step": len(fork.opening)}
    game_id = await asyncio.to_thread(
        _create, engine, game, bots, seed, settings=stored_settings, link=link, rated=rated
    )
    log = GameLog(game_id=str(game_id), game=game, seed=seed)
    if fork is not None:
        log.opening = list(fork.opening)
    if on_start is not None:
        on_start(log)
    try:
        stored_actions = await referee_recorded_game(
            engine,
            server,
            log,
            bots=bots,
            settings=settings,
            processes=processes,
            must_start=must_start,
            seated=seated,
        )
    except BaseException:
        # When the database is what failed, the game stays running there: a resume aborts it.
        with contextlib.suppress(DatabaseFailure):
            await to_thread_to_the_end(_abort, engine, game_id)
        raise
    # Stored to the end even when cancelled meanwhile: whoever cancelled finds it finished.
    await to_thread_to_the_end(_store, engine, game_id, log, stored_actions)
    return game_id, log


async def referee_recorded_game(
    engine: Engine,
    server: RefereeServer,
    log: GameLog,
    *,
    bots: Sequence[BotRecord],
    settings: RefereeSettings,
    processes: ProcessSource | None = None,
    must_start: MustStart | None = None,
    seated: Mapping[Seat, Entrant] | None = None,
) -> int:
    """Referee the stored running game of ``log``, storing its actions as they come.

    A command bot that never says Hello and that ``must_start`` says had to stops the game
    before it is played (see :func:`~croupier_server.referee.game.referee_game`).
    ``seated`` gives the entrants of some seats in place of those made from their bots.
    ``log`` (of the game's id, rules and seed) fills as the game is played. Returns how
    many of its actions are stored; the caller stores the rest
    (:func:`~croupier_server.game_store.store_game_log`) or gives up the game.

    Raises:
        DatabaseFailure: the database failed; the game is ended, its bots too.
    """
    tokens = [new_secret() for _ in bots]
    given = seated or {}
    entrants = [
        given.get(seat)
        or Entrant(
            bot.name,
            command=bot.command if bot.kind is BotKind.COMMAND else None,
            limits=bot_limits(bot, settings),
        )
        for seat, bot in enumerate(bots)
    ]
    writer = ActionWriter(engine, game_id=int(log.game_id), log=log)
    await _referee_writing(
        server,
        writer,
        log,
        entrants=entrants,
        tokens=tokens,
        settings=settings,
        processes=processes,
        must_start=must_start,
    )
    return writer.stored


async def _referee_writing(
    server: RefereeServer,
    writer: ActionWriter,
    log: GameLog,
    *,
    entrants: Sequence[Entrant],
    tokens: Sequence[str],
    settings: RefereeSettings,
    processes: ProcessSource | None,
    must_start: MustStart | None,
) -> None:
    """Referee the game of ``log`` while ``writer`` stores its actions as they come.

    A failure of the database ends the game at once rather than play it out unrecorded.
    """
    finished = asyncio.Event()
    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(writer.follow(finished))
            try:
                await referee_game(
                    server,
                    log,
                    entrants=entrants,
                    tokens=tokens,
                    settings=settings,
                    processes=processes,
                    must_start=must_start,
                )
            finally:
                finished.set()
    except BaseExceptionGroup as failures:
        raise failures.exceptions[0] from None


def bot_limits(bot: BotRecord, settings: RefereeSettings) -> BotLimits:
    """The limits ``bot``'s processes run with: its own combined with the game's."""
    cut = LimitSettings(network=False) if settings.sealed else LimitSettings()
    return effective_limits(LimitSettings.from_data(bot.limits), settings.limits, cut)


def settings_data(settings: RefereeSettings) -> dict[str, Any]:
    """The referee's settings of a game as JSON values, as they are stored."""
    return {
        "time_control": dataclasses.asdict(settings.time_control),
        "fault_policy": dataclasses.asdict(settings.policy),
        "limits": settings.limits.items(),
        "sealed": settings.sealed,
    }


def settings_from_data(data: dict[str, Any]) -> RefereeSettings:
    """The referee's settings of a game stored as :func:`settings_data` wrote them.

    Settings stored before limits could be set have none: the defaults apply; so do
    settings stored before seats could be sealed: they are not required to be.
    """
    return RefereeSettings(
        time_control=TimeControl.from_data(data["time_control"]),
        policy=FaultPolicy(**data["fault_policy"]),
        limits=LimitSettings.from_data(data.get("limits", {})),
        sealed=bool(data.get("sealed", False)),
    )


def _create(
    engine: Engine,
    game: Game[Any],
    bots: Sequence[BotRecord],
    seed: int,
    *,
    settings: dict[str, Any],
    link: ScheduleLink | None,
    rated: bool,
) -> int:
    with translated_failures(engine), Session(engine) as session:
        record = db.create_game(
            session,
            game=game.name,
            options=game.options(),
            seed=seed,
            bot_ids=[bot.id for bot in bots if bot.id],
            settings=settings,
            tournament_id=None if link is None else link.tournament_id,
            schedule_number=None if link is None else link.number,
            schedule_deal=None if link is None else link.deal,
            rated=rated,
        )
        assert record.id is not None
        return record.id


def _store(engine: Engine, game_id: int, log: GameLog, stored_actions: int) -> None:
    with translated_failures(engine), Session(engine) as session:
        store_game_log(session, game_id=game_id, log=log, stored_actions=stored_actions)


def _abort(engine: Engine, game_id: int) -> None:
    with translated_failures(engine), Session(engine) as session:
        db.abort_game(session, game_id=game_id, reason="the referee stopped")

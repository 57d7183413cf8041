"""Opening and closing a ladder, checked as a tournament is before it is stored.

A ladder is stored with its tournament (format ``ladder``) in one transaction; nothing is
stored when it is refused. ``croupier serve`` plays the open ladders; closing one cancels
its games chosen and not begun.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server import db
from croupier_server.db import BotKind, RecordNotFound
from croupier_server.db.engine import translated_failures
from croupier_server.db.ladder_games import close_ladder as close_stored_ladder
from croupier_server.db.ladder_games import create_ladder
from croupier_server.db.ladders import LadderRecord
from croupier_server.errors import CroupierServerError
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.ladder.settings import LadderSettings
from croupier_server.recorded_games import settings_data
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats.ladder import LadderTournament
from croupier_server.tournament.settings import ProcessMode, TournamentSettings

__all__ = ["LadderRefused", "close_ladder", "open_ladder"]


class LadderRefused(CroupierServerError, ValueError):
    """A ladder that cannot be opened (or closed) as asked; the message says why."""


def open_ladder(
    engine: Engine,
    *,
    game: Game[Any],
    seed: int | None = None,
    concurrency: int = 2,
    processes: ProcessMode = ProcessMode.FAIR,
    with_bots: Sequence[str] = (),
    rules: MatchRules | None = None,
    referee: RefereeSettings | None = None,
) -> LadderRecord:
    """Store a new open ladder of ``game`` (its rules as given) for ``croupier serve`` to play.

    Raises:
        LadderRefused: a game of one seat, a bad setting, or an organiser's bot that is
            unknown, of another game, or a submitted bot (its versions enter by themselves).
        DatabaseFailure: the database failed; nothing is stored.
    """
    if game.num_players < 2:
        raise LadderRefused(f"a ladder rates games of two seats or more, not {game.num_players}")
    try:
        settings = LadderSettings(
            seed=seed if seed is not None else random.SystemRandom().randrange(2**63),
            concurrency=concurrency,
            processes=processes,
            with_bots=tuple(with_bots),
            rules=rules or MatchRules(),
            referee=settings_data(referee or RefereeSettings()),
        )
    except ValueError as error:
        raise LadderRefused(str(error)) from None
    tournament = TournamentSettings(
        bots=settings.with_bots,
        seed=settings.seed,
        format_settings=LadderTournament(),
        concurrency=settings.concurrency,
        processes=settings.processes,
        referee=settings.referee,
    )
    with translated_failures(engine), Session(engine) as session:
        _check_organisers_bots(session, settings.with_bots, game=game.name)
        return create_ladder(
            session,
            game=game.name,
            options=game.options(),
            variant=game.variant_label(game.options()),
            settings=settings.to_data(),
            tournament_settings=tournament.to_data(),
        )


def close_ladder(engine: Engine, ladder_id: int) -> LadderRecord:
    """Close a ladder: it plays no more (the games being played finish); its games stay.

    Raises:
        LadderRefused: no such ladder.
        DatabaseFailure: the database failed.
    """
    with translated_failures(engine), Session(engine) as session:
        try:
            return close_stored_ladder(session, ladder_id=ladder_id)
        except RecordNotFound:
            raise LadderRefused(f"no ladder {ladder_id} (see: croupier ladder list)") from None


def _check_organisers_bots(session: Session, names: Sequence[str], *, game: str) -> None:
    for name in names:
        bot = db.get_bot_by_name(session, name=name)
        if bot is None:
            raise LadderRefused(f"no bot named {name!r} (see: croupier bot list)")
        if bot.game != game:
            raise LadderRefused(f"bot {name!r} plays {bot.game}, not {game}")
        if bot.kind is BotKind.SUBMITTED or bot.version_of_id is not None:
            raise LadderRefused(
                f"bot {name!r} is submitted by its author: its active versions enter "
                "every ladder of its game by themselves"
            )

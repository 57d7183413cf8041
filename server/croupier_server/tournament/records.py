"""A stored tournament read through its format: its settings, its games in all, its report.

The dashboard reads tournaments through this module (and :mod:`.formats`), never through
the runner, which would bring the referee along.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server.db import TournamentRecord
from croupier_server.db.statistics import finished_game_seats
from croupier_server.tournament.formats import (
    Outcomes,
    PlayedGame,
    Report,
    ScheduledGame,
    StaticFormat,
)
from croupier_server.tournament.settings import TournamentSettings

__all__ = [
    "finished_outcomes",
    "format_report",
    "seats_of",
    "settings_of",
    "total_games",
    "tournament_schedule",
]


def settings_of(record: TournamentRecord) -> TournamentSettings:
    """The tournament's settings."""
    return TournamentSettings.from_data(record.format, record.settings)


def seats_of(record: TournamentRecord) -> int:
    """The seats of the tournament's games."""
    return load_game(record.game, record.options).num_players


def tournament_schedule(record: TournamentRecord) -> tuple[Game[Any], list[ScheduledGame]]:
    """The rule set and every game of a stored tournament of a static format.

    Raises:
        ValueError: its format chooses its games as it goes, or cannot make them.
    """
    game = load_game(record.game, record.options)
    settings = settings_of(record)
    kind = settings.kind
    if not isinstance(kind, StaticFormat):
        raise ValueError(f"a {kind.name} tournament chooses its games as it goes")
    return game, kind.plan(settings.entrants(game.num_players), settings.format_settings)


def finished_outcomes(session: Session, record: TournamentRecord) -> dict[int, PlayedGame]:
    """The tournament's finished games, by schedule number, rated or not (each says which)."""
    assert record.id is not None
    finished = finished_game_seats(session, game=record.game, tournament_id=record.id, unrated=True)
    return {
        game.schedule_number: PlayedGame(game.bots, game.scores, rated=game.rated)
        for game in finished
        if game.schedule_number is not None
    }


def total_games(record: TournamentRecord) -> int | None:
    """The games of the tournament in all; ``None`` while its format cannot tell.

    The total is stored when the tournament is made. A tournament stored before it was
    kept has a static format, whose plan is made again to count it (once per process).
    """
    settings = settings_of(record)
    if settings.total_games is not None:
        return settings.total_games
    if not isinstance(settings.kind, StaticFormat):
        return None
    return _planned_total(
        record.game, json.dumps(record.options), record.format, json.dumps(record.settings)
    )


def format_report(
    session: Session, record: TournamentRecord, settings: TournamentSettings | None = None
) -> Report:
    """What the tournament's format says of it so far (see :meth:`.formats.Format.report`)."""
    settings = settings or settings_of(record)

    def finished() -> Outcomes:
        return finished_outcomes(session, record)

    entrants = settings.entrants(seats_of(record))
    return settings.kind.report(entrants, settings.format_settings, finished)


@functools.lru_cache(maxsize=256)
def _planned_total(game: str, options: str, format_name: str, settings: str) -> int:
    """The length of a static format's plan (making one takes up to a second)."""
    record = TournamentRecord(
        game=game, options=json.loads(options), format=format_name, settings=json.loads(settings)
    )
    return len(tournament_schedule(record)[1])

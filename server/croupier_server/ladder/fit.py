"""A ladder's ratings: the batch fit with intervals over its finished games.

:func:`rate_deals` is the Bradley-Terry fit of
:func:`~croupier_server.ratings.bootstrap_elo` with its 95% intervals by deals (the
leaderboards' own), and how many deals and games it counts for each bot: a pure function
of the games. :func:`fit_ladder` reads a ladder's rated finished games
and fits them; the ladder's runner calls it in a thread of its own, one fit at a time
(:mod:`.runner`), and matchmaking reads the latest.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db import statistics
from croupier_server.db.engine import translated_failures
from croupier_server.db.statistics import BoardVersion
from croupier_server.ladder.matchmaking import Rating
from croupier_server.ratings import Deal, bootstrap_elo
from croupier_server.standings import deals_of

__all__ = ["FIT_RESAMPLES", "LadderFit", "fit_ladder", "rate_deals"]

FIT_RESAMPLES = 0
"""The bootstrap resamples of a ladder's fit: none, its intervals do not need them (only a
superiority between two bots would)."""


@dataclass(frozen=True, slots=True)
class LadderFit:
    """The ratings of a ladder's bots as of some of its games.

    Attributes:
        version: The count and newest id of the ladder's finished games when they were read
            (rated or not).
        ratings: Each bot's rating, by name.
        seconds: How long the fit took.
    """

    version: BoardVersion = field(default_factory=lambda: BoardVersion(0, None))
    ratings: Mapping[str, Rating] = field(default_factory=dict)
    seconds: float = 0.0


def rate_deals(deals: Sequence[Deal], *, resamples: int = FIT_RESAMPLES) -> dict[str, Rating]:
    """Each bot's Elo, 95% interval and the deals and games counted for it.

    >>> from croupier_server.ratings import GameOutcome
    >>> won = Deal((GameOutcome(("a", "b"), (1, 0)), GameOutcome(("b", "a"), (0, 1))))
    >>> ratings = rate_deals([won, won])
    >>> ratings["a"].elo > 0 > ratings["b"].elo, ratings["a"].deals, ratings["a"].games
    (True, 2, 4)
    """
    if not deals:
        return {}
    fit = bootstrap_elo(deals, resamples=resamples)
    counted: dict[str, list[int]] = {}
    for deal in deals:
        for bot in deal.bots:
            counted.setdefault(bot, [0, 0])[0] += 1
        for outcome in deal.games:
            for bot in outcome.bots:
                counted.setdefault(bot, [0, 0])[1] += 1
    ratings = {}
    for bot, elo in fit.estimate.items():
        interval = fit.interval(bot)
        deals_counted, games = counted.get(bot, [0, 0])
        ratings[bot] = Rating(elo, interval.low, interval.high, deals_counted, games)
    return ratings


def fit_ladder(
    engine: Engine, *, game: str, tournament_id: int, resamples: int = FIT_RESAMPLES
) -> LadderFit:
    """The fit of the rated finished games of a ladder's tournament, read now.

    Raises:
        DatabaseFailure: the database failed.
    """
    started = time.monotonic()
    with translated_failures(engine), Session(engine) as session:
        # The version first: games that finish meanwhile make the fit stale, never fresh.
        version = statistics.board_version(session, game=game, tournament_id=tournament_id)
        games = statistics.finished_game_seats(session, game=game, tournament_id=tournament_id)
    ratings = rate_deals(deals_of(games), resamples=resamples)
    return LadderFit(version, ratings, time.monotonic() - started)

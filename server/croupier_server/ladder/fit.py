"""A ladder's ratings for matchmaking: its board's stored fit, with the games since on top.

The fit of a ladder's board (its tournament's finished games) is made and stored by the
fitter (:mod:`croupier_server.board_fits`); :func:`read_ladder_fit` reads it (only when a
newer one is stored) and applies the games finished since by the online step
(:mod:`croupier_server.board_fits.online`), so that a new version's rating moves within a
look of its games. :func:`rate_deals` is the fit of some deals as matchmaking sees it, a
pure function of the games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.board_fits import Board, BoardKey, read_board, stored_fit
from croupier_server.board_fits.online import games_since, online_step
from croupier_server.db import statistics
from croupier_server.db.engine import translated_failures
from croupier_server.db.statistics import BoardVersion
from croupier_server.ladder.matchmaking import Rating
from croupier_server.ratings import Deal, bootstrap_elo

__all__ = ["FIT_RESAMPLES", "LadderFit", "rate_deals", "ratings_of", "read_ladder_fit"]

FIT_RESAMPLES = 0
"""The bootstrap resamples of :func:`rate_deals`: none, its intervals do not need them (only
a superiority between two bots would)."""


@dataclass(frozen=True, slots=True)
class LadderFit:
    """The ratings of a ladder's bots as of some of its games.

    Attributes:
        version: The count and newest id of the ladder's finished games when they were read
            (rated or not).
        ratings: Each bot's rating, by name: the stored fit's, moved by the games since.
        board: The stored fit they start from; ``None`` before the first.
        provisional: The bots whose rating the games since the fit moved.
    """

    version: BoardVersion = field(default_factory=lambda: BoardVersion(0, None))
    ratings: Mapping[str, Rating] = field(default_factory=dict)
    board: Board | None = None
    provisional: frozenset[str] = frozenset()


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


def ratings_of(board: Board) -> dict[str, Rating]:
    """Each bot's rating in a stored fit: its Elo, 95% interval, deals and seats counted."""
    return {
        line.bot: Rating(
            line.elo, line.elo_interval.low, line.elo_interval.high, line.deals, line.games
        )
        for line in board.standings
    }


def read_ladder_fit(
    engine: Engine, *, game: str, tournament_id: int, held: Board | None = None
) -> LadderFit:
    """The ladder's ratings now: its stored fit (``held`` if none newer), the games since on top.

    A bot the games since brought and the fit does not know gets no rating: matchmaking
    seats it as a newcomer until a fit counts it.

    Raises:
        DatabaseFailure: the database failed.
    """
    key = BoardKey(game, None, tournament_id)
    with translated_failures(engine), Session(engine) as session:
        # The version first: games that finish meanwhile make the view stale, never fresh.
        version = statistics.board_version(session, game=game, tournament_id=tournament_id)
        fit = stored_fit(session, key)
        board = held
        fitted = None if fit is None else fit.version
        if fitted is not None and (held is None or fitted != held.version):
            board = read_board(session, key) or held
        if board is None:
            return LadderFit(version)
        since = games_since(session, board)
    step = online_step(board, since)
    ratings = {}
    for bot, rating in ratings_of(board).items():
        moved = step.moved(bot, rating.elo)
        ratings[bot] = Rating(
            rating.elo + moved, rating.low + moved, rating.high + moved, rating.deals, rating.games
        )
    return LadderFit(version, ratings, board, step.provisional & set(ratings))

"""Read queries of the leaderboards: lean rows, aggregates in SQL.

A leaderboard covers the finished games of one game, optionally of one variant (see
:meth:`croupier.games.Game.variant_label`) and one tournament, that are rated. Its games
are read as plain rows rather than records, since a board may hold a hundred thousand of
them.

Which games are rated is said here once, as a query condition (:func:`is_rated`), and
for one game read whole (:func:`why_unrated`): a finished game counts in the ratings
unless it was stored as unrated (``GameRecord.rated``, a submitted version's check game)
or no seat of it was ever played by its bot (every seat's ``decisions`` is 0: the bots
never started, or never answered, and the referee's default policy played the game).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import sqlalchemy as sa
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from croupier_server.db.board_tallies import board_tallies, tournament_tallies
from croupier_server.db.game_log import seat_latencies
from croupier_server.db.models import (
    BotRecord,
    FaultRecord,
    GameRecord,
    SeatRecord,
    fault_at_seat,
)
from croupier_server.outcomes import GameStatus, SeatStatus

__all__ = [
    "BoardSeats",
    "BoardVersion",
    "FinishedBoard",
    "FinishedGame",
    "board_seats",
    "board_version",
    "bot_fault_counts",
    "bot_latencies",
    "finished_boards",
    "finished_game_seats",
    "is_rated",
    "tournament_board_versions",
    "why_unrated",
]


@dataclass(frozen=True, slots=True)
class BoardVersion:
    """What changes whenever a game of a board finishes: how many there are, the newest id.

    Games finish out of order when several run at once, so the count matters as well as
    the id.
    """

    games: int
    last_game_id: int | None


@dataclass(frozen=True, slots=True)
class FinishedBoard:
    """A game and variant that has finished games, with the version of its board."""

    game: str
    variant: str
    version: BoardVersion


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as the ratings see it.

    Attributes:
        id: The game's id.
        tournament_id: Its tournament, if any.
        schedule_deal: The tournament's deal it played, if any.
        schedule_number: The number of the tournament's game it played, if any.
        bots: The bot in each seat, in seat order.
        scores: Each seat's final score.
        forfeited: The bots whose seat forfeited, in seat order (usually none).
    """

    id: int
    tournament_id: int | None
    schedule_deal: int | None
    schedule_number: int | None
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    forfeited: tuple[str, ...]
    rated: bool = True
    """Whether it counts in the ratings (see :func:`is_rated`)."""


def is_rated() -> sa.ColumnElement[bool]:
    """The condition of a game that counts in the ratings: stored as rated, and decided.

    Some seat of it was played by its bot (``decisions`` above 0); a game whose every
    action was forced or the referee's default policy's says nothing of its bots.
    """
    decider = aliased(SeatRecord)
    decided = (
        sa.exists()
        .where(col(decider.game_id) == col(GameRecord.id), col(decider.decisions) > 0)
        .correlate(GameRecord)
    )
    return sa.and_(col(GameRecord.rated), decided)


def why_unrated(game: GameRecord, seats: Sequence[SeatRecord], *, person_seated: bool) -> str:
    """Why the finished ``game`` (with its ``seats``) is not rated; empty if it is.

    The condition of :func:`is_rated`, for a game read whole; ``person_seated`` says
    whether a person played one of its seats (such a game is stored as not rated).
    """
    if game.status is not GameStatus.FINISHED:
        return ""
    if person_seated:
        return "a person sat at it: it is rated for nobody"
    if not game.rated:
        return "it was played apart from the ratings"
    if not any(seat.decisions > 0 for seat in seats):
        return "no seat was played by its bot: the referee's default policy chose every action"
    return ""


def finished_boards(session: Session, *, game: str | None = None) -> list[FinishedBoard]:
    """Every game and variant with finished games (of ``game`` only, when given), by name.

    Read from their tallies (:mod:`~croupier_server.db.board_tallies`), not counted.
    """
    return [
        FinishedBoard(tally.game, tally.variant, BoardVersion(tally.games, tally.last_game_id))
        for tally in board_tallies(session, game=game)
    ]


def tournament_board_versions(session: Session) -> dict[int, BoardVersion]:
    """The version of every tournament's board that has finished games, by tournament.

    Each is :func:`board_version` of that tournament, read from the tournaments' tallies
    (:mod:`~croupier_server.db.board_tallies`).
    """
    return {
        tournament: BoardVersion(games, last)
        for tournament, (games, last) in tournament_tallies(session).items()
    }


def board_version(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> BoardVersion:
    """The version of the board of ``game`` (of one variant, one tournament, when given).

    Each is read from its tallies (:mod:`~croupier_server.db.board_tallies`).
    """
    if tournament_id is not None:
        games, last = tournament_tallies(session, tournament_id=tournament_id).get(
            tournament_id, (0, None)
        )
        return BoardVersion(games, last)
    tallies = [
        tally
        for tally in board_tallies(session, game=game)
        if variant is None or tally.variant == variant
    ]
    last = max((tally.last_game_id for tally in tallies), default=None)
    return BoardVersion(sum(tally.games for tally in tallies), last)


def finished_game_seats(
    session: Session,
    *,
    game: str,
    variant: str | None = None,
    tournament_id: int | None = None,
    unrated: bool = False,
    after_id: int | None = None,
) -> list[FinishedGame]:
    """The rated finished games of ``game`` (of one variant, one tournament, when given), by id.

    With ``unrated``, the finished games that are not rated too (a tournament's schedule
    counts every game it played), each saying whether it is; with ``after_id``, only the
    games of higher ids.
    """
    rated = is_rated()
    query = (
        sa.select(
            col(GameRecord.id),
            col(GameRecord.tournament_id),
            col(GameRecord.schedule_deal),
            col(GameRecord.schedule_number),
            col(BotRecord.name),
            col(SeatRecord.score),
            col(SeatRecord.status),
            rated.label("rated"),
        )
        .select_from(GameRecord)
        .join(SeatRecord, col(SeatRecord.game_id) == col(GameRecord.id))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(GameRecord.status) == GameStatus.FINISHED, col(GameRecord.game) == game)
        .order_by(col(GameRecord.id), col(SeatRecord.seat))
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(GameRecord.tournament_id) == tournament_id)
    if not unrated:
        query = query.where(rated)
    if after_id is not None:
        query = query.where(col(GameRecord.id) > after_id)
    games: list[FinishedGame] = []
    seats: list[Sequence[Any]] = []
    for row in session.execute(query):
        if seats and row[0] != seats[0][0]:
            games.append(_finished_game(seats))
            seats = []
        seats.append(row)
    if seats:
        games.append(_finished_game(seats))
    return games


@dataclass(frozen=True, slots=True, eq=False)
class BoardSeats:
    """Every seat of a board's rated finished games as arrays, by game id then seat.

    The form a board of a million games is read in: one entry per seat, no object per game.

    Attributes:
        bots: The names of the bots that sat, sorted; ``bot`` indexes them.
        game: Each seat's game id.
        tournament: Its game's tournament id, -1 outside any tournament.
        deal: Its game's deal of the tournament's schedule, -1 if none (a game outside a
            tournament's schedule is a deal of its own).
        bot: The bot in the seat.
        score: The seat's final score (0 if it has none).
        forfeited: Whether the seat forfeited.
    """

    bots: tuple[str, ...]
    game: npt.NDArray[np.int64]
    tournament: npt.NDArray[np.int64]
    deal: npt.NDArray[np.int64]
    bot: npt.NDArray[np.int64]
    score: npt.NDArray[np.float64]
    forfeited: npt.NDArray[np.bool_]


def board_seats(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> BoardSeats:
    """The seats of the rated finished games of ``game`` as arrays.

    Of one variant, of one tournament, when given: the games of :func:`finished_game_seats`,
    in the same order, read by one query of seat rows ordered by game and one of the bots'
    names.
    """
    query = (
        sa.select(
            col(GameRecord.id),
            sa.func.coalesce(col(GameRecord.tournament_id), -1),
            sa.func.coalesce(col(GameRecord.schedule_deal), -1),
            col(SeatRecord.bot_id),
            sa.func.coalesce(col(SeatRecord.score), 0),
            sa.case((col(SeatRecord.status) == SeatStatus.FORFEITED, 1), else_=0),
        )
        .select_from(GameRecord)
        .join(SeatRecord, col(SeatRecord.game_id) == col(GameRecord.id))
        .where(
            col(GameRecord.status) == GameStatus.FINISHED, col(GameRecord.game) == game, is_rated()
        )
        .order_by(col(GameRecord.id), col(SeatRecord.seat))
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(GameRecord.tournament_id) == tournament_id)
    result = session.connection().execute(query)
    try:
        # The driver's own tuples, every value an integer: no Row object for each of a
        # million games' four million seats.
        rows = result.cursor.fetchall() if result.cursor is not None else []
    finally:
        result.close()
    table = np.fromiter(
        itertools.chain.from_iterable(rows), dtype=np.int64, count=len(rows) * 6
    ).reshape(-1, 6)
    bot_ids = table[:, 3]
    present = np.unique(bot_ids)
    # Every bot's name: the bot table is small beside the seats, and this spares a second
    # pass over them.
    named: dict[int, str] = dict(
        session.execute(sa.select(col(BotRecord.id), col(BotRecord.name))).all()
    )
    names = np.array([named[int(bot_id)] for bot_id in present], dtype=object)
    by_name = np.argsort(names, kind="stable")
    rank = np.empty(len(present), dtype=np.int64)
    rank[by_name] = np.arange(len(present))
    return BoardSeats(
        bots=tuple(str(name) for name in names[by_name]),
        game=table[:, 0].copy(),
        tournament=table[:, 1].copy(),
        deal=table[:, 2].copy(),
        bot=rank[np.searchsorted(present, bot_ids)],
        score=table[:, 4].astype(np.float64),
        forfeited=table[:, 5].astype(np.bool_),
    )


def _finished_game(seats: Sequence[Sequence[Any]]) -> FinishedGame:
    game_id, tournament_id, schedule_deal, schedule_number = seats[0][:4]
    return FinishedGame(
        id=game_id,
        tournament_id=tournament_id,
        schedule_deal=schedule_deal,
        schedule_number=schedule_number,
        bots=tuple(seat[4] for seat in seats),
        scores=tuple(float(seat[5] or 0) for seat in seats),
        forfeited=tuple(seat[4] for seat in seats if seat[6] == SeatStatus.FORFEITED),
        rated=bool(seats[0][7]),
    )


def bot_fault_counts(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, dict[str, int]]:
    """How many faults of each kind each bot made in the rated finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    query = (
        select(BotRecord.name, FaultRecord.kind, sa.func.count())
        .join(SeatRecord, fault_at_seat())
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(FaultRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)))
        .group_by(col(BotRecord.name), col(FaultRecord.kind))
    )
    counts: dict[str, dict[str, int]] = {}
    for name, kind, count in session.exec(query):
        counts.setdefault(name, {})[kind] = count
    return counts


def bot_latencies(
    session: Session, *, game: str, variant: str | None = None, tournament_id: int | None = None
) -> dict[str, list[float]]:
    """The decision latencies (ms) of each bot in the rated finished games of ``game``.

    Of one variant, of one tournament, when given.
    """
    seats = (
        sa.select(col(SeatRecord.game_id), col(SeatRecord.seat), col(BotRecord.name))
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(_finished_game_ids(game, variant, tournament_id)))
        .subquery()
    )
    names = {(game_id, seat): name for game_id, seat, name in session.execute(sa.select(seats))}
    latencies: dict[str, list[float]] = {}
    for measured in seat_latencies(session, seats):
        if measured.latencies_ms:
            name = names[measured.game_id, measured.seat]
            latencies.setdefault(name, []).extend(measured.latencies_ms)
    return latencies


def _finished_game_ids(game: str, variant: str | None, tournament_id: int | None) -> sa.Select[Any]:
    query = sa.select(col(GameRecord.id)).where(
        col(GameRecord.game) == game, col(GameRecord.status) == GameStatus.FINISHED, is_rated()
    )
    if variant is not None:
        query = query.where(col(GameRecord.variant) == variant)
    if tournament_id is not None:
        query = query.where(col(GameRecord.tournament_id) == tournament_id)
    return query

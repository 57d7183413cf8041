"""Read queries of the dashboard's browsing pages: the games search and tournament progress.

Games are listed newest first, by id, a page at a time with keyset pagination: the page
after one ends at game ``g`` is the games whose id is below ``g``, so a page deep in the
list costs what the first one does, however many games are stored.

A list leaves out the check games its reader may not see
(:func:`~croupier_server.db.check_games.listed_for`), and gives no result (scores, places,
a match's games) of a finished game whose deal is still being played
(:func:`~croupier_server.db.disclosure.results_held_back`), but to the admin: which seat
won a game tells which seat's cards were strong in the others of its deal.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from croupier_server.db.board_tallies import tournament_tallies
from croupier_server.db.bots import bot_ids
from croupier_server.db.check_games import ANYONE, Reader, listed_for
from croupier_server.db.disclosure import results_held_back
from croupier_server.db.models import (
    BotKind,
    BotRecord,
    FaultRecord,
    GameRecord,
    SeatRecord,
)
from croupier_server.outcomes import FaultKind, GameStatus, SeatStatus

__all__ = [
    "BotResult",
    "GamePage",
    "GameSearch",
    "ListedGame",
    "ListedSeat",
    "TournamentProgress",
    "finished_counts",
    "search_games",
    "tournament_progress",
]


class BotResult(enum.StrEnum):
    """How the bot a search names did in a game."""

    WON = "won"
    """It placed first (a tie for first included)."""
    LOST = "lost"
    """It placed below first."""


@dataclass(frozen=True, slots=True)
class GameSearch:
    """Which games to list; a field left ``None`` does not narrow the search.

    Attributes:
        game: The game's name, such as ``lexio``.
        variant: The variant label, such as ``six-card`` or ``4 players``.
        bot: The exact name of a bot that held a seat.
        tournament_id: The tournament the games were played for.
        status: Running, finished or aborted.
        ended_by: How the games ended, usually an :class:`~croupier_server.db.EndedBy` value.
        result: How the bot named by ``bot`` did; without a ``bot`` no game matches.
        faults: Only games with a fault (of ``bot``'s seats when ``bot`` is given).
        slow: Only games with a slow decision (of ``bot``'s seats when ``bot`` is given):
            one that took longer than the game's ``decision_ms``, so drew on the seat's
            time bank, or timed out.
    """

    game: str | None = None
    variant: str | None = None
    bot: str | None = None
    tournament_id: int | None = None
    status: GameStatus | None = None
    ended_by: str | None = None
    result: BotResult | None = None
    faults: bool = False
    slow: bool = False


@dataclass(frozen=True, slots=True)
class ListedSeat:
    """A seat of a listed game, with its bot and how it did."""

    seat: int
    bot_id: int
    bot: str
    status: SeatStatus
    score: int | None
    place: int | None
    person: bool
    """Whether a person played it, from the dashboard's tables."""


@dataclass(frozen=True, slots=True)
class ListedGame:
    """A line of the games list: the game, the tournament it belongs to, its seats."""

    id: int
    game: str
    variant: str
    status: GameStatus
    started_at: datetime
    finished_at: datetime | None
    ended_by: str | None
    tournament_id: int | None
    schedule_number: int | None
    seats: tuple[ListedSeat, ...]
    result_details: dict[str, Any]
    """The stored result's other fields (a cribbage match's games); empty until it ends."""
    held_back: str = ""
    """Why its result is not given (its deal is still being played); empty if it is."""

    @property
    def winners(self) -> tuple[ListedSeat, ...]:
        """The seats placed first (several on a tie); none until the game has a result."""
        return tuple(seat for seat in self.seats if seat.place == 1)

    @property
    def duration_s(self) -> float | None:
        """Seconds from start to end; ``None`` while it runs."""
        if self.finished_at is None:
            return None
        return (self.finished_at - self.started_at).total_seconds()


@dataclass(frozen=True, slots=True)
class GamePage:
    """A page of games, newest first.

    Attributes:
        games: The games of the page.
        older: The ``before`` that asks for the next page; ``None`` on the last page.
    """

    games: tuple[ListedGame, ...]
    older: int | None


@dataclass(frozen=True, slots=True)
class TournamentProgress:
    """Where the games of a tournament stand.

    Attributes:
        finished: How many scheduled games have finished.
        running: The games being played now, oldest first.
        aborted: How many attempts the referee gave up on (each was played again).
    """

    finished: int
    running: tuple[ListedGame, ...]
    aborted: int


def search_games(
    session: Session,
    *,
    search: GameSearch,
    before: int | None = None,
    limit: int = 50,
    reader: Reader = ANYONE,
) -> GamePage:
    """The newest ``limit`` games that match ``search``, of ids below ``before`` if given.

    Only those ``reader`` may see. A bot name that no bot has matches no game; a search by
    result leaves out the games whose result is held back, so a page may hold fewer.
    """
    if limit < 1:
        raise ValueError(f"a page holds at least one game, not {limit}")
    conditions = _conditions(session, search)
    if conditions is None:
        return GamePage((), None)
    conditions.append(listed_for(reader))
    if before is not None:
        conditions.append(col(GameRecord.id) < before)
    query = _GAMES.where(*conditions).order_by(sa.desc(col(GameRecord.id))).limit(limit + 1)
    games = _listed(session, query, reader)
    older = games[limit - 1].id if len(games) > limit else None
    shown = games[:limit]
    if search.result is not None:  # a game found by its result would tell it
        shown = [game for game in shown if not game.held_back]
    return GamePage(tuple(shown), older)


def tournament_progress(session: Session, *, tournament_id: int) -> TournamentProgress:
    """How many of the tournament's games finished, which are running, how many aborted."""
    in_tournament = col(GameRecord.tournament_id) == tournament_id
    finished = session.exec(
        select(sa.func.count(sa.distinct(col(GameRecord.schedule_number)))).where(
            in_tournament, GameRecord.status == GameStatus.FINISHED
        )
    ).one()
    running = _listed(
        session,
        _GAMES.where(in_tournament, col(GameRecord.status) == GameStatus.RUNNING).order_by(
            col(GameRecord.id)
        ),
    )
    aborted = session.exec(
        select(sa.func.count()).where(in_tournament, GameRecord.status == GameStatus.ABORTED)
    ).one()
    return TournamentProgress(finished, tuple(running), aborted)


def finished_counts(session: Session) -> dict[int, int]:
    """How many scheduled games of each tournament have finished (tournaments with any).

    A scheduled game finishes once (``ux_game_tournament_finished_number``), so its
    tournament's tally of finished games (:mod:`~croupier_server.db.board_tallies`) counts
    them.
    """
    return {tournament: games for tournament, (games, _) in tournament_tallies(session).items()}


_GAMES = sa.select(
    col(GameRecord.id),
    col(GameRecord.game),
    col(GameRecord.variant),
    col(GameRecord.status),
    col(GameRecord.started_at),
    col(GameRecord.finished_at),
    col(GameRecord.ended_by),
    col(GameRecord.tournament_id),
    col(GameRecord.schedule_number),
    col(GameRecord.result),
)
"""What a line of the games list reads of a game."""


def _conditions(session: Session, search: GameSearch) -> list[sa.ColumnElement[bool]] | None:
    """The conditions of ``search``; ``None`` when nothing can match.

    Nothing matches an unknown bot, nor a result without a bot.
    """
    conditions: list[sa.ColumnElement[bool]] = []
    if search.game is not None:
        conditions.append(col(GameRecord.game) == search.game)
    if search.variant is not None:
        conditions.append(col(GameRecord.variant) == search.variant)
    if search.status is not None:
        conditions.append(col(GameRecord.status) == search.status)
    if search.ended_by is not None:
        conditions.append(col(GameRecord.ended_by) == search.ended_by)
    if search.tournament_id is not None:
        conditions.append(col(GameRecord.tournament_id) == search.tournament_id)
    # The seats of the game at hand, for the subqueries below (which nest it a level down).
    seats = (
        sa.select(col(SeatRecord.seat))
        .where(col(SeatRecord.game_id) == col(GameRecord.id))
        .correlate(GameRecord)
    )
    if search.bot is not None:
        bot_id = bot_ids(session, names=[search.bot]).get(search.bot)
        if bot_id is None:
            return None
        seats = seats.where(col(SeatRecord.bot_id) == bot_id)
        # The bot's own game ids come in order from its seat index, however few or many.
        games = sa.select(col(SeatRecord.game_id)).where(col(SeatRecord.bot_id) == bot_id)
        conditions.append(col(GameRecord.id).in_(games))
    if search.result is not None:
        if search.bot is None:
            return None
        won = col(SeatRecord.place) == 1
        placed = seats.where(won if search.result is BotResult.WON else col(SeatRecord.place) > 1)
        conditions.append(placed.exists())
    if search.faults:
        conditions.append(_faults(seats, kinds=None).exists())
    if search.slow:
        conditions.append(sa.or_(_slow_actions(seats).exists(), _timeouts(seats).exists()))
    return conditions


def _faults(seats: sa.Select[int], kinds: Iterable[str] | None) -> sa.Select[int | None]:
    """The faults of the game at hand's ``seats`` (of ``kinds`` if given)."""
    query = sa.select(col(FaultRecord.id)).where(
        col(FaultRecord.game_id) == col(GameRecord.id), col(FaultRecord.seat).in_(seats)
    )
    return query if kinds is None else query.where(col(FaultRecord.kind).in_(list(kinds)))


def _timeouts(seats: sa.Select[int]) -> sa.Select[int | None]:
    """The timeouts of the game at hand's ``seats``: each emptied the seat's bank."""
    return _faults(seats, kinds=[FaultKind.TIMEOUT])


def _slow_actions(seats: sa.Select[int]) -> sa.Select[int]:
    """The game at hand's ``seats`` whose bot once took longer than its ``decision_ms``."""
    decision_ms = col(GameRecord.settings)[("time_control", "decision_ms")].as_float()
    slow = aliased(SeatRecord)
    return sa.select(col(slow.seat)).where(
        col(slow.game_id) == col(GameRecord.id),
        col(slow.seat).in_(seats),
        col(slow.slowest_decision_ms) > decision_ms,
    )


def _listed(
    session: Session, query: sa.Select[*tuple[Any, ...]], reader: Reader = ANYONE
) -> list[ListedGame]:
    rows = session.execute(query).all()
    seats = _seats(session, [row.id for row in rows])
    finished = [row.id for row in rows if row.status == GameStatus.FINISHED]
    held = {} if reader.admin else results_held_back(session, finished)
    return [
        _without_result(game, held[game.id]) if game.id in held else game
        for game in _games(rows, seats)
    ]


def _games(rows: Iterable[Any], seats: dict[int, list[ListedSeat]]) -> Iterator[ListedGame]:
    return (
        ListedGame(
            id=row.id,
            game=row.game,
            variant=row.variant,
            status=row.status,
            started_at=row.started_at,
            finished_at=row.finished_at,
            ended_by=row.ended_by,
            tournament_id=row.tournament_id,
            schedule_number=row.schedule_number,
            seats=tuple(seats.get(row.id, ())),
            result_details=dict((row.result or {}).get("details", {})),
        )
        for row in rows
    )


def _without_result(game: ListedGame, reason: str) -> ListedGame:
    """``game`` with no score, place or match games: its result is held back for ``reason``."""
    seats = tuple(dataclasses.replace(seat, score=None, place=None) for seat in game.seats)
    return dataclasses.replace(game, seats=seats, result_details={}, held_back=reason)


def _seats(session: Session, game_ids: Iterable[int]) -> dict[int, list[ListedSeat]]:
    ids = list(game_ids)
    if not ids:
        return {}
    query = (
        sa.select(
            col(SeatRecord.game_id),
            col(SeatRecord.seat),
            col(SeatRecord.bot_id),
            col(BotRecord.name),
            col(SeatRecord.status),
            col(SeatRecord.score),
            col(SeatRecord.place),
            col(BotRecord.kind) == BotKind.PERSON,
        )
        .join(BotRecord, col(BotRecord.id) == col(SeatRecord.bot_id))
        .where(col(SeatRecord.game_id).in_(ids))
        .order_by(col(SeatRecord.game_id), col(SeatRecord.seat))
    )
    seats: dict[int, list[ListedSeat]] = {}
    for game_id, *seat in session.execute(query):
        seats.setdefault(game_id, []).append(ListedSeat(*seat))
    return seats

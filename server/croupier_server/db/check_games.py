"""Check games: who may see one, in a list or on its own page.

A check game (:mod:`croupier_server.submissions.checking`) is unrated, no tournament's and
no fork, with no person seated: one seat is an author's version, every other an
organiser's bot. It tells how an author's version did before anyone else may know it
exists: a list, count or page read for someone else leaves it out, so that a stranger or
another author learns nothing of it, not even that it was played (its own page answers
them 404). The rule is written once, in SQL (:func:`listed_for`); :func:`check_game_author`
asks it of one game.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlmodel import Session, col, select

from croupier_server.db.models import BotKind, BotRecord, GameRecord, SeatRecord

__all__ = ["ANYONE", "Reader", "check_game_author", "listed_for"]


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads a list of games.

    Attributes:
        admin: The admin, who sees every game.
        author_id: The author who reads it, who sees their own versions' check games.
    """

    admin: bool = False
    author_id: int | None = None


ANYONE = Reader()
"""A reader who is neither the admin nor an author: sees no check game."""


def listed_for(reader: Reader) -> sa.ColumnElement[bool]:
    """The condition of a game that ``reader`` may see listed (the game at hand is GameRecord's)."""
    if reader.admin:
        return sa.true()
    if reader.author_id is None:
        return _not_a_check()
    return sa.or_(_not_a_check(), _version_author() == reader.author_id)


def check_game_author(session: Session, game: GameRecord) -> int | None:
    """The author whose version ``game`` checked, if it is a check game; else ``None``."""
    query = select(_version_author()).where(col(GameRecord.id) == game.id, sa.not_(_not_a_check()))
    author: int | None = session.exec(query).first()
    return author


def _seated() -> sa.ColumnElement[bool]:
    return col(SeatRecord.game_id) == col(GameRecord.id)


def _bot() -> sa.ColumnElement[bool]:
    return col(BotRecord.id) == col(SeatRecord.bot_id)


def _is_version() -> sa.ColumnElement[bool]:
    return sa.and_(col(BotRecord.author_id).is_not(None), col(BotRecord.version_of_id).is_not(None))


def _not_a_check() -> sa.ColumnElement[bool]:
    """The condition of a game that is no check game."""
    authored_seats = (
        sa.select(sa.func.count())
        .select_from(SeatRecord)
        .join(BotRecord, _bot())
        .where(_seated(), _is_version())
        .correlate(GameRecord)
        .scalar_subquery()
    )
    persons = (
        sa.select(col(SeatRecord.seat))
        .join(BotRecord, _bot())
        .where(_seated(), col(BotRecord.kind) == BotKind.PERSON)
        .correlate(GameRecord)
    )
    # Cheapest first: most games are rated or a tournament's, and are listed at once.
    return sa.or_(
        col(GameRecord.rated),
        col(GameRecord.tournament_id).is_not(None),
        col(GameRecord.settings)["forked_from"].as_string().is_not(None),
        authored_seats != 1,
        persons.exists(),
    )


def _version_author() -> sa.ScalarSelect[int | None]:
    """The author of the version seated in the game at hand (one, in a check game)."""
    return (
        sa.select(col(BotRecord.author_id))
        .select_from(SeatRecord)
        .join(BotRecord, _bot())
        .where(_seated(), _is_version())
        .correlate(GameRecord)
        .limit(1)
        .scalar_subquery()
    )

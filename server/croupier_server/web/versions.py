"""A submitted bot's versions, as the API gives them: public facts, and private ones.

``GET /api/bots/{name}/versions`` lists a submitted bot's versions with their status and
rating; ``GET /api/bots/{name}/versions/{n}`` gives one, with its check log, check games,
manifest and archive digest for its author and the admin only (``null`` for everyone
else). A version's rating is its line on the board where it played the most games.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Path
from pydantic import BaseModel, Field
from sqlmodel import Session

from croupier_server.db import BOT_NAME_MAX_LENGTH, INTEGER_MAX, statistics
from croupier_server.db.submissions import VersionStatus
from croupier_server.db.version_listing import (
    ListedVersion,
    SubmittedBot,
    bot_version,
    bot_versions,
    submitted_bot,
)
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.leaderboard import board_path
from croupier_server.web.openapi import error_answers
from croupier_server.web.ratings_cache import CachedRatings, RatingsCache

__all__ = [
    "BotName",
    "VersionNumber",
    "VersionRating",
    "VersionView",
    "VersionsView",
    "require_submitted",
    "require_version",
    "version_path",
    "version_ratings",
    "version_view",
    "versions_view",
]

router = APIRouter()

BotName = Annotated[
    str, Path(min_length=1, max_length=BOT_NAME_MAX_LENGTH, description="A bot's name.")
]
"""A path parameter naming a submitted bot (one holding a NUL names none: 404)."""
VersionNumber = Annotated[int, Path(ge=1, le=INTEGER_MAX, description="A version's N, from 1.")]
"""A path parameter naming a version by its number."""


class VersionRating(BaseModel):
    """A version's rating on the board where it played most (intervals are 95%)."""

    elo: float
    low: float
    high: float
    games: int
    variant: str
    board: str = Field(description="The page of the board.")


class VersionView(BaseModel):
    """A version of a submitted bot; the private fields are ``null`` but for its owner."""

    number: int
    name: str = Field(description="Its own bot's name, NAME@N, under which it plays.")
    bot_id: int = Field(description="Its own bot's id: its games and faults at /bots/{id}.")
    status: VersionStatus
    detail: str = Field(description="Why it was rejected or retired; what its check is doing.")
    received_at: datetime
    checked_at: datetime | None
    retired_at: datetime | None
    rating: VersionRating | None
    url: str = Field(description="Its page.")
    check_log: str | None = Field(
        default=None, description="What its check did and printed (its author and the admin)."
    )
    check_games: list[int] | None = Field(
        default=None, description="The games its check played (its author and the admin)."
    )
    manifest: dict[str, Any] | None = Field(
        default=None, description="Its croupier.toml, as read (its author and the admin)."
    )
    digest: str | None = Field(
        default=None, description="The SHA-256 of its archive (its author and the admin)."
    )


class VersionsView(BaseModel):
    """A submitted bot and its versions, from the first."""

    bot: str
    game: str
    author: str | None
    description: str
    open_to_people: bool = Field(
        description="Whether people may play against its versions (its author decides)."
    )
    versions: list[VersionView]


def version_path(bot: str, number: int, *, api: bool = False) -> str:
    """The page (or with ``api``, the JSON) of version ``number`` of the bot ``bot``.

    >>> version_path("my bot", 3, api=True)
    '/api/bots/my%20bot/versions/3'
    """
    return f"{'/api' if api else ''}/bots/{quote(bot, safe='')}/versions/{number}"


@router.get(
    "/api/bots/{name:path}/versions",
    response_model=VersionsView,
    summary="A submitted bot's versions, with their status and rating",
    responses=error_answers({404: "No submitted bot of that name"}),
)
def versions_api(name: BotName, session: DatabaseSession, cache: CachedRatings) -> VersionsView:
    """Every version of the submitted bot ``name`` (its public facts)."""
    return versions_view(session, cache, require_submitted(session, name))


@router.get(
    "/api/bots/{name:path}/versions/{number}",
    response_model=VersionView,
    summary="One version of a submitted bot (with its check log for its author and the admin)",
    responses=error_answers({401: "A wrong token", 404: "No such bot or version"}),
)
def version_api(
    name: BotName,
    number: VersionNumber,
    session: DatabaseSession,
    cache: CachedRatings,
    caller: OptionalCaller,
) -> VersionView:
    """Version ``number`` of the submitted bot ``name``."""
    submitted, listed = require_version(session, name, number)
    return version_view(session, cache, submitted, listed, caller)


def require_submitted(session: Session, name: str) -> SubmittedBot:
    """The submitted bot ``name``.

    Raises:
        HTTPException: 404, there is none.
    """
    found = submitted_bot(session, name=name)
    if found is None:
        raise HTTPException(404, f"no submitted bot named {name!r}")
    return found


def require_version(session: Session, name: str, number: int) -> tuple[SubmittedBot, ListedVersion]:
    """The submitted bot ``name`` and its version ``number``.

    Raises:
        HTTPException: 404, there is no such bot or version.
    """
    submitted = require_submitted(session, name)
    assert submitted.bot.id is not None
    listed = bot_version(session, submitted_id=submitted.bot.id, number=number)
    if listed is None:
        raise HTTPException(404, f"{name!r} has no version {number}")
    return submitted, listed


def versions_view(session: Session, cache: RatingsCache, submitted: SubmittedBot) -> VersionsView:
    """What the API and the page of a submitted bot show: its versions' public facts."""
    assert submitted.bot.id is not None
    listed = bot_versions(session, submitted_id=submitted.bot.id)
    ratings = version_ratings(
        session, cache, submitted.bot.game, [each.bot.name for each in listed]
    )
    return VersionsView(
        bot=submitted.bot.name,
        game=submitted.bot.game,
        author=None if submitted.author is None else submitted.author.name,
        description=submitted.bot.description,
        open_to_people=submitted.bot.open_to_people,
        versions=[_view(submitted, each, ratings.get(each.bot.name), None) for each in listed],
    )


def version_view(
    session: Session,
    cache: RatingsCache,
    submitted: SubmittedBot,
    listed: ListedVersion,
    caller: Caller | None,
) -> VersionView:
    """What the API and the page of one version show."""
    rating = version_ratings(session, cache, submitted.bot.game, [listed.bot.name])
    return _view(submitted, listed, rating.get(listed.bot.name), caller)


def version_ratings(
    session: Session, cache: RatingsCache, game: str, names: list[str]
) -> dict[str, VersionRating]:
    """The rating of each bot of ``names`` that has one: its line on its busiest board."""
    wanted = set(names)
    ratings: dict[str, VersionRating] = {}
    for found in statistics.finished_boards(session, game=game):
        board = cache.board(game=found.game, variant=found.variant, version=found.version)
        for line in board.standings:
            known = ratings.get(line.bot)
            if line.bot in wanted and (known is None or line.games > known.games):
                ratings[line.bot] = VersionRating(
                    elo=round(line.elo, 1),
                    low=round(line.elo_interval.low, 1),
                    high=round(line.elo_interval.high, 1),
                    games=line.games,
                    variant=found.variant,
                    board=board_path(found.game, found.variant),
                )
    return ratings


def _view(
    submitted: SubmittedBot,
    listed: ListedVersion,
    rating: VersionRating | None,
    caller: Caller | None,
) -> VersionView:
    version, own = listed.version, caller is not None and caller.owns(submitted.bot.author_id)
    assert listed.bot.id is not None
    return VersionView(
        number=version.number,
        name=listed.bot.name,
        bot_id=listed.bot.id,
        status=version.status,
        detail=version.detail,
        received_at=version.received_at,
        checked_at=version.checked_at,
        retired_at=version.retired_at,
        rating=rating,
        url=version_path(submitted.bot.name, version.number),
        check_log=version.check_log if own else None,
        check_games=list(version.check_games) if own else None,
        manifest=dict(version.manifest) if own else None,
        digest=version.digest if own else None,
    )

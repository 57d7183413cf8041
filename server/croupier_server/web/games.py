"""The games list: ``/games``, searchable and paged, and its JSON twin ``/api/games``.

A check game is listed only to its author and the admin; a finished game whose deal is
still being played is listed without its result (:mod:`croupier_server.db.listings`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from croupier.games import game_class, game_names
from croupier_server.db import (
    BOT_NAME_MAX_LENGTH,
    INTEGER_MAX,
    EndedBy,
    GameStatus,
    SeatStatus,
    bot_ids,
)
from croupier_server.db.listings import (
    BotResult,
    GamePage,
    GameSearch,
    ListedGame,
    search_games,
)
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.disclosed import reader_of
from croupier_server.web.match_scores import match_scores
from croupier_server.web.openapi import NO_NUL, error_answers
from croupier_server.web.templating import render

__all__ = ["GameLine", "GameList", "GameListQuery", "SeatLine", "game_line", "router"]

router = APIRouter()

PAGE_SIZE = 50
"""Games per page unless the query asks for another number."""

VARIANTS = {
    name: tuple(variant.label for variant in game_class(name).variants()) for name in game_names()
}
"""The variant labels of each game, as the games are stored with them."""

VARIANT_LABELS = tuple(label for labels in VARIANTS.values() for label in labels)
"""Every variant label of every game."""


class GameListQuery(BaseModel):
    """The filters and the page of a games search; an empty field is no filter."""

    game: str | None = Field(
        default=None,
        description=f"One of {', '.join(game_names())}.",
        json_schema_extra={"enum": list(game_names())},
    )
    variant: str | None = Field(
        default=None,
        description="A variant label: six-card, 4 players",
        json_schema_extra={"enum": list(VARIANT_LABELS)},
    )
    bot: str | None = Field(
        default=None,
        max_length=BOT_NAME_MAX_LENGTH,
        pattern=NO_NUL,
        description="A bot's exact name.",
    )
    tournament: int | None = Field(
        default=None, ge=1, le=INTEGER_MAX, description="A tournament id."
    )
    status: GameStatus | None = None
    ended_by: EndedBy | None = None
    result: BotResult | None = Field(
        default=None,
        description="How the bot named by `bot` did: won (placed first, a tie included) or "
        "lost (placed below first). Without `bot` no game matches.",
    )
    faults: bool = Field(
        default=False,
        description="Only games with a fault, of the bot's seats when `bot` is given.",
    )
    slow: bool = Field(
        default=False,
        description="Only games with a slow decision, of the bot's seats when `bot` is "
        "given: one that took longer than the game's decision_ms, so drew on the seat's time "
        "bank, or timed out.",
    )
    before: int | None = Field(
        default=None, ge=1, le=INTEGER_MAX, description="List the games below this id."
    )
    limit: int = Field(default=PAGE_SIZE, ge=1, le=200, description="Games per page.")

    @model_validator(mode="before")
    @classmethod
    def _blank_is_no_filter(cls, data: Any) -> Any:
        """A form sends its empty fields as empty strings: they ask for nothing."""
        if isinstance(data, dict):
            return {name: value for name, value in data.items() if value != ""}
        return data

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str | None) -> str | None:
        if game is not None and game not in game_names():
            raise _unknown("game", game, game_names())
        return game

    @field_validator("variant")
    @classmethod
    def _known_variant(cls, variant: str | None) -> str | None:
        if variant is not None and variant not in VARIANT_LABELS:
            raise _unknown("variant", variant, VARIANT_LABELS)
        return variant

    def search(self) -> GameSearch:
        """The search these filters ask for."""
        return GameSearch(
            game=self.game,
            variant=self.variant,
            bot=self.bot,
            tournament_id=self.tournament,
            status=self.status,
            ended_by=self.ended_by,
            result=self.result,
            faults=self.faults,
            slow=self.slow,
        )

    def query_string(self, **changes: object) -> str:
        """The URL query of these filters (defaults left out), with ``changes`` made."""
        values = {**self.model_dump(mode="json", exclude_defaults=True), **changes}
        return urlencode(
            {name: _query_value(value) for name, value in values.items() if value is not None}
        )


def _query_value(value: object) -> object:
    """``value`` as the URL writes it: ``true`` for ``True``, as the form's checkboxes send."""
    return "true" if value is True else value


def _unknown(field: str, value: str, known: Iterable[str]) -> PydanticCustomError:
    # A custom error keeps the error's context plain text, which the 422 answer shows.
    return PydanticCustomError(
        f"unknown_{field}",
        "no {field} '{value}' (known: {known})",
        {"field": field, "value": value, "known": ", ".join(known)},
    )


class SeatLine(BaseModel):
    """A seat of a listed game."""

    seat: int
    bot_id: int
    bot: str
    status: SeatStatus
    score: int | None
    place: int | None
    person: bool = Field(description="Whether a person played it, from the dashboard's tables.")


class GameLine(BaseModel):
    """A game as the lists show it."""

    id: int
    game: str
    variant: str
    status: GameStatus
    tournament_id: int | None
    schedule_number: int | None = Field(description="Its number in the tournament's schedule.")
    seats: list[SeatLine]
    winners: list[int] = Field(description="The seats placed first (several on a tie).")
    match_scores: list[list[int]] = Field(
        description="Each game of a match, its seats' scores (a cribbage game's pegs, 121-105), "
        "while `seats` give the match's points; empty for a game that is no match of games."
    )
    ended_by: str | None
    started_at: datetime
    finished_at: datetime | None
    duration_s: float | None
    held_back: str = Field(
        default="",
        description="Why `seats` give no score or place and `winners` and `match_scores` are "
        "empty though the game finished: another game of its deal is still to be played. "
        "Empty when nothing is held back.",
    )


class GameList(BaseModel):
    """A page of games, newest first."""

    games: list[GameLine]
    older: int | None = Field(description="The `before` of the next page; null on the last.")


def game_line(game: ListedGame) -> GameLine:
    """The list line of a game."""
    return GameLine(
        id=game.id,
        game=game.game,
        variant=game.variant,
        status=game.status,
        tournament_id=game.tournament_id,
        schedule_number=game.schedule_number,
        seats=[
            SeatLine(
                seat=seat.seat,
                bot_id=seat.bot_id,
                bot=seat.bot,
                status=seat.status,
                score=seat.score,
                place=seat.place,
                person=seat.person,
            )
            for seat in game.seats
        ],
        winners=[seat.seat for seat in game.winners],
        match_scores=match_scores(game.result_details),
        ended_by=game.ended_by,
        started_at=game.started_at,
        finished_at=game.finished_at,
        duration_s=game.duration_s,
        held_back=game.held_back,
    )


def game_list(page: GamePage) -> GameList:
    """The JSON of a page of games."""
    return GameList(games=[game_line(game) for game in page.games], older=page.older)


def _url(path: str, filters: GameListQuery, **changes: object) -> str:
    query = filters.query_string(**changes)
    return f"{path}?{query}" if query else path


def _games(session: DatabaseSession, filters: GameListQuery, caller: Caller | None) -> GameList:
    page = search_games(
        session,
        search=filters.search(),
        before=filters.before,
        limit=filters.limit,
        reader=reader_of(caller),
    )
    return game_list(page)


@router.get("/games", include_in_schema=False, response_class=HTMLResponse)
def games_page(
    request: Request,
    session: DatabaseSession,
    filters: Annotated[GameListQuery, Query()],
    caller: OptionalCaller,
) -> HTMLResponse:
    """The games list with its filter form."""
    listing = _games(session, filters, caller)
    older = None if listing.older is None else _url("/games", filters, before=listing.older)
    return render(
        request,
        "games.html",
        {
            "section": "games",
            "api_url": _url("/api/games", filters),
            "filters": filters,
            "listing": listing,
            "newest_url": _url("/games", filters, before=None),
            "older_url": older,
            "page_size": PAGE_SIZE,
            "bot_name_max_length": BOT_NAME_MAX_LENGTH,
            "bot_names": sorted(bot_ids(session)),
            "game_names": game_names(),
            "variants": VARIANTS,
            "statuses": list(GameStatus),
            "endings": list(EndedBy),
            "results": list(BotResult),
            "result_without_bot": filters.result is not None and filters.bot is None,
        },
    )


@router.get(
    "/api/games",
    summary="Search the games, newest first",
    response_model=GameList,
    responses=error_answers(
        {401: "A wrong token (none is needed: one lists its author's check games)"}
    ),
)
def games_api(
    session: DatabaseSession, filters: Annotated[GameListQuery, Query()], caller: OptionalCaller
) -> GameList:
    """The games that match every filter given, a page at a time.

    Pass the `older` of a page as `before` to get the next one. A bot name that no bot
    has gives an empty list, and so does a result without a bot. A submitted version's
    check game is listed only to its author and the admin.
    """
    return _games(session, filters, caller)

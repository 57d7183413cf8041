"""The page that asks another bot, ``/games/{id}/second-opinion``, and its JSON twin.

``?bot=NAME&seat=N`` asks the registered command bot ``NAME`` for its action at each
decision of seat ``N`` (see :mod:`croupier_server.web.second_opinions`); the page shows
every decision asked and marks those where its answer differs from the game's. Whoever
reads the dashboard may ask the organiser's bots; a submitted bot's versions are asked by
their author and the admin only, since asking runs the author's code on questions of the
asker's choosing. A bot is asked about a game only once the game's deal is over
(:mod:`croupier_server.db.disclosure`), the admin excepted: the questions are the seat's
observations, its hand among them, and the answers a bot of the asker's may print.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.models import BotKind, BotRecord
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.disclosed import disclosed_game
from croupier_server.web.game_detail import GameSummary, game_summary
from croupier_server.web.openapi import NO_NUL, RecordId, error_answers
from croupier_server.web.second_opinions import (
    OpinionRefused,
    SecondOpinion,
    SecondOpinions,
    second_opinions_of,
)
from croupier_server.web.templating import render

__all__ = ["may_ask", "router", "second_opinion_path"]

router = APIRouter()

NEEDS_SERVE = "asking a bot needs the referee: serve the dashboard with croupier serve"

BotQuery = Annotated[
    str, Query(min_length=1, max_length=200, pattern=NO_NUL, description="The bot to ask.")
]
SeatQuery = Annotated[int, Query(ge=0, le=64, description="The seat whose decisions it is asked.")]


def second_opinion_path(game_id: int, *, api: bool = False) -> str:
    """The address of the page that asks another bot about game ``game_id``."""
    return f"{'/api' if api else ''}/games/{game_id}/second-opinion"


def may_ask(caller: Caller | None, bot: BotRecord) -> bool:
    """Whether ``caller`` may ask ``bot``: an organiser's bot, or one of the caller's own."""
    return bot.author_id is None or (caller is not None and caller.owns(bot.author_id))


@router.get(
    "/api/games/{game_id}/second-opinion",
    response_model=SecondOpinion,
    summary="What would another bot do: a bot's action at each decision of one seat",
    description="Starts the registered command bot `bot` offline (in no game, rated nowhere, "
    "nothing stored), sends it the observations seat `seat` was sent, under the game's time "
    "control, and gives its answer beside the game's action at each decision. An organiser's "
    "bot may be asked by any reader, a submitted bot's version by its author and the admin; "
    "only once every game of the game's deal is played (the admin: always).",
    responses=error_answers(
        {
            400: "A bot that cannot be asked about this game (another game's, a remote bot)",
            401: "A wrong token",
            403: "A submitted bot's version, asked by another than its author or the admin",
            404: "No such game (or another author's check game), seat or bot; or a dashboard "
            "served without the referee, which cannot ask bots",
            409: "A game whose deal is still being played (the admin excepted)",
            503: "Too many bots asked at once",
        }
    ),
)
async def second_opinion_api(
    request: Request,
    *,
    game_id: RecordId,
    bot: BotQuery,
    seat: SeatQuery,
    caller: OptionalCaller,
    session: DatabaseSession,
) -> SecondOpinion:
    """The bot's answer at each decision of the seat."""
    return await _asked(session, second_opinions_of(request), caller, game_id, bot=bot, seat=seat)


@router.get("/games/{game_id}/second-opinion", include_in_schema=False, response_class=HTMLResponse)
async def second_opinion_page(
    request: Request,
    *,
    game_id: RecordId,
    caller: OptionalCaller,
    session: DatabaseSession,
    bot: Annotated[str | None, Query(max_length=200, pattern=NO_NUL)] = None,
    seat: Annotated[int | None, Query(ge=0, le=64)] = None,
) -> HTMLResponse:
    """The form that asks a bot, and its answer once asked."""
    summary, choices = await run_in_threadpool(_form, session, caller, game_id)
    opinions = second_opinions_of(request)
    answer: SecondOpinion | None = None
    problem, status = "", 200
    if bot and seat is not None and opinions is not None:
        try:
            answer = await _asked(session, opinions, caller, game_id, bot=bot, seat=seat)
        except HTTPException as refused:
            problem, status = str(refused.detail), refused.status_code
    context = {
        "section": "games",
        "api_url": None,
        "game": summary,
        "choices": choices,
        "chosen_bot": bot or "",
        "chosen_seat": seat,
        "available": opinions is not None,
        "needs_serve": NEEDS_SERVE,
        "answer": answer,
        "problem": problem,
    }
    return render(request, "second_opinion.html", context, status_code=status)


def _form(session: Session, caller: Caller | None, game_id: int) -> tuple[GameSummary, list[str]]:
    """The game, and the bots ``caller`` may ask about it, by name.

    Raises:
        HTTPException: 404, no such game, or another author's check game.
    """
    record, disclosure = disclosed_game(session, game_id, caller)
    bots = db.list_bots(session, game=record.game)
    askable = [bot.name for bot in bots if bot.kind is BotKind.COMMAND and may_ask(caller, bot)]
    return game_summary(session, record, disclosure), askable


async def _asked(
    session: Session,
    opinions: SecondOpinions | None,
    caller: Caller | None,
    game_id: int,
    *,
    bot: str,
    seat: int,
) -> SecondOpinion:
    """``bot``'s answers at the decisions of ``seat``, if ``caller`` may ask it.

    Raises:
        HTTPException: the refusal's status and one line saying why; 404 without
            ``opinions``: this dashboard asks no bot.
    """
    if opinions is None:
        raise HTTPException(404, NEEDS_SERVE)
    await run_in_threadpool(_check_disclosed, session, caller, game_id)
    await run_in_threadpool(_check_askable, session, caller, bot)
    try:
        return await opinions.ask(game_id=game_id, bot=bot, seat=seat)
    except OpinionRefused as refused:
        raise HTTPException(refused.status, str(refused)) from None


def _check_disclosed(session: Session, caller: Caller | None, game_id: int) -> None:
    """Refuse a game ``caller`` may not see whole: the asked bot is sent a seat's hand.

    Raises:
        HTTPException: 404, no such game (or another author's check game); 409, its deal
            is still being played.
    """
    record, disclosure = disclosed_game(session, game_id, caller)
    if not disclosure.is_whole:
        raise HTTPException(409, f"game {record.id}: {disclosure.reason}")


def _check_askable(session: Session, caller: Caller | None, name: str) -> None:
    """Refuse a bot that does not exist, or that ``caller`` may not ask.

    Raises:
        HTTPException: 404 or 403.
    """
    bot = db.get_bot_by_name(session, name=name)
    if bot is None:
        raise HTTPException(404, f"no bot named {name!r}")
    if not may_ask(caller, bot):
        raise HTTPException(
            403, f"{name!r} is an author's bot: only its author or the admin may ask it"
        )

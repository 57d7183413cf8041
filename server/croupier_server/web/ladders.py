"""The ladder pages: the list, one page per ladder kept live, and the admin's form to open one.

``/ladders`` and ``/ladders/{id}`` have their JSON twins under ``/api``. A ladder's page
shows its games playing now, its standings (each bot's Elo and 95% interval), its bots and
how far each new version has got, and its newest games; while the ladder is open its
``static/ladder.js`` fetches that part again (``/ladders/{id}/live``, the same template)
every few seconds. The standings come from the dashboard's cache of boards (the board of
the ladder's tournament), refreshed in the background as games finish.

``POST /api/ladders`` (admin token) opens a ladder as ``croupier ladder open`` does,
``POST /api/ladders/{id}/close`` closes one; the admin's forms do the same at
``/ladders/new`` and on a ladder's page. ``croupier serve`` plays the open ladders.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlmodel import Session

from croupier.games import game_names
from croupier_server.board_fits import Board
from croupier_server.board_fits.online import OnlineStep, games_since, online_step
from croupier_server.clock import utc_now
from croupier_server.db.bots import bot_ids
from croupier_server.db.ladder_games import close_ladder, get_ladder, list_ladders
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.ladder.progress import LadderProgress, ladder_progress
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web.access import (
    SESSION_COOKIE,
    LoginSession,
    admin_login,
    check_csrf,
    require_admin,
)
from croupier_server.web.admin.actions import Actions, AdminActions
from croupier_server.web.admin.forms import (
    TIME_FIELDS,
    FormRefused,
    option_fields,
    parse,
    tournament_data,
)
from croupier_server.web.admin.pages import read_form
from croupier_server.web.dependencies import DatabaseSession, engine_of
from croupier_server.web.games import game_line
from croupier_server.web.ladder_schemas import (
    EntrantLine,
    LadderDetail,
    LadderLine,
    LadderList,
    LadderRequest,
    LadderSettingsLine,
    LadderStandingLine,
)
from croupier_server.web.openapi import RecordId, error_answers
from croupier_server.web.ratings_cache import CachedRatings, RatingsCache
from croupier_server.web.templating import render

__all__ = ["admin_router", "forms_router", "ladder_detail", "router"]

router = APIRouter()
"""The pages and their JSON twins: read access."""
admin_router = APIRouter(dependencies=[Depends(require_admin)])
"""Opening and closing through the API: the admin token."""
forms_router = APIRouter(include_in_schema=False)
"""The admin's forms: an admin's login session."""

AdminLogin = Annotated[LoginSession, Depends(admin_login)]

_REFUSALS = {
    401: "No admin token, or a wrong one",
    403: "The read token, which changes nothing",
    503: "A dashboard served without the means to change anything",
}


@router.get("/ladders", include_in_schema=False, response_class=HTMLResponse)
def ladders_page(request: Request, session: DatabaseSession) -> HTMLResponse:
    """Every ladder."""
    listing = ladder_list(session)
    is_admin = _is_admin(request)
    return render(
        request,
        "ladders.html",
        {"section": "ladders", "api_url": "/api/ladders", "listing": listing, "admin": is_admin},
    )


@router.get("/api/ladders", summary="Every ladder, oldest first", response_model=LadderList)
def ladders_api(session: DatabaseSession) -> LadderList:
    """Each ladder with its status, finished games, games playing now and bots."""
    return ladder_list(session)


@router.get("/ladders/{ladder_id:int}", include_in_schema=False, response_class=HTMLResponse)
def ladder_page(
    request: Request, session: DatabaseSession, ratings: CachedRatings, ladder_id: RecordId
) -> HTMLResponse:
    """One ladder; its live part is fetched again while it is open."""
    detail = ladder_detail(session, ratings, _ladder(session, ladder_id))
    csrf = _admin_csrf(request)
    return render(
        request,
        "ladder.html",
        {
            "section": "ladders",
            "api_url": f"/api/ladders/{ladder_id}",
            "ladder": detail,
            "csrf": csrf,
        },
    )


@router.get("/ladders/{ladder_id:int}/live", include_in_schema=False, response_class=HTMLResponse)
def ladder_live(
    request: Request, session: DatabaseSession, ratings: CachedRatings, ladder_id: RecordId
) -> HTMLResponse:
    """The live part of a ladder's page alone, as its script fetches it."""
    detail = ladder_detail(session, ratings, _ladder(session, ladder_id))
    return render(request, "_ladder_live.html", {"ladder": detail})


@router.get(
    "/api/ladders/{ladder_id}",
    summary="A ladder: settings, standings, bots and their progress, games playing, newest games",
    response_model=LadderDetail,
    responses=error_answers({404: "No such ladder"}),
)
def ladder_api(
    session: DatabaseSession, ratings: CachedRatings, ladder_id: RecordId
) -> LadderDetail:
    """Everything the ladder's page shows."""
    return ladder_detail(session, ratings, _ladder(session, ladder_id))


@admin_router.post(
    "/api/ladders",
    status_code=201,
    summary="Open a ladder for croupier serve to play (admin token)",
    response_model=LadderLine,
    responses=error_answers({400: "The ladder is refused", **_REFUSALS}),
)
def open_ladder_api(request: LadderRequest, actions: Actions, response: Response) -> LadderLine:
    """Open a ladder as `croupier ladder open` does; `croupier serve` plays it."""
    record = _open(actions, request)
    response.headers["Location"] = f"/api/ladders/{record.id}"
    return _line(record, None)


@admin_router.post(
    "/api/ladders/{ladder_id}/close",
    summary="Close a ladder: it plays no more; its games stay (admin token)",
    response_model=LadderLine,
    responses=error_answers({404: "No such ladder", **_REFUSALS}),
)
def close_ladder_api(request: Request, actions: Actions, ladder_id: RecordId) -> LadderLine:
    """Close a ladder as `croupier ladder close` does."""
    return _line(_close(request, actions, ladder_id), None)


@forms_router.get("/ladders/new", response_class=HTMLResponse)
def new_ladder_page(request: Request, login: AdminLogin) -> HTMLResponse:
    """The form that opens a ladder."""
    return _form_page(request, login, {}, "")


@forms_router.post("/ladders/new")
async def new_ladder_form(request: Request, login: AdminLogin, actions: Actions) -> Response:
    """Open the ladder the form describes, and show its page."""
    fields = await read_form(request)
    check_csrf(login, fields.get("csrf"))
    try:
        ladder_request = parse(LadderRequest, ladder_data(fields))
        record = await run_in_threadpool(_open, actions, ladder_request)
    except (FormRefused, HTTPException) as error:
        reason = str(error.detail) if isinstance(error, HTTPException) else str(error)
        return _form_page(request, login, fields, reason)
    return RedirectResponse(f"/ladders/{record.id}", status_code=303)


@forms_router.post("/ladders/{ladder_id:int}/close")
async def close_ladder_form(
    request: Request, login: AdminLogin, actions: Actions, ladder_id: RecordId
) -> Response:
    """Close the ladder, and show its page."""
    fields = await read_form(request)
    check_csrf(login, fields.get("csrf"))
    await run_in_threadpool(_close, request, actions, ladder_id)
    return RedirectResponse(f"/ladders/{ladder_id}", status_code=303)


def ladder_list(session: Session) -> LadderList:
    """Every ladder with its counts."""
    return LadderList(
        ladders=[
            _line(record, ladder_progress(session, record, recent=1))
            for record in list_ladders(session)
        ]
    )


def ladder_detail(session: Session, ratings: RatingsCache, record: LadderRecord) -> LadderDetail:
    """Everything about one ladder that its page shows.

    The standings come from ``ratings``: while games finish they may lag a refresh
    behind the games, which are read afresh.
    """
    progress = ladder_progress(session, record)
    board = ratings.board(game=record.game, tournament_id=record.tournament_id)
    # The games since the fit move their bots' Elo at once; the next fit counts them.
    step = online_step(board, games_since(session, board) if not board.pending else [])
    now = utc_now()
    names = [line.bot for line in board.standings] + [e.name for e in progress.entrants]
    names += sorted(step.provisional)
    ids = bot_ids(session, names=names)
    settings = progress.settings
    return LadderDetail(
        **_line(record, progress).model_dump(),
        settings=LadderSettingsLine.model_validate(
            {
                # Every deal's seed follows from it: held back while the ladder deals.
                "seed": settings.seed if record.status is LadderStatus.CLOSED else None,
                "concurrency": settings.concurrency,
                "processes": settings.processes,
                "with": list(settings.with_bots),
                **settings.rules.to_data(),
                "time_control": settings.time_control,
                "sealed": settings.sealed,
            }
        ),
        games={str(status): count for status, count in progress.counts.items()},
        standings=_standing_lines(board, step, ids),
        rated_at=board.computed_at if board.standings else None,
        rated_games=board.games,
        fit_age_s=(now - board.computed_at).total_seconds() if board.standings else None,
        games_since_fit=step.games,
        as_of=board.as_of(now),
        fit_pending=board.pending,
        entrants=[
            EntrantLine(
                bot=entrant.name,
                bot_id=ids.get(entrant.name),
                kind=entrant.kind,
                status=entrant.status,
                detail=entrant.detail,
                deals=entrant.deals,
                games=entrant.games,
                deals_needed=entrant.needed,
                new=entrant.is_new,
            )
            for entrant in progress.entrants
        ],
        playing_games=[game_line(game) for game in progress.playing],
        recent_games=[game_line(game) for game in progress.recent],
    )


def _standing_lines(
    board: Board, step: OnlineStep, ids: dict[str, int]
) -> list[LadderStandingLine]:
    """The fit's lines moved by the online step, then those of the bots new since the fit.

    A new bot's Elo is the online step's alone: it has no interval, and no rank among the
    fitted until the next fit counts its games.
    """
    lines = [
        LadderStandingLine(
            rank=line.rank,
            bot=line.bot,
            bot_id=ids.get(line.bot),
            elo=line.elo + step.moved(line.bot, line.elo),
            elo_low=line.elo_interval.low + step.moved(line.bot, line.elo),
            elo_high=line.elo_interval.high + step.moved(line.bot, line.elo),
            games=line.games,
            provisional=line.bot in step.provisional,
        )
        for line in board.standings
    ]
    fitted = {line.bot for line in board.standings}
    new = sorted(step.provisional - fitted, key=lambda bot: (-step.elo[bot], bot))
    lines += [
        LadderStandingLine(
            rank=len(fitted) + number,
            bot=bot,
            bot_id=ids.get(bot),
            elo=step.elo[bot],
            elo_low=None,
            elo_high=None,
            games=0,
            provisional=True,
        )
        for number, bot in enumerate(new, start=1)
    ]
    return lines


def ladder_data(fields: dict[str, str]) -> dict[str, Any]:
    """The ladder the form's ``fields`` ask for, as the API takes it.

    Raises:
        FormRefused: an option of another game, or a value not of its option's kind.
    """
    rules = tournament_data(fields)  # the rule options, read as the tournament form reads them
    data: dict[str, Any] = {
        "game": rules["game"],
        "options": rules["options"],
        "with": [name.strip() for name in fields.get("with", "").split(",") if name.strip()],
        "time_control": {s.name: fields[s.name] for s in TIME_FIELDS if fields.get(s.name)},
    }
    for name in (
        "seed",
        "concurrency",
        "processes",
        "rating_deals",
        "closeness_elo",
        "unmet_boost",
    ):
        if fields.get(name, "").strip():
            data[name] = fields[name].strip()
    return data


def _open(actions: AdminActions | None, request: LadderRequest) -> LadderRecord:
    """Open a ladder through ``actions``.

    Raises:
        HTTPException: 400 (refused) or 503 (no ``actions``).
    """
    if actions is None:
        raise HTTPException(503, "this dashboard was served without the means to change anything")
    try:
        return actions.open_ladder(request)
    except ValueError as error:
        raise HTTPException(400, str(error)) from None


def _close(request: Request, actions: AdminActions | None, ladder_id: int) -> LadderRecord:
    """Close a ladder (its games chosen and not begun are cancelled).

    Raises:
        HTTPException: 404 (no such ladder) or 503 (no ``actions``).
    """
    if actions is None:
        raise HTTPException(503, "this dashboard was served without the means to change anything")
    with Session(engine_of(request)) as session:
        if get_ladder(session, ladder_id=ladder_id) is None:
            raise HTTPException(404, f"no ladder {ladder_id}")
        return close_ladder(session, ladder_id=ladder_id)


def _ladder(session: Session, ladder_id: int) -> LadderRecord:
    record = get_ladder(session, ladder_id=ladder_id)
    if record is None:
        raise HTTPException(404, f"no ladder {ladder_id}")
    return record


def _line(record: LadderRecord, progress: LadderProgress | None) -> LadderLine:
    assert record.id is not None
    return LadderLine(
        id=record.id,
        game=record.game,
        variant=record.variant,
        options=record.options,
        status=record.status,
        tournament_id=record.tournament_id,
        finished=0 if progress is None else progress.finished,
        playing=0 if progress is None else len(progress.playing),
        bots=0 if progress is None else sum(entrant.plays for entrant in progress.entrants),
        created_at=record.created_at,
        closed_at=record.closed_at,
    )


def _admin_session(request: Request) -> LoginSession | None:
    """The admin's login session of this request, if it has one."""
    try:
        return admin_login(request, request.cookies.get(SESSION_COOKIE))
    except HTTPException:
        return None


def _is_admin(request: Request) -> bool:
    return _admin_session(request) is not None


def _admin_csrf(request: Request) -> str | None:
    session = _admin_session(request)
    return None if session is None else session.csrf


def _form_page(
    request: Request, login: LoginSession, form: dict[str, str], error: str
) -> HTMLResponse:
    return render(
        request,
        "ladder_open.html",
        {
            "section": "ladders",
            "csrf": login.csrf,
            "games": game_names(),
            "option_fields": option_fields(),
            "time_fields": TIME_FIELDS,
            "process_modes": list(ProcessMode),
            "form": form,
            "error": error,
        },
        status_code=400 if error else 200,
    )

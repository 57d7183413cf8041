"""The pages that log in and change things: ``/login``, ``/logout`` and the forms of ``/admin``.

A form post needs an admin's login session and carries the session's CSRF value; the
forms register a bot and queue a tournament through the same checks as the API.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import parse_qs, quote, urlsplit

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlmodel import Session

from croupier.games import game_names
from croupier_server.db import BOT_NAME_MAX_LENGTH, BotKind, list_bots
from croupier_server.tournament.formats import format_named, format_names
from croupier_server.tournament.settings import ProcessMode
from croupier_server.web.access import (
    SESSION_COOKIE,
    LoginSession,
    Role,
    access_of,
    admin_login,
    check_csrf,
    clear_session_cookie,
    set_session_cookie,
)
from croupier_server.web.admin.actions import Actions, add_bot, queue_tournament
from croupier_server.web.admin.format_settings import format_settings
from croupier_server.web.admin.forms import (
    LIMIT_FIELDS,
    TIME_FIELDS,
    FormRefused,
    bot_data,
    option_fields,
    parse,
    tournament_data,
)
from croupier_server.web.admin.schedule_size import schedule_line, scheduled_games
from croupier_server.web.admin.schemas import BotRegistration, TournamentRequest
from croupier_server.web.dependencies import engine_of
from croupier_server.web.rate_limit import client_address, retry_after_header
from croupier_server.web.templating import render

__all__ = [
    "MAX_FORM_BYTES",
    "login_url",
    "read_form",
    "read_form_values",
    "router",
]


router = APIRouter(include_in_schema=False)

MAX_FORM_BYTES = 64 * 1024
"""The largest form post read; a larger one is refused (413) before it fills memory."""

AdminLogin = Annotated[LoginSession, Depends(admin_login)]


def login_url(target: str) -> str:
    """The login page that comes back to ``target`` (a path of this site) once logged in."""
    return f"/login?next={quote(target, safe='/')}"


_LANDING = {Role.ADMIN: "/admin", Role.AUTHOR: "/submit", Role.READER: "/"}
"""Where a login that no page asked for goes: the admin's forms, an author's upload form."""


@router.get("/login", response_class=HTMLResponse)
def login_page(
    request: Request, target: Annotated[str, Query(alias="next", max_length=2048)] = ""
) -> HTMLResponse:
    """The login form; ``next``: the page that asked for it, to go back to."""
    return _login_form(request, _local(target) if target else "", message="")


@router.post("/login")
async def log_in(request: Request) -> Response:
    """Open a login session for a right token, and go to the page that asked for it.

    A login no page asked for goes to the role's own page (:data:`_LANDING`).

    Each client address has :data:`~croupier_server.web.access.LOGIN_LIMIT` tries.
    """
    fields = await read_form(request)
    asked = fields.get("next", "")
    target = _local(asked) if asked else ""
    wait = access_of(request).login_limiter.take(client_address(request))
    if wait is not None:
        refused = _login_form(
            request, target, message="Too many tries from here: wait a little.", status_code=429
        )
        refused.headers.update(retry_after_header(wait))
        return refused
    opened = await run_in_threadpool(access_of(request).log_in, fields.get("token", ""))
    if opened is None:
        return _login_form(request, target, message="That token is wrong.", status_code=401)
    cookie, session = opened
    response = RedirectResponse(_landing(target, session.role), status_code=303)
    set_session_cookie(request, response, cookie)
    return response


@router.post("/logout")
async def log_out(request: Request) -> Response:
    """End the login session (the form carries its CSRF value)."""
    fields = await read_form(request)
    cookie = request.cookies.get(SESSION_COOKIE)
    session = access_of(request).session(cookie)
    if session is not None:
        check_csrf(session, fields.get("csrf"))
        access_of(request).log_out(cookie)
    response = RedirectResponse("/", status_code=303)
    clear_session_cookie(response)
    return response


@router.get("/admin", response_class=HTMLResponse)
def admin_page(request: Request, session: AdminLogin) -> HTMLResponse:
    """The forms that register a bot and queue a tournament."""
    return _admin_forms(request, session)


@router.post("/admin/bots", response_class=HTMLResponse)
async def add_bot_form(request: Request, session: AdminLogin, actions: Actions) -> HTMLResponse:
    """Register the bot the form describes; a remote bot's key is shown this once."""
    fields = await read_form(request)
    check_csrf(session, fields.get("csrf"))
    try:
        registration = parse(BotRegistration, bot_data(fields))
        bot = await run_in_threadpool(add_bot, actions, registration)
    except (FormRefused, HTTPException) as error:
        return _admin_forms(request, session, bot_form=fields, bot_error=_reason(error))
    response = render(request, "admin_bot_added.html", {"bot": bot}, status_code=201)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post("/admin/tournaments")
async def queue_tournament_form(
    request: Request, session: AdminLogin, actions: Actions
) -> Response:
    """Queue the tournament the form describes, and show its page."""
    values = await read_form_values(request)
    fields = _first_values(values)
    check_csrf(session, fields.get("csrf"))
    try:
        tournament_request = parse(
            TournamentRequest, tournament_data(fields, values.get("bots", []))
        )
        queued = await run_in_threadpool(queue_tournament, actions, tournament_request)
    except (FormRefused, HTTPException) as error:
        return _admin_forms(
            request,
            session,
            tournament_form=fields,
            tournament_bots=values.get("bots", []),
            tournament_error=_reason(error),
        )
    return RedirectResponse(f"/tournaments/{queued.id}", status_code=303)


@router.get("/admin/tournaments/games")
async def schedule_size(request: Request, session: AdminLogin) -> JSONResponse:
    """How many games the tournament form's fields (the query) will make, in one line.

    The tournament form's script asks it as the form is filled in: ``{"games": 12,
    "line": "This tournament will play 12 games.", "refused": ""}``, ``games`` null for a
    format that chooses its games as it goes. A form that makes no schedule yet (no bot
    checked, too few for a table, a value out of its bounds) is an answer too, not an
    error: ``games`` null, and ``refused`` saying why in one line.
    """
    values: dict[str, list[str]] = {}
    for name, value in request.query_params.multi_items():
        values.setdefault(name, []).append(value)
    try:
        if not any(value.strip() for value in values.get("bots", [])):
            raise FormRefused("check the bots that play")
        data = tournament_data(_first_values(values), values.get("bots", []))
        games = await run_in_threadpool(scheduled_games, parse(TournamentRequest, data))
    except (FormRefused, ValueError) as error:
        return JSONResponse(
            {"games": None, "line": f"No schedule yet: {error}", "refused": str(error)}
        )
    return JSONResponse({"games": games, "line": schedule_line(games), "refused": ""})


def _landing(target: str, role: Role) -> str:
    """The page that asked for the login (a path of this site), else the role's own page."""
    return target or _LANDING[role]


def _local(target: str) -> str:
    """``target`` if it is a path of this site, else ``/``: no redirect leads elsewhere."""
    parts = urlsplit(target)
    is_path = target.startswith("/") and not target.startswith("//") and "\\" not in target
    return target if is_path and not parts.scheme and not parts.netloc else "/"


async def read_form(request: Request) -> dict[str, str]:
    """The fields of a URL-encoded form post, the first value of each.

    Raises:
        HTTPException: 413 for a post larger than :data:`MAX_FORM_BYTES`.
    """
    return _first_values(await read_form_values(request))


async def read_form_values(request: Request) -> dict[str, list[str]]:
    """The fields of a URL-encoded form post, each with every value sent (checkboxes).

    Raises:
        HTTPException: 413 for a post larger than :data:`MAX_FORM_BYTES`.
    """
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_FORM_BYTES:
            raise HTTPException(413, "the form is too large")
    return parse_qs(body.decode(errors="replace"), keep_blank_values=True)


def _first_values(values: dict[str, list[str]]) -> dict[str, str]:
    return {name: sent[0] for name, sent in values.items() if sent}


def _reason(error: FormRefused | HTTPException) -> str:
    return str(error.detail) if isinstance(error, HTTPException) else str(error)


def _login_form(
    request: Request, target: str, *, message: str, status_code: int = 200
) -> HTMLResponse:
    return render(
        request,
        "admin_login.html",
        {
            "section": "login",
            "next": target,
            "message": message,
            "read_protected": access_of(request).read_protected,
        },
        status_code=status_code,
    )


def _admin_forms(
    request: Request,
    session: LoginSession,
    *,
    bot_form: dict[str, str] | None = None,
    bot_error: str = "",
    tournament_form: dict[str, str] | None = None,
    tournament_bots: list[str] | None = None,
    tournament_error: str = "",
) -> HTMLResponse:
    refused = bool(bot_error or tournament_error)
    return render(
        request,
        "admin_forms.html",
        {
            "section": "admin",
            "csrf": session.csrf,
            "games": game_names(),
            "option_fields": option_fields(),
            "formats": [format_named(name) for name in format_names()],
            "format_settings": format_settings(),
            "process_modes": list(ProcessMode),
            "limit_fields": LIMIT_FIELDS,
            "time_fields": TIME_FIELDS,
            "bot_name_max_length": BOT_NAME_MAX_LENGTH,
            "bot_form": bot_form or {},
            "bot_error": bot_error,
            "tournament_form": tournament_form or {},
            "tournament_bots": tournament_bots or [],
            "entrants": _entrants(request),
            "tournament_error": tournament_error,
        },
        status_code=400 if refused else 200,
    )


def _entrants(request: Request) -> dict[str, list[str]]:
    """The bots that may enter a tournament, by game, by name.

    Every bot but the people at tables and a submitted bot's own name (its versions enter).
    """
    with Session(engine_of(request)) as session:
        bots = list_bots(session)
    entrants: dict[str, list[str]] = {name: [] for name in game_names()}
    for bot in bots:
        if bot.kind is not BotKind.SUBMITTED and bot.game in entrants:
            entrants[bot.game].append(bot.name)
    return entrants

"""The pages of submitted bots: a bot's versions, one version, its files, retiring it.

``/bots/{name}`` lists a submitted bot's versions (another bot's name leads to its page,
``/bots/{id}``); ``/bots/{name}/versions/{n}`` shows a version: everyone sees its status,
rating and public facts, its author and the admin its check log, check games and files
(``.../files/{path}``) and a button that retires it (a form post with the session's CSRF
value).
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session

from croupier_server import db
from croupier_server.db.version_listing import SubmittedBot, submitted_bot
from croupier_server.web.access import (
    SESSION_COOKIE,
    Caller,
    LoginSession,
    OptionalCaller,
    access_of,
    check_csrf,
    user_login,
)
from croupier_server.web.admin.pages import read_form
from croupier_server.web.dependencies import DatabaseSession, engine_of
from croupier_server.web.people_access import people_button
from croupier_server.web.ratings_cache import CachedRatings, RatingsCache
from croupier_server.web.submissions import Actions, retire
from croupier_server.web.templating import render
from croupier_server.web.version_files import archive_file, archive_files, owned_version
from croupier_server.web.versions import (
    BotName,
    VersionNumber,
    require_version,
    version_path,
    version_view,
    versions_view,
)

__all__ = ["FILE_SHOWN_BYTES", "router", "submitted_bot_page"]

router = APIRouter(include_in_schema=False)

FILE_SHOWN_BYTES = 256 * 1024
"""The most of a file a page shows as text."""

UserLogin = Annotated[LoginSession, Depends(user_login)]


@router.get("/bots/{name:path}/versions/{number}", response_class=HTMLResponse)
def version_page(
    request: Request,
    *,
    name: BotName,
    number: VersionNumber,
    session: DatabaseSession,
    cache: CachedRatings,
    caller: OptionalCaller,
) -> HTMLResponse:
    """One version: its status and rating; its check and files for its author and the admin."""
    submitted, listed = require_version(session, name, number)
    view = version_view(session, cache, submitted, listed, caller)
    own = caller is not None and caller.owns(submitted.bot.author_id)
    context = {
        "section": "bots",
        "api_url": version_path(name, number, api=True),
        "submitted": submitted,
        "view": view,
        "own": own,
        "files": archive_files(owned_version(session, caller, name, number)[2]) if own else [],
        "csrf": _csrf(request) if own else "",
        "bot_path": f"/bots/{quote(name, safe='')}",
    }
    return render(request, "version.html", context)


@router.get("/bots/{name:path}/versions/{number}/files/{path:path}", response_class=HTMLResponse)
def file_page(
    request: Request,
    *,
    name: BotName,
    number: VersionNumber,
    path: str,
    session: DatabaseSession,
    caller: OptionalCaller,
) -> HTMLResponse:
    """One file of a version, as text (its author and the admin)."""
    if caller is None:
        raise HTTPException(401, "log in with the bot's author's token or the admin's")
    _, listed, data = owned_version(session, caller, name, number)
    content = archive_file(data, path)
    if content is None:
        raise HTTPException(404, f"{listed.bot.name} has no file {path!r}")
    try:
        text: str | None = content[:FILE_SHOWN_BYTES].decode()
    except UnicodeDecodeError:
        text = None
    context = {
        "section": "bots",
        "api_url": f"{version_path(name, number, api=True)}/files/{quote(path)}",
        "version_url": version_path(name, number),
        "version": listed.bot.name,
        "path": path,
        "size": len(content),
        "text": text,
        "cut": len(content) > FILE_SHOWN_BYTES,
    }
    response = render(request, "version_file.html", context)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@router.post("/bots/{name:path}/versions/{number}/retire")
async def retire_form(
    request: Request, name: BotName, number: VersionNumber, login: UserLogin, actions: Actions
) -> Response:
    """Retire the version (its author's or the admin's session, with its CSRF value)."""
    fields = await read_form(request)
    check_csrf(login, fields.get("csrf"))
    await run_in_threadpool(_retire, request, actions, login.caller, name, number)
    return RedirectResponse(version_path(name, number), status_code=303)


@router.get("/bots/{name:path}", response_class=HTMLResponse)
def bot_by_name(
    request: Request, name: BotName, session: DatabaseSession, cache: CachedRatings
) -> Response:
    """A submitted bot's versions; another bot's name leads to that bot's page."""
    found = db.get_bot_by_name(session, name=name)
    if found is None:
        raise HTTPException(404, f"no bot {name!r}")
    submitted = submitted_bot(session, name=name)
    if submitted is None:
        return RedirectResponse(f"/bots/{found.id}", status_code=303)
    return submitted_bot_page(request, session, cache, submitted)


def submitted_bot_page(
    request: Request, session: Session, cache: RatingsCache, submitted: SubmittedBot
) -> HTMLResponse:
    """The page of a submitted bot: its versions with status, rating, games and links."""
    context = {
        "section": "bots",
        "api_url": f"/api/bots/{quote(submitted.bot.name, safe='')}/versions",
        "view": versions_view(session, cache, submitted),
        "people": people_button(request, session, submitted.bot),
    }
    return render(request, "bot_versions.html", context)


def _retire(request: Request, actions: Actions, caller: Caller, name: str, number: int) -> None:
    with Session(engine_of(request)) as session:
        retire(session, actions, caller, name=name, number=number)


def _csrf(request: Request) -> str:
    """The CSRF value of the request's login session, if it has one (a Bearer token: none)."""
    session = access_of(request).session(request.cookies.get(SESSION_COOKIE))
    return "" if session is None else session.csrf

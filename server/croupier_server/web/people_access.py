"""Whether people may play against a bot at the dashboard's tables: its owner's choice.

``PUT /api/bots/{name}/people`` with ``{"open": true}`` lets people play against the bot
``name`` (``false``: no longer); a bot's page offers the same as a button, a form post to
``/bots/{name}/people`` with the session's CSRF value. The admin decides for any bot, an
author for their own submitted bots; a version (``NAME@N``) follows its submitted bot.
The tables refuse a bot closed to people (:mod:`croupier_server.person_tables`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import BotKind, BotRecord
from croupier_server.db.bots import is_open_to_people, set_open_to_people
from croupier_server.web.access import (
    SESSION_COOKIE,
    Caller,
    LoginSession,
    RequiredCaller,
    Role,
    access_of,
    check_csrf,
    user_login,
)
from croupier_server.web.admin.pages import read_form
from croupier_server.web.dependencies import engine_of
from croupier_server.web.openapi import error_answers
from croupier_server.web.versions import BotName

__all__ = [
    "PeopleAccess",
    "PeopleAccessChange",
    "PeopleButton",
    "change_people_access",
    "forms",
    "people_button",
    "router",
]

router = APIRouter()
forms = APIRouter(include_in_schema=False)

UserLogin = Annotated[LoginSession, Depends(user_login)]


class PeopleAccessChange(BaseModel):
    """Let people play against a bot, or no longer."""

    model_config = ConfigDict(extra="forbid")

    open: bool = Field(strict=True, description="true: people may play against it.")


class PeopleAccess(BaseModel):
    """Whether people may play against a bot at the dashboard's tables."""

    bot: str
    open: bool = Field(description="A submitted bot's setting holds for its versions.")


@dataclass(frozen=True, slots=True)
class PeopleButton:
    """The button of a bot's page that opens it to people or closes it, for its owner.

    Attributes:
        action: Where its form posts.
        csrf: The login session's CSRF value, which the post carries.
        opens: Whether pressing it opens the bot (else it closes it).
    """

    action: str
    csrf: str
    opens: bool


def change_people_access(
    session: Session, caller: Caller, *, name: str, open_to_people: bool
) -> PeopleAccess:
    """Let people play against the bot ``name``, or not, for ``caller``.

    Raises:
        HTTPException: 404 (no such bot), 403 (``caller`` may not decide for it) or
            409 (a version, which follows its submitted bot).
    """
    bot = db.get_bot_by_name(session, name=name)
    if bot is None or bot.kind is BotKind.PERSON:
        raise HTTPException(404, f"no bot {name!r}")
    refusal = _refusal(caller, bot)
    if refusal:
        raise HTTPException(403, refusal)
    try:
        set_open_to_people(session, bot=bot, open_to_people=open_to_people)
    except ValueError as error:
        raise HTTPException(409, str(error)) from None
    return PeopleAccess(bot=bot.name, open=bot.open_to_people)


def people_button(request: Request, session: Session, bot: BotRecord) -> PeopleButton | None:
    """The button for ``bot``'s page, if the request's login session may press it."""
    login = access_of(request).session(request.cookies.get(SESSION_COOKIE))
    settable = bot.kind is not BotKind.PERSON and bot.version_of_id is None
    if login is None or not settable or _refusal(login.caller, bot):
        return None
    return PeopleButton(
        action=f"/bots/{quote(bot.name, safe='')}/people",
        csrf=login.csrf,
        opens=not is_open_to_people(session, bot),
    )


def _refusal(caller: Caller, bot: BotRecord) -> str:
    """Why ``caller`` may not decide whether people play against ``bot``; empty if they may."""
    if caller.role is Role.READER:
        return "the read token cannot change anything"
    if bot.author_id is not None:  # a submitted bot, or one of its versions
        if caller.owns(bot.author_id):
            return ""
        return f"{bot.name!r} is not yours: only its author or the admin opens it to people"
    if caller.role is not Role.ADMIN:
        return f"{bot.name!r} is the organiser's bot: only the admin opens it to people"
    return ""


@router.put(
    "/api/bots/{name:path}/people",
    summary="Let people play against a bot, or not (its author for a submitted bot, or the admin)",
    response_model=PeopleAccess,
    responses=error_answers(
        {
            400: "A body that is not JSON",
            401: "No token, or a wrong one",
            403: "The read token, or a bot that is not the caller's",
            404: "No bot of that name",
            409: "A version, which follows its submitted bot",
        }
    ),
)
def people_api(
    request: Request, name: BotName, change: PeopleAccessChange, caller: RequiredCaller
) -> PeopleAccess:
    """Open the bot ``name`` to people, or close it; doing it twice changes nothing."""
    with Session(engine_of(request)) as session:
        return change_people_access(session, caller, name=name, open_to_people=change.open)


@forms.post("/bots/{name:path}/people")
async def people_form(request: Request, name: BotName, login: UserLogin) -> Response:
    """Open the bot to people or close it (``open``: ``yes`` or ``no``), then show its page."""
    fields = await read_form(request)
    check_csrf(login, fields.get("csrf"))
    if fields.get("open") not in ("yes", "no"):
        raise HTTPException(400, "say open=yes or open=no")
    await run_in_threadpool(_change, request, login.caller, name, fields["open"] == "yes")
    return RedirectResponse(f"/bots/{quote(name, safe='')}", status_code=303)


def _change(request: Request, caller: Caller, name: str, open_to_people: bool) -> None:
    with Session(engine_of(request)) as session:
        change_people_access(session, caller, name=name, open_to_people=open_to_people)

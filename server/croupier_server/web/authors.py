"""Who one is, and signing up as an author: ``/api/me``, ``/api/authors`` and ``/signup``.

Signing up is off unless the organiser allows it (``croupier serve --sign-up``); it is
limited per client address (:data:`~croupier_server.web.access.SIGN_UP_LIMIT`) and, when
reading the dashboard needs a token, needs one too. A new author's token is shown once,
in the answer.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlmodel import Session

from croupier_server.db import authors
from croupier_server.db.errors import AuthorNameTaken
from croupier_server.db.submissions import AUTHOR_NAME_MAX_LENGTH
from croupier_server.web.access import OptionalCaller, Role, access_of
from croupier_server.web.admin.pages import read_form
from croupier_server.web.dependencies import engine_of
from croupier_server.web.openapi import NO_NUL, error_answers
from croupier_server.web.rate_limit import limit_rate
from croupier_server.web.templating import render

__all__ = ["Me", "NewAuthor", "SignUp", "router", "sign_up"]

router = APIRouter()
pages = APIRouter(include_in_schema=False)

_NOT_ALLOWED = (
    "this server does not let people sign up: its organiser adds authors (croupier author add NAME)"
)


class Me(BaseModel):
    """Whom the token or login speaks for: ``{"author": NAME}``, or the admin, or a reader."""

    author: str | None = None
    admin: bool | None = None
    reader: bool | None = None


class SignUp(BaseModel):
    """The name an author signs up with."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[
        str,
        Field(
            min_length=1,
            max_length=AUTHOR_NAME_MAX_LENGTH,
            pattern=NO_NUL,
            description="1 to 64 lowercase ASCII letters, digits, '-' and '_', beginning "
            "with a letter or a digit; not a name the server uses (admin, lexio-random...).",
        ),
    ]


class NewAuthor(BaseModel):
    """An author just signed up, with their token: shown this once."""

    name: str
    token: str = Field(
        description="The author's token, shown once: give it to croupier-bot as "
        "CROUPIER_AUTHOR_TOKEN, or log in with it."
    )


@router.get(
    "/api/me",
    response_model=Me,
    response_model_exclude_none=True,
    summary="Whom the token (or the login session) speaks for",
    responses=error_answers({401: "No token, or a wrong one"}),
)
def me_api(caller: OptionalCaller) -> Me:
    """``{"author": NAME}`` for an author's token, ``{"admin": true}`` for the admin's."""
    if caller is None:
        raise HTTPException(401, "no token: Authorization: Bearer TOKEN, or log in")
    if caller.role is Role.AUTHOR:
        return Me(author=caller.author)
    return Me(admin=True) if caller.role is Role.ADMIN else Me(reader=True)


@router.post(
    "/api/authors",
    status_code=201,
    response_model=NewAuthor,
    summary="Sign up as an author (when the server allows it)",
    responses=error_answers(
        {
            400: "The name is refused",
            403: "This server does not let people sign up",
            409: "The name is taken",
            429: "Too many sign-ups from this address: wait (Retry-After)",
        }
    ),
)
async def sign_up_api(request: Request, signing_up: SignUp, response: Response) -> NewAuthor:
    """Add an author named as asked; their token is in the answer, and nowhere else ever."""
    author = await run_in_threadpool(sign_up, request, signing_up.name)
    response.headers["Cache-Control"] = "no-store"
    return author


def sign_up(request: Request, name: str) -> NewAuthor:
    """Add the author ``name`` for the request, if signing up is allowed and not too often.

    Raises:
        HTTPException: 403 (not allowed), 429 (too often), 400 (a name refused: outside the
            alphabet, or reserved) or 409 (taken, in any case).
    """
    access = access_of(request)
    if not access.sign_up:
        raise HTTPException(403, _NOT_ALLOWED)
    limit_rate(request, access.sign_up_limiter)
    with Session(engine_of(request)) as session:
        try:
            author, token = authors.add_author(session, name=name, signed_up=True)
        except AuthorNameTaken as error:
            raise HTTPException(409, str(error)) from None
        except ValueError as error:
            raise HTTPException(400, str(error)) from None
    return NewAuthor(name=author.name, token=token)


@pages.get("/signup", response_class=HTMLResponse)
def sign_up_page(request: Request) -> HTMLResponse:
    """The sign-up form, when signing up is allowed."""
    if not access_of(request).sign_up:
        raise HTTPException(403, _NOT_ALLOWED)
    return _form(request, name="", message="")


@pages.post("/signup", response_class=HTMLResponse)
async def sign_up_form(request: Request) -> HTMLResponse:
    """Sign up with the name the form gives, and show the token once."""
    name = (await read_form(request)).get("name", "")
    try:
        author = await run_in_threadpool(sign_up, request, name)
    except HTTPException as error:
        refused = _form(
            request, name=name, message=str(error.detail), status_code=error.status_code
        )
        refused.headers.update(error.headers or {})
        return refused
    response = render(request, "signed_up.html", {"author": author}, status_code=201)
    response.headers["Cache-Control"] = "no-store"
    return response


def _form(request: Request, *, name: str, message: str, status_code: int = 200) -> HTMLResponse:
    context = {"name": name, "message": message, "max_length": AUTHOR_NAME_MAX_LENGTH}
    return render(request, "signup.html", context, status_code=status_code)

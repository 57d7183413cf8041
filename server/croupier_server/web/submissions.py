"""Submitting a bot's version and retiring one, through the API (an author's token).

``POST /api/submissions`` takes a bot's directory packed as a gzipped tar (``croupier-bot
submit`` packs and sends it) and makes it the next version of the bot its manifest names;
``POST /api/bots/{name}/versions/{n}/retire`` retires a version (its author or the admin).
Both take the token as ``Authorization: Bearer``, never the login cookie.

The body is read up to the largest archive the server takes and refused (413) past it,
before the rest is read. Checking the archive and storing the version need the server's
submission machinery, which the dashboard may not import: the command serving the
dashboard hands it :class:`SubmissionActions` that do it, as it hands the admin's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Protocol

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel
from sqlmodel import Session

from croupier_server.db.submissions import VersionStatus
from croupier_server.web.access import Caller, RequiredCaller, Role
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.openapi import error_answers
from croupier_server.web.rate_limit import retry_after_header
from croupier_server.web.ratings_cache import CachedRatings
from croupier_server.web.versions import (
    BotName,
    VersionNumber,
    VersionView,
    require_version,
    version_path,
    version_view,
)

__all__ = [
    "Actions",
    "Submission",
    "SubmissionActions",
    "SubmissionRefused",
    "SubmittedVersion",
    "available",
    "read_limited_body",
    "retire",
    "router",
    "store_submission",
    "submission_actions_of",
    "submitter",
]

router = APIRouter()


@dataclass(frozen=True, slots=True)
class SubmittedVersion:
    """A version just stored: ``bot`` is the submitted bot's name, ``number`` its ``N``."""

    bot: str
    number: int
    status: VersionStatus


class SubmissionRefused(Exception):
    """An upload or a retirement that is refused; ``status`` is the HTTP status to answer.

    400: the archive or its manifest is wrong; 403: the bot is another author's; 409: the
    name is an organiser's bot, the version cannot be retired, or too many of the author's
    versions wait for their check; 413: the archive, a file or their number is over the
    server's limits, or the author's archives would be; 429: the author has uploaded the
    most an hour allows, ``retry_after_s`` says for how long.
    """

    def __init__(self, status: int, message: str, *, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after_s = retry_after_s


class SubmissionActions(Protocol):
    """What stores a submitted version and retires one, with the server's own checks.

    The commands that serve the dashboard pass one of these to
    :func:`~croupier_server.web.app.create_app`.
    """

    @property
    def max_archive_bytes(self) -> int:
        """The largest archive taken, in bytes (packed)."""

    def submit(self, *, author_id: int, archive: bytes) -> SubmittedVersion:
        """Check ``archive`` and store it as the next version of the bot its manifest names.

        Raises:
            SubmissionRefused: it is refused; nothing is stored.
        """

    def retire(self, *, version_bot_id: int, by_admin: bool) -> None:
        """Retire the version whose own bot is ``version_bot_id``: it plays no more.

        Raises:
            SubmissionRefused: 409, it cannot be retired (the message says why).
        """


class Submission(BaseModel):
    """The version an upload made."""

    bot: str
    number: int
    name: str
    status: VersionStatus
    url: str
    api: str


def submission_actions_of(request: Request) -> SubmissionActions | None:
    """The application's :class:`SubmissionActions`, if it was given some."""
    actions: SubmissionActions | None = request.app.state.submission_actions
    return actions


Actions = Annotated[SubmissionActions | None, Depends(submission_actions_of)]
"""A route parameter that receives the application's :class:`SubmissionActions`, if any."""


def available(actions: SubmissionActions | None) -> SubmissionActions:
    """``actions``, if the dashboard has some.

    Raises:
        HTTPException: 503 without.
    """
    if actions is None:
        raise HTTPException(503, "this dashboard was served without the means to take bots")
    return actions


async def read_limited_body(request: Request, limit: int) -> bytes:
    """The request's body, if it is at most ``limit`` bytes.

    Raises:
        HTTPException: 413 as soon as it is found larger, before the rest is read.
    """
    too_large = HTTPException(413, f"the archive is larger than this server takes ({limit} bytes)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise too_large
    return bytes(body)


def submitter(caller: Caller) -> int:
    """The author id of ``caller``, who submits.

    Raises:
        HTTPException: 403, ``caller`` is no author.
    """
    if caller.role is not Role.AUTHOR or caller.author_id is None:
        raise HTTPException(
            403, "submitting needs an author's token (croupier author add NAME makes one)"
        )
    return caller.author_id


def store_submission(actions: SubmissionActions, *, author_id: int, archive: bytes) -> Submission:
    """Store ``archive`` as a new version through ``actions``.

    Raises:
        HTTPException: the refusal's status and message.
    """
    try:
        stored = actions.submit(author_id=author_id, archive=archive)
    except SubmissionRefused as refused:
        wait_s = refused.retry_after_s
        headers = None if wait_s is None else retry_after_header(wait_s)
        raise HTTPException(refused.status, str(refused), headers=headers) from None
    return Submission(
        bot=stored.bot,
        number=stored.number,
        name=f"{stored.bot}@{stored.number}",
        status=stored.status,
        url=version_path(stored.bot, stored.number),
        api=version_path(stored.bot, stored.number, api=True),
    )


def retire(
    session: Session,
    actions: SubmissionActions | None,
    caller: Caller,
    *,
    name: str,
    number: int,
) -> None:
    """Retire version ``number`` of the bot ``name`` for ``caller``, its author or the admin.

    Raises:
        HTTPException: 404 (no such version), 403 (``caller`` may not), 409 (it cannot be
            retired) or 503 (no ``actions``).
    """
    submitted, listed = require_version(session, name, number)
    if not caller.owns(submitted.bot.author_id):
        raise HTTPException(403, f"{name!r} is not yours: only its author or the admin retires it")
    assert listed.bot.id is not None
    try:
        available(actions).retire(version_bot_id=listed.bot.id, by_admin=caller.role is Role.ADMIN)
    except SubmissionRefused as refused:
        raise HTTPException(refused.status, str(refused)) from None


_ARCHIVE_BODY = {
    "requestBody": {
        "required": True,
        "description": "The bot's directory as a gzipped tar, its croupier.toml at the top.",
        "content": {"application/gzip": {"schema": {"type": "string", "format": "binary"}}},
    }
}


@router.post(
    "/api/submissions",
    status_code=201,
    summary="Submit a new version of a bot (an author's token)",
    response_model=Submission,
    openapi_extra=_ARCHIVE_BODY,
    responses=error_answers(
        {
            400: "The archive or its manifest is wrong",
            401: "No token, or a wrong one",
            403: "Not an author's token, or the bot is another author's",
            409: "The name is an organiser's bot, or too many of your versions wait for a check",
            413: "The archive, a file or their number is over the server's limits, or your "
            "archives would be",
            429: "You have uploaded the most an hour allows: wait (Retry-After)",
            503: "A dashboard served without the means to take bots",
        }
    ),
)
async def submit_api(
    request: Request, caller: RequiredCaller, actions: Actions, response: Response
) -> Submission:
    """Store the archive as the bot's next version, received; its check follows."""
    author_id = submitter(caller)
    taking = available(actions)
    archive = await read_limited_body(request, taking.max_archive_bytes)
    submitted = await run_in_threadpool(
        store_submission, taking, author_id=author_id, archive=archive
    )
    response.headers["Location"] = submitted.api
    return submitted


@router.post(
    "/api/bots/{name:path}/versions/{number}/retire",
    summary="Retire a version: it plays no more, and keeps its games (its author or the admin)",
    response_model=VersionView,
    responses=error_answers(
        {
            401: "No token, or a wrong one",
            403: "Not the bot's author nor the admin",
            404: "No such bot or version",
            409: "The version cannot be retired",
            503: "A dashboard served without the means to retire versions",
        }
    ),
)
def retire_api(
    *,
    name: BotName,
    number: VersionNumber,
    caller: RequiredCaller,
    actions: Actions,
    session: DatabaseSession,
    cache: CachedRatings,
) -> VersionView:
    """Retire version ``number`` of the bot ``name``; retiring it again changes nothing."""
    retire(session, actions, caller, name=name, number=number)
    session.expire_all()
    submitted, listed = require_version(session, name, number)
    return version_view(session, cache, submitted, listed, caller)

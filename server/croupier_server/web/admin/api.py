"""The API that changes things: register a bot, queue a tournament; both need the admin token.

``POST /api/bots`` registers a bot as ``croupier bot add`` does (a remote bot's key is in
the answer, and nowhere else ever); ``POST /api/tournaments`` stores a tournament as
``croupier tournament run`` would, with the status ``queued``: the dashboard never drives
the referee, and ``croupier serve`` plays the queued tournaments, oldest first.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Response
from pydantic import BaseModel

from croupier_server.web.access import require_admin
from croupier_server.web.admin.actions import Actions, add_bot, queue_tournament
from croupier_server.web.admin.schemas import (
    BotRegistration,
    QueuedTournament,
    RegisteredBot,
    TournamentRequest,
)
from croupier_server.web.openapi import error_answers

__all__ = ["RegistrationRefused", "router"]


class RegistrationRefused(BaseModel):
    """A 422 of ``POST /api/bots``: what is malformed, or why the bot did not start.

    A malformed request's errors are a list, each saying where it is; a command bot that did
    not say Hello is a line saying why, then its last output lines, indented.
    """

    detail: str | list[dict[str, Any]]


router = APIRouter(dependencies=[Depends(require_admin)])

_REFUSALS = {
    401: "No admin token, or a wrong one",
    403: "The read token, which changes nothing",
    503: "A dashboard served without the means to change anything",
}


@router.post(
    "/api/bots",
    status_code=201,
    summary="Register a bot (admin token)",
    response_model=RegisteredBot,
    responses=error_answers(
        {400: "The registration is refused", 409: "The name is taken", **_REFUSALS}
    )
    | {
        422: {
            "model": RegistrationRefused,
            "description": "A malformed registration, or a command bot that, started as for "
            "a game, did not say Hello",
        }
    },
)
def add_bot_api(
    registration: BotRegistration, actions: Actions, response: Response
) -> RegisteredBot:
    """Register a bot as `croupier bot add` does; a remote bot's key is returned only here."""
    registered = add_bot(actions, registration)
    response.headers["Location"] = f"/api/bots/{registered.id}"
    response.headers["Cache-Control"] = "no-store"
    return registered


@router.post(
    "/api/tournaments",
    status_code=201,
    summary="Queue a tournament for croupier serve to play (admin token)",
    response_model=QueuedTournament,
    responses=error_answers({400: "The tournament is refused", **_REFUSALS}),
)
def queue_tournament_api(
    request: TournamentRequest, actions: Actions, response: Response
) -> QueuedTournament:
    """Store a tournament as `croupier tournament run` would; `croupier serve` plays it."""
    queued = queue_tournament(actions, request)
    response.headers["Location"] = f"/api/tournaments/{queued.id}"
    return queued

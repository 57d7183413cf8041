"""The API that changes things: register a bot, queue a tournament; both need the admin token.

``POST /api/bots`` registers a bot as ``croupier bot add`` does (a remote bot's key is in
the answer, and nowhere else ever); ``POST /api/tournaments`` stores a tournament as
``croupier tournament run`` would, with the status ``queued``: the dashboard never drives
the referee, and ``croupier serve`` plays the queued tournaments, oldest first.

The checks that need the referee's rules (a bot's limits, a tournament's schedule and
settings) are made by the :class:`AdminActions` the command serving the dashboard gives it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, Protocol, Self

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, model_validator

from croupier_server.db import (
    BOT_NAME_MAX_LENGTH,
    BotKind,
    BotRecord,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.errors import BotNameTaken
from croupier_server.db.variants import variant_label
from croupier_server.tournament.schedule import ScheduleFormat
from croupier_server.web.access import require_admin
from croupier_server.web.openapi import NO_NUL, error_answers

__all__ = [
    "Actions",
    "AdminActions",
    "BotRegistration",
    "GameName",
    "ProcessLimits",
    "QueuedTournament",
    "RegisteredBot",
    "TimeControlRequest",
    "TournamentRequest",
    "add_bot",
    "queue_tournament",
    "router",
]

router = APIRouter(dependencies=[Depends(require_admin)])

GameName = Literal["lexio", "cribbage"]
BotName = Annotated[str, Field(min_length=1, max_length=BOT_NAME_MAX_LENGTH, pattern=NO_NUL)]
Text = Annotated[str, Field(max_length=4096, pattern=NO_NUL)]
SIGNED_64_BITS = 2**63
MAX_MILLISECONDS = 24 * 3600 * 1000
"""A day: the longest time a time control may set."""
MAX_ENTRANTS = 64
MAX_DEALS = 1000
"""With :data:`MAX_ENTRANTS`, a schedule of millions of games at most: one that fits in memory."""

_REFUSALS = {
    401: "No admin token, or a wrong one",
    403: "The read token, which changes nothing",
    503: "A dashboard served without the means to change anything",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProcessLimits(_Strict):
    """Limits on a started bot's processes, as ``croupier bot add`` takes them; unset: default.

    Where a bot's registration and a tournament both set a limit, the stricter applies.
    """

    memory_mb: int | None = Field(default=None, ge=1, le=2**31, description="Memory, in MB.")
    cpu_seconds: int | None = Field(default=None, ge=1, le=2**31, description="CPU seconds.")
    processes: int | None = Field(default=None, ge=1, le=2**31, description="Processes at once.")
    open_files: int | None = Field(default=None, ge=1, le=2**31, description="Open files.")
    file_size_mb: int | None = Field(default=None, ge=1, le=2**31, description="Largest file.")
    scratch_mb: int | None = Field(
        default=None, ge=1, le=2**31, description="Each temp directory of a sealed bot, in MB."
    )
    output_kb: int | None = Field(
        default=None, ge=1, le=2**31, description="Output kept per game, in KiB."
    )
    network: bool | None = Field(default=None, description="Allow the network (cut by default).")

    def items(self) -> dict[str, int | bool]:
        """The limits set, by name."""
        return self.model_dump(exclude_none=True)


class BotRegistration(_Strict):
    """A bot to register: one the referee starts with ``command``, or a ``remote`` one."""

    name: BotName
    game: GameName
    command: Text | None = Field(
        default=None,
        description="The command that starts the bot; its arguments that name files in the "
        "server's working directory are made absolute (it runs in an empty directory).",
    )
    remote: bool = Field(default=False, description="A bot that connects by itself with a key.")
    description: Text = ""
    limits: ProcessLimits = Field(default_factory=ProcessLimits)

    @model_validator(mode="after")
    def _command_or_remote(self) -> Self:
        if self.remote == (self.command is not None):
            raise ValueError("give either a command or remote: true")
        if self.command is not None and not self.command.strip():
            raise ValueError("the command is empty")
        if self.remote and self.limits.items():
            raise ValueError("limits are for the bots the referee starts, not remote bots")
        return self


class RegisteredBot(BaseModel):
    """The bot registered; a remote bot's key is in this answer only."""

    id: int
    name: str
    game: str
    kind: BotKind
    command: str | None
    limits: dict[str, int | bool]
    description: str
    created_at: datetime
    key: str | None = Field(
        description="A remote bot's key, shown once: give it to the bot as CROUPIER_TOKEN."
    )


class TimeControlRequest(_Strict):
    """The bots' time, in milliseconds; unset: the referee's default."""

    connect_ms: int | None = Field(default=None, ge=1, le=MAX_MILLISECONDS)
    decision_ms: int | None = Field(default=None, ge=1, le=MAX_MILLISECONDS)
    bank_ms: int | None = Field(default=None, ge=1, le=MAX_MILLISECONDS)

    def items(self) -> dict[str, int]:
        """The times set, by name."""
        return self.model_dump(exclude_none=True)


class TournamentRequest(_Strict):
    """A tournament to queue, as ``croupier tournament run`` takes it."""

    game: GameName
    options: dict[str, Any] = Field(
        default_factory=dict,
        max_length=16,
        description='The rule options, such as {"players": 4, "rounds": 3} or '
        '{"variant": "five-card", "match_points": 1}; unset: the defaults.',
    )
    bots: list[BotName] = Field(
        min_length=1, max_length=MAX_ENTRANTS, description="The entrants, by name."
    )
    format: ScheduleFormat = ScheduleFormat.ROUND_ROBIN
    challengers: list[BotName] = Field(
        default_factory=list, max_length=MAX_ENTRANTS, description="A gauntlet's challengers."
    )
    deals: int = Field(
        default=10, ge=1, le=MAX_DEALS, description="Deals per pair, or tables in all (3+ seats)."
    )
    seed: int | None = Field(
        default=None,
        ge=-SIGNED_64_BITS,
        lt=SIGNED_64_BITS,
        description="The tournament seed; unset: a random one.",
    )
    duplicate: bool = Field(default=True, description="Play each deal in every rotation.")
    concurrency: int | None = Field(
        default=None, ge=1, le=256, description="Games at once; unset: the server's CPUs."
    )
    time_control: TimeControlRequest = Field(default_factory=TimeControlRequest)
    limits: ProcessLimits = Field(default_factory=ProcessLimits)
    reuse_processes: bool = Field(
        default=False, description="Keep each bot's processes from game to game (faster)."
    )


class QueuedTournament(BaseModel):
    """The tournament stored; ``croupier serve`` plays it when its turn comes."""

    id: int
    game: str
    variant: str
    options: dict[str, Any]
    format: str
    status: TournamentStatus
    bots: list[str]
    seed: int
    created_at: datetime


class AdminActions(Protocol):
    """What changes the database on the dashboard's behalf, with the referee's own checks.

    The dashboard may not import the referee; the commands that serve it pass one of
    these to :func:`~croupier_server.web.app.create_app`.
    """

    def register_bot(self, registration: BotRegistration) -> tuple[BotRecord, str | None]:
        """Register a bot; returns it and, for a remote bot, its key.

        Raises:
            BotNameTaken: a bot of that name exists.
            ValueError: the registration is refused; the message says why.
        """

    def queue_tournament(self, request: TournamentRequest) -> TournamentRecord:
        """Store the tournament with the status ``queued``.

        Raises:
            ValueError: the tournament is refused; the message says why.
        """


def add_bot(actions: AdminActions | None, registration: BotRegistration) -> RegisteredBot:
    """Register a bot through ``actions``.

    Raises:
        HTTPException: 400 (refused), 409 (name taken) or 503 (no ``actions``).
    """
    try:
        bot, key = _available(actions).register_bot(registration)
    except BotNameTaken as error:
        raise HTTPException(409, str(error)) from None
    except ValueError as error:
        raise HTTPException(400, str(error)) from None
    assert bot.id is not None
    return RegisteredBot(
        id=bot.id,
        name=bot.name,
        game=bot.game,
        kind=bot.kind,
        command=bot.command,
        limits=bot.limits,
        description=bot.description,
        created_at=bot.created_at,
        key=key,
    )


def queue_tournament(actions: AdminActions | None, request: TournamentRequest) -> QueuedTournament:
    """Queue a tournament through ``actions``.

    Raises:
        HTTPException: 400 (refused) or 503 (no ``actions``).
    """
    try:
        record = _available(actions).queue_tournament(request)
    except ValueError as error:
        raise HTTPException(400, str(error)) from None
    assert record.id is not None
    return QueuedTournament(
        id=record.id,
        game=record.game,
        variant=variant_label(record.game, record.options),
        options=record.options,
        format=record.format,
        status=record.status,
        bots=record.settings["bots"],
        seed=record.settings["seed"],
        created_at=record.created_at,
    )


def _available(actions: AdminActions | None) -> AdminActions:
    if actions is None:
        raise HTTPException(503, "this dashboard was served without the means to change anything")
    return actions


def _actions(request: Request) -> AdminActions | None:
    actions: AdminActions | None = request.app.state.admin_actions
    return actions


Actions = Annotated[AdminActions | None, Depends(_actions)]
"""A route parameter that receives the application's :class:`AdminActions`, if any."""


@router.post(
    "/api/bots",
    status_code=201,
    summary="Register a bot (admin token)",
    response_model=RegisteredBot,
    responses=error_answers(
        {400: "The registration is refused", 409: "The name is taken", **_REFUSALS}
    ),
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

"""The changes the admin API and forms ask for, and what carries them out.

The checks that need the referee's rules (a bot's limits, a tournament's schedule and
settings) are made by the :class:`AdminActions` the command serving the dashboard gives
it; the dashboard may not import the referee. :func:`add_bot` and :func:`queue_tournament`
call them and answer as the API does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Protocol

from fastapi import Depends, HTTPException, Request

from croupier.games import game_class
from croupier_server.db import BotRecord, TournamentRecord
from croupier_server.db.errors import BotNameTaken
from croupier_server.tournament.records import settings_of
from croupier_server.web.admin.schemas import (
    BotRegistration,
    QueuedTournament,
    RegisteredBot,
    TournamentRequest,
)

if TYPE_CHECKING:
    from croupier_server.db.ladders import LadderRecord
    from croupier_server.web.ladder_schemas import LadderRequest

__all__ = ["Actions", "AdminActions", "StartRefused", "add_bot", "queue_tournament"]


class StartRefused(ValueError):
    """A bot whose command, started as for a game, did not say Hello: it is not registered.

    Its message is one line saying why, then the bot's last output lines, indented.
    """


class AdminActions(Protocol):
    """What changes the database on the dashboard's behalf, with the referee's own checks.

    The commands that serve the dashboard pass one of these to
    :func:`~croupier_server.web.app.create_app`.
    """

    def register_bot(self, registration: BotRegistration) -> tuple[BotRecord, str | None]:
        """Register a bot; returns it and, for a remote bot, its key.

        A command bot is started first, as for a game, and registered only if it says
        Hello.

        Raises:
            BotNameTaken: a bot of that name exists.
            StartRefused: the command bot did not say Hello.
            ValueError: the registration is refused; the message says why.
        """

    def queue_tournament(self, request: TournamentRequest) -> TournamentRecord:
        """Store the tournament with the status ``queued``.

        Raises:
            ValueError: the tournament is refused; the message says why.
        """

    def open_ladder(self, request: LadderRequest) -> LadderRecord:
        """Store a new open ladder, checked as ``croupier ladder open`` checks it.

        Raises:
            ValueError: the ladder is refused; the message says why.
        """


def add_bot(actions: AdminActions | None, registration: BotRegistration) -> RegisteredBot:
    """Register a bot through ``actions``.

    Raises:
        HTTPException: 400 (refused), 409 (name taken), 422 (its command did not say
            Hello: why, then its last output lines) or 503 (no ``actions``).
    """
    try:
        bot, key = _available(actions).register_bot(registration)
    except BotNameTaken as error:
        raise HTTPException(409, str(error)) from None
    except StartRefused as error:
        raise HTTPException(422, str(error)) from None
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
    settings = settings_of(record)
    return QueuedTournament(
        id=record.id,
        game=record.game,
        variant=game_class(record.game).variant_label(record.options),
        options=record.options,
        format=record.format,
        status=record.status,
        bots=list(settings.bots),
        seed=settings.seed,
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

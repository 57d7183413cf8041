"""The dashboard's changes, made with the referee's own checks: register bots, queue tournaments.

The dashboard may not import the referee, so the commands that serve it hand it an
:class:`Administration` (the :class:`~croupier_server.web.admin.AdminActions` it asks for):
a bot's limits are checked as ``croupier bot add`` checks them, and a tournament is made by
:func:`~croupier_server.tournament.runner.create_tournament`, as ``croupier tournament run``
makes it, then queued for ``croupier serve`` to play.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.bot_commands import absolute_command
from croupier_server.control import LimitSettings, TimeControl
from croupier_server.db import BotRecord, TournamentRecord
from croupier_server.recorded_games import GameSetupError, load_bots
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats import format_named
from croupier_server.tournament.runner import create_tournament
from croupier_server.web.admin import BotRegistration, TournamentRequest

__all__ = ["Administration"]


class Administration:
    """Changes to the database of ``engine`` asked for through the dashboard.

    The arguments of a bot's command that name files in ``directory`` (the working
    directory of the command serving the dashboard) are made absolute, as ``croupier bot
    add`` makes those that name files in its own. ``admit_remote``, called with a new
    remote bot's key digest and name, lets a referee running beside the dashboard admit
    the bot at once.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        directory: str,
        admit_remote: Callable[[str, str, str], object] | None = None,
    ) -> None:
        self._engine = engine
        self._directory = directory
        self._admit_remote = admit_remote

    def register_bot(self, registration: BotRegistration) -> tuple[BotRecord, str | None]:
        """Register a bot; returns it and, for a remote bot, its key (shown once).

        Raises:
            BotNameTaken: a bot of that name exists.
            ValueError: a bad name, limit or command.
        """
        limits = LimitSettings.from_data(registration.limits.items()).items()
        with Session(self._engine) as session:
            if registration.command is None:
                remote, key = db.create_remote_bot(
                    session,
                    name=registration.name,
                    game=registration.game,
                    description=registration.description,
                )
                if self._admit_remote is not None and remote.key_hash is not None:
                    self._admit_remote(remote.key_hash, remote.name, remote.game)
                return remote, key
            bot = db.add_bot(
                session,
                name=registration.name,
                game=registration.game,
                command=absolute_command(registration.command, self._directory),
                limits=limits,
                description=registration.description,
            )
            return bot, None

    def queue_tournament(self, request: TournamentRequest) -> TournamentRecord:
        """Store the tournament, checked as ``croupier tournament run`` checks it, queued.

        Raises:
            ValueError: bad rules, unknown bots, a schedule that cannot be made...
        """
        game = load_game(request.game, request.options)
        settings = RefereeSettings(
            time_control=TimeControl.from_data(request.time_control.items()),
            limits=LimitSettings.from_data(request.limits.items()),
        )
        seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**63)
        try:
            # The bots first: a schedule of names nobody registered is not worth making.
            load_bots(self._engine, names=request.bots, game=game)
            format_settings = format_named(request.format).settings_from_data(request.format_data())
            record = create_tournament(
                self._engine,
                game=game,
                bots=request.bots,
                seed=seed,
                format_settings=format_settings,
                concurrency=request.concurrency,
                settings=settings,
                processes=request.processes,
                queued=True,
            )
        except GameSetupError as error:
            raise ValueError(str(error)) from None
        return record

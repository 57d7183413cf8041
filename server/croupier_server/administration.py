"""The dashboard's changes, with the referee's checks: register bots, queue tournaments, ladders.

The dashboard may not import the referee, so the commands that serve it hand it an
:class:`Administration` (the :class:`~croupier_server.web.admin.AdminActions` it asks for):
a bot's limits are checked as ``croupier bot add`` checks them, its command started as it
starts it (:func:`~croupier_server.referee.start_check.check_start`), and a tournament is made by
:func:`~croupier_server.tournament.runner.create_tournament`, as ``croupier tournament run``
makes it, then queued for ``croupier serve`` to play.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server import db
from croupier_server.bot_commands import absolute_command
from croupier_server.control import LimitSettings, TimeControl
from croupier_server.db import BotRecord, TournamentRecord
from croupier_server.db.bots import checked_bot_name
from croupier_server.db.errors import BotNameTaken
from croupier_server.db.ladders import LadderRecord
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.ladder.opening import open_ladder
from croupier_server.recorded_games import GameSetupError, load_bots
from croupier_server.referee.containment.limits import effective_limits
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.start_check import check_start
from croupier_server.tournament.formats import format_named
from croupier_server.tournament.runner import create_tournament
from croupier_server.web.admin import BotRegistration, TournamentRequest
from croupier_server.web.admin.actions import StartRefused
from croupier_server.web.ladder_schemas import LadderRequest

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

        A command bot's command is started first, as for a game, in this thread (its own
        event loop and referee): it is registered only if it says Hello.

        Raises:
            BotNameTaken: a bot of that name exists.
            StartRefused: the command did not say Hello.
            ValueError: a bad name, limit or command.
        """
        if registration.command is None:
            return self._register_remote(registration)
        return self._register_command(registration, registration.command), None

    def _register_remote(self, registration: BotRegistration) -> tuple[BotRecord, str]:
        with Session(self._engine) as session:
            remote, key = db.create_remote_bot(
                session,
                name=registration.name,
                game=registration.game,
                description=registration.description,
            )
        if self._admit_remote is not None and remote.key_hash is not None:
            self._admit_remote(remote.key_hash, remote.name, remote.game)
        return remote, key

    def _register_command(self, registration: BotRegistration, command: str) -> BotRecord:
        limits = LimitSettings.from_data(registration.limits.items()).items()
        command = absolute_command(command, self._directory)
        checked_bot_name(registration.name)  # before the bot is started
        with Session(self._engine) as session:
            if db.get_bot_by_name(session, name=registration.name) is not None:
                raise BotNameTaken(f"a bot named {registration.name!r} already exists")
        # No transaction is held while the bot starts (up to its connect time).
        _check_start(registration.name, command, game=registration.game, limits=limits)
        with Session(self._engine) as session:
            return db.add_bot(
                session,
                name=registration.name,
                game=registration.game,
                command=command,
                limits=limits,
                description=registration.description,
            )

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

    def open_ladder(self, request: LadderRequest) -> LadderRecord:
        """Open a ladder, checked as ``croupier ladder open`` checks it, for serve to play.

        Raises:
            ValueError: bad rules or settings, an organiser's bot that cannot enter...
        """
        return open_ladder(
            self._engine,
            game=load_game(request.game, request.options),
            seed=request.seed,
            concurrency=request.concurrency,
            processes=request.processes,
            with_bots=request.with_bots,
            rules=MatchRules(
                rating_deals=request.rating_deals,
                closeness_elo=request.closeness_elo,
                unmet_boost=request.unmet_boost,
            ),
            referee=RefereeSettings(
                time_control=TimeControl.from_data(request.time_control.items()),
                limits=LimitSettings.from_data(request.limits.items()),
            ),
        )


def _check_start(name: str, command: str, *, game: str, limits: dict[str, int | bool]) -> None:
    """Start ``command`` as for a game of ``game``, under ``limits``.

    Raises:
        StartRefused: it did not say Hello: why, then its last output lines.
    """
    limited = effective_limits(LimitSettings.from_data(limits))
    check = asyncio.run(check_start(command, game=game, limits=limited, name=name))
    if check.failure is not None:
        raise StartRefused(str(check.failure))

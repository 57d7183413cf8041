"""A ladder's games played on this machine: at most its budget at once, as a tournament's are.

:class:`LocalGames` starts the waiting games, lowest number first, through the tournaments'
own path (:func:`~croupier_server.tournament.attempts.play_until_finished`: sealed seats,
the processes of the ladder's pools, recorded games). Each game is taken (``playing``, no
worker) before it is played and finished after; one stopped in the middle is handed back.
Each version is made ready here first; one that cannot be is this machine's fault, not the
version's: it sits out the run. A game stopped on a bot that did not start, or failed by
the referee, fails, and the ladder is told (:data:`Failed`) to stop that bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game
from croupier_server.db import BotKind
from croupier_server.db import ladder_games as stored
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.work import ScheduleStatus
from croupier_server.ladder.choosing import ChosenGame
from croupier_server.ladder.entrants import LadderField
from croupier_server.ladder.settings import LadderSettings
from croupier_server.logs import ids
from croupier_server.processes.generations import PoolGeneration, PoolGenerations
from croupier_server.recorded_games import ScheduleLink
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.preparing import VersionNotReady, prepare_versions_named
from croupier_server.threads import to_thread_to_the_end
from croupier_server.tournament.attempts import (
    BotDidNotStart,
    TournamentError,
    play_until_finished,
)
from croupier_server.tournament.formats import ScheduledGame

__all__ = ["Failed", "LocalGames"]

T = TypeVar("T")

_LOG = logging.getLogger(__name__)

Failed = Callable[[Session, tuple[str, ...], str], None]
"""Told, in the session that failed it, a game's bots and why it failed (``bot NAME did not
start: ...`` for a bot that did not start)."""


class LocalGames:
    """The games of one ladder played here (see the module). End them with :meth:`close`."""

    def __init__(
        self,
        engine: Engine,
        server: RefereeServer,
        *,
        game: Game[Any],
        referee: RefereeSettings,
        settings: LadderSettings,
        tournament_id: int,
        label: str,
        failed: Failed,
    ) -> None:
        self._engine = engine
        self._server = server
        self._game = game
        self._referee = referee
        self._concurrency = settings.concurrency
        self._tournament_id = tournament_id
        self._label = label
        self._failed = failed
        self._submitting = SubmissionSettings.from_environment()
        self._pools = PoolGenerations(
            server,
            game=game.name,
            seats=game.num_players,
            mode=settings.processes,
            concurrency=settings.concurrency,
            settings=referee,
        )
        self.playing: dict[asyncio.Future[None], ChosenGame] = {}
        """The games being played here."""
        self.proven: set[str] = set()
        """The bots that started in a game of the ladder: one of them that fails to start
        later is charged the fault, as a bot that crashes is."""
        self.unready: dict[str, str] = {}
        """The versions that cannot be made ready here, and why: not seated in this run."""
        self._ready: set[str] = set()
        """The bots made ready here in this run (or needing nothing)."""

    def playing_ids(self) -> set[int]:
        """The stored ids of the games being played here."""
        return {chosen.id for chosen in self.playing.values()}

    def running_bots(self) -> set[str]:
        """The bots seated in the games being played here."""
        return {name for chosen in self.playing.values() for name in chosen.game.bots}

    def start(
        self, field: LadderField, unfinished: Iterable[ChosenGame], idle: Mapping[str, int]
    ) -> None:
        """Start the waiting games, lowest number first, up to the budget.

        A game with a remote bot waits until that bot is idle (``idle``) and in no game here.
        """
        generation = self._pools.for_field(entry.bot for entry in field.bots.values())
        busy, playing = self.running_bots(), self.playing_ids()
        waiting: list[ScheduledGame] = []
        for chosen in sorted(unfinished, key=lambda c: c.game.number):
            if chosen.status is not ScheduleStatus.QUEUED or chosen.id in playing:
                continue
            remote = [n for n in chosen.game.bots if field.record(n).kind is BotKind.REMOTE]
            ready = all(name in idle and name not in busy for name in remote)
            if len(self.playing) >= self._concurrency or not ready:
                waiting.append(chosen.game)
                continue
            busy.update(remote)
            task = asyncio.ensure_future(self._play(chosen, field, generation))
            self.playing[task] = chosen
        self._pools.prepare(waiting)

    def ended(self, future: asyncio.Future[None]) -> None:
        """Forget a game that ended; its failure (the database's) is raised."""
        del self.playing[future]
        future.result()

    async def close(self) -> None:
        """End the games being played (each handed back) and every process."""
        self._pools.stop_starting()  # the games ended now make room for no game to come
        for task in self.playing:
            task.cancel()
        await asyncio.gather(*self.playing, return_exceptions=True)
        await self._pools.close()

    async def _play(
        self, chosen: ChosenGame, field: LadderField, generation: PoolGeneration
    ) -> None:
        """Play one chosen game here until it has a result; fail it on a bot that did not start."""
        game = chosen.game
        try:
            if not await to_thread_to_the_end(self._take, chosen):
                return  # not ready here (the ladder's next look cancels it), or not queued
            async with self._pools.borrowing(generation, game) as processes:
                await play_until_finished(
                    self._engine,
                    self._server,
                    game=self._game,
                    bots=[field.record(name) for name in game.bots],
                    seed=game.seed,
                    settings=self._referee,
                    label=f"game {game.number} of {self._label}",
                    link=ScheduleLink(self._tournament_id, game.number, game.deal),
                    processes=processes,
                    must_start=lambda name: (
                        name not in self.proven and not generation.has_started(name)
                    ),
                )
        except BotDidNotStart as stopped:
            await to_thread_to_the_end(self._fail, chosen, str(stopped.failure))
            return
        except TournamentError as error:
            _LOG.error("%s: game %d failed: %s", self._label, game.number, error)
            await to_thread_to_the_end(self._fail, chosen, str(error))
            return
        except BaseException:
            await to_thread_to_the_end(self._hand_back, chosen.id)
            raise
        await to_thread_to_the_end(self._in_session, stored.finish_local_game, chosen.id)
        self.proven.update(name for name in game.bots if generation.has_started(name))

    def _take(self, chosen: ChosenGame) -> bool:
        """Make the game's versions ready here, then take it; whether it is taken.

        It is not when a version cannot be made ready, when another process took it, or
        when its result is stored already.
        """
        if not self._make_ready(chosen.game.bots):
            return False
        return self._in_session(stored.claim_local_game, chosen.id) is not None

    def _make_ready(self, names: tuple[str, ...]) -> bool:
        """Make the versions among ``names`` ready here (once a run); whether they are.

        One that cannot be is not seated again in this run, and said once.
        """
        names = tuple(name for name in names if name not in self._ready)
        if not names:
            return True
        try:
            prepare_versions_named(self._engine, self._submitting, names)
        except VersionNotReady as error:
            name = next((n for n in names if str(error).startswith(f"version {n} ")), names[0])
            if name not in self.unready:
                self.unready[name] = str(error)
                _LOG.warning(
                    "%s: %s; it plays no more in this run",
                    self._label,
                    error,
                    extra=ids(version=name),
                )
            return False
        self._ready.update(names)
        return True

    def _fail(self, chosen: ChosenGame, reason: str) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            stored.fail_local_game(session, scheduled_id=chosen.id, detail=reason)
            self._failed(session, chosen.game.bots, reason)

    def _hand_back(self, scheduled_id: int) -> None:
        with contextlib.suppress(DatabaseFailure):
            self._in_session(stored.hand_back_local_game, scheduled_id)

    def _in_session(self, call: Callable[..., T], scheduled_id: int) -> T:
        with translated_failures(self._engine), Session(self._engine) as session:
            return call(session, scheduled_id=scheduled_id)

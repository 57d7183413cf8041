"""Playing a tournament: the games its format chooses, many at once through one referee.

Each game a tournament's format chooses (see :mod:`.formats`) is a match linked to the
tournament by its schedule number. Its command bots play in the processes of the run's
pool, in the tournament's process mode (fair, fresh or reuse: see
:mod:`croupier_server.processes.pool`), which starts those of the next games while the
current ones play. A run gives the format the games that already
finished, so a tournament that was stopped (killed, interrupted) is resumed by running it
again: the games it left running are aborted and played again, no finished game is lost or
repeated, and the format chooses the same games an uninterrupted run would have.

A bot's faults are data and never stop a game; an exception of the referee itself spoils
the game, which is aborted and played again (see :mod:`.attempts`). A failure of the
database (a full disk, a lock held too long, a lost connection) is neither: it stops the
whole tournament, which can be resumed once the cause is gone. So does a bot that fails
to start in its first games (none of its processes has said Hello in this run): the game
is not played (it is stored ``not_started``), and the tournament is interrupted with
:class:`~.attempts.BotDidNotStart`, to be resumed once the bot is fixed. A bot that
started in this run and later fails to is charged the fault, as a bot that crashes is.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.db import (
    RecordNotFound,
    TournamentRecord,
    TournamentStatus,
    versions,
)
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.processes.generations import pooled_bots
from croupier_server.processes.pool import ProcessPool
from croupier_server.recorded_games import (
    ScheduleLink,
    load_bots,
    settings_data,
    settings_from_data,
)
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.attempts import (
    BotDidNotStart,
    TournamentError,
    play_until_finished,
)
from croupier_server.tournament.formats import (
    FormatSettings,
    PlayedGame,
    Schedule,
    ScheduledGame,
)
from croupier_server.tournament.playing import play_schedule
from croupier_server.tournament.records import finished_outcomes, settings_of
from croupier_server.tournament.settings import ProcessMode, TournamentSettings

__all__ = [
    "BotDidNotStart",
    "Progress",
    "TournamentError",
    "create_tournament",
    "run_tournament",
]


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a run has gone.

    Attributes:
        done: Games finished, those of earlier runs included.
        total: Games in all; ``None`` while the format cannot tell (a sequential match).
        played: Games finished by this run.
        elapsed_s: Seconds since this run started.
        schedule: The format's schedule, which knows what the format decided so far.
        processes: Bot processes this run started.
    """

    done: int
    total: int | None
    played: int
    elapsed_s: float
    schedule: Schedule | None = None
    processes: int = 0

    @property
    def rate(self) -> float:
        """Games finished per second by this run."""
        return self.played / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the current rate; ``None`` before the first game finishes."""
        if self.rate <= 0 or self.total is None:
            return None
        return (self.total - self.done) / self.rate


ProgressCallback = Callable[[Progress], None]


def create_tournament(
    engine: Engine,
    *,
    game: Game[Any],
    bots: Sequence[str],
    seed: int,
    format_settings: FormatSettings,
    concurrency: int | None = None,
    settings: RefereeSettings | None = None,
    processes: ProcessMode = ProcessMode.FAIR,
    queued: bool = False,
) -> TournamentRecord:
    """Record a new tournament after checking its bots and its format's settings.

    A ``queued`` tournament waits for a ``croupier serve`` process to play it; otherwise
    the caller plays it now (:func:`run_tournament`).

    ``processes`` says how the command bots' processes are used from game to game (see
    :mod:`croupier_server.processes.pool`): by default fairly, never two games of one
    deal in one process.

    Raises:
        TournamentError: the format cannot make the tournament (too few bots, a bad
            gauntlet...), a bot is unknown, plays another game, or is a version that is
            not active.
    """
    tournament = TournamentSettings(
        bots=tuple(bots),
        seed=seed,
        format_settings=format_settings,
        concurrency=concurrency or os.cpu_count() or 1,
        processes=processes,
        referee=settings_data(settings or RefereeSettings()),
    )
    schedule = _schedule_of(game, tournament)
    schedule.next_games({})
    tournament = dataclasses.replace(tournament, total_games=schedule.remaining())
    load_bots(engine, names=bots, game=game)
    with Session(engine) as session:
        inactive = versions.inactive_versions(session, names=bots)
        if inactive:
            name, status = next(iter(inactive.items()))
            raise TournamentError(f"{name} is {status.value}: only an active version plays")
        return db.create_tournament(
            session,
            game=game.name,
            options=game.options(),
            format=tournament.format,
            settings=tournament.to_data(),
            status=TournamentStatus.QUEUED if queued else TournamentStatus.RUNNING,
        )


async def run_tournament(
    engine: Engine,
    server: RefereeServer,
    *,
    tournament_id: int,
    concurrency: int | None = None,
    progress: ProgressCallback | None = None,
    sealed: bool = False,
) -> Progress:
    """Play the games of the tournament until its format chooses no more; returns the progress.

    ``concurrency`` games are played at once (default: the tournament's). The seats are
    required to be sealed if the tournament's settings or ``sealed`` say so. The tournament is
    ``finished`` when its format is, else ``interrupted`` (by an error, a cancellation or a
    ``progress`` callback that raised); it stays ``running`` if the database that failed
    cannot even record that, and a resume plays it all the same.

    Raises:
        RecordNotFound: no such tournament.
        BotDidNotStart: a bot never said Hello in its first games (none of its processes
            has in this run); the game is stored ``not_started``, unplayed.
        TournamentError: a game failed every attempt by the referee's fault.
        DatabaseFailure: the database failed; the games being played are ended, their bots
            too, and no game that finished is lost.
    """
    record, finished = await asyncio.to_thread(_prepare, engine, tournament_id)
    game = load_game(record.game, record.options)
    tournament = settings_of(record)
    schedule = _schedule_of(game, tournament)
    settings = settings_from_data(record.settings)
    if sealed:
        settings = dataclasses.replace(settings, sealed=True)
    entrants = dict(
        zip(tournament.bots, load_bots(engine, names=tournament.bots, game=game), strict=True)
    )
    workers = max(1, concurrency or tournament.concurrency)
    pool = ProcessPool(
        server,
        pooled_bots(entrants.values(), settings),
        mode=tournament.processes,
        game=game.name,
        seats=game.num_players,
        concurrency=workers,
        connect_s=settings.time_control.connect_ms / 1000,
        sealed=settings.sealed,
    )
    started = time.monotonic()
    played_games = 0

    async def play(scheduled: ScheduledGame) -> PlayedGame:
        async with pool.for_game(scheduled) as processes:
            log = await play_until_finished(
                engine,
                server,
                game=game,
                bots=[entrants[name] for name in scheduled.bots],
                seed=scheduled.seed,
                settings=settings,
                link=ScheduleLink(tournament_id, scheduled.number, scheduled.deal),
                processes=processes,
                must_start=lambda name: not pool.has_started(name),
                label=f"game {scheduled.number} of tournament {tournament_id}",
            )
        assert log.result is not None
        scores = tuple(float(score) for score in log.result.scores)
        return PlayedGame(scheduled.bots, scores, rated=log.is_decided_by_bots)

    def played(_game: ScheduledGame, _outcome: PlayedGame) -> None:
        nonlocal played_games
        played_games += 1
        state = _progress(finished, schedule, played_games, started, pool.launches)
        if progress is not None:
            progress(state)

    try:
        async with pool:
            await play_schedule(
                schedule,
                play,
                finished=finished,
                concurrency=workers,
                on_game=played,
                prepare=pool.prepare,
            )
    except BaseException:
        # The error that stopped the run says more than a database that cannot record it.
        with contextlib.suppress(DatabaseFailure):
            await asyncio.to_thread(
                _set_status, engine, tournament_id, TournamentStatus.INTERRUPTED
            )
        raise
    await asyncio.to_thread(_set_status, engine, tournament_id, TournamentStatus.FINISHED)
    return _progress(finished, schedule, played_games, started, pool.launches)


def _progress(
    finished: dict[int, PlayedGame],
    schedule: Schedule,
    played: int,
    started: float,
    processes: int,
) -> Progress:
    left = schedule.remaining()
    total = None if left is None else len(finished) + left
    elapsed_s = time.monotonic() - started
    return Progress(len(finished), total, played, elapsed_s, schedule, processes)


def _schedule_of(game: Game[Any], tournament: TournamentSettings) -> Schedule:
    try:
        return tournament.kind.schedule(
            tournament.entrants(game.num_players), tournament.format_settings
        )
    except ValueError as error:
        raise TournamentError(str(error)) from None


def _prepare(engine: Engine, tournament_id: int) -> tuple[TournamentRecord, dict[int, PlayedGame]]:
    with translated_failures(engine), Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
        if record is None:
            raise RecordNotFound(f"no tournament {tournament_id}")
        db.abort_unfinished_tournament_games(
            session, tournament_id=tournament_id, reason="the tournament's run stopped"
        )
        db.set_tournament_status(
            session, tournament_id=tournament_id, status=TournamentStatus.RUNNING
        )
        return record, finished_outcomes(session, record)


def _set_status(engine: Engine, tournament_id: int, status: TournamentStatus) -> None:
    with translated_failures(engine), Session(engine) as session:
        db.set_tournament_status(session, tournament_id=tournament_id, status=status)

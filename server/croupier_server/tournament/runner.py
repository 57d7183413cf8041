"""Playing a tournament on this machine: the games its format chooses, many at once.

Each game a tournament's format chooses is a scheduled game of the tournament, stored as
the format chooses it (:mod:`.scheduled`), and played by the attempt runner every
tournament and ladder shares (:mod:`croupier_server.attempts`), here in process: its command
bots play in the processes of the run's pools, in the tournament's process mode (fair,
fresh or reuse: see :mod:`croupier_server.processes.pool`), which start those of the next
games while the current ones play. A tournament that was stopped (killed, interrupted) is
resumed by running it again: the games it left being played are played again, no finished
game is lost or repeated, and the format chooses the same games an uninterrupted run would
have.

A bot's faults are data and never stop a game; an exception of the referee itself loses
the attempt, and the game is played again, up to the attempts every runner allows
(:data:`~.scheduled.ATTEMPTS`); then the tournament stops (:class:`TournamentError`). A
failure of the database stops the whole tournament, which can be resumed once the cause is
gone. So does a bot that fails to start in its first games (it chose no action in a
finished game of the tournament, and no process of it said Hello in this run): the game is
not played (it is stored ``not_started``), and the tournament is interrupted with
:class:`BotDidNotStart`, to be resumed once the bot is fixed. A bot that started before
and later fails to is charged the fault, as a bot that crashes is.
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
from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.attempts.attempt import AttemptEnd, AttemptOutcome
from croupier_server.attempts.local import LocalAttempts
from croupier_server.db import (
    RecordNotFound,
    TournamentRecord,
    TournamentStatus,
    versions,
)
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import first_failure, queue_failed_again
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.recorded_games import load_bots, settings_data
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.errors import BotDidNotStart, TournamentError
from croupier_server.tournament.formats import FormatSettings, Schedule
from croupier_server.tournament.records import finished_outcomes, settings_of
from croupier_server.tournament.scheduled import (
    ATTEMPTS,
    finish_if_done,
    format_schedule,
    locked_tournament,
    queue_next_games,
    recover_attempts_here,
    schedule_of,
)
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
    schedule = format_schedule(game, tournament)
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
        BotDidNotStart: a bot never said Hello in its first games; the game is stored
            ``not_started``, unplayed.
        TournamentError: a game lost every attempt it was allowed.
        DatabaseFailure: the database failed; the games being played are ended, their bots
            too, and no game that finished is lost.
    """
    record = await asyncio.to_thread(_prepare, engine, tournament_id)
    workers = max(1, concurrency or settings_of(record).concurrency)
    here = LocalAttempts(
        engine, server, name=f"tournament {tournament_id}", concurrency=workers, sealed=sealed
    )
    entrants = load_bots(
        engine, names=settings_of(record).bots, game=load_game(record.game, record.options)
    )
    here.pools.field(tournament_id, entrants)
    run = _Run(record, time.monotonic())
    try:
        while True:
            status, queued = await asyncio.to_thread(
                _look, engine, tournament_id, here.playing_ids(), here.free
            )
            if status is TournamentStatus.RUNNING:
                here.start(queued)
            if not here.playing:
                break
            for outcome in await here.ended():
                await _heard(engine, run, here, outcome, progress)
        await here.close()
    except BaseException:
        await here.close()
        # The error that stopped the run says more than a database that cannot record it.
        with contextlib.suppress(DatabaseFailure):
            await asyncio.to_thread(
                _set_status, engine, tournament_id, TournamentStatus.INTERRUPTED
            )
        raise
    if status is TournamentStatus.RUNNING:
        raise TournamentError(
            f"tournament {tournament_id}: its games left are being played elsewhere"
        )
    if status is not TournamentStatus.FINISHED:
        raise TournamentError(await asyncio.to_thread(_why_stopped, engine, tournament_id))
    return await asyncio.to_thread(_progress, engine, run, here)


@dataclass(slots=True)
class _Run:
    """A run of a tournament: what it plays, when it started, the games it finished."""

    record: TournamentRecord
    started: float
    played: int = 0


async def _heard(
    engine: Engine,
    run: _Run,
    here: LocalAttempts,
    outcome: AttemptOutcome,
    progress: ProgressCallback | None,
) -> None:
    """Count an attempt that ended, and tell ``progress``; raise what stops the run."""
    if outcome.database is not None:
        raise outcome.database
    if outcome.end is AttemptEnd.STOPPED:
        assert outcome.failure is not None
        assert outcome.game_id is not None
        raise BotDidNotStart(outcome.failure, outcome.game_id)
    if outcome.end is AttemptEnd.STORED:
        run.played += 1
        if progress is not None:
            progress(await asyncio.to_thread(_progress, engine, run, here))


def _look(
    engine: Engine, tournament_id: int, playing: set[int], free: int
) -> tuple[TournamentStatus, list[int]]:
    """The tournament's status, and its next ``free`` games queued and not played here.

    A running tournament none of whose games is queued or played is finished if its
    format wants no more games, or interrupted if one failed.
    """
    with translated_failures(engine), Session(engine) as session:
        record = db.get_tournament(session, tournament_id=tournament_id)
        if record is None:
            raise RecordNotFound(f"no tournament {tournament_id}")
        if record.status is not TournamentStatus.RUNNING:
            return record.status, []
        query = (
            select(ScheduledGameRecord.id)
            .where(
                ScheduledGameRecord.tournament_id == tournament_id,
                ScheduledGameRecord.status == ScheduleStatus.QUEUED,
            )
            .order_by(col(ScheduledGameRecord.number))
            .limit(free + len(playing))
        )
        queued = [i for i in session.exec(query) if i is not None and i not in playing][:free]
        if queued or playing:
            return record.status, queued
        with db.atomic(session):
            locked = locked_tournament(session, tournament_id)
            finish_if_done(session, locked)
            return locked.status, []


def _progress(engine: Engine, run: _Run, here: LocalAttempts) -> Progress:
    with translated_failures(engine), Session(engine) as session:
        finished = finished_outcomes(session, run.record)
    schedule = schedule_of(run.record)
    schedule.next_games(finished)
    left = schedule.remaining()
    total = None if left is None else len(finished) + left
    elapsed_s = time.monotonic() - run.started
    assert run.record.id is not None
    processes = here.pools.launches(run.record.id)
    return Progress(len(finished), total, run.played, elapsed_s, schedule, processes)


def _prepare(engine: Engine, tournament_id: int) -> TournamentRecord:
    """Set right what a stopped run left, and store the games the format wants now.

    The games a stopped run left being played are played again, its games left running
    (before games were scheduled rows too) are aborted, and its failed games are allowed
    more attempts.
    """
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        record = locked_tournament(session, tournament_id)
        reason = "the tournament's run stopped"
        recover_attempts_here(session, tournament_id, reason=reason)
        db.abort_unfinished_tournament_games(session, tournament_id=tournament_id, reason=reason)
        queue_failed_again(session, tournament_id=tournament_id, attempts=ATTEMPTS)
        record.status = TournamentStatus.RUNNING
        queue_next_games(session, record)
        session.flush()
        session.refresh(record)
        session.expunge(record)
        return record


def _why_stopped(engine: Engine, tournament_id: int) -> str:
    with translated_failures(engine), Session(engine) as session:
        failure = first_failure(session, tournament_id=tournament_id)
    return f"tournament {tournament_id} stopped: {failure or 'a game failed'}"


def _set_status(engine: Engine, tournament_id: int, status: TournamentStatus) -> None:
    with translated_failures(engine), Session(engine) as session:
        db.set_tournament_status(session, tournament_id=tournament_id, status=status)

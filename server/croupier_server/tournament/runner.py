"""Playing a tournament: its schedule, many games at once through one referee, resumable.

Each scheduled game is a match linked to the tournament by its schedule number, played
with fresh bot processes, or, in a tournament created with ``reuse_processes``, with
processes kept running for the whole run (see :mod:`croupier_server.tournament.pool`). A
run skips the numbers that already finished, so a tournament that was stopped (killed,
interrupted) is resumed by running it again: the games it left running are aborted and
played again, and no finished game is lost or repeated.

A bot's faults are data and never stop a game; an exception of the referee itself spoils
the game, which is aborted and played again (up to :data:`REFEREE_ATTEMPTS` times). A
failure of the database (a full disk, a lock held too long, a lost connection) is neither:
it stops the whole tournament, which can be resumed once the cause is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, Result, load_game
from croupier_server.db import (
    BotKind,
    BotRecord,
    RecordNotFound,
    TournamentRecord,
    TournamentStatus,
    repository,
)
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.matches import (
    MatchError,
    ScheduleLink,
    bot_limits,
    load_bots,
    play_match,
    settings_data,
    settings_from_data,
)
from croupier_server.referee.match import MatchSettings
from croupier_server.referee.service import RefereeServer
from croupier_server.tournament.pool import PooledBot, ProcessPool, pool_sizes
from croupier_server.tournament.schedule import ScheduledGame, ScheduleFormat, stored_schedule

__all__ = [
    "REFEREE_ATTEMPTS",
    "Progress",
    "TournamentError",
    "create_tournament",
    "play_until_finished",
    "run_tournament",
    "tournament_schedule",
]

REFEREE_ATTEMPTS = 3
"""How many times a game spoiled by the referee's own failure is tried before giving up."""


class TournamentError(MatchError):
    """A tournament that cannot be created or played as asked."""


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a run has gone.

    Attributes:
        done: Games finished, those of earlier runs included.
        total: Games in the schedule.
        played: Games finished by this run.
        elapsed_s: Seconds since this run started.
    """

    done: int
    total: int
    played: int
    elapsed_s: float

    @property
    def rate(self) -> float:
        """Games finished per second by this run."""
        return self.played / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the current rate; ``None`` before the first game finishes."""
        return (self.total - self.done) / self.rate if self.rate > 0 else None


ProgressCallback = Callable[[Progress], None]


def create_tournament(
    engine: Engine,
    *,
    game: Game[Any],
    bots: Sequence[str],
    deals: int,
    seed: int,
    schedule_format: ScheduleFormat = ScheduleFormat.ROUND_ROBIN,
    challengers: Sequence[str] = (),
    duplicate: bool = True,
    concurrency: int | None = None,
    settings: MatchSettings | None = None,
    reuse_processes: bool = False,
    queued: bool = False,
) -> TournamentRecord:
    """Record a new tournament after checking its bots and its schedule.

    A ``queued`` tournament waits for a ``croupier serve`` process to play it; otherwise
    the caller plays it now (:func:`run_tournament`).

    With ``reuse_processes``, each command bot plays all its games in a few processes kept
    running, rather than in a fresh process per seat of each game: faster, but a bot may
    then remember a deal when it plays it again from another seat.

    Raises:
        TournamentError: the schedule cannot be made (too few bots, a bad gauntlet...), a
            bot is unknown or plays another game.
    """
    settings = settings or MatchSettings()
    data: dict[str, Any] = {
        "bots": list(bots),
        "deals": deals,
        "seed": seed,
        "challengers": list(challengers),
        "duplicate": duplicate,
        "concurrency": concurrency or os.cpu_count() or 1,
        "reuse_processes": reuse_processes,
        **settings_data(settings),
    }
    _schedule_of(game, schedule_format, data)
    load_bots(engine, names=bots, game=game)
    with Session(engine) as session:
        return repository.create_tournament(
            session,
            game=game.name,
            options=game.options(),
            format=str(schedule_format),
            settings=data,
            status=TournamentStatus.QUEUED if queued else TournamentStatus.RUNNING,
        )


def tournament_schedule(record: TournamentRecord) -> tuple[Game[Any], list[ScheduledGame]]:
    """The rule set and the schedule of a stored tournament."""
    game = load_game(record.game, record.options)
    return game, _schedule_of(game, ScheduleFormat(record.format), record.settings)


async def run_tournament(
    engine: Engine,
    server: RefereeServer,
    *,
    tournament_id: int,
    concurrency: int | None = None,
    progress: ProgressCallback | None = None,
    sealed: bool = False,
) -> Progress:
    """Play every game of the tournament that has not finished yet; returns the last progress.

    ``concurrency`` games are played at once (default: the tournament's). The seats are
    required to be sealed if the tournament's settings or ``sealed`` say so. The tournament is
    ``finished`` when every game is, else ``interrupted`` (by an error, a cancellation or a
    ``progress`` callback that raised); it stays ``running`` if the database that failed
    cannot even record that, and a resume plays it all the same.

    Raises:
        RecordNotFound: no such tournament.
        TournamentError: a game failed :data:`REFEREE_ATTEMPTS` times by the referee's fault.
        DatabaseFailure: the database failed; the games being played are ended, their bots
            too, and no game that finished is lost.
    """
    record, finished = await asyncio.to_thread(_prepare, engine, tournament_id)
    game, games = tournament_schedule(record)
    settings = settings_from_data(record.settings)
    if sealed:
        settings = dataclasses.replace(settings, sealed=True)
    names = record.settings["bots"]
    entrants = dict(zip(names, load_bots(engine, names=names, game=game), strict=True))
    left = [scheduled for scheduled in games if scheduled.number not in finished]
    pending: asyncio.Queue[ScheduledGame] = asyncio.Queue()
    for scheduled in left:
        pending.put_nowait(scheduled)
    started = time.monotonic()
    state = Progress(len(games) - pending.qsize(), len(games), 0, 0.0)

    async def worker() -> None:
        nonlocal state
        while not pending.empty():
            scheduled = pending.get_nowait()
            await play_until_finished(
                engine,
                server,
                game=game,
                bots=[entrants[name] for name in scheduled.bots],
                seed=scheduled.seed,
                settings=settings,
                link=ScheduleLink(tournament_id, scheduled.number, scheduled.deal),
                pooled=pooled_names,
                label=f"game {scheduled.number} of tournament {tournament_id}",
            )
            state = Progress(
                state.done + 1, state.total, state.played + 1, time.monotonic() - started
            )
            if progress is not None:
                progress(state)

    workers = max(1, min(concurrency or record.settings["concurrency"], pending.qsize()))
    pooled = (
        _pooled_bots(entrants, left, workers, settings)
        if record.settings.get("reuse_processes", False)
        else []
    )
    pooled_names = frozenset(bot.name for bot in pooled)
    try:
        async with contextlib.AsyncExitStack() as stack:
            if pooled:
                await stack.enter_async_context(ProcessPool(server, pooled))
            async with asyncio.TaskGroup() as group:
                for _ in range(workers):
                    group.create_task(worker())
    except BaseException as error:
        # The error that stopped the run says more than a database that cannot record it.
        with contextlib.suppress(DatabaseFailure):
            await asyncio.to_thread(
                _set_status, engine, tournament_id, TournamentStatus.INTERRUPTED
            )
        if isinstance(error, BaseExceptionGroup):
            raise error.exceptions[0] from None
        raise
    await asyncio.to_thread(_set_status, engine, tournament_id, TournamentStatus.FINISHED)
    return state


def _schedule_of(
    game: Game[Any], schedule_format: ScheduleFormat, data: dict[str, Any]
) -> list[ScheduledGame]:
    try:
        return stored_schedule(game, schedule_format, data)
    except ValueError as error:
        raise TournamentError(str(error)) from None


def _pooled_bots(
    entrants: dict[str, BotRecord],
    games: Sequence[ScheduledGame],
    workers: int,
    settings: MatchSettings,
) -> list[PooledBot]:
    """The command bots of ``games`` with the processes each may need at once."""
    sizes = pool_sizes((scheduled.bots for scheduled in games), games_at_once=workers)
    return [
        PooledBot(name, bot.command, bot_limits(bot, settings), sizes[name], settings.sealed)
        for name, bot in entrants.items()
        if name in sizes and bot.kind is BotKind.COMMAND and bot.command is not None
    ]


def _prepare(engine: Engine, tournament_id: int) -> tuple[TournamentRecord, set[int]]:
    with translated_failures(engine), Session(engine) as session:
        record = repository.get_tournament(session, tournament_id=tournament_id)
        if record is None:
            raise RecordNotFound(f"no tournament {tournament_id}")
        repository.abort_unfinished_tournament_games(
            session, tournament_id=tournament_id, reason="the tournament's run stopped"
        )
        repository.set_tournament_status(
            session, tournament_id=tournament_id, status=TournamentStatus.RUNNING
        )
        finished = repository.finished_schedule_numbers(session, tournament_id=tournament_id)
        return record, finished


async def play_until_finished(
    engine: Engine,
    server: RefereeServer,
    *,
    game: Game[Any],
    bots: Sequence[BotRecord],
    seed: int,
    settings: MatchSettings,
    label: str,
    link: ScheduleLink | None = None,
    pooled: Collection[str] = (),
) -> Result:
    """Play a recorded game until it has a result, again if the referee spoils it.

    A bot's faults are data and never spoil a game; an exception of the referee, or a game
    it could not finish, does: that game is stored aborted and played again, up to
    :data:`REFEREE_ATTEMPTS` times. A failure of the database is raised at once: playing
    again would fail the same way.

    Raises:
        TournamentError: every attempt failed; ``label`` names the game in the message.
        DatabaseFailure: the database failed.
    """
    failure = ""
    for _ in range(REFEREE_ATTEMPTS):
        try:
            _, log = await play_match(
                engine,
                server,
                game=game,
                bots=bots,
                seed=seed,
                settings=settings,
                link=link,
                pooled=pooled,
            )
        except DatabaseFailure:
            raise
        except Exception as error:  # the referee's own failure: bots' faults are data
            failure = f"{type(error).__name__}: {_first_line(error)}"
            continue
        if log.result is not None:
            return log.result
        failure = "the game did not finish"
    raise TournamentError(f"{label} failed {REFEREE_ATTEMPTS} times: {failure}")


def _set_status(engine: Engine, tournament_id: int, status: TournamentStatus) -> None:
    with translated_failures(engine), Session(engine) as session:
        repository.set_tournament_status(session, tournament_id=tournament_id, status=status)


def _first_line(error: Exception) -> str:
    """The first line of ``error``'s message: a failure is reported on one line."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""

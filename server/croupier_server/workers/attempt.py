"""One attempt at a scheduled game, on a worker: claimed, checked, played, stored once.

:func:`play_attempt` is what a worker runs for a job:

1. **Claim**, in one transaction: the next attempt number (the fencing token), a lease, and
   the attempt's game row; or nothing at all when the game is no longer queued (the job was
   delivered twice, or its game already finished).
2. **Check** the machine: a bot whose command's files are missing here, or seats that must
   be sealed and cannot be, are this worker's fault, not the bot's: the attempt is lost,
   recorded as such, and the game queued again for another worker. A submitted version's
   files come from the database: before the claim, each version is unpacked (and its
   environment made) on this machine, and plays with its command here; one that cannot
   be made ready is this worker's fault too.
3. **Play** through the worker's referee while a :class:`~.lease.LeaseKeeper` renews the
   lease on progress, the command bots in processes borrowed from the worker's pools of
   the tournament (:mod:`.processes`); a lost lease ends the game and its bots at once
   (a process of a game that did not finish never goes back to a pool). A bot in its first
   games (it has chosen no action in a finished game of the tournament yet) that never
   says Hello stops the game before it is played.
4. **Store**, in one transaction that first checks the attempt is still the current one: a
   late result from a lost attempt is refused and changes nothing. The tournament's next
   games are queued in the same transaction; or, for a game stopped on a bot that did not
   start, the game fails (the bot, why, its output) and its tournament is interrupted, as
   one whose last attempt was lost is, until a resume once the bot is fixed.

Whatever ends an attempt other than its result (a cancelled job, the referee's own
failure) hands the game back, fenced the same way, so that it is played again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.bot_commands import missing_files
from croupier_server.db import BotKind, BotRecord
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.schedule import (
    Claim,
    claim_scheduled_game,
    fail_attempt,
    holds_attempt,
    lose_attempt,
)
from croupier_server.db.tournaments import bots_that_decided
from croupier_server.db.work import ScheduledGameRecord, ScheduleStatus
from croupier_server.game_store import store_game_log
from croupier_server.logs import ids
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import DealTable
from croupier_server.processes.pool import USEFUL_HORIZON
from croupier_server.queueing.jobs import defer_games
from croupier_server.queueing.tournaments import after_game, stop_tournament
from croupier_server.recorded_games import (
    load_bots,
    referee_recorded_game,
    settings_data,
    settings_from_data,
)
from croupier_server.referee.containment.sandbox import SealingUnavailable, require_sealing
from croupier_server.referee.game import ProcessSource, RefereeSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.preparing import (
    VersionNotReady,
    bot_with_command,
    prepare_versions_named,
)
from croupier_server.workers.lease import LeaseKeeper
from croupier_server.workers.processes import WorkerPools

__all__ = [
    "RETRY_DELAY_S",
    "WorkerIdentity",
    "lease_seconds",
    "lose_and_queue_again",
    "play_attempt",
]

T = TypeVar("T")

_LOG = logging.getLogger(__name__)

RETRY_DELAY_S = 2.0
"""How long a game lost to a worker's own fault waits before a worker may take it again."""


@dataclass(frozen=True, slots=True)
class WorkerIdentity:
    """The worker playing: its id and name, and the margin its leases add to a decision."""

    id: int
    name: str
    lease_margin_s: float


@dataclass(frozen=True, slots=True)
class _Attempt:
    """A claimed attempt, with what it takes to play it."""

    claim: Claim
    label: str
    tournament_id: int
    game_id: int
    game: Game[Any]
    bots: list[BotRecord]
    seed: int
    deal: int
    settings: RefereeSettings
    mode: ProcessMode
    """How the tournament's bots' processes are used from game to game."""
    waiting: tuple[DealTable, ...]
    """The tournament's next games queued, in order: their processes are started ahead."""
    lease_s: float
    problem: str
    """Why this worker cannot play it (it was lost at once), or empty."""
    unproven: frozenset[str]
    """Its bots in their first games: none chose an action in a finished game of the
    tournament yet. One of them that does not start stops the game and the tournament."""


def lease_seconds(settings: RefereeSettings, margin_s: float) -> float:
    """A lease's length: the longest one decision may take, and ``margin_s``.

    The longest wait between two actions is a bot's start and connection, then its whole
    decision time and bank.
    """
    control = settings.time_control
    return margin_s + (control.connect_ms + control.decision_ms + control.bank_ms) / 1000


async def play_attempt(
    engine: Engine,
    server: RefereeServer,
    worker: WorkerIdentity,
    scheduled_id: int,
    *,
    pools: WorkerPools | None = None,
) -> None:
    """Play the next attempt at scheduled game ``scheduled_id``, logging how in a line.

    Its command bots play in processes borrowed from ``pools``; without, in processes
    started for it. A cancellation (the worker stops) hands the game back, or lets a
    claim or a store already under way end first; the line is said all the same.

    Raises:
        DatabaseFailure: the database failed before the attempt was claimed, or while its
            result was stored (the game is then taken back once its lease runs out).
    """
    ready = await asyncio.to_thread(_versions_here, engine, scheduled_id)
    claim = partial(_claim, engine, worker, scheduled_id, ready=ready)
    attempt, cancelled = await _to_the_end(claim)
    if attempt is None:
        _say(
            worker,
            None,
            f"job for scheduled game {scheduled_id} dropped: it is not queued any more",
        )
    elif attempt.problem:
        _say(worker, attempt, f"lost {attempt.label}: {attempt.problem}", logging.WARNING)
    elif cancelled:
        await _hand_back_stopped(engine, worker, attempt)
    else:
        await _play_claimed(engine, server, worker, attempt, pools)
        return
    if cancelled:
        raise asyncio.CancelledError


async def _play_claimed(
    engine: Engine,
    server: RefereeServer,
    worker: WorkerIdentity,
    attempt: _Attempt,
    pools: WorkerPools | None,
) -> None:
    """Play a claimed attempt and store it, or hand it back; one line says which."""
    started = time.monotonic()
    try:
        log, stored_actions, lost = await _play(engine, server, worker, attempt, pools)
    except asyncio.CancelledError:
        await _hand_back_stopped(engine, worker, attempt)
        raise
    except DatabaseFailure as failure:
        _say(
            worker, attempt, f"lost {attempt.label}: the database failed ({failure})", logging.ERROR
        )
        return
    except Exception as error:  # the referee's own failure: bots' faults are data
        reason = f"the referee failed: {type(error).__name__}: {_first_line(error)}"
        await _shielded_hand_back(engine, worker, attempt, reason)
        _say(worker, attempt, f"lost {attempt.label}: {reason}", logging.ERROR)
        return
    if log.stopped is not None and not lost:
        await _stop_on(engine, worker, attempt, log, stored_actions=stored_actions)
        return
    if lost or log.result is None:
        reason = (
            f"worker {worker.name}: {lost}" if lost else "the referee could not finish the game"
        )
        await _shielded_hand_back(engine, worker, attempt, reason)
        _say(worker, attempt, f"lost {attempt.label}: {lost or reason}", logging.WARNING)
        return
    store = partial(_store, engine, worker, attempt, log, stored_actions)
    stored, cancelled = await _to_the_end(store)
    if stored:
        elapsed = time.monotonic() - started
        _say(
            worker,
            attempt,
            f"{attempt.label}: finished in {elapsed:.1f} s (game {attempt.game_id})",
        )
    else:
        _refused(worker, attempt)
    if cancelled:
        raise asyncio.CancelledError


async def _stop_on(
    engine: Engine,
    worker: WorkerIdentity,
    attempt: _Attempt,
    log: GameLog,
    *,
    stored_actions: int,
) -> None:
    """Store a game stopped on a bot that did not start, fail it and stop its tournament."""
    assert log.stopped is not None
    store = partial(_store_stopped, engine, worker, attempt, log, stored_actions)
    stored, cancelled = await _to_the_end(store)
    first_line = str(log.stopped).splitlines()[0]
    if stored:
        _say(
            worker,
            attempt,
            f"{attempt.label} stopped its tournament: {first_line}",
            logging.WARNING,
        )
    else:
        _refused(worker, attempt)
    if cancelled:
        raise asyncio.CancelledError


async def _hand_back_stopped(engine: Engine, worker: WorkerIdentity, attempt: _Attempt) -> None:
    """Hand back an attempt the stopping worker will not play, and say so."""
    await _shielded_hand_back(engine, worker, attempt, f"worker {worker.name} stopped")
    _say(worker, attempt, f"handed back {attempt.label}: worker {worker.name} stopped")


def _refused(worker: WorkerIdentity, attempt: _Attempt) -> None:
    _say(
        worker,
        attempt,
        f"refused the result of {attempt.label}: the attempt was lost meanwhile",
        logging.WARNING,
    )


def _say(
    worker: WorkerIdentity, attempt: _Attempt | None, line: str, level: int = logging.INFO
) -> None:
    """Log ``line`` as the worker's, about ``attempt``'s game and tournament."""
    about = (
        {} if attempt is None else {"game": attempt.game_id, "tournament": attempt.tournament_id}
    )
    _LOG.log(level, "worker %s: %s", worker.name, line, extra=ids(worker=worker.name, **about))


async def _to_the_end(call: Callable[[], T]) -> tuple[T, bool]:
    """``call()`` in a thread, run to its end even if cancelled; its result, and if cancelled.

    A transaction under way commits or fails whole, and its caller hears which.
    """
    task = asyncio.ensure_future(asyncio.to_thread(call))
    try:
        return await asyncio.shield(task), False
    except asyncio.CancelledError:
        return await task, True


async def _play(
    engine: Engine,
    server: RefereeServer,
    worker: WorkerIdentity,
    attempt: _Attempt,
    pools: WorkerPools | None,
) -> tuple[GameLog, int, str]:
    """Referee the attempt while its lease is kept; the log, its stored actions, why lost."""
    log = GameLog(game_id=str(attempt.game_id), game=attempt.game, seed=attempt.seed)
    keeper = LeaseKeeper(
        engine,
        attempt.claim,
        worker_id=worker.id,
        lease_s=attempt.lease_s,
        progress=lambda: len(log.actions) + len(log.events),
    )

    async def referee(processes: ProcessSource | None) -> int:
        return await referee_recorded_game(
            engine,
            server,
            log,
            bots=attempt.bots,
            settings=attempt.settings,
            processes=processes,
            must_start=attempt.unproven.__contains__,
        )

    async def referee_borrowing() -> int:
        if pools is None:
            return await referee(None)
        async with pools.borrowing(
            attempt.tournament_id,
            game=attempt.game.name,
            seats=attempt.game.num_players,
            mode=attempt.mode,
            settings=attempt.settings,
            bots=attempt.bots,
            deal=attempt.deal,
            waiting=attempt.waiting,
        ) as processes:
            return await referee(processes)

    refereeing = asyncio.ensure_future(referee_borrowing())
    keeping = asyncio.ensure_future(keeper.keep())
    try:
        await asyncio.wait({refereeing, keeping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # A game whose lease is lost ends here, its bots with it.
        for task in (refereeing, keeping):
            task.cancel()
        await asyncio.gather(refereeing, keeping, return_exceptions=True)
    if refereeing.cancelled():
        if pools is not None:
            pools.forget(attempt.tournament_id)
        return log, 0, keeping.result()
    return log, refereeing.result(), ""


def _versions_here(engine: Engine, scheduled_id: int) -> dict[str, str] | str:
    """The commands here of the scheduled game's versions, made ready; or why they are not.

    Made before the claim: an environment may take longer to make than a lease lasts.
    """
    with translated_failures(engine), Session(engine) as session:
        scheduled = session.get(ScheduledGameRecord, scheduled_id)
        names = [] if scheduled is None else list(scheduled.bots)
    try:
        settings = SubmissionSettings.from_environment()
        return prepare_versions_named(engine, settings, names)
    except (ValueError, VersionNotReady) as error:
        return str(error)


def _claim(
    engine: Engine,
    worker: WorkerIdentity,
    scheduled_id: int,
    ready: dict[str, str] | str | None = None,
) -> _Attempt | None:
    """Claim the next attempt, with its game row; lose it at once if this worker cannot.

    ``ready`` holds the commands here of its versions (:func:`_versions_here`), or why
    they could not be made ready.
    """
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = session.get(ScheduledGameRecord, scheduled_id)
        if scheduled is None or scheduled.status is not ScheduleStatus.QUEUED:
            return None
        tournament = db.get_tournament(session, tournament_id=scheduled.tournament_id)
        assert tournament is not None
        game = load_game(tournament.game, tournament.options)
        settings = settings_from_data(tournament.settings)
        bots = load_bots(engine, names=scheduled.bots, game=game)
        if isinstance(ready, dict):
            bots = [
                bot_with_command(bot, ready[bot.name]) if bot.name in ready else bot for bot in bots
            ]
        lease_s = lease_seconds(settings, worker.lease_margin_s)
        claim = claim_scheduled_game(
            session, scheduled_id=scheduled_id, worker_id=worker.id, lease_s=lease_s
        )
        if claim is None:
            return None
        record = db.create_game(
            session,
            game=game.name,
            options=game.options(),
            seed=scheduled.seed,
            bot_ids=[bot.id for bot in bots if bot.id is not None],
            settings=settings_data(settings),
            tournament_id=scheduled.tournament_id,
            schedule_number=scheduled.number,
            schedule_deal=scheduled.deal,
            attempt=claim.attempt,
            worker_id=worker.id,
        )
        assert record.id is not None
        scheduled.game_id = record.id
        label = (
            f"game {scheduled.number} of tournament {scheduled.tournament_id} "
            f"(attempt {claim.attempt})"
        )
        problem = _problem_here(bots, settings, worker)
        if isinstance(ready, str):
            problem = f"{ready} (worker {worker.name})"
        names = {bot.name for bot in bots}
        started = bots_that_decided(session, tournament_id=scheduled.tournament_id, names=names)
        if problem:
            lose_and_queue_again(session, scheduled, problem, delay_s=RETRY_DELAY_S)
        return _Attempt(
            claim=claim,
            label=label,
            tournament_id=scheduled.tournament_id,
            game_id=record.id,
            game=game,
            bots=bots,
            seed=scheduled.seed,
            deal=scheduled.deal,
            settings=settings,
            mode=ProcessMode.stored(tournament.settings),
            waiting=_queued_after(session, scheduled.tournament_id),
            lease_s=lease_s,
            problem=problem,
            unproven=frozenset(names - started),
        )


def _queued_after(session: Session, tournament_id: int) -> tuple[DealTable, ...]:
    """The tournament's games queued now, lowest number first, as many as a pool looks at."""
    query = (
        select(ScheduledGameRecord.deal, ScheduledGameRecord.bots)
        .where(
            ScheduledGameRecord.tournament_id == tournament_id,
            ScheduledGameRecord.status == ScheduleStatus.QUEUED,
        )
        .order_by(col(ScheduledGameRecord.number))
        .limit(USEFUL_HORIZON)
    )
    return tuple(DealTable(deal, tuple(bots)) for deal, bots in session.exec(query))


def _problem_here(bots: list[BotRecord], settings: RefereeSettings, worker: WorkerIdentity) -> str:
    """Why this machine cannot play these bots as the settings ask; empty if it can."""
    for bot in bots:
        if bot.kind is not BotKind.COMMAND or bot.command is None:
            return f"bot {bot.name!r} is remote, and a worker starts command bots only"
        missing = missing_files(bot.command)
        if missing:
            return f"bot {bot.name!r} needs {', '.join(missing)}, missing on worker {worker.name}"
    versions = any(bot.author_id is not None for bot in bots)
    if settings.sealed or versions:  # an author's version is never played unsealed
        try:
            require_sealing()
        except SealingUnavailable as error:
            return f"worker {worker.name} cannot seal seats: {error}"
    return ""


def _store(
    engine: Engine, worker: WorkerIdentity, attempt: _Attempt, log: GameLog, stored_actions: int
) -> bool:
    """Store the attempt's game if it is still the current attempt; ``False`` if refused."""
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=worker.id)
        if scheduled is None:
            return False
        store_game_log(session, game_id=attempt.game_id, log=log, stored_actions=stored_actions)
        scheduled.status = ScheduleStatus.FINISHED
        scheduled.lease_expires_at = None
        session.flush()
        after_game(session, attempt.tournament_id)
        return True


def _store_stopped(
    engine: Engine, worker: WorkerIdentity, attempt: _Attempt, log: GameLog, stored_actions: int
) -> bool:
    """Store a game stopped on a bot that did not start, if the attempt is still current.

    Its scheduled game fails and the tournament is interrupted; ``False`` if refused.
    """
    assert log.stopped is not None
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=worker.id)
        if scheduled is None:
            return False
        store_game_log(session, game_id=attempt.game_id, log=log, stored_actions=stored_actions)
        fail_attempt(session, scheduled, reason=str(log.stopped))
        stop_tournament(session, attempt.tournament_id)
        return True


async def _shielded_hand_back(
    engine: Engine, worker: WorkerIdentity, attempt: _Attempt, reason: str
) -> None:
    """Hand the attempt back, even while being cancelled; a database that fails is let be.

    A game the worker cannot hand back is taken by a reaper once its lease runs out.
    """
    handing = asyncio.ensure_future(asyncio.to_thread(_hand_back, engine, worker, attempt, reason))
    with contextlib.suppress(DatabaseFailure):
        try:
            await asyncio.shield(handing)
        except asyncio.CancelledError:
            await handing
            raise


def _hand_back(engine: Engine, worker: WorkerIdentity, attempt: _Attempt, reason: str) -> None:
    with translated_failures(engine), Session(engine) as session, db.atomic(session):
        scheduled = holds_attempt(session, attempt.claim, worker_id=worker.id)
        if scheduled is not None:
            lose_and_queue_again(session, scheduled, reason)


def lose_and_queue_again(
    session: Session, scheduled: ScheduledGameRecord, reason: str, *, delay_s: float = 0
) -> None:
    """Record the current attempt as lost; queue the game again, or stop its tournament.

    Flushed: the caller's transaction commits the loss and the new job together.
    """
    assert scheduled.id is not None
    if lose_attempt(session, scheduled, reason=reason) is ScheduleStatus.QUEUED:
        defer_games(session, [scheduled.id], delay_s=delay_s)
    else:
        stop_tournament(session, scheduled.tournament_id)


def _first_line(error: Exception) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""
